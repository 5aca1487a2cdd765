import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GetUserListsResponse } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { globalKeys } from './global-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const globalContracts = () => import('@servicedesk/contracts/global');

/**
 * GET /api/global/getUserLists (SPEC §3, §7): colleagues as the chat lists them (isActive =
 * online) and `hasWpNumber`, whether the caller has given a WhatsApp number (phone prompt).
 */
export function getUserLists(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<GetUserListsResponse> {
  return client.request({
    method: 'GET',
    path: '/global/getUserLists',
    schema: () => globalContracts().then((m) => m.getUserListsResponse),
    signal,
  });
}

/** Query options for {@link getUserLists}. Presence changes arrive over the hub, which patches this query. */
export function getUserListsQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: globalKeys.userLists(),
    queryFn: ({ signal }) => getUserLists(client, signal),
  });
}

/** Colleagues and the caller's hasWpNumber flag. */
export function useUserLists() {
  return useQuery(getUserListsQueryOptions(useApiClient()));
}
