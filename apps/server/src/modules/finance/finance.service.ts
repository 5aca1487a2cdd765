import type { z } from 'zod';
import { registerWagonInvoiceLookup } from '../debts/debts.invoice-link';
import {
  VENDOR_INVOICE_ACTIONS,
  computeLineTotals,
  vendorInvoiceMachine,
  type FinanceDashboard,
  type FinanceOrderDetail,
  type RecordComment,
  type VendorInvoice,
  type VendorInvoiceAction,
  type VendorInvoiceDetail,
  type VendorInvoiceListResponse,
  type VendorInvoiceMaterial,
  type VendorInvoiceRole,
  type accountingPoolListQuery,
  type accountingPoolPostInput,
  type addVendorInvoiceCommentInput,
  type saveVendorInvoiceInput,
  type vendorInvoiceListQuery,
  type vendorInvoiceNextProcessInput,
} from '@servicedesk/contracts';
import { eq } from 'drizzle-orm';
import * as access from '../../lib/access';
import { approvalState, cancelApproval, closeApprovalInTx, decide, decidesAsSubstitute, openApproval, processApproval, submitApproval } from '../../lib/approvals/engine';
import { AppError, conflict, domainRule, forbidden, notFound, uniqueOr } from '../../lib/errors';
import { attachmentsOf, attachToRecord, registerRecordAttachments } from '../../lib/records/attachments';
import { commentsOf, postComment, requireComment } from '../../lib/records/comments';
import { appendHistory, historyOf } from '../../lib/records/history';
import { recordService } from '../../lib/records/record-service';
import { eInvoices, vendorInvoices } from '../../db/schema';
import type { AppDeps, AuthUser } from '../../types';
import { decisionContext, registerVendorInvoiceApproval } from './finance.approval';
import { invoiceUrl, VENDOR_INVOICE_KIND } from './finance.kind';
import * as repo from './finance.repository';
import { activeMaterialIds, findEquipmentOrder, searchMaterials } from './finance.seams';
import { paidInvoiceTotals } from './finance.budget';
import { registerBudgetConsumption } from '../equipment/equipment.budgets';
import { vendorInvoiceVisibility } from './finance.visibility';

/*
 * Vendor invoices and the accounting pool (issue #16). Rules:
 * - totals are computed here from the lines (contracts computeLineTotals: per line, half away from
 *   zero, minor units) — a client never sends them;
 * - the author edits while DRAFT or RETURNED, deletes only as DRAFT (422 `invoiceNotEditable`,
 *   `invoiceNotDeletable`); a vendor's invoice number is unique among live invoices (409
 *   `duplicateInvoiceNumber`);
 * - "next process" goes through the approval engine (finance.approval.ts), the transitions are the
 *   contracts table VENDOR_INVOICE_TRANSITIONS (422 `invalidTransition`, 403 `forbidden`);
 * - the pool: an accountant takes an invoice (409 `alreadyTaken` when another did), then only they
 *   post it (payment date + reference → PAID) or return it with a comment.
 */

type SaveInput = z.output<typeof saveVendorInvoiceInput>;

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
const { loadVisible } = records;
export const { announceChange } = records;

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
  // Dislocation (debts #17): a wagon lists the invoices naming it among their transport numbers.
  registerWagonInvoiceLookup((db, wagonNumbers) => repo.invoicesByTransportNumbers(db, wagonNumbers));
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
async function transitionFor(deps: AppDeps, user: AuthUser, row: repo.InvoiceRow, action: VendorInvoiceAction) {
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
  const [lines, history, comments, attachments, linked] = await Promise.all([
    repo.linesOf(deps.db, id),
    historyOf(deps.db, VENDOR_INVOICE_KIND, id),
    commentsOf(deps.db, VENDOR_INVOICE_KIND, id),
    attachmentsOf(deps, VENDOR_INVOICE_KIND, id),
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

/** The lines with their computed amounts, and the invoice's totals (sums of the rounded lines). */
export function priceLines(lines: SaveInput['lines']) {
  const priced = lines.map((line, i) => {
    const t = computeLineTotals(line.quantity, line.unitPrice, line.vatRate);
    return {
      position: i + 1,
      materialId: line.materialId ?? null,
      description: line.description,
      unit: line.unit,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      vatRate: line.vatRate,
      net: t.net,
      vat: t.vat,
      gross: t.gross,
    };
  });
  const totals = priced.reduce((s, l) => ({ netTotal: s.netTotal + l.net, vatTotal: s.vatTotal + l.vat, grossTotal: s.grossTotal + l.gross }), { netTotal: 0, vatTotal: 0, grossTotal: 0 });
  return { priced, totals };
}

/**
 * POST /api/finance/vendorInvoices/save: creates a DRAFT (author = caller; an approval opened on
 * the engine) or edits one (its author, while DRAFT or RETURNED). 422 `vendorNotFound`,
 * `invoiceNotEditable`; 409 `duplicateInvoiceNumber`; 403 not the author.
 */
export async function saveInvoice(deps: AppDeps, user: AuthUser, input: SaveInput, now = new Date()): Promise<VendorInvoiceDetail> {
  const vendor = await repo.findVendor(deps.db, input.vendorId);
  if (!vendor || !vendor.isActive) throw domainRule('vendorNotFound', 'Choose an active vendor.', { vendorId: input.vendorId });
  if (await repo.findByVendorNumber(deps.db, input.vendorId, input.number, input.id)) {
    throw conflict('duplicateInvoiceNumber', 'This vendor already has an invoice with this number.', { number: input.number });
  }
  const materialIds = [...new Set(input.lines.map((l) => l.materialId).filter((id): id is number => typeof id === 'number'))];
  const known = await activeMaterialIds(deps.db, materialIds);
  const unknownMaterial = materialIds.find((id) => !known.has(id));
  if (unknownMaterial !== undefined) throw domainRule('unknownMaterial', 'A line names a material that is not in the active catalogue.', { materialId: unknownMaterial });
  let orderId = input.orderId ?? null;
  let orderCode = input.orderCode?.trim() || null;
  if (orderCode || orderId) {
    const order = await findEquipmentOrder(deps.db, orderCode ?? String(orderId));
    if (!order) throw domainRule('orderNotFound', 'No equipment order with this code or id.', { codeOrId: orderCode ?? orderId });
    orderId = order.id;
    orderCode = order.code;
  }
  const { priced, totals } = priceLines(input.lines);
  const fields = {
    number: input.number,
    vendorId: input.vendorId,
    invoiceDate: input.invoiceDate,
    currency: input.currency,
    orderId,
    orderCode,
    transportNumbers: [...new Set(input.transportNumbers)],
    warehouseId: input.warehouseId ?? null,
    budgetLineId: input.budgetLineId ?? null,
    groupId: input.groupId ?? null,
    note: input.note,
    ...totals,
  };
  const duplicate = () => conflict('duplicateInvoiceNumber', 'This vendor already has an invoice with this number.', { number: input.number });

  if (input.id === undefined) {
    const created = await uniqueOr(
      () =>
        deps.db.transaction(async (tx) => {
          const row = await repo.insertInvoice(tx, { ...fields, authorId: user.id, status: 'DRAFT', createdAt: now, updatedAt: now });
          await repo.replaceLines(tx, row.id, priced);
          await openApproval(tx, { recordKind: VENDOR_INVOICE_KIND, recordId: row.id, authorId: user.id, title: `${vendor.name} · ${row.number}`, number: row.number, url: invoiceUrl(row.id), groupId: row.groupId, now });
          await appendHistory(tx, [{ recordKind: VENDOR_INVOICE_KIND, recordId: row.id, action: 'create', toStatus: 'DRAFT', actorId: user.id, details: totals, createdAt: now }]);
          await attachToRecord(deps, VENDOR_INVOICE_KIND, row.id, input.fileIds, user, tx);
          return row;
        }),
      duplicate,
    );
    await announceChange(deps, created.id);
    return getDetail(deps, user, created.id);
  }

  const existing = await loadVisible(deps, user, input.id);
  if (existing.authorId !== user.id) throw forbidden('notAuthor', 'Only the author edits the invoice.', { invoiceId: existing.id });
  if (existing.status !== 'DRAFT' && existing.status !== 'RETURNED') {
    throw domainRule('invoiceNotEditable', 'The invoice can be edited only as a draft or when it was returned to you.', { status: existing.status });
  }
  await uniqueOr(
    () =>
      deps.db.transaction(async (tx) => {
        const row = await repo.findInvoice(tx, existing.id, true);
        if (!row || row.status !== existing.status) throw conflict('invoiceChanged', 'This invoice changed meanwhile; reload it and try again.');
        await repo.updateInvoice(tx, row.id, { ...fields, updatedAt: now });
        await repo.replaceLines(tx, row.id, priced);
        await appendHistory(tx, [{ recordKind: VENDOR_INVOICE_KIND, recordId: row.id, action: 'update', actorId: user.id, details: totals, createdAt: now }]);
        await attachToRecord(deps, VENDOR_INVOICE_KIND, row.id, input.fileIds, user, tx);
      }),
    duplicate,
  );
  await announceChange(deps, existing.id);
  return getDetail(deps, user, existing.id);
}

/**
 * POST /api/finance/vendorInvoices/{id}/nextProcess: `submit` (author → the chain), `approve`
 * (the keeper's warehouse check with the `received` quantities, the director's approval),
 * `reject` / `return` (comment ≥ 10 characters), `cancel` (author). In the accounting pool the
 * accountant uses take / post / return instead.
 */
export async function nextProcess(deps: AppDeps, user: AuthUser, id: number, input: z.output<typeof vendorInvoiceNextProcessInput>, now = new Date()): Promise<VendorInvoiceDetail> {
  const row = await loadVisible(deps, user, id);
  const transition = await transitionFor(deps, user, row, input.action);
  if (transition.requires?.includes('comment')) requireComment(input.comment);
  switch (input.action) {
    case 'submit':
      await submitApproval(deps, user, VENDOR_INVOICE_KIND, id, now);
      break;
    case 'cancel':
      await cancelApproval(deps, user, VENDOR_INVOICE_KIND, id, input.comment?.trim() || null, now);
      break;
    default: {
      const received = input.received ? new Map(input.received.map((r) => [r.lineId, r.quantity])) : undefined;
      await decisionContext.run({ received }, () => decide(deps, user, VENDOR_INVOICE_KIND, id, input.action as 'approve' | 'reject' | 'return', input.comment, now));
    }
  }
  return getDetail(deps, user, id);
}

/** POST /api/finance/vendorInvoices/{id}/delete: the author deletes a DRAFT (kept for its history). 422 `invalidTransition` otherwise. */
export async function deleteInvoice(deps: AppDeps, user: AuthUser, id: number, now = new Date()): Promise<void> {
  const row = await loadVisible(deps, user, id);
  await transitionFor(deps, user, row, 'delete');
  await deps.db.transaction(async (tx) => {
    const locked = await repo.findInvoice(tx, id, true);
    if (!locked || locked.status !== 'DRAFT') throw domainRule('invoiceNotDeletable', 'Only a draft invoice can be deleted.');
    await repo.updateInvoice(tx, id, { deletedAt: now, updatedAt: now });
    await closeApprovalInTx(tx, VENDOR_INVOICE_KIND, id, 'CANCELLED', now);
    await appendHistory(tx, [{ recordKind: VENDOR_INVOICE_KIND, recordId: id, action: 'delete', fromStatus: 'DRAFT', actorId: user.id, createdAt: now }]);
  });
  await announceChange(deps, row);
}

/** POST /api/finance/vendorInvoices/{id}/comments: whoever sees the invoice comments on it. */
export async function addComment(deps: AppDeps, user: AuthUser, id: number, input: z.output<typeof addVendorInvoiceCommentInput>): Promise<RecordComment> {
  await loadVisible(deps, user, id);
  const { comment } = await postComment(deps.db, VENDOR_INVOICE_KIND, id, user.id, input);
  await announceChange(deps, id);
  return comment;
}

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

// ---------------------------------------------------------------------------------------------
// Lists, pickers, dashboard
// ---------------------------------------------------------------------------------------------

/** POST /api/finance/vendorInvoices/grid: one page of the invoices the caller sees (JSON text). */
export async function listInvoices(deps: AppDeps, user: AuthUser, q: z.output<typeof vendorInvoiceListQuery>): Promise<VendorInvoiceListResponse> {
  const viewer = await vendorInvoiceVisibility.viewer(deps, user);
  return (await repo.listInvoicesJson(deps.db, viewer, q)) as unknown as VendorInvoiceListResponse;
}

/** POST /api/finance/accountingPool/grid: the invoices waiting in the pool (JSON text). */
export async function listPool(deps: AppDeps, user: AuthUser, q: z.output<typeof accountingPoolListQuery>): Promise<VendorInvoiceListResponse> {
  return (await repo.listPoolJson(deps.db, user.id, q)) as unknown as VendorInvoiceListResponse;
}

/** GET /api/finance/vendorInvoices/orderDetail: the equipment order by code or id, or 404. */
export async function orderDetail(deps: AppDeps, codeOrId: string): Promise<FinanceOrderDetail> {
  const order = await findEquipmentOrder(deps.db, codeOrId);
  if (!order) throw notFound('No equipment order with this code or id.');
  return order;
}

/** GET /api/finance/vendorInvoices/materials: catalogue materials (stock), else descriptions used before. */
export async function materials(deps: AppDeps, search: string | undefined): Promise<VendorInvoiceMaterial[]> {
  const catalogue = await searchMaterials(deps.db, search);
  if (catalogue.length > 0) return catalogue;
  return (await repo.pastLineDescriptions(deps.db, search)).map((m) => ({ id: null, name: m.name, unit: m.unit }));
}

/**
 * GET /api/finance/dashboard: invoices in the pool (holders of finance.accountingPool), invoices
 * waiting for my step, and this year's paid totals per month (holders of viewAll).
 */
export async function dashboard(deps: AppDeps, user: AuthUser, now = new Date()): Promise<FinanceDashboard> {
  const year = now.getUTCFullYear();
  const [pool, seeAll] = await Promise.all([access.hasAction(deps, user, 'finance.accountingPool'), access.hasAction(deps, user, 'finance.vendorInvoices.viewAll')]);
  const myStep = await repo.countInvoices(deps.db, repo.waitingForSql(user.id));
  const poolWaiting = pool ? await repo.countInvoices(deps.db, eq(vendorInvoices.status, 'ACCOUNTING_POOL')) : null;
  let paidByMonth: FinanceDashboard['paidByMonth'] = null;
  if (seeAll) {
    const totals = await repo.paidByMonth(deps.db, year);
    paidByMonth = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, total: totals.get(i + 1) ?? 0 }));
  }
  return { year, poolWaiting, myStep, paidByMonth };
}
