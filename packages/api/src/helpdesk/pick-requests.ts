import { queryOptions, useQuery } from '@tanstack/react-query';
import { helpdeskRequestListResponse, type HelpdeskRequestListResponse } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { helpdeskKeys } from './helpdesk-keys';

/**
 * GET /api/helpdesk/requests/list?search= (SPEC §7 "list", select-search shape) → `{ id, name }[]`:
 * at most 20 requests the caller may see, newest first, name = "HD-… title".
 */
export function pickRequests(client: ApiClient, search = '', signal?: AbortSignal): Promise<HelpdeskRequestListResponse> {
  const q = search.trim();
  return client.request({
    method: 'GET',
    path: `/helpdesk/requests/list${q ? `?search=${encodeURIComponent(q)}` : ''}`,
    schema: helpdeskRequestListResponse,
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
