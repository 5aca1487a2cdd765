import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PagePermission } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { globalKeys } from './global-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const globalContracts = () => import('@servicedesk/contracts/global');

/** POST /api/global/getMenuPermissions (SPEC §6, §7): every permission of a page as key/isChecked pairs. */
export function getMenuPermissions(
  client: ApiClient,
  actionName: string,
  signal?: AbortSignal,
): Promise<PagePermission[]> {
  return client.request({
    method: 'POST',
    path: '/global/getMenuPermissions',
    body: { actionName },
    schema: () => globalContracts().then((m) => m.getMenuPermissionsResponse),
    signal,
  });
}

/** Query options for {@link getMenuPermissions}. */
export function getMenuPermissionsQueryOptions(client: ApiClient, actionName: string) {
  return queryOptions({
    queryKey: globalKeys.menuPermissions(actionName),
    queryFn: ({ signal }) => getMenuPermissions(client, actionName, signal),
  });
}

/** The permissions of one page. */
export function useMenuPermissions(actionName: string) {
  return useQuery(getMenuPermissionsQueryOptions(useApiClient(), actionName));
}
