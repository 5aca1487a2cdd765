import type { AccountingPoolListQuery, EInvoiceListQuery, VendorInvoiceListQuery } from '@servicedesk/contracts';

/**
 * Query keys of finance (/api/finance/*, issue #16; TkDodo's key factory). `financeKeys.all`
 * invalidates every finance answer (what a live RecordChanged of a vendor invoice does).
 */
export const financeKeys = {
  all: ['finance'] as const,
  invoices: () => [...financeKeys.all, 'vendorInvoices'] as const,
  lists: () => [...financeKeys.invoices(), 'list'] as const,
  list: (query: Omit<VendorInvoiceListQuery, 'skip'>) => [...financeKeys.lists(), query] as const,
  details: () => [...financeKeys.invoices(), 'detail'] as const,
  detail: (id: number) => [...financeKeys.details(), id] as const,
  pool: (query: Omit<AccountingPoolListQuery, 'skip'>) => [...financeKeys.all, 'pool', query] as const,
  eInvoices: () => [...financeKeys.all, 'eInvoices'] as const,
  eInvoiceList: (query: Omit<EInvoiceListQuery, 'skip'>) => [...financeKeys.eInvoices(), 'list', query] as const,
  eInvoice: (id: number) => [...financeKeys.eInvoices(), 'detail', id] as const,
  vendors: (search: string) => [...financeKeys.all, 'vendors', search] as const,
  materials: (search: string) => [...financeKeys.all, 'materials', search] as const,
  transportNumbers: (search: string) => [...financeKeys.all, 'transportNumbers', search] as const,
  dashboard: () => [...financeKeys.all, 'dashboard'] as const,
};
