import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { HelpdeskListQuery, HelpdeskListResponse } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { gridPages } from '../grid-pages';
import { useApiClient } from '../provider';
import { helpdeskKeys } from './helpdesk-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const helpdeskContracts = () => import('@servicedesk/contracts/helpdesk');

/**
 * POST /api/helpdesk/requests/grid HelpdeskListQuery → `{ rows, total }` (issue #6 "Lists",
 * SPEC §7 "grid"): one page (skip/take, default 100, at most 500) of a scope — `mine` (as
 * requester), `assigned`, `queue` (the caller's groups), `all` (403 `forbidden` without
 * `helpdesk.requests.viewAll`) — filtered by status[], priority[], category, component,
 * assignee, requester, group, createdAt from/to, overdue, search (number, title, requester),
 * sorted (default newest first); `total` counts at most HELPDESK_COUNT_CAP (1000) rows,
 * `totalCapped` says there are more. 400 `validationError` for a bad body.
 */
export function getRequestsGrid(client: ApiClient, query: HelpdeskListQuery, signal?: AbortSignal): Promise<HelpdeskListResponse> {
  return client.request({ method: 'POST', path: '/helpdesk/requests/grid', body: query, schema: () => helpdeskContracts().then((m) => m.helpdeskListResponse), signal });
}

/** Query options for {@link getRequestsGrid}; the previous page stays on screen while the next loads. */
export function getRequestsGridQueryOptions(client: ApiClient, query: HelpdeskListQuery) {
  return queryOptions({
    queryKey: helpdeskKeys.list(query),
    queryFn: ({ signal }) => getRequestsGrid(client, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** A page of the help-desk requests grid. */
export function useRequestsGrid(query: HelpdeskListQuery, enabled = true) {
  return useQuery({ ...getRequestsGridQueryOptions(useApiClient(), query), enabled });
}

/**
 * Infinite query options for {@link getRequestsGrid}: pages of `query.take` rows (default 100,
 * SPEC §9), the next one asked from where the loaded rows end — after the last page's
 * `nextCursor` (issue #44: a keyset page costs the same however deep, and rows inserted or
 * updated meanwhile neither repeat nor shift the next page), else by `skip` — none once every
 * matching row is loaded (past the count cap — `totalCapped` — until a page comes back shorter
 * than `take`). Keyed under `helpdeskKeys.lists()`, so a write or a live notification refreshes it.
 */
export function getRequestsGridPagesQueryOptions(client: ApiClient, query: Omit<HelpdeskListQuery, 'skip'>) {
  const take = query.take ?? 100;
  return gridPages([...helpdeskKeys.list({ ...query, take }), 'pages'] as const, take, (start, signal) => getRequestsGrid(client, { ...query, take, ...start }, signal));
}

/** The requests grid page by page (`fetchNextPage` loads more); idle while `enabled` is false. */
export function useRequestsGridPages(query: Omit<HelpdeskListQuery, 'skip'>, enabled = true) {
  return useInfiniteQuery({ ...getRequestsGridPagesQueryOptions(useApiClient(), query), enabled });
}
