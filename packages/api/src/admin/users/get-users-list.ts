import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ADMIN_USERS_MAX_TAKE, type AdminUsersPage, type AdminUsersQuery } from '@servicedesk/contracts';
import type { ApiClient } from '../../client';
import { useApiClient } from '../../provider';
import { adminUsersKeys } from './users-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const adminContracts = () => import('@servicedesk/contracts/admin');

/**
 * POST /api/admin/users/list (issue #5, SPEC §2 named list "users list") → `{ totalCount, items }`:
 * one page of users matching `query` (search over names and email, accent-insensitive; active,
 * user type, position, location filters; sort; skip/take, at most 200). 403 `forbidden` without
 * `admin.users`.
 */
export function getUsersList(client: ApiClient, query: AdminUsersQuery, signal?: AbortSignal): Promise<AdminUsersPage> {
  return client.request({ method: 'POST', path: '/admin/users/list', body: query, schema: () => adminContracts().then((m) => m.adminUsersPage), signal });
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

/**
 * Infinite query options for {@link getUsersList}: pages of `query.take` rows (default 200, the
 * most one call answers), the next page asked from where the loaded rows end, none once every
 * matching row is loaded. For the users screen's "load more".
 */
export function getUsersListPagesQueryOptions(client: ApiClient, query: Omit<AdminUsersQuery, 'skip'>) {
  const take = query.take ?? ADMIN_USERS_MAX_TAKE;
  return infiniteQueryOptions({
    queryKey: [...adminUsersKeys.list({ ...query, take }), 'pages'] as const,
    queryFn: ({ signal, pageParam }) => getUsersList(client, { ...query, take, skip: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last: AdminUsersPage, pages: AdminUsersPage[]) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.totalCount && last.items.length > 0 ? loaded : undefined;
    },
  });
}

/** The users list page by page (`fetchNextPage` loads more). */
export function useUsersListPages(query: Omit<AdminUsersQuery, 'skip'>) {
  return useInfiniteQuery(getUsersListPagesQueryOptions(useApiClient(), query));
}
