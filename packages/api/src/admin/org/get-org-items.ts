import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrgItem } from '@servicedesk/contracts';
import type { ApiClient } from '../../client';
import { useApiClient } from '../../provider';
import { orgKeys, type OrgKind } from './org-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const adminContracts = () => import('@servicedesk/contracts/admin');

/**
 * GET /api/admin/{positions|locations}?includeInactive=true (issue #5) → OrgItem[] (id, name,
 * isActive, userCount) sorted by name; active ones only unless `includeInactive`. Any signed-in
 * user may read them (pickers).
 */
export function getOrgItems(client: ApiClient, kind: OrgKind, includeInactive = false, signal?: AbortSignal): Promise<OrgItem[]> {
  return client.request({
    method: 'GET',
    path: `/admin/${kind}${includeInactive ? '?includeInactive=true' : ''}`,
    schema: () => adminContracts().then((m) => m.orgItemList),
    signal,
  });
}

/** Query options for {@link getOrgItems}. */
export function getOrgItemsQueryOptions(client: ApiClient, kind: OrgKind, includeInactive = false) {
  return queryOptions({
    queryKey: orgKeys.itemList(kind, includeInactive),
    queryFn: ({ signal }) => getOrgItems(client, kind, includeInactive, signal),
  });
}

/** The positions or locations (with the inactive ones when `includeInactive`). */
export function useOrgItems(kind: OrgKind, includeInactive = false) {
  return useQuery(getOrgItemsQueryOptions(useApiClient(), kind, includeInactive));
}
