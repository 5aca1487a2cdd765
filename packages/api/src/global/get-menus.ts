import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuItem } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { globalKeys } from './global-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const globalContracts = () => import('@servicedesk/contracts/global');

/**
 * GET /api/global/Layout/GetMenus (SPEC §2 "Sidebar", §7): the sidebar items the user's type
 * may open, in display order. Captions are i18n keys (`menu.*`), icons ui Icon names; an item
 * with subMenus has url ''.
 */
export function getMenus(client: ApiClient, signal?: AbortSignal): Promise<MenuItem[]> {
  return client.request({
    method: 'GET',
    path: '/global/Layout/GetMenus',
    schema: () => globalContracts().then((m) => m.getMenusResponse),
    signal,
  });
}

/** Query options for {@link getMenus}; the menu changes only with the user type, so it stays fresh for the session. */
export function getMenusQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: globalKeys.menus(),
    queryFn: ({ signal }) => getMenus(client, signal),
    staleTime: Infinity,
  });
}

/** The signed-in user's sidebar menu. */
export function useMenus() {
  return useQuery(getMenusQueryOptions(useApiClient()));
}
