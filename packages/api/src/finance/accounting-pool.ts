import { useInfiniteQuery } from '@tanstack/react-query';
import type { AccountingPoolListQuery } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { financeKeys } from './finance-keys';
import { gridPages } from '../grid-pages';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const financeContracts = () => import('@servicedesk/contracts/finance');

/** POST /api/finance/accountingPool/grid → invoices waiting in the accounting pool (`taken`: all | free | mine). */
export function getAccountingPoolGrid(client: ApiClient, query: AccountingPoolListQuery, signal?: AbortSignal) {
  return client.request({ method: 'POST', path: '/finance/accountingPool/grid', body: query, schema: () => financeContracts().then((m) => m.vendorInvoiceListResponse), signal });
}

/** The pool page by page. Take / post / return: vendor-invoices.ts useVendorInvoiceAction. */
export function useAccountingPoolPages(query: Omit<AccountingPoolListQuery, 'skip'>) {
  const client = useApiClient();
  const take = query.take ?? 100;
  return useInfiniteQuery(gridPages([...financeKeys.pool({ ...query, take }), 'pages'], take, (start, signal) => getAccountingPoolGrid(client, { ...query, take, ...start }, signal)));
}
