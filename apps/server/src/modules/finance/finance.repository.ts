import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { recordPath, VENDOR_INVOICE_STATUSES, type accountingPoolListQuery, type vendorInvoiceListQuery } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { approvalRecords, approvalStepApprovers, approvalSteps, modalElements, users, vendorInvoiceLines, vendorInvoices } from '../../db/schema';
import { recordRows } from '../../lib/records/rows';
import { isoText, jsonObject, listPageJson, searchPattern, executedRows, type Keyset, type SortKey } from '../../lib/lists/list-page';
import type { Viewer } from '../../lib/records/visibility';
import { VENDOR_INVOICE_KIND } from './finance.kind';
import { vendorInvoiceVisibility } from './finance.visibility';

export type InvoiceRow = typeof vendorInvoices.$inferSelect;
export type NewInvoiceRow = typeof vendorInvoices.$inferInsert;
export type LineRow = typeof vendorInvoiceLines.$inferSelect;
export type NewLineRow = typeof vendorInvoiceLines.$inferInsert;

const v = vendorInvoices;

const rows = recordRows(vendorInvoices, 'finance', isNull(v.deletedAt));
/** The live (not deleted) invoice, locked for update when `forUpdate`. */
export const findInvoice = rows.find;
/** Inserts a vendor invoice row in the caller's transaction and answers it as stored. */
export const insertInvoice = rows.insert;
/** Updates invoice `id` in the caller's transaction and answers the row after it. */
export const updateInvoice = rows.update;

export async function linesOf(db: Db, invoiceId: number): Promise<LineRow[]> {
  return db.select().from(vendorInvoiceLines).where(eq(vendorInvoiceLines.invoiceId, invoiceId)).orderBy(asc(vendorInvoiceLines.position));
}

/** Replaces the invoice's lines (an edit while DRAFT / RETURNED). */
export async function replaceLines(tx: Db, invoiceId: number, lines: readonly Omit<NewLineRow, 'invoiceId'>[]): Promise<void> {
  await tx.delete(vendorInvoiceLines).where(eq(vendorInvoiceLines.invoiceId, invoiceId));
  if (lines.length > 0) await tx.insert(vendorInvoiceLines).values(lines.map((l) => ({ ...l, invoiceId })));
}

export async function setReceived(tx: Db, lineId: number, quantity: number): Promise<void> {
  await tx.update(vendorInvoiceLines).set({ receivedQuantity: quantity }).where(eq(vendorInvoiceLines.id, lineId));
}

/** The oldest live invoice of `vendorId` whose number normalises to `numberKey` (contracts invoiceNumberKey; other than `exceptId`): the duplicate check. */
export async function findByVendorNumber(db: Db, vendorId: number, numberKey: string, exceptId?: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(v)
    .where(and(eq(v.vendorId, vendorId), eq(v.numberKey, numberKey), isNull(v.deletedAt), exceptId ? sql`${v.id} <> ${exceptId}` : undefined))
    .orderBy(asc(v.id))
    .limit(1);
  return row;
}

/**
 * The vendor's live invoices of the same gross total and currency dated within `windowDays` of
 * `invoiceDate` (either side), other than `exceptId`: possible duplicates (issue #41).
 */
export async function findSimilar(db: Db, q: { vendorId: number; grossTotal: number; currency: string; invoiceDate: string; windowDays: number; exceptId?: number | undefined }): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(v)
    .where(
      and(
        eq(v.vendorId, q.vendorId),
        eq(v.grossTotal, q.grossTotal),
        eq(v.currency, q.currency as InvoiceRow['currency']),
        isNull(v.deletedAt),
        sql`${v.invoiceDate} between (${q.invoiceDate}::date - ${q.windowDays}::int) and (${q.invoiceDate}::date + ${q.windowDays}::int)`,
        q.exceptId ? sql`${v.id} <> ${q.exceptId}` : undefined,
      ),
    )
    .orderBy(asc(v.invoiceDate), asc(v.id))
    .limit(5);
}

/** An active vendor (modal element of kind vendor). */
export async function findVendor(db: Db, id: number) {
  const [row] = await db
    .select({ id: modalElements.id, name: modalElements.name, tin: modalElements.tin, isActive: modalElements.isActive })
    .from(modalElements)
    .where(and(eq(modalElements.id, id), eq(modalElements.kind, 'vendor')));
  return row;
}

/** Active vendors whose name or TIN holds `search` (at most 50). */
export async function searchVendors(db: Db, search: string | undefined) {
  const pattern = search ? searchPattern(search) : undefined;
  return db
    .select({ id: modalElements.id, name: modalElements.name, tin: modalElements.tin })
    .from(modalElements)
    .where(and(eq(modalElements.kind, 'vendor'), eq(modalElements.isActive, true), pattern ? or(ilike(modalElements.name, pattern), ilike(modalElements.tin, pattern)) : undefined))
    .orderBy(asc(modalElements.name))
    .limit(50);
}

/** Vendors with one of `tins` (the e-invoice match), active or not. */
export async function vendorsByTin(db: Db, tins: readonly string[]) {
  if (tins.length === 0) return [];
  return db
    .select({ id: modalElements.id, name: modalElements.name, tin: modalElements.tin })
    .from(modalElements)
    .where(and(eq(modalElements.kind, 'vendor'), inArray(modalElements.tin, [...tins])));
}

/** The person fields of `ids`. */
export async function people(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { id: number; name: string; imgPath: string | null }>();
  const rows = await db
    .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`, imgPath: users.imgPath })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Distinct transport numbers used on live invoices `viewer` sees (finance.visibility) holding `search` (at most 50). */
export async function transportNumbers(db: Db, viewer: Viewer, search: string | undefined): Promise<string[]> {
  const visible = vendorInvoiceVisibility.sql(viewer);
  const rows = await db.execute(sql`
    select distinct t.value as value
    from ${v}, jsonb_array_elements_text(${v.transportNumbers}) t(value)
    where ${v.deletedAt} is null ${search ? sql`and t.value ilike ${searchPattern(search)}` : sql``} ${visible ? sql`and ${visible}` : sql``}
    order by 1 limit 50`);
  const list = executedRows<{ value: string }>(rows);
  return list.map((r) => r.value);
}

/**
 * The live vendor invoices naming each of `wagonNumbers` among their transport numbers (issue #17
 * "wagons linked to vendor invoices through their transport numbers"): registered as the debts
 * module's wagon → invoice lookup (debts.invoice-link.ts). Map wagon number → invoices, newest first.
 */
export async function invoicesByTransportNumbers(db: Db, wagonNumbers: readonly string[]): Promise<Map<string, { id: number; number: string; url: string }[]>> {
  const found = new Map<string, { id: number; number: string; url: string }[]>();
  if (wagonNumbers.length === 0) return found;
  const rows = await db.execute(sql`
    select t.value as wagon, ${v.id} as id, ${v.number} as number
    from ${v}, jsonb_array_elements_text(${v.transportNumbers}) t(value)
    where ${v.deletedAt} is null and t.value in (select jsonb_array_elements_text(${JSON.stringify(wagonNumbers)}::jsonb))
    order by ${v.id} desc`);
  for (const row of executedRows<{ wagon: string; id: number; number: string }>(rows)) {
    const list = found.get(row.wagon) ?? [];
    list.push({ id: row.id, number: row.number, url: recordPath(VENDOR_INVOICE_KIND, row.id) });
    found.set(row.wagon, list);
  }
  return found;
}

/** Distinct free-text line descriptions used before on live invoices `viewer` sees (the materials picker's fallback, at most 30). */
export async function pastLineDescriptions(db: Db, viewer: Viewer, search: string | undefined) {
  return db
    .selectDistinct({ name: vendorInvoiceLines.description, unit: vendorInvoiceLines.unit })
    .from(vendorInvoiceLines)
    .innerJoin(v, eq(v.id, vendorInvoiceLines.invoiceId))
    .where(and(isNull(v.deletedAt), vendorInvoiceVisibility.sql(viewer), search ? ilike(vendorInvoiceLines.description, searchPattern(search)) : undefined))
    .orderBy(asc(vendorInvoiceLines.description))
    .limit(30);
}

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

/**
 * SQL: the invoices whose approval waits for `userId`'s decision now (their undecided slot on the
 * pending step) — the "my step" scope and the dashboard's figure. Substitutes are not counted here
 * (they find them in My approvals).
 */
export const waitingForSql = (userId: number): SQL => sql`exists (
  select 1 from ${approvalRecords} ar
  join ${approvalSteps} st on st.approval_id = ar.id and st.round = ar.round and st.status = 'PENDING'
  join ${approvalStepApprovers} sa on sa.step_id = st.id and sa.user_id = ${userId} and sa.decision is null
  where ar.record_kind = ${VENDOR_INVOICE_KIND} and ar.record_id = ${v.id} and ar.status = 'IN_APPROVAL')`;

const idKey: SortKey = { sql: v.id, type: 'int' };
/**
 * The keyset order of each sort (issue #44), each an index's (migration 0043): created
 * (created_at, id), updated (updated_at, id), invoice date (invoice_date, id), number (number, id),
 * gross total (gross_total, id), status (status, created_at, id).
 */
const sortKeys: Record<z.output<typeof vendorInvoiceListQuery>['sort'], readonly SortKey[]> = {
  createdAt: [{ sql: v.createdAt, type: 'timestamptz' }, idKey],
  updatedAt: [{ sql: v.updatedAt, type: 'timestamptz' }, idKey],
  invoiceDate: [{ sql: v.invoiceDate, type: 'date' }, idKey],
  number: [{ sql: sql`${v.number}`, type: 'text' }, idKey],
  grossTotal: [{ sql: v.grossTotal, type: 'bigint' }, idKey],
  status: [{ sql: sql`${v.status}`, type: 'text' }, { sql: v.createdAt, type: 'timestamptz' }, idKey],
};

/** The keyset of a grid page sorted by `q.sort` (lib/lists): its keys, direction, cursor and OR-ed scope. */
const keysetOf = (q: { sort: keyof typeof sortKeys; sortDir: 'asc' | 'desc'; after?: string }, branches?: SQL[]): Keyset => ({
  keys: sortKeys[q.sort],
  dir: q.sortDir,
  ...(q.after ? { after: q.after } : {}),
  ...(branches ? { branches } : {}),
});

function searchSql(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = searchPattern(search);
  return or(
    ilike(v.number, pattern),
    sql`exists (select 1 from ${modalElements} m where m.id = ${v.vendorId} and (m.name ilike ${pattern} or m.tin ilike ${pattern}))`,
    sql`${v.transportNumbers}::text ilike ${pattern}`,
  );
}

const rowJson = jsonObject({
  id: v.id,
  number: v.number,
  vendorId: v.vendorId,
  vendorName: sql`vendor.name`,
  vendorTin: sql`vendor.tin`,
  invoiceDate: sql`to_char(${v.invoiceDate}, 'YYYY-MM-DD')`,
  currency: v.currency,
  grossTotal: v.grossTotal,
  status: v.status,
  authorName: sql`author.first_name || ' ' || author.last_name`,
  takenById: v.takenById,
  takenByName: sql`taker.first_name || ' ' || taker.last_name`,
  transportNumbers: v.transportNumbers,
  paidDate: sql`to_char(${v.paidDate}, 'YYYY-MM-DD')`,
  createdAt: isoText(v.createdAt),
  updatedAt: isoText(v.updatedAt),
});
const rowJoins = sql`join ${modalElements} vendor on vendor.id = ${v.vendorId}
  join ${users} author on author.id = ${v.authorId}
  left join ${users} taker on taker.id = ${v.takenById}`;

/**
 * One page of the vendor-invoice grid as the JSON text of contracts `vendorInvoiceListResponse`: a
 * keyset page (issue #44) of the sort's index after `q.after` (`nextCursor` for the next page, 400
 * `invalidCursor` for another sort's). Newest first, what a viewer who does not see all may see is
 * the visibility rule's parts walked each in its own (part, created_at, id) index and merged —
 * visibility inside the walk; in another order their invoices are the rule's OR (the planner
 * walks the sort's index when they see many, reads their few through the part indexes when not).
 */
export async function listInvoicesJson(db: Db, viewer: Viewer, q: z.output<typeof vendorInvoiceListQuery>): Promise<string> {
  const walkParts = !viewer.seeAll && q.sort === 'createdAt';
  const parts: (SQL | undefined)[] = [isNull(v.deletedAt), walkParts ? undefined : vendorInvoiceVisibility.sql(viewer)];
  if (q.scope === 'mine') parts.push(eq(v.authorId, viewer.userId));
  if (q.scope === 'myStep') parts.push(waitingForSql(viewer.userId));
  if (q.status?.length && q.status.length < VENDOR_INVOICE_STATUSES.length) parts.push(inArray(v.status, q.status));
  if (q.vendorId !== undefined) parts.push(eq(v.vendorId, q.vendorId));
  if (q.currency) parts.push(eq(v.currency, q.currency));
  if (q.dateFrom) parts.push(sql`${v.invoiceDate} >= ${q.dateFrom}`);
  if (q.dateTo) parts.push(sql`${v.invoiceDate} <= ${q.dateTo}`);
  parts.push(searchSql(q.search));
  const branches = walkParts ? vendorInvoiceVisibility.participantBranches(viewer) : undefined;
  return listPageJson(db, { table: v, where: and(...parts), keyset: keysetOf(q, branches), skip: q.skip, take: q.take, row: rowJson, joins: rowJoins });
}

/** One page of the accounting pool (invoices in ACCOUNTING_POOL) as contracts `vendorInvoiceListResponse`: a keyset page, by update the pool's own (status, updated_at, id) walk. */
export async function listPoolJson(db: Db, userId: number, q: z.output<typeof accountingPoolListQuery>): Promise<string> {
  const parts: (SQL | undefined)[] = [isNull(v.deletedAt), eq(v.status, 'ACCOUNTING_POOL')];
  if (q.taken === 'free') parts.push(isNull(v.takenById));
  if (q.taken === 'mine') parts.push(eq(v.takenById, userId));
  if (q.vendorId !== undefined) parts.push(eq(v.vendorId, q.vendorId));
  parts.push(searchSql(q.search));
  return listPageJson(db, { table: v, where: and(...parts), keyset: keysetOf(q), skip: q.skip, take: q.take, row: rowJson, joins: rowJoins });
}

/** How many live invoices match `where`. */
export async function countInvoices(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(v).where(and(isNull(v.deletedAt), where));
  return row?.n ?? 0;
}

/** This year's PAID gross totals (AZN, minor units) per month of the paid date. */
export async function paidByMonth(db: Db, year: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ month: sql<number>`extract(month from ${v.paidDate})::int`, total: sql<string>`sum(${v.grossTotal})` })
    .from(v)
    .where(and(isNull(v.deletedAt), eq(v.status, 'PAID'), eq(v.currency, 'AZN'), sql`${v.paidDate} >= ${`${year}-01-01`} and ${v.paidDate} < ${`${year + 1}-01-01`}`))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [Number(r.month), Number(r.total)]));
}
