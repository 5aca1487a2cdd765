import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EInvoiceImportInput, EInvoiceListQuery } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import { useApiClient } from '../provider';
import { financeKeys } from './finance-keys';
import { gridPages } from '../grid-pages';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const financeContracts = () => import('@servicedesk/contracts/finance');

/*
 * E-invoices (/api/finance/eInvoices/*, issue #16): preview (nothing saved) then import of the tax
 * portal's XML; the same file twice changes nothing. 422 `xmlInvalid` / `xmlDoctypeForbidden` /
 * `xmlUnknownStructure` name the line of a malformed file.
 */

export function getEInvoicesGrid(client: ApiClient, query: EInvoiceListQuery, signal?: AbortSignal) {
  return client.request({ method: 'POST', path: '/finance/eInvoices/grid', body: query, schema: () => financeContracts().then((m) => m.eInvoiceListResponse), signal });
}

export function useEInvoicesPages(query: Omit<EInvoiceListQuery, 'skip'>) {
  const client = useApiClient();
  const take = query.take ?? 100;
  return useInfiniteQuery(gridPages([...financeKeys.eInvoiceList({ ...query, take }), 'pages'], take, (start, signal) => getEInvoicesGrid(client, { ...query, take, ...start }, signal)));
}

export function useEInvoice(id: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: financeKeys.eInvoice(id ?? 0),
    queryFn: ({ signal }) => client.request({ method: 'GET', path: encodePath`/finance/eInvoices/${id ?? 0}`, schema: () => financeContracts().then((m) => m.eInvoiceDetail), signal }),
    enabled: id !== null,
  });
}

/** POST /api/finance/eInvoices/preview { fileName, xml } → what the import would do. */
export function usePreviewEInvoices() {
  const client = useApiClient();
  return useMutation({ mutationFn: (input: EInvoiceImportInput) => client.request({ method: 'POST', path: '/finance/eInvoices/preview', body: input, schema: () => financeContracts().then((m) => m.eInvoiceImportResult) }) });
}

/** POST /api/finance/eInvoices/import { fileName, xml } → what was created; refreshes finance. */
export function useImportEInvoices() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EInvoiceImportInput) => client.request({ method: 'POST', path: '/finance/eInvoices/import', body: input, schema: () => financeContracts().then((m) => m.eInvoiceImportResult) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financeKeys.all }),
  });
}

/** POST /api/finance/eInvoices/{id}/match { vendorInvoiceId | null }. */
export function useMatchEInvoice() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, vendorInvoiceId }: { id: number; vendorInvoiceId: number | null }) =>
      client.request({ method: 'POST', path: encodePath`/finance/eInvoices/${id}/match`, body: { vendorInvoiceId }, schema: () => financeContracts().then((m) => m.eInvoiceDetail) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financeKeys.all }),
  });
}

/**
 * POST /api/finance/eInvoices/{id}/createVendorInvoice { vendorId?, confirmDuplicate? } →
 * VendorInvoiceDetail: a DRAFT with the e-invoice's lines, linked to it (issue #41). 409
 * `eInvoiceAlreadyLinked`, `duplicateInvoiceNumber`, `possibleDuplicateInvoice`; 422 `vendorRequired`.
 */
export function useCreateInvoiceFromEInvoice() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, vendorId, confirmDuplicate }: { id: number; vendorId?: number; confirmDuplicate?: boolean }) =>
      client.request({ method: 'POST', path: encodePath`/finance/eInvoices/${id}/createVendorInvoice`, body: { vendorId, confirmDuplicate }, schema: () => financeContracts().then((m) => m.vendorInvoiceDetail) }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: financeKeys.all });
    },
  });
}
