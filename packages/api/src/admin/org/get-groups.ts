import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupDetail, GroupRow } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../../client';
import { useApiClient } from '../../provider';
import { orgKeys } from './org-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const adminContracts = () => import('@servicedesk/contracts/admin');

/**
 * GET /api/admin/groups?includeInactive=true (issue #5) → GroupRow[] by name (id, name, isActive,
 * memberCount, leadUserId, leadName). Any signed-in user.
 */
export function getGroups(client: ApiClient, includeInactive = false, signal?: AbortSignal): Promise<GroupRow[]> {
  return client.request({
    method: 'GET',
    path: `/admin/groups${includeInactive ? '?includeInactive=true' : ''}`,
    schema: () => adminContracts().then((m) => m.groupList),
    signal,
  });
}

/** Query options for {@link getGroups}. */
export function getGroupsQueryOptions(client: ApiClient, includeInactive = false) {
  return queryOptions({
    queryKey: orgKeys.groupList(includeInactive),
    queryFn: ({ signal }) => getGroups(client, includeInactive, signal),
  });
}

/** The groups. */
export function useGroups(includeInactive = false) {
  return useQuery(getGroupsQueryOptions(useApiClient(), includeInactive));
}

/** GET /api/admin/groups/{id} → GroupDetail: the row plus members (lead first, then by name). 404; needs `admin.org`. */
export function getGroup(client: ApiClient, id: number, signal?: AbortSignal): Promise<GroupDetail> {
  return client.request({ method: 'GET', path: encodePath`/admin/groups/${id}`, schema: () => adminContracts().then((m) => m.groupDetail), signal });
}

/** Query options for {@link getGroup}. */
export function getGroupQueryOptions(client: ApiClient, id: number) {
  return queryOptions({ queryKey: orgKeys.group(id), queryFn: ({ signal }) => getGroup(client, id, signal) });
}

/** One group with its members; idle while `id` is null. */
export function useGroup(id: number | null) {
  const client = useApiClient();
  return useQuery({ ...getGroupQueryOptions(client, id ?? 0), enabled: id !== null });
}
