// The package root holds only the client and its React wiring; endpoints are imported one
// file at a time (`@servicedesk/api/auth/login`), so no barrel defeats tree-shaking.
export { createApiClient, encodePath, ApiRequestError, isApiRequestError } from './client';
export type { ApiClient, ApiClientOptions, ApiRequest, ClientErrorCode, Schema } from './client';
export { ApiProvider, useApiClient } from './provider';
