import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type {
  AccountingPoolPostInput,
  AddRecordCommentInput,
  SaveVendorInvoiceInput,
  VendorInvoiceDetail,
  VendorInvoiceListQuery,
  VendorInvoiceNextProcessInput,
} from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';
import { downloadPdf } from '../files/download-pdf';
import { financeKeys } from './finance-keys';
import { gridPages } from '../grid-pages';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const errorsContracts = () => import('@servicedesk/contracts/errors');
const financeContracts = () => import('@servicedesk/contracts/finance');
const recordsContracts = () => import('@servicedesk/contracts/records');

/*
 * Vendor invoices (/api/finance/vendorInvoices/*, issue #16; SPEC §7 "vendor invoices (save, next
 * process, print cover list, delete, order detail by code or id, transport numbers)", "vendor
 * invoice materials"). Money in every answer is in minor units.
 */

/** POST /api/finance/vendorInvoices/grid → one page of the invoices the caller sees. */
export function getVendorInvoicesGrid(client: ApiClient, query: VendorInvoiceListQuery, signal?: AbortSignal) {
  return client.request({ method: 'POST', path: '/finance/vendorInvoices/grid', body: query, schema: () => financeContracts().then((m) => m.vendorInvoiceListResponse), signal });
}

/** The invoices grid page by page (`fetchNextPage` loads more). */
export function useVendorInvoicesPages(query: Omit<VendorInvoiceListQuery, 'skip'>) {
  const client = useApiClient();
  const take = query.take ?? 100;
  return useInfiniteQuery(gridPages([...financeKeys.list({ ...query, take }), 'pages'], take, (start, signal) => getVendorInvoicesGrid(client, { ...query, take, ...start }, signal)));
}

/** GET /api/finance/vendorInvoices/{id} → VendorInvoiceDetail (404 unknown or deleted, 403 not visible). */
export function getVendorInvoice(client: ApiClient, id: number, signal?: AbortSignal) {
  return client.request({ method: 'GET', path: encodePath`/finance/vendorInvoices/${id}`, schema: () => financeContracts().then((m) => m.vendorInvoiceDetail), signal });
}

export function useVendorInvoice(id: number) {
  const client = useApiClient();
  return useQuery({ queryKey: financeKeys.detail(id), queryFn: ({ signal }) => getVendorInvoice(client, id, signal), enabled: id > 0 });
}

/** POST /api/finance/vendorInvoices/save → VendorInvoiceDetail: create a draft or edit one (409 `duplicateInvoiceNumber`, 422 `invoiceNotEditable`). */
export function saveVendorInvoice(client: ApiClient, input: SaveVendorInvoiceInput) {
  return client.request({ method: 'POST', path: '/finance/vendorInvoices/save', body: input, schema: () => financeContracts().then((m) => m.vendorInvoiceDetail) });
}

/** Puts the answer in the detail cache and refreshes every finance list. */
function useDetailMutation<V>(fn: (client: ApiClient, vars: V) => Promise<VendorInvoiceDetail>, options?: Omit<UseMutationOptions<VendorInvoiceDetail, ApiRequestError, V>, 'mutationFn'>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (vars: V) => fn(client, vars),
    onSuccess: async (...args) => {
      queryClient.setQueryData(financeKeys.detail(args[0].invoice.id), args[0]);
      await queryClient.invalidateQueries({ queryKey: financeKeys.all, predicate: (q) => q.queryKey[2] !== 'detail' || q.queryKey[3] !== args[0].invoice.id });
      await options?.onSuccess?.(...args);
    },
  });
}

export function useSaveVendorInvoice(options?: Omit<UseMutationOptions<VendorInvoiceDetail, ApiRequestError, SaveVendorInvoiceInput>, 'mutationFn'>) {
  return useDetailMutation(saveVendorInvoice, options);
}

/** What a person does to an invoice from its page: next process, or the pool's take / post / return. */
export type VendorInvoiceActionVariables =
  | ({ id: number; kind: 'nextProcess' } & VendorInvoiceNextProcessInput)
  | { id: number; kind: 'take' }
  | ({ id: number; kind: 'post' } & AccountingPoolPostInput)
  | { id: number; kind: 'poolReturn'; comment: string };

/**
 * POST /api/finance/vendorInvoices/{id}/nextProcess { action, comment?, received? } and
 * /api/finance/accountingPool/{id}/{take|post|return} → VendorInvoiceDetail. Errors: 422
 * `invalidTransition`, `commentTooShort`, `postFromPool`; 403 `forbidden`; 409 `alreadyTaken`.
 */
export function vendorInvoiceAction(client: ApiClient, vars: VendorInvoiceActionVariables) {
  const { id, kind, ...body } = vars;
  const path =
    kind === 'nextProcess'
      ? encodePath`/finance/vendorInvoices/${id}/nextProcess`
      : kind === 'poolReturn'
        ? encodePath`/finance/accountingPool/${id}/return`
        : encodePath`/finance/accountingPool/${id}/${kind}`;
  return client.request({ method: 'POST', path, body, schema: () => financeContracts().then((m) => m.vendorInvoiceDetail) });
}

export function useVendorInvoiceAction(options?: Omit<UseMutationOptions<VendorInvoiceDetail, ApiRequestError, VendorInvoiceActionVariables>, 'mutationFn'>) {
  return useDetailMutation(vendorInvoiceAction, options);
}

/** POST /api/finance/vendorInvoices/{id}/delete → { ok } (the author, DRAFT only). */
export function useDeleteVendorInvoice(options?: Omit<UseMutationOptions<{ ok: true }, ApiRequestError, number>, 'mutationFn'>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (id: number) => client.request({ method: 'POST', path: encodePath`/finance/vendorInvoices/${id}/delete`, schema: () => errorsContracts().then((m) => m.okResponse) }),
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: financeKeys.lists() });
      await options?.onSuccess?.(...args);
    },
  });
}

/** POST /api/finance/vendorInvoices/{id}/comments → RecordComment. */
export function useAddVendorInvoiceComment(id: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddRecordCommentInput) => client.request({ method: 'POST', path: encodePath`/finance/vendorInvoices/${id}/comments`, body: input, schema: () => recordsContracts().then((m) => m.recordComment) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financeKeys.detail(id) }),
  });
}

/** GET /api/finance/vendors?search= → active vendors. */
export function useFinanceVendors(search = '') {
  const client = useApiClient();
  return useQuery({
    queryKey: financeKeys.vendors(search),
    queryFn: ({ signal }) => client.request({ method: 'GET', path: `/finance/vendors?search=${encodeURIComponent(search)}`, schema: () => financeContracts().then((m) => m.financeVendorsResponse), signal }),
  });
}

/** GET /api/finance/vendorInvoices/materials?search= → the lines' picker. */
export function useVendorInvoiceMaterials(search = '') {
  const client = useApiClient();
  return useQuery({
    queryKey: financeKeys.materials(search),
    queryFn: ({ signal }) => client.request({ method: 'GET', path: `/finance/vendorInvoices/materials?search=${encodeURIComponent(search)}`, schema: () => financeContracts().then((m) => m.vendorInvoiceMaterialsResponse), signal }),
  });
}

/** GET /api/finance/vendorInvoices/transportNumbers?search= → transport numbers used before. */
export function useTransportNumbers(search = '') {
  const client = useApiClient();
  return useQuery({
    queryKey: financeKeys.transportNumbers(search),
    queryFn: ({ signal }) => client.request({ method: 'GET', path: `/finance/vendorInvoices/transportNumbers?search=${encodeURIComponent(search)}`, schema: () => financeContracts().then((m) => m.transportNumbersResponse), signal }),
  });
}

/** GET /api/finance/vendorInvoices/orderDetail?codeOrId= → the equipment order (404 `notFound` when none). */
export function getOrderDetail(client: ApiClient, codeOrId: string) {
  return client.request({ method: 'GET', path: `/finance/vendorInvoices/orderDetail?codeOrId=${encodeURIComponent(codeOrId)}`, schema: () => financeContracts().then((m) => m.financeOrderDetail) });
}

export function useOrderLookup() {
  const client = useApiClient();
  return useMutation({ mutationFn: (codeOrId: string) => getOrderDetail(client, codeOrId) });
}

/**
 * GET /api/finance/vendorInvoices/{id}/coverList → the cover list PDF as a Blob and its file name
 * (SPEC §7 "print cover list").
 */
export function downloadCoverList(client: ApiClient, id: number): Promise<{ blob: Blob; fileName: string }> {
  return downloadPdf(client, `/finance/vendorInvoices/${id}/coverList`, `cover-list-${id}.pdf`);
}

export function useDownloadCoverList(options?: Omit<UseMutationOptions<{ blob: Blob; fileName: string }, ApiRequestError, number>, 'mutationFn'>) {
  const client = useApiClient();
  return useMutation({ ...options, mutationFn: (id: number) => downloadCoverList(client, id) });
}
