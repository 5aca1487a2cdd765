import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminUsersPage, type AdminUsersPage, type AdminUsersQuery } from '@servicedesk/contracts';
import type { ApiClient } from '../../client';
import { useApiClient } from '../../provider';
import { adminUsersKeys } from './users-keys';

/**
 * POST /api/admin/users/list (issue #5, SPEC §2 named list "users list") → `{ totalCount, items }`:
 * one page of users matching `query` (search over names and email, accent-insensitive; active,
 * user type, position, location filters; sort; skip/take, at most 200). 403 `forbidden` without
 * `admin.users`.
 */
export function getUsersList(client: ApiClient, query: AdminUsersQuery, signal?: AbortSignal): Promise<AdminUsersPage> {
  return client.request({ method: 'POST', path: '/admin/users/list', body: query, schema: adminUsersPage, signal });
}

/** Query options for {@link getUsersList}; the previous page stays on screen while the next loads. */
export function getUsersListQueryOptions(client: ApiClient, query: AdminUsersQuery) {
  return queryOptions({
    queryKey: adminUsersKeys.list(query),
    queryFn: ({ signal }) => getUsersList(client, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** A page of the users list. */
export function useUsersList(query: AdminUsersQuery) {
  return useQuery(getUsersListQueryOptions(useApiClient(), query));
}
