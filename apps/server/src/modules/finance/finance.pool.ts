/** The accounting pool: an accountant takes a vendor invoice, then posts it (PAID) or returns it. finance.service.ts re-exports them. */
import type { z } from 'zod';
import { type VendorInvoiceDetail, type accountingPoolPostInput } from '@servicedesk/contracts';
import { decide, processApproval } from '../../lib/approvals/engine';
import { conflict } from '../../lib/errors';
import { requireComment } from '../../lib/records/comments';
import { appendHistory } from '../../lib/records/history';
import type { AppDeps, AuthUser } from '../../types';
import { decisionContext } from './finance.approval';
import { VENDOR_INVOICE_KIND } from './finance.kind';
import * as repo from './finance.repository';
import { announceChange, getDetail, loadVisible, transitionFor } from './finance.detail';

// ---------------------------------------------------------------------------------------------
// The accounting pool
// ---------------------------------------------------------------------------------------------

/** POST /api/finance/accountingPool/{id}/take: an accountant of the pending step takes it (then it is theirs). 409 `alreadyTaken`. */
export async function take(deps: AppDeps, user: AuthUser, id: number, now = new Date()): Promise<VendorInvoiceDetail> {
  const row = await loadVisible(deps, user, id);
  await transitionFor(deps, user, row, 'take');
  await deps.db.transaction(async (tx) => {
    const locked = await repo.findInvoice(tx, id, true);
    if (!locked || locked.status !== 'ACCOUNTING_POOL') throw conflict('invoiceChanged', 'This invoice left the pool meanwhile.');
    if (locked.takenById !== null && locked.takenById !== user.id) throw conflict('alreadyTaken', 'Another accountant took this invoice.', { invoiceId: id });
    await repo.updateInvoice(tx, id, { takenById: user.id, takenAt: now, updatedAt: now });
    await appendHistory(tx, [{ recordKind: VENDOR_INVOICE_KIND, recordId: id, action: 'take', actorId: user.id, createdAt: now }]);
  });
  await announceChange(deps, id);
  return getDetail(deps, user, id);
}

/**
 * POST /api/finance/accountingPool/{id}/post: the accountant who took it posts it with the payment
 * (date, reference): the pool step is approved on the engine and the record processed → PAID.
 */
export async function post(deps: AppDeps, user: AuthUser, id: number, input: z.output<typeof accountingPoolPostInput>, now = new Date()): Promise<VendorInvoiceDetail> {
  const row = await loadVisible(deps, user, id);
  await transitionFor(deps, user, row, 'post');
  await decisionContext.run({ payment: { paidDate: input.paidDate, paymentReference: input.paymentReference } }, () =>
    decide(deps, user, VENDOR_INVOICE_KIND, id, 'approve', input.comment, now),
  );
  await processApproval(deps, user, VENDOR_INVOICE_KIND, id, now);
  return getDetail(deps, user, id);
}

/** POST /api/finance/accountingPool/{id}/return: the accountant who took it returns it to the author with a comment. */
export async function poolReturn(deps: AppDeps, user: AuthUser, id: number, comment: string, now = new Date()): Promise<VendorInvoiceDetail> {
  const row = await loadVisible(deps, user, id);
  await transitionFor(deps, user, row, 'poolReturn');
  requireComment(comment);
  await decide(deps, user, VENDOR_INVOICE_KIND, id, 'return', comment, now);
  return getDetail(deps, user, id);
}

