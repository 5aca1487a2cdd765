import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HelpdeskRequestListResponse } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { helpdeskKeys } from './helpdesk-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const helpdeskContracts = () => import('@servicedesk/contracts/helpdesk');

/**
 * GET /api/helpdesk/requests/list?search= (SPEC §7 "list", select-search shape) → `{ id, name }[]`:
 * at most 20 requests the caller may see, newest first, name = "HD-… title".
 */
export function pickRequests(client: ApiClient, search = '', signal?: AbortSignal): Promise<HelpdeskRequestListResponse> {
  const q = search.trim();
  return client.request({
    method: 'GET',
    path: `/helpdesk/requests/list${q ? `?search=${encodeURIComponent(q)}` : ''}`,
    schema: () => helpdeskContracts().then((m) => m.helpdeskRequestListResponse),
    signal,
  });
}

/** Query options for {@link pickRequests}. */
export function pickRequestsQueryOptions(client: ApiClient, search = '') {
  return queryOptions({ queryKey: helpdeskKeys.pick(search.trim()), queryFn: ({ signal }) => pickRequests(client, search, signal) });
}

/** Requests for a SelectSearch. */
export function usePickRequests(search = '') {
  return useQuery(pickRequestsQueryOptions(useApiClient(), search));
}
