import { useInfiniteQuery } from '@tanstack/react-query';
import type { ContractListQuery, ContractListResponse } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { gridPages } from '../grid-pages';
import { useApiClient } from '../provider';
import { contractKeys } from './contracts-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const contractsContracts = () => import('@servicedesk/contracts/contracts');

/**
 * POST /api/contracts/grid ContractListQuery → `{ rows, total, totalCapped }` (issue #14 "List"):
 * one page of the contracts the caller sees (author, responsible, reviewer, or all with
 * `contracts.viewAll`) filtered by status[], counterparty, ending within N days (ACTIVE ones),
 * amount range (minor units), `mine`, search (subject, number, counterparty name or TIN), sorted
 * (default newest first). 403 without `contracts`.
 */
export function getContractsGrid(
  client: ApiClient,
  query: ContractListQuery,
  signal?: AbortSignal,
): Promise<ContractListResponse> {
  return client.request({
    method: 'POST',
    path: '/contracts/grid',
    body: query,
    schema: () => contractsContracts().then((m) => m.contractListResponse),
    signal,
  });
}

/** Pages of `query.take` rows (default 100), the next after the last page's cursor (../grid-pages). */
export function getContractsGridPagesQueryOptions(
  client: ApiClient,
  query: Omit<ContractListQuery, 'skip'>,
) {
  const take = query.take ?? 100;
  return gridPages([...contractKeys.list({ ...query, take }), 'pages'] as const, take, (start, signal) => getContractsGrid(client, { ...query, take, ...start }, signal));
}

/** The contracts grid page by page (`fetchNextPage` loads more). */
export function useContractsGridPages(query: Omit<ContractListQuery, 'skip'>) {
  return useInfiniteQuery(getContractsGridPagesQueryOptions(useApiClient(), query));
}
