import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InboundMailPage, InboundMailStatusValue } from '@servicedesk/contracts';
import type { ApiClient } from '../../client';
import { useApiClient } from '../../provider';

/** The contract schemas of the answers, loaded with the first call. */
const inboundContracts = () => import('@servicedesk/contracts/inbound-mail');

/** Query keys of the inbound mail administration (issue #38). */
export const inboundMailKeys = {
  all: ['admin', 'inboundMail'] as const,
  page: (status: InboundMailStatusValue | null, page: number) => [...inboundMailKeys.all, status ?? 'all', page] as const,
};

/**
 * GET /api/admin/inboundMail?status&page → the messages read from the help-desk mailbox, newest
 * first, with what became of each, the total, the counts per status and whether a mailbox is
 * configured. 403 without `admin.outbox`.
 */
export function getInboundMail(client: ApiClient, status: InboundMailStatusValue | null, page: number, signal?: AbortSignal): Promise<InboundMailPage> {
  const query = new URLSearchParams({ page: String(page), ...(status ? { status } : {}) });
  return client.request({ method: 'GET', path: `/admin/inboundMail?${query}`, schema: () => inboundContracts().then((m) => m.inboundMailPage), signal });
}

/** A page of inbound mail, kept while the next one loads. */
export function useInboundMail(status: InboundMailStatusValue | null, page: number) {
  const client = useApiClient();
  return useQuery({ queryKey: inboundMailKeys.page(status, page), queryFn: ({ signal }) => getInboundMail(client, status, page, signal), placeholderData: keepPreviousData, staleTime: 0 });
}
