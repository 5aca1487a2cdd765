import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserNameAndId } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { globalKeys } from './global-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const globalContracts = () => import('@servicedesk/contracts/global');

/** GET /api/global/getUsersNameAndId (SPEC §7): active users as {id, name} for pickers and @mentions. */
export function getUsersNameAndId(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<UserNameAndId[]> {
  return client.request({
    method: 'GET',
    path: '/global/getUsersNameAndId',
    schema: () => globalContracts().then((m) => m.getUsersNameAndIdResponse),
    signal,
  });
}

/** Query options for {@link getUsersNameAndId} (fresh for 5 minutes). */
export function getUsersNameAndIdQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: globalKeys.usersNameAndId(),
    queryFn: ({ signal }) => getUsersNameAndId(client, signal),
    staleTime: 5 * 60_000,
  });
}

/** Active users for pickers and mentions. */
export function useUsersNameAndId() {
  return useQuery(getUsersNameAndIdQueryOptions(useApiClient()));
}
