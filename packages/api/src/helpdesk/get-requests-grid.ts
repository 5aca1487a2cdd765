import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { helpdeskListResponse, type HelpdeskListQuery, type HelpdeskListResponse } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { helpdeskKeys } from './helpdesk-keys';

/**
 * POST /api/helpdesk/requests/grid HelpdeskListQuery → `{ rows, total }` (issue #6 "Lists",
 * SPEC §7 "grid"): one page (skip/take, default 100, at most 500) of a scope — `mine` (as
 * requester), `assigned`, `queue` (the caller's groups), `all` (403 `forbidden` without
 * `helpdesk.requests.viewAll`) — filtered by status[], priority[], category, component,
 * assignee, requester, group, createdAt from/to, overdue, search (number, title, requester),
 * sorted (default newest first). 400 `validationError` for a bad body.
 */
export function getRequestsGrid(client: ApiClient, query: HelpdeskListQuery, signal?: AbortSignal): Promise<HelpdeskListResponse> {
  return client.request({ method: 'POST', path: '/helpdesk/requests/grid', body: query, schema: helpdeskListResponse, signal });
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
