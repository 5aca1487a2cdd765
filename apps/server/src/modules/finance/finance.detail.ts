/**
 * Reading a vendor invoice: the record skeleton and rule, the caller's roles and allowed actions,
 * the detail. finance.service.ts re-exports what other files use.
 */
import { registerWagonInvoiceLookup } from '../debts/debts.invoice-link';
import { VENDOR_INVOICE_ACTIONS, vendorInvoiceMachine, type VendorInvoice, type VendorInvoiceAction, type VendorInvoiceDetail, type VendorInvoiceRole } from '@servicedesk/contracts';
import { eq } from 'drizzle-orm';
import * as access from '../../lib/access';
import { approvalState, decidesAsSubstitute } from '../../lib/approvals/engine';
import { AppError, conflict, domainRule, forbidden } from '../../lib/errors';
import { registerRecordAttachments } from '../../lib/records/attachments';
import { recordParts } from '../../lib/records/detail-parts';
import { recordService } from '../../lib/records/record-service';
import { eInvoices } from '../../db/schema';
import type { AppDeps, AuthUser } from '../../types';
import { registerVendorInvoiceApproval } from './finance.approval';
import { VENDOR_INVOICE_KIND } from './finance.kind';
import * as repo from './finance.repository';
import { paidInvoiceTotals } from './finance.budget';
import { registerBudgetConsumption } from '../equipment/equipment.budgets';
import { vendorInvoiceVisibility } from './finance.visibility';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The vendor invoice's record skeleton (lib/records/record-service.ts): loadVisible (the live
 * invoice or 404, then the record rule below) and announceChange — RecordChanged("vendorInvoice",
 * id) to its audience (author, taker, group, watchers) and its viewers.
 */
const records = recordService<repo.InvoiceRow>({
  kind: VENDOR_INVOICE_KIND,
  readKey: 'finance.vendorInvoices',
  find: repo.findInvoice,
  notFoundText: 'No such vendor invoice.',
  audience: (deps, row) => vendorInvoiceVisibility.audience(deps.db, row),
});
export const { loadVisible, announceChange } = records;

/**
 * The record rule of `finance.vendorInvoices*` (lib/access.ts): may the caller see invoice
 * `record.id` — the visibility rule (author, taker, group, viewAll, mentioned), or the active
 * substitute of an approver of its pending step. Unknown or deleted: `recordNotFound`.
 */
const vendorInvoiceRule: access.RecordRule = async ({ deps, user, actionKey, record }) => {
  const row = (record.row as repo.InvoiceRow | undefined) ?? (await repo.findInvoice(deps.db, record.id));
  if (!row) return { allowed: false, rule: 'recordNotFound', params: { invoiceId: record.id } };
  const seen = await vendorInvoiceVisibility.check(deps, user, row, actionKey);
  if (seen) return { allowed: true, rule: seen.rule, params: { invoiceId: row.id } };
  if (await decidesAsSubstitute(deps.db, user, VENDOR_INVOICE_KIND, row.id)) return { allowed: true, rule: 'substitute', params: { invoiceId: row.id } };
  return { allowed: false, rule: 'notRecordParticipant', params: { invoiceId: row.id } };
};

/** Registers the record rule, the attachments' access and the engine kind (idempotent). */
export function registerFinance(): void {
  access.registerRecordRule('finance.vendorInvoices', vendorInvoiceRule);
  registerRecordAttachments(VENDOR_INVOICE_KIND, {
    read: async (deps, user, id) => (await access.explain(deps, user, 'finance.vendorInvoices', { id })).allowed,
    remove: async (deps, user, id) => {
      const row = await repo.findInvoice(deps.db, id);
      return row !== undefined && row.authorId === user.id && (row.status === 'DRAFT' || row.status === 'RETURNED');
    },
  });
  registerVendorInvoiceApproval(announceChange);
  // Budgets (equipment #12): paid invoices count against the budget line they name.
  registerBudgetConsumption('paidVendorInvoices', (db, ids) => paidInvoiceTotals(db, ids));
  // Dislocation (debts #17): a wagon lists the invoices naming it among their transport numbers —
  // those its reader may open (the record rule above; issue #42).
  registerWagonInvoiceLookup(async (deps, user, wagonNumbers) => {
    const found = await repo.invoicesByTransportNumbers(deps.db, wagonNumbers);
    const ids = new Set([...found.values()].flat().map((i) => i.id));
    const open = new Set<number>();
    for (const id of ids) if ((await access.explain(deps, user, 'finance.vendorInvoices', { id })).allowed) open.add(id);
    const visible = new Map<string, { id: number; number: string; url: string }[]>();
    for (const [wagon, list] of found) {
      const mine = list.filter((i) => open.has(i.id));
      if (mine.length > 0) visible.set(wagon, mine);
    }
    return visible;
  });
}

/** The roles the caller holds on the invoice now (contracts VendorInvoiceRole). */
async function rolesOf(deps: AppDeps, user: AuthUser, row: repo.InvoiceRow): Promise<Set<VendorInvoiceRole>> {
  const roles = new Set<VendorInvoiceRole>();
  if (row.authorId === user.id) roles.add('author');
  if (row.takenById === user.id) roles.add('taker');
  const stepRole = ({ WAREHOUSE_CHECK: 'warehouseKeeper', DIRECTOR_APPROVAL: 'director', ACCOUNTING_POOL: 'accountant' } as const)[row.status as 'WAREHOUSE_CHECK'];
  if (stepRole && row.authorId !== user.id) {
    const state = await approvalState(deps, user, VENDOR_INVOICE_KIND, row.id).catch(() => null);
    if (state && state.allowedDecisions.length > 0) roles.add(stepRole);
  }
  return roles;
}

/**
 * The transition of `action` for the caller, or the error: 422 `invalidTransition` (status), 403
 * `forbidden` rule `userTypeLacks` (key), `ownRecord` / `notAllowedRole` (person), 409
 * `alreadyTaken` (the pool: another accountant took it).
 */
export async function transitionFor(deps: AppDeps, user: AuthUser, row: repo.InvoiceRow, action: VendorInvoiceAction) {
  const transition = vendorInvoiceMachine.find(row.status, action);
  if (!transition) {
    throw domainRule('invalidTransition', `A ${row.status} invoice cannot be given the action “${action}”.`, {
      status: row.status,
      action,
      allowedFrom: vendorInvoiceMachine.statusesAllowing(action),
    });
  }
  await access.require(deps, user, transition.actionKey);
  const roles = await rolesOf(deps, user, row);
  if (transition.notByAuthor && roles.has('author')) throw forbidden('ownRecord', 'You may not decide on your own invoice.', { invoiceId: row.id, action });
  if (action === 'take' && row.takenById !== null && row.takenById !== user.id) {
    throw conflict('alreadyTaken', 'Another accountant took this invoice.', { invoiceId: row.id, takenById: row.takenById });
  }
  if (!vendorInvoiceMachine.mayDo(transition, roles)) {
    throw forbidden('notAllowedRole', 'You may not do this to this invoice now.', { invoiceId: row.id, action, roles: transition.who });
  }
  return transition;
}

/** What the caller may do to the invoice now (the detail's buttons; every call checks again). */
async function allowedActions(deps: AppDeps, user: AuthUser, row: repo.InvoiceRow): Promise<VendorInvoiceAction[]> {
  const out: VendorInvoiceAction[] = [];
  for (const action of VENDOR_INVOICE_ACTIONS) {
    if (!vendorInvoiceMachine.find(row.status, action)) continue;
    if (action === 'take' && row.takenById === user.id) continue;
    try {
      await transitionFor(deps, user, row, action);
      out.push(action);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return out;
}

async function toInvoice(deps: AppDeps, row: repo.InvoiceRow): Promise<VendorInvoice> {
  const vendor = await repo.findVendor(deps.db, row.vendorId);
  const people = await repo.people(deps.db, [row.authorId, ...(row.takenById ? [row.takenById] : [])]);
  const person = (id: number) => people.get(id) ?? { id, name: `#${id}`, imgPath: null };
  return {
    id: row.id,
    number: row.number,
    vendor: { id: row.vendorId, name: vendor?.name ?? '', tin: vendor?.tin ?? null },
    invoiceDate: row.invoiceDate,
    currency: row.currency,
    orderId: row.orderId,
    orderCode: row.orderCode,
    transportNumbers: row.transportNumbers,
    warehouseId: row.warehouseId,
    budgetLineId: row.budgetLineId,
    groupId: row.groupId,
    note: row.note,
    status: row.status,
    netTotal: row.netTotal,
    vatTotal: row.vatTotal,
    grossTotal: row.grossTotal,
    author: person(row.authorId),
    takenBy: row.takenById ? person(row.takenById) : null,
    takenAt: iso(row.takenAt),
    receivedAt: iso(row.receivedAt),
    stockOperationId: row.stockOperationId,
    paidDate: row.paidDate,
    paymentReference: row.paymentReference,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * GET /api/finance/vendorInvoices/{id}: the invoice, lines, history, comments, attachments, the
 * caller's allowed actions and the matched e-invoices. 404 unknown / deleted; 403 not visible.
 */
export async function getDetail(deps: AppDeps, user: AuthUser, id: number): Promise<VendorInvoiceDetail> {
  const row = await loadVisible(deps, user, id);
  // History, comments and attachments in one statement (lib/records/detail-parts.ts, issue #44).
  const [lines, { history, comments, attachments }, linked] = await Promise.all([
    repo.linesOf(deps.db, id),
    recordParts(deps.db, VENDOR_INVOICE_KIND, id),
    deps.db
      .select({ id: eInvoices.id, number: eInvoices.number, grossTotal: eInvoices.grossTotal, matchStatus: eInvoices.matchStatus })
      .from(eInvoices)
      .where(eq(eInvoices.vendorInvoiceId, id)),
  ]);
  return {
    invoice: await toInvoice(deps, row),
    lines: lines.map((l) => ({
      id: l.id,
      position: l.position,
      materialId: l.materialId,
      description: l.description,
      unit: l.unit,
      quantity: Number(l.quantity),
      unitPrice: l.unitPrice,
      vatRate: Number(l.vatRate),
      net: l.net,
      vat: l.vat,
      gross: l.gross,
      receivedQuantity: l.receivedQuantity === null ? null : Number(l.receivedQuantity),
    })),
    history,
    comments,
    attachments,
    allowedActions: await allowedActions(deps, user, row),
    eInvoices: linked,
  };
}
