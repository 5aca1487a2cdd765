import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { EquipmentListQuery, EquipmentListResponse } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { equipmentKeys } from './equipment-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const equipmentContracts = () => import('@servicedesk/contracts/equipment');

/**
 * POST /api/equipment/requests/grid EquipmentListQuery → `{ rows, total, totalCapped }`: one page
 * of `mine` (requested or entered by me), `all` (403 without `inventory.requests.viewAll`) or
 * `processing` (APPROVED and PROCESSED; 403 without `inventory.processing`), filtered by status[],
 * budget, requester, creation dates and a search (number, justification, requester, lines).
 */
export function getEquipmentGrid(
  client: ApiClient,
  query: EquipmentListQuery,
  signal?: AbortSignal,
): Promise<EquipmentListResponse> {
  return client.request({
    method: 'POST',
    path: '/equipment/requests/grid',
    body: query,
    schema: () => equipmentContracts().then((m) => m.equipmentListResponse),
    signal,
  });
}

/** Pages of `query.take` rows (default 100), the next asked from where the loaded rows end. */
export function getEquipmentGridPagesQueryOptions(
  client: ApiClient,
  query: Omit<EquipmentListQuery, 'skip'>,
) {
  const take = query.take ?? 100;
  return infiniteQueryOptions({
    queryKey: [...equipmentKeys.list({ ...query, take }), 'pages'] as const,
    queryFn: ({ signal, pageParam }) =>
      getEquipmentGrid(client, { ...query, take, skip: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last: EquipmentListResponse, pages: EquipmentListResponse[]) => {
      const loaded = pages.reduce((n, p) => n + p.rows.length, 0);
      if (last.rows.length === 0) return undefined;
      if (last.totalCapped) return last.rows.length === take ? loaded : undefined;
      return loaded < last.total ? loaded : undefined;
    },
    placeholderData: keepPreviousData,
  });
}

/** The equipment requests grid page by page. */
export function useEquipmentGridPages(query: Omit<EquipmentListQuery, 'skip'>, enabled = true) {
  return useInfiniteQuery({ ...getEquipmentGridPagesQueryOptions(useApiClient(), query), enabled });
}
