import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUserProfile } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { globalKeys } from './global-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const globalContracts = () => import('@servicedesk/contracts/global');

/** GET /api/global/getCurrentUser (ours): the signed-in user's details for /user/profile. */
export function getCurrentUser(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<CurrentUserProfile> {
  return client.request({
    method: 'GET',
    path: '/global/getCurrentUser',
    schema: () => globalContracts().then((m) => m.currentUserProfile),
    signal,
  });
}

/** Query options for {@link getCurrentUser}. */
export function getCurrentUserQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: globalKeys.currentUser(),
    queryFn: ({ signal }) => getCurrentUser(client, signal),
  });
}

/** The signed-in user's profile. */
export function useCurrentUser() {
  return useQuery(getCurrentUserQueryOptions(useApiClient()));
}
