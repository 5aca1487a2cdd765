import type { z } from 'zod';
import { computeLineTotals, DUPLICATE_INVOICE_WINDOW_DAYS, invoiceNumberKey, type RecordComment, type VendorInvoiceDetail, type addVendorInvoiceCommentInput, type saveVendorInvoiceInput, type vendorInvoiceNextProcessInput } from '@servicedesk/contracts';
import { cancelApproval, closeApprovalInTx, decide, openApproval, submitApproval } from '../../lib/approvals/engine';
import { conflict, domainRule, forbidden, isUniqueViolation } from '../../lib/errors';
import { attachToRecord } from '../../lib/records/attachments';
import { postComment, requireComment } from '../../lib/records/comments';
import { appendHistory } from '../../lib/records/history';
import type { AppDeps, AuthUser } from '../../types';
import { decisionContext } from './finance.approval';
import { invoiceUrl, VENDOR_INVOICE_KIND } from './finance.kind';
import * as repo from './finance.repository';
import { activeMaterialIds, findEquipmentOrder } from './finance.seams';
import { announceChange, getDetail, loadVisible, transitionFor } from './finance.detail';

/*
 * Vendor invoices and the accounting pool (issue #16). Rules:
 * - totals are computed here from the lines (contracts computeLineTotals: per line, half away from
 *   zero, minor units) — a client never sends them;
 * - the author edits while DRAFT or RETURNED, deletes only as DRAFT (422 `invoiceNotEditable`,
 *   `invoiceNotDeletable`); a vendor's invoice number is unique among live invoices after
 *   normalising case, spaces, dashes and slashes (contracts invoiceNumberKey; a unique index on
 *   vendor_invoices.number_key, so two saves at once cannot both pass: 409
 *   `duplicateInvoiceNumber` naming the existing invoice); the same vendor, gross total and
 *   currency within DUPLICATE_INVOICE_WINDOW_DAYS of the date is 409 `possibleDuplicateInvoice`
 *   until the user confirms (`confirmDuplicate`);
 * - "next process" goes through the approval engine (finance.approval.ts), the transitions are the
 *   contracts table VENDOR_INVOICE_TRANSITIONS (422 `invalidTransition`, 403 `forbidden`);
 * - the pool: an accountant takes an invoice (409 `alreadyTaken` when another did), then only they
 *   post it (payment date + reference → PAID) or return it with a comment.
 */

type SaveInput = z.output<typeof saveVendorInvoiceInput>;

export { announceChange, getDetail, registerFinance } from './finance.detail';
export { poolReturn, post, take } from './finance.pool';
export { dashboard, listInvoices, listPool, materials, orderDetail, transportNumbers } from './finance.lists';


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

/** 409 `duplicateInvoiceNumber` naming `existing` (its number as saved, id and status: the translated text says which invoice). */
function duplicateNumber(existing: { id: number; number: string; status: string }) {
  return conflict('duplicateInvoiceNumber', `This vendor already has invoice ${existing.number} (#${existing.id}, ${existing.status}).`, { number: existing.number, invoiceId: existing.id, status: existing.status });
}

/** Runs `work`; a unique violation of the vendor's number key (a save racing another) becomes 409 `duplicateInvoiceNumber` naming the invoice that won. */
async function refusingDuplicates<T>(deps: AppDeps, vendorId: number, numberKey: string, exceptId: number | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await repo.findByVendorNumber(deps.db, vendorId, numberKey, exceptId);
    throw winner ? duplicateNumber(winner) : conflict('duplicateInvoiceNumber', 'This vendor already has an invoice with this number.', { number: numberKey });
  }
}

/**
 * POST /api/finance/vendorInvoices/save: creates a DRAFT (author = caller; an approval opened on
 * the engine) or edits one (its author, while DRAFT or RETURNED). 422 `vendorNotFound`,
 * `invoiceNotEditable`; 409 `duplicateInvoiceNumber` { number, invoiceId, status } (the number
 * equal after normalising, also when two saves race), 409 `possibleDuplicateInvoice` { numbers,
 * days, invoices: [{ id, number, invoiceDate, status }] } unless `confirmDuplicate`; 403 not the author.
 */
export async function saveInvoice(deps: AppDeps, user: AuthUser, input: SaveInput, now = new Date()): Promise<VendorInvoiceDetail> {
  const vendor = await repo.findVendor(deps.db, input.vendorId);
  if (!vendor || !vendor.isActive) throw domainRule('vendorNotFound', 'Choose an active vendor.', { vendorId: input.vendorId });
  const numberKey = invoiceNumberKey(input.number);
  const sameNumber = await repo.findByVendorNumber(deps.db, input.vendorId, numberKey, input.id);
  if (sameNumber) throw duplicateNumber(sameNumber);
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
  if (!input.confirmDuplicate) {
    const similar = await repo.findSimilar(deps.db, { vendorId: input.vendorId, grossTotal: totals.grossTotal, currency: input.currency, invoiceDate: input.invoiceDate, windowDays: DUPLICATE_INVOICE_WINDOW_DAYS, exceptId: input.id });
    if (similar.length) {
      throw conflict('possibleDuplicateInvoice', `This vendor has an invoice of the same amount within ${DUPLICATE_INVOICE_WINDOW_DAYS} days: ${similar.map((i) => i.number).join(', ')}.`, {
        numbers: similar.map((i) => i.number),
        days: DUPLICATE_INVOICE_WINDOW_DAYS,
        invoices: similar.map((i) => ({ id: i.id, number: i.number, invoiceDate: i.invoiceDate, status: i.status })),
      });
    }
  }
  const fields = {
    number: input.number,
    numberKey,
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
  if (input.id === undefined) {
    const created = await refusingDuplicates(deps, input.vendorId, numberKey, undefined, () =>
        deps.db.transaction(async (tx) => {
          const row = await repo.insertInvoice(tx, { ...fields, authorId: user.id, status: 'DRAFT', createdAt: now, updatedAt: now });
          await repo.replaceLines(tx, row.id, priced);
          await openApproval(tx, { recordKind: VENDOR_INVOICE_KIND, recordId: row.id, authorId: user.id, title: `${vendor.name} · ${row.number}`, number: row.number, url: invoiceUrl(row.id), groupId: row.groupId, now });
          await appendHistory(tx, [{ recordKind: VENDOR_INVOICE_KIND, recordId: row.id, action: 'create', toStatus: 'DRAFT', actorId: user.id, details: totals, createdAt: now }]);
          await attachToRecord(deps, VENDOR_INVOICE_KIND, row.id, input.fileIds, user, tx);
          return row;
        }),
    );
    await announceChange(deps, created.id);
    return getDetail(deps, user, created.id);
  }

  const existing = await loadVisible(deps, user, input.id);
  if (existing.authorId !== user.id) throw forbidden('notAuthor', 'Only the author edits the invoice.', { invoiceId: existing.id });
  if (existing.status !== 'DRAFT' && existing.status !== 'RETURNED') {
    throw domainRule('invoiceNotEditable', 'The invoice can be edited only as a draft or when it was returned to you.', { status: existing.status });
  }
  await refusingDuplicates(deps, input.vendorId, numberKey, existing.id, () =>
      deps.db.transaction(async (tx) => {
        const row = await repo.findInvoice(tx, existing.id, true);
        if (!row || row.status !== existing.status) throw conflict('invoiceChanged', 'This invoice changed meanwhile; reload it and try again.');
        await repo.updateInvoice(tx, row.id, { ...fields, updatedAt: now });
        await repo.replaceLines(tx, row.id, priced);
        await appendHistory(tx, [{ recordKind: VENDOR_INVOICE_KIND, recordId: row.id, action: 'update', actorId: user.id, details: totals, createdAt: now }]);
        await attachToRecord(deps, VENDOR_INVOICE_KIND, row.id, input.fileIds, user, tx);
      }),
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

