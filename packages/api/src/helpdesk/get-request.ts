import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HelpdeskRequestDetail } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import { useApiClient } from '../provider';
import { helpdeskKeys } from './helpdesk-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const helpdeskContracts = () => import('@servicedesk/contracts/helpdesk');

/**
 * GET /api/helpdesk/requests/{id} (SPEC §7 "detail") → HelpdeskRequestDetail: the request, its
 * history and comments (oldest first), attachments, and `allowedActions` (what the caller may
 * do now; the server checks again on each call). 404 `notFound`; 403 `forbidden` without a part
 * in it (requester, assignee, group member or lead) or `helpdesk.requests.viewAll`.
 */
export function getRequest(client: ApiClient, id: number, signal?: AbortSignal): Promise<HelpdeskRequestDetail> {
  return client.request({ method: 'GET', path: encodePath`/helpdesk/requests/${id}`, schema: () => helpdeskContracts().then((m) => m.helpdeskRequestDetail), signal });
}

/** Query options for {@link getRequest}. */
export function getRequestQueryOptions(client: ApiClient, id: number) {
  return queryOptions({ queryKey: helpdeskKeys.detail(id), queryFn: ({ signal }) => getRequest(client, id, signal) });
}

/** One request with its history, comments, attachments and allowed actions; idle while `id` is null. */
export function useRequest(id: number | null) {
  const client = useApiClient();
  return useQuery({ ...getRequestQueryOptions(client, id ?? 0), enabled: id !== null });
}
