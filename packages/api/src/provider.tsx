import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from './client';

const ApiClientContext = createContext<ApiClient | null>(null);

/** Makes `client` (from createApiClient) available to every endpoint hook below it. */
export function ApiProvider({ client, children }: { client: ApiClient; children?: ReactNode }) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

/** The client of the nearest ApiProvider; throws when there is none (a wiring mistake). */
export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client)
    throw new Error('useApiClient: wrap the tree in <ApiProvider client={createApiClient(...)}>');
  return client;
}
