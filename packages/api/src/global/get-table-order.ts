import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TableSettings } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import { useApiClient } from '../provider';
import { globalKeys } from './global-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const globalContracts = () => import('@servicedesk/contracts/global');

/**
 * GET /api/global/Layout/GetTableOrder/{key} (ours; SPEC §2 "Column order can be saved per
 * table"): the user's saved columns of one table; `columns` is empty when nothing was saved.
 */
export function getTableOrder(
  client: ApiClient,
  key: string,
  signal?: AbortSignal,
): Promise<TableSettings> {
  return client.request({
    method: 'GET',
    path: encodePath`/global/Layout/GetTableOrder/${key}`,
    schema: () => globalContracts().then((m) => m.tableSettings),
    signal,
  });
}

/** Query options for {@link getTableOrder}; only this user changes it, so it never goes stale. */
export function getTableOrderQueryOptions(client: ApiClient, key: string) {
  return queryOptions({
    queryKey: globalKeys.tableOrder(key),
    queryFn: ({ signal }) => getTableOrder(client, key, signal),
    staleTime: Infinity,
  });
}

/** The saved column layout of the table `key`. */
export function useTableOrder(key: string) {
  return useQuery(getTableOrderQueryOptions(useApiClient(), key));
}
