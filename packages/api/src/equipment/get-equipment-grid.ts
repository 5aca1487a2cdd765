import { useInfiniteQuery } from '@tanstack/react-query';
import type { EquipmentListQuery, EquipmentListResponse } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { gridPages } from '../grid-pages';
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

/** Pages of `query.take` rows (default 100), the next after the last page's cursor (../grid-pages). */
export function getEquipmentGridPagesQueryOptions(
  client: ApiClient,
  query: Omit<EquipmentListQuery, 'skip'>,
) {
  const take = query.take ?? 100;
  return gridPages([...equipmentKeys.list({ ...query, take }), 'pages'] as const, take, (start, signal) => getEquipmentGrid(client, { ...query, take, ...start }, signal));
}

/** The equipment requests grid page by page. */
export function useEquipmentGridPages(query: Omit<EquipmentListQuery, 'skip'>, enabled = true) {
  return useInfiniteQuery({ ...getEquipmentGridPagesQueryOptions(useApiClient(), query), enabled });
}
