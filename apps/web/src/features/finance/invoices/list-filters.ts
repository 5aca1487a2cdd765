import { isOneOf, VENDOR_INVOICE_SCOPES, VENDOR_INVOICE_SORT_FIELDS, VENDOR_INVOICE_STATUSES, type VendorInvoiceListQuery, type VendorInvoiceStatus } from '@servicedesk/contracts';
import type { DataTableState } from '@servicedesk/ui/DataTable';
import { filtersKey } from '../../shared/filter-memory';
import { tableKeys } from '../../shared/data-table';

/** The filter-memory key of the vendor-invoice list. */
export const INVOICES_TABLE_KEY = tableKeys.vendorInvoices;
export const INVOICES_FILTERS_KEY = filtersKey(INVOICES_TABLE_KEY);

/** What the list remembers besides the table's own state: the view and a status. */
export interface InvoiceListFilters {
  view: 'all' | 'mine' | 'myStep';
  status: 'any' | VendorInvoiceStatus;
}

export const defaultInvoiceFilters: InvoiceListFilters = { view: 'all', status: 'any' };

/** Remembered filters field by field; anything unknown falls back to its default. */
export function parseInvoiceFilters(saved: Record<string, unknown>): InvoiceListFilters {
  const { view, status } = saved;
  return { view: isOneOf(VENDOR_INVOICE_SCOPES, view) ? view : 'all', status: isOneOf(VENDOR_INVOICE_STATUSES, status) ? status : 'any' };
}

/** The grid call: the view, the status, the table's search and its sort where the server sorts that column. */
export function toInvoiceQuery(filters: InvoiceListFilters, table: Pick<DataTableState, 'search' | 'sorting'>): Omit<VendorInvoiceListQuery, 'skip'> {
  const sort = table.sorting[0]?.id;
  const search = table.search.trim().slice(0, 100);
  return {
    scope: filters.view,
    ...(filters.status !== 'any' ? { status: [filters.status] } : {}),
    ...(search ? { search } : {}),
    ...(isOneOf(VENDOR_INVOICE_SORT_FIELDS, sort) ? { sort, sortDir: table.sorting[0]?.desc ? 'desc' : 'asc' } : {}),
    take: 100,
  };
}
