import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../../db/client';
import { AppError, domainRule, forbidden } from '../../lib/errors';
import { registerApprovalKind, type ApprovalStatusChange } from '../../lib/approvals/registry';
import { appendHistory } from '../../lib/records/history';
import * as access from '../../lib/access';
import type { AppDeps } from '../../types';
import { VENDOR_INVOICE_KIND } from './finance.kind';
import * as repo from './finance.repository';
import { recordStockReceipt } from './finance.seams';
import { vendorInvoiceVisibility } from './finance.visibility';

/*
 * Vendor invoices on the approval engine (issue #16, DOMAIN.md "Approval chains"): the chain
 * ("next process") is warehouse check (the warehouse keepers) → director → accounting pool (the
 * accountants), each step `any`. The engine keeps the record's status, steps, decisions,
 * delegation, its history rows and notifications (`notifications.approvals.*`); this file mirrors
 * it onto the invoice's own status (contracts VENDOR_INVOICE_STATUSES) and does each step's work
 * inside the decision's transaction:
 * - step 1 approved (the keeper confirms the delivery): the received quantities are written and a
 *   stock receipt recorded (finance.seams.ts recordStockReceipt) → DIRECTOR_APPROVAL;
 * - step 2 approved → ACCOUNTING_POOL;
 * - step 3 is decided only through the pool: posting (approve + the engine's `process`) needs the
 *   payment (date, reference) and the accountant who took it; from My approvals an approve is
 *   refused with 422 `postFromPool`, a return by anyone but the taker with 403 `notTaker`.
 */

/** What the service hands the engine's hooks for one call (AsyncLocalStorage: per request, never shared). */
export interface DecisionContext {
  /** Quantities received per line id (warehouse check); absent lines arrived as invoiced. */
  received?: ReadonlyMap<number, number>;
  /** The payment of a post (accounting pool). */
  payment?: { paidDate: string; paymentReference: string };
}
export const decisionContext = new AsyncLocalStorage<DecisionContext>();

const STEP_STATUS = { 1: 'DIRECTOR_APPROVAL', 2: 'ACCOUNTING_POOL' } as const;

async function locked(tx: Db, id: number): Promise<repo.InvoiceRow> {
  const row = await repo.findInvoice(tx, id, true);
  if (!row) throw new AppError(409, 'invoiceChanged', 'This invoice changed meanwhile; reload it and try again.');
  return row;
}

/** A step was approved: the warehouse check's receipt, and the invoice's status moves on. */
async function stepApproved(tx: Db, step: { recordId: number; position: number; actorId: number; at: Date }): Promise<void> {
  const row = await locked(tx, step.recordId);
  if (step.position === 1) {
    const lines = await repo.linesOf(tx, row.id);
    const received = decisionContext.getStore()?.received;
    for (const id of received?.keys() ?? []) {
      if (!lines.some((l) => l.id === id)) throw domainRule('unknownLine', 'A received quantity names a line this invoice does not have.', { lineId: id });
    }
    const delivered = lines.map((l) => ({ lineId: l.id, materialId: l.materialId, description: l.description, unit: l.unit, quantity: received?.get(l.id) ?? l.quantity, unitPrice: l.unitPrice }));
    for (const d of delivered) await repo.setReceived(tx, d.lineId, d.quantity);
    const operationId = await recordStockReceipt(tx, {
      invoiceId: row.id,
      invoiceNumber: row.number,
      vendorId: row.vendorId,
      warehouseId: row.warehouseId,
      lines: delivered,
      actorId: step.actorId,
      at: step.at,
    });
    await repo.updateInvoice(tx, row.id, { status: STEP_STATUS[1], receivedAt: step.at, stockOperationId: operationId ?? row.stockOperationId, updatedAt: step.at });
    await appendHistory(tx, [
      {
        recordKind: VENDOR_INVOICE_KIND,
        recordId: row.id,
        action: 'receipt',
        actorId: step.actorId,
        details: { stockOperationId: operationId, lines: delivered.map((d) => ({ lineId: d.lineId, quantity: d.quantity })) },
        createdAt: step.at,
      },
    ]);
    return;
  }
  if (step.position === 2) await repo.updateInvoice(tx, row.id, { status: STEP_STATUS[2], updatedAt: step.at });
}

/** The engine's record status changed: mirror it (and check the pool's rules). */
async function statusChanged(tx: Db, change: ApprovalStatusChange): Promise<void> {
  const row = await locked(tx, change.recordId);
  const at = change.at;
  switch (change.to) {
    case 'IN_APPROVAL':
      await repo.updateInvoice(tx, row.id, { status: 'WAREHOUSE_CHECK', takenById: null, takenAt: null, updatedAt: at });
      return;
    case 'APPROVED': {
      const payment = decisionContext.getStore()?.payment;
      if (!payment) throw domainRule('postFromPool', 'Post this invoice from the accounting pool, with its payment date and reference.');
      if (row.takenById !== change.actorId) throw forbidden('notTaker', 'Take the invoice from the accounting pool first.', { invoiceId: row.id });
      await repo.updateInvoice(tx, row.id, { paidDate: payment.paidDate, paymentReference: payment.paymentReference, updatedAt: at });
      return;
    }
    case 'PROCESSED':
      await repo.updateInvoice(tx, row.id, { status: 'PAID', updatedAt: at });
      await appendHistory(tx, [
        {
          recordKind: VENDOR_INVOICE_KIND,
          recordId: row.id,
          action: 'paid',
          fromStatus: 'ACCOUNTING_POOL',
          toStatus: 'PAID',
          actorId: change.actorId,
          details: { paidDate: row.paidDate, paymentReference: row.paymentReference },
          createdAt: at,
        },
      ]);
      return;
    case 'REJECTED':
    case 'RETURNED':
      if (row.status === 'ACCOUNTING_POOL' && row.takenById !== change.actorId) {
        throw forbidden('notTaker', 'Only the accountant who took the invoice returns or rejects it.', { invoiceId: row.id });
      }
      await repo.updateInvoice(tx, row.id, { status: change.to, takenById: null, takenAt: null, updatedAt: at });
      return;
    case 'CANCELLED':
      await repo.updateInvoice(tx, row.id, { status: 'CANCELLED', takenById: null, takenAt: null, updatedAt: at });
      return;
    default:
  }
}

/** Registers the `vendorInvoice` kind on the engine (idempotent: registering again replaces). */
export function registerVendorInvoiceApproval(afterChange: (deps: AppDeps, id: number) => Promise<void>): void {
  registerApprovalKind(VENDOR_INVOICE_KIND, {
    chain: () => [{ role: 'warehouseKeeper' }, { role: 'director' }, { role: 'accountant' }],
    decisionKey: 'finance.vendorInvoices.nextProcess',
    mayView: async (deps, user, recordId) => {
      const row = await repo.findInvoice(deps.db, recordId);
      return row !== undefined && (await vendorInvoiceVisibility.check(deps, user, row)) !== null;
    },
    mayProcess: async (deps, user, recordId) => {
      const row = await repo.findInvoice(deps.db, recordId);
      return row !== undefined && row.takenById === user.id && (await access.hasAction(deps, user, 'finance.accountingPool.post'));
    },
    onStepApproved: stepApproved,
    onStatusChange: statusChanged,
    afterChange: (deps, id) => afterChange(deps, id),
  });
}
