import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserTypeRow } from '@servicedesk/contracts';
import type { ApiClient } from '../../client';
import { useApiClient } from '../../provider';
import { userTypesKeys } from './user-types-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const adminContracts = () => import('@servicedesk/contracts/admin');

/**
 * GET /api/admin/userTypes (issue #5) → every user type: name in the request's language, the
 * names per language, how many users hold it. 403 `forbidden` without `admin.userTypes` (the
 * users screen reads it for its user-type picker under `admin.users`).
 */
export function getUserTypes(client: ApiClient, signal?: AbortSignal): Promise<UserTypeRow[]> {
  return client.request({ method: 'GET', path: '/admin/userTypes', schema: () => adminContracts().then((m) => m.userTypeList), signal });
}

/** Query options for {@link getUserTypes}. */
export function getUserTypesQueryOptions(client: ApiClient) {
  return queryOptions({ queryKey: userTypesKeys.list(), queryFn: ({ signal }) => getUserTypes(client, signal) });
}

/** Every user type. */
export function useUserTypes() {
  return useQuery(getUserTypesQueryOptions(useApiClient()));
}
