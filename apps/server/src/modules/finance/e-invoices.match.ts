import type { EInvoiceDetail } from '@servicedesk/contracts';
import * as access from '../../lib/access';
import { notFound } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';
import { match } from './e-invoices.service';

/**
 * POST /api/finance/eInvoices/{id}/match by the caller: e-invoices.service `match` (link the
 * e-invoice to a vendor invoice of its vendor, or unlink it), for a vendor invoice the caller may
 * open only (issue #42). The answer carries the differences between the two — that invoice's
 * totals, date and currency — so an id the caller picks must pass the invoice's record rule
 * (finance.detail: author, taker, group, viewAll, mentioned, a pending approver's substitute)
 * first: else 404 `notFound`, the answer of an invoice that does not exist. Unlinking (null) needs
 * no invoice. Other errors: those of `match` (404 unknown e-invoice, 422 `vendorMismatch`).
 */
export async function matchEInvoice(deps: AppDeps, user: AuthUser, id: number, vendorInvoiceId: number | null): Promise<EInvoiceDetail> {
  if (vendorInvoiceId !== null && !(await access.explain(deps, user, 'finance.vendorInvoices', { id: vendorInvoiceId })).allowed) {
    throw notFound('No such vendor invoice.');
  }
  return match(deps, user, id, vendorInvoiceId);
}
