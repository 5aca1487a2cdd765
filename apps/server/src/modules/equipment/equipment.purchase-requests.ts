/**
 * Purchase requests to vendors (issue #40 "a line may be grouped into a purchase request to a
 * vendor, optionally linked to its vendor invoice"): the purchasing user groups lines of the
 * purchase queue into a request to one vendor (number `PR-YYYY-NNNNNN`), may link the vendor
 * invoice that bills it (finance), and removes a request nothing of which has arrived. A line's
 * receipt stays what it was (POST /purchases/{lineId}/receive, linked to the line, closing it);
 * the request is `received` once every line's receipt arrived — derived from the lines, so no
 * receipt path has to remember it.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PurchaseRequest, purchaseRequestInput } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { modalElements, purchaseRequestLines, purchaseRequests, vendorInvoices } from '../../db/schema';
import * as access from '../../lib/access';
import { AppError, domainRule, notFound, uniqueOr } from '../../lib/errors';
import { executedRows } from '../../lib/lists/list-page';
import type { AppDeps, AuthUser } from '../../types';
import { queueItems } from './equipment.purchases';

/** Creating, linking and removing purchase requests is part of buying what the queue holds: the key that receives purchases. */
const ORDER_KEY = 'inventory.purchases.receive';

/** The organisation's calendar year of `now` (Asia/Baku), for the number. */
const yearOf = (now: Date) => Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Baku', year: 'numeric' }).format(now));

/** The purchase requests with `ids` (all when undefined), newest first, at most 200, each with its lines. */
async function load(db: Db, ids?: number[]): Promise<PurchaseRequest[]> {
  if (ids && ids.length === 0) return [];
  const rows = executedRows<{
    id: number;
    number: string;
    vendorId: number;
    vendorName: string;
    invoiceId: number | null;
    invoiceNumber: string | null;
    comment: string | null;
    createdById: number | null;
    createdByName: string | null;
    createdByImg: string | null;
    createdAt: string | Date;
  }>(
    await db.execute(sql`
      select p.id, p.number, v.id as "vendorId", v.name as "vendorName", i.id as "invoiceId", i.number as "invoiceNumber",
        p.comment, u.id as "createdById", trim(u.first_name || ' ' || u.last_name) as "createdByName", u.img_path as "createdByImg", p.created_at as "createdAt"
      from purchase_requests p
      join modal_elements v on v.id = p.vendor_id
      left join vendor_invoices i on i.id = p.vendor_invoice_id
      left join users u on u.id = p.created_by_id
      ${ids ? sql`where p.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})` : sql``}
      order by p.id desc
      limit 200`),
  );
  if (rows.length === 0) return [];
  const lines = await queueItems(db, sql`pl.purchase_request_id in (${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)})`);
  const receivedAt = executedRows<{ id: number; at: string | Date | null; open: number }>(
    await db.execute(sql`
      select pl.purchase_request_id as id, max(l.received_at) as at, count(*) filter (where l.receipt_operation_id is null)::int as open
      from purchase_request_lines pl join equipment_request_lines l on l.id = pl.line_id
      where pl.purchase_request_id in (${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)})
      group by pl.purchase_request_id`),
  );
  const state = new Map(receivedAt.map((r) => [Number(r.id), r]));
  return rows.map((r) => {
    const s = state.get(r.id);
    const received = s !== undefined && Number(s.open) === 0;
    return {
      id: r.id,
      number: r.number,
      vendor: { id: r.vendorId, name: r.vendorName },
      vendorInvoice: r.invoiceId !== null ? { id: r.invoiceId, number: r.invoiceNumber! } : null,
      comment: r.comment,
      status: received ? 'received' : 'ordered',
      createdBy: r.createdById !== null ? { id: r.createdById, name: r.createdByName ?? '', imgPath: r.createdByImg } : null,
      createdAt: new Date(r.createdAt).toISOString(),
      receivedAt: received && s.at ? new Date(s.at).toISOString() : null,
      lines: lines.filter((l) => l.purchaseRequest?.id === r.id),
    };
  });
}

async function one(db: Db, id: number): Promise<PurchaseRequest> {
  const [found] = await load(db, [id]);
  if (!found) throw notFound('No such purchase request.');
  return found;
}

/** GET /api/equipment/purchases/requests → the purchase requests, newest first (at most 200), with their lines. Needs `inventory.purchases`. */
export function listPurchaseRequests(db: Db): Promise<PurchaseRequest[]> {
  return load(db);
}

/** 422 `unknownVendor` unless `vendorId` is an active vendor. */
async function checkVendor(db: Db, vendorId: number) {
  const [v] = await db.select({ kind: modalElements.kind, isActive: modalElements.isActive }).from(modalElements).where(eq(modalElements.id, vendorId));
  if (!v || v.kind !== 'vendor' || !v.isActive) throw domainRule('unknownVendor', 'Choose an active vendor.', { vendorId });
}

/**
 * 422 `unknownVendorInvoice` / `invoiceOtherVendor` unless `invoiceId` is a vendor invoice of
 * `vendorId` that `user` may open (finance's record rule `finance.vendorInvoices`, asked through
 * lib/access: author, taker, group, viewAll, mentioned, a pending approver's substitute — issue
 * #42). The request answers the linked invoice's number to everyone reading purchases, so an
 * invoice the caller may not open is refused as one that does not exist, before its vendor is
 * compared (which would tell whose invoice it is).
 */
async function checkInvoice(deps: AppDeps, user: AuthUser, invoiceId: number, vendorId: number) {
  const [inv] = await deps.db.select({ vendorId: vendorInvoices.vendorId }).from(vendorInvoices).where(eq(vendorInvoices.id, invoiceId));
  if (!inv || !(await access.explain(deps, user, 'finance.vendorInvoices', { id: invoiceId })).allowed) {
    throw domainRule('unknownVendorInvoice', 'No such vendor invoice.', { vendorInvoiceId: invoiceId });
  }
  if (inv.vendorId !== vendorId) throw domainRule('invoiceOtherVendor', 'The vendor invoice is of another vendor.', { vendorInvoiceId: invoiceId, vendorId });
}

/**
 * POST /api/equipment/purchases/requests PurchaseRequestInput → PurchaseRequest: groups the lines
 * into a new purchase request to the vendor (its number `PR-<year>-<id, 6 digits>`). Each line
 * must be in the purchase queue awaiting its purchase — marked for purchase, its request APPROVED,
 * nothing received (422 `lineNotAwaitingPurchase`, details lineId) — and in no other purchase
 * request (422 `lineAlreadyOrdered`, details lineId and purchaseRequest; of two requests made at
 * once with one line, exactly one wins: the line's row is locked and it is the key of
 * purchase_request_lines). 422 `unknownVendor`, `unknownVendorInvoice`, `invoiceOtherVendor`.
 * Needs `inventory.purchases.receive`.
 */
export async function createPurchaseRequest(deps: AppDeps, user: AuthUser, input: z.output<typeof purchaseRequestInput>, now = new Date()): Promise<PurchaseRequest> {
  await access.require(deps, user, ORDER_KEY);
  const lineIds = [...new Set(input.lineIds)];
  await checkVendor(deps.db, input.vendorId);
  if (input.vendorInvoiceId !== null) await checkInvoice(deps, user, input.vendorInvoiceId, input.vendorId);
  const id = await uniqueOr(
    () =>
      deps.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const lines = executedRows<{ id: number; decision: string | null; received: boolean; status: string; inRequest: number | null; inRequestNumber: string | null }>(
          await db.execute(sql`
            select l.id, l.decision, l.receipt_operation_id is not null as received, r.status,
              pl.purchase_request_id as "inRequest", pr.number as "inRequestNumber"
            from equipment_request_lines l
            join equipment_requests r on r.id = l.request_id
            left join purchase_request_lines pl on pl.line_id = l.id
            left join purchase_requests pr on pr.id = pl.purchase_request_id
            where l.id in (${sql.join(lineIds.map((i) => sql`${i}`), sql`, `)})
            order by l.id
            for update of l`),
        );
        for (const lineId of lineIds) {
          const line = lines.find((l) => Number(l.id) === lineId);
          if (!line || line.decision !== 'purchase' || line.received || line.status !== 'APPROVED')
            throw domainRule('lineNotAwaitingPurchase', 'Only lines awaiting their purchase can be ordered.', { lineId });
          if (line.inRequest !== null)
            throw domainRule('lineAlreadyOrdered', 'This line is already in a purchase request.', { lineId, purchaseRequest: { id: Number(line.inRequest), number: line.inRequestNumber } });
        }
        const [created] = await db
          .insert(purchaseRequests)
          .values({ number: `PR-tmp-${now.getTime()}-${Math.random().toString(36).slice(2)}`, vendorId: input.vendorId, vendorInvoiceId: input.vendorInvoiceId, comment: input.comment, createdById: user.id, createdAt: now, updatedAt: now })
          .returning({ id: purchaseRequests.id });
        await db
          .update(purchaseRequests)
          .set({ number: `PR-${yearOf(now)}-${String(created!.id).padStart(6, '0')}` })
          .where(eq(purchaseRequests.id, created!.id));
        await db.insert(purchaseRequestLines).values(lineIds.map((lineId) => ({ lineId, purchaseRequestId: created!.id })));
        return created!.id;
      }),
    // The other of two requests made at once that locked the line first.
    () => new AppError(422, 'lineAlreadyOrdered', 'A line is already in a purchase request.', { lineIds }),
  );
  return one(deps.db, id);
}

/**
 * POST /api/equipment/purchases/requests/{id}/invoice { vendorInvoiceId } → PurchaseRequest:
 * links the vendor invoice that bills the request (of the same vendor, one the caller may open:
 * 422 `invoiceOtherVendor`, `unknownVendorInvoice`), or unlinks it with null. 404 unknown. Needs `inventory.purchases.receive`.
 */
export async function linkPurchaseInvoice(deps: AppDeps, user: AuthUser, id: number, vendorInvoiceId: number | null, now = new Date()): Promise<PurchaseRequest> {
  await access.require(deps, user, ORDER_KEY);
  const [found] = await deps.db.select({ vendorId: purchaseRequests.vendorId }).from(purchaseRequests).where(eq(purchaseRequests.id, id));
  if (!found) throw notFound('No such purchase request.');
  if (vendorInvoiceId !== null) await checkInvoice(deps, user, vendorInvoiceId, found.vendorId);
  await deps.db.update(purchaseRequests).set({ vendorInvoiceId, updatedAt: now }).where(eq(purchaseRequests.id, id));
  return one(deps.db, id);
}

/**
 * DELETE /api/equipment/purchases/requests/{id} → { ok: true }: removes a purchase request none of
 * whose lines has arrived (422 `purchaseRequestReceived`, details the received line ids); its
 * lines stay in the queue, ungrouped. 404 unknown. Needs `inventory.purchases.receive`.
 */
export async function deletePurchaseRequest(deps: AppDeps, user: AuthUser, id: number): Promise<{ ok: true }> {
  await access.require(deps, user, ORDER_KEY);
  await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [found] = executedRows<{ id: number }>(await db.execute(sql`select id from purchase_requests where id = ${id} for update`));
    if (!found) throw notFound('No such purchase request.');
    const received = executedRows<{ id: number }>(
      await db.execute(sql`
        select l.id from purchase_request_lines pl join equipment_request_lines l on l.id = pl.line_id
        where pl.purchase_request_id = ${id} and l.receipt_operation_id is not null order by l.id`),
    ).map((r) => Number(r.id));
    if (received.length > 0) throw domainRule('purchaseRequestReceived', 'Something of this purchase request has arrived: it stays.', { lineIds: received });
    await db.delete(purchaseRequestLines).where(inArray(purchaseRequestLines.purchaseRequestId, [id]));
    await db.delete(purchaseRequests).where(eq(purchaseRequests.id, id));
  });
  return { ok: true };
}
