import type { RecordKind } from '@servicedesk/contracts';

/**
 * The record kind of a vendor invoice (contracts RECORD_KINDS): its history, comments, watchers,
 * attachments and approval are keyed by it; record presence / RecordChanged name it.
 */
export const VENDOR_INVOICE_KIND = 'vendorInvoice' satisfies RecordKind;

/** The web page of invoice `id` (notifications and my approvals lead there). */
export const invoiceUrl = (id: number): string => `/home/finance/vendor-invoices/${id}`;
