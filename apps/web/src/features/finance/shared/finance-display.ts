import { isApiRequestError } from '@servicedesk/api/errors';
import { formatMoney } from '@servicedesk/i18n';
import type { EInvoiceMatchStatus, VendorInvoiceStatus } from '@servicedesk/contracts';

/** The record kind of a vendor invoice (contracts RECORD_KINDS). */
export const VENDOR_INVOICE_KIND = 'vendorInvoice' as const;

/** The colour family of each status badge. */
export const statusFamilies: Record<VendorInvoiceStatus, 'info' | 'warning' | 'success' | 'danger' | 'neutral'> = {
  DRAFT: 'neutral',
  WAREHOUSE_CHECK: 'info',
  DIRECTOR_APPROVAL: 'info',
  ACCOUNTING_POOL: 'warning',
  PAID: 'success',
  REJECTED: 'danger',
  RETURNED: 'warning',
  CANCELLED: 'neutral',
};

export const matchFamilies: Record<EInvoiceMatchStatus, 'info' | 'warning' | 'success' | 'danger' | 'neutral'> = {
  matched: 'success',
  differences: 'warning',
  vendorOnly: 'info',
  unmatched: 'danger',
};

/** Minor units as money in the interface language: (356950, 'az', 'AZN') → "3.569,50 ₼". */
export const money = (minor: number, lang: string, currency = 'AZN'): string => formatMoney(minor, lang, currency);

/**
 * The translation key and values of a server refusal: the finance area's own text for its codes
 * (`finance.errors.<code>`), with the server's message (already in the caller's language) as
 * `{{message}}`; anything else → the generic text with that message.
 */
export function refusal(error: unknown): { key: string; values: Record<string, string | number> } {
  if (isApiRequestError(error)) {
    const code = error.code;
    const message = error.message;
    const min = (error.details as { params?: { min?: number } } | undefined)?.params?.min ?? 10;
    return { key: `finance.errors.${code}`, values: { message, min } };
  }
  return { key: 'finance.errors.generic', values: { message: error instanceof Error ? error.message : String(error) } };
}
