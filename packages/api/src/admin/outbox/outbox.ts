import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboxPage, OutboxRow, OutboxStatusValue } from '@servicedesk/contracts';
import type { ApiClient } from '../../client';
import type { ApiRequestError } from '../../errors';
import { useApiClient } from '../../provider';

/** The contract schemas of the answers, loaded with the first call. */
const outboxContracts = () => import('@servicedesk/contracts/outbox');

/** Query keys of the outbox administration. */
export const outboxKeys = {
  all: ['admin', 'outbox'] as const,
  page: (status: OutboxStatusValue | null, page: number) => [...outboxKeys.all, status ?? 'all', page] as const,
};

/** GET /api/admin/outbox?status&page → a page of rows newest first, total, counts per status, mailConfigured. 403 without `admin.outbox`. */
export function getOutbox(client: ApiClient, status: OutboxStatusValue | null, page: number, signal?: AbortSignal): Promise<OutboxPage> {
  const query = new URLSearchParams({ page: String(page), ...(status ? { status } : {}) });
  return client.request({ method: 'GET', path: `/admin/outbox?${query}`, schema: () => outboxContracts().then((m) => m.outboxPage), signal });
}

/** POST /api/admin/outbox/{id}/retry → the row queued again. 403 without `admin.outbox.retry`; 422 `outboxNotFailed`. */
export function retryOutbox(client: ApiClient, id: number): Promise<OutboxRow> {
  return client.request({ method: 'POST', path: `/admin/outbox/${id}/retry`, schema: () => outboxContracts().then((m) => m.outboxRow) });
}

/** A page of the outbox, kept while the next one loads. */
export function useOutbox(status: OutboxStatusValue | null, page: number) {
  const client = useApiClient();
  return useQuery({ queryKey: outboxKeys.page(status, page), queryFn: ({ signal }) => getOutbox(client, status, page, signal), placeholderData: keepPreviousData, staleTime: 0 });
}

/** Sends a failed row again; every outbox page is asked again afterwards. */
export function useRetryOutbox() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<OutboxRow, ApiRequestError, number>({
    mutationFn: (id) => retryOutbox(client, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxKeys.all }),
  });
}
