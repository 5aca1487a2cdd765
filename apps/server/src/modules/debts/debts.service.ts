import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AGEING_BUCKETS,
  ageingBucket,
  type DebtAgeing,
  type DebtComment,
  type DebtEntry,
  type DebtGroup,
  type DebtPaymentType,
  type DebtReportDetail,
  type DebtStatus,
  type DebtYearlyData,
  type ImportSummary,
  type WagonDetail,
  type WagonRow,
  type addDebtCommentInput,
  type debtGroupInput,
  type debtListQuery,
  type debtPaymentTypeInput,
  type wagonListQuery,
} from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { debtCounterparties, debtEntries, debtGroups, debtPaymentTypes, wagons } from '../../db/schema';
import { conflict, domainRule, notFound, uniqueOr } from '../../lib/errors';
import { appendHistory, historyOf } from '../../lib/records/history';
import { commentsOf, postComment } from '../../lib/records/comments';
import { notifyAboutRecord } from '../../lib/records/notify';
import { watchersOf } from '../../lib/records/watchers';
import { publishRecordChange } from '../../hub/record-presence';
import type { AppDeps, AuthUser } from '../../types';
import { DEBT_RECORD_KIND } from './debts.kind';
import { sightingsOf } from './debts.dislocation';
import { invoicesOfWagons } from './debts.invoice-link';
import * as repo from './debts.repository';

type WarnLogger = { warn(obj: unknown, msg?: string): void };

/*
 * Debt reports and dislocation (issue #17): rules and answers. Who may do what is decided by the
 * routes' action keys (finance.debtReports*, seed/catalog.ts): every holder of finance.debtReports
 * sees every counterparty's report — a debt report is the accounting team's shared view.
 */

/** Today's calendar date in Baku (UTC+4), `YYYY-MM-DD`. */
export const bakuToday = (now = new Date()): string => new Date(now.getTime() + 4 * 3600_000).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** POST /api/debtReports/grid: one page of the report (JSON text of contracts DebtListResponse). */
export function listReports(deps: AppDeps, query: z.output<typeof debtListQuery>): Promise<string> {
  return repo.listReportsJson(deps.db, query);
}

/** The counterparty `id` with its report row (created on first need: normal, AZN); 404 for anything else. */
async function loadCounterparty(db: Db, id: number) {
  const row = await repo.findCounterparty(db, id);
  if (!row) throw notFound('No such counterparty.');
  if (!row.report) {
    await db.insert(debtCounterparties).values({ id }).onConflictDoNothing();
    return (await repo.findCounterparty(db, id))!;
  }
  return row;
}

/** GET /api/debtReports/{id}: the counterparty's report — totals of the current year's view, history, comments. */
export async function getDetail(deps: AppDeps, id: number, now = new Date()): Promise<DebtReportDetail> {
  const cp = await loadCounterparty(deps.db, id);
  const report = cp.report!;
  const yearStart = `${bakuToday(now).slice(0, 4)}-01-01`;
  const [opening] = await deps.db
    .select({
      opening: sql<number>`coalesce(sum(case when ${debtEntries.kind} = 'payment' then -${debtEntries.amountMinor} else ${debtEntries.amountMinor} end) filter (where ${debtEntries.docDate} < ${yearStart} or ${debtEntries.kind} = 'opening'), 0)::float8`,
      invoiced: sql<number>`coalesce(sum(${debtEntries.amountMinor}) filter (where ${debtEntries.kind} = 'invoice' and ${debtEntries.docDate} >= ${yearStart}), 0)::float8`,
      paid: sql<number>`coalesce(sum(${debtEntries.amountMinor}) filter (where ${debtEntries.kind} = 'payment' and ${debtEntries.docDate} >= ${yearStart}), 0)::float8`,
    })
    .from(debtEntries)
    .where(eq(debtEntries.counterpartyId, id));
  const [history, comments] = await Promise.all([historyOf(deps.db, DEBT_RECORD_KIND, id), commentsOf(deps.db, DEBT_RECORD_KIND, id)]);
  return {
    id: cp.id,
    name: cp.name,
    kind: cp.kind as 'vendor' | 'contractor',
    tin: cp.tin,
    group: report.groupId === null ? null : { id: report.groupId, name: cp.groupName ?? '' },
    status: report.status,
    currency: report.currency,
    openingMinor: Number(opening?.opening ?? 0),
    invoicedMinor: Number(opening?.invoiced ?? 0),
    paidMinor: Number(opening?.paid ?? 0),
    balanceMinor: report.balanceMinor,
    history,
    comments,
    updatedAt: report.updatedAt.toISOString(),
  };
}

/** Everyone to tell live that report `id` changed: its watchers (the @mentioned) and whoever views it. */
async function announce(deps: AppDeps, id: number, log?: WarnLogger): Promise<void> {
  await publishRecordChange(deps, DEBT_RECORD_KIND, id, await watchersOf(deps.db, DEBT_RECORD_KIND, id), log);
}

/**
 * POST /api/debtReports/{id}/status: sets the status; one history row (from, to, comment) in the
 * same transaction. The same status again is 422 `statusUnchanged`; writing off needs a comment
 * (422 `commentRequired`). The watchers are told.
 */
export async function updateStatus(deps: AppDeps, user: AuthUser, id: number, input: { status: DebtStatus; comment?: string | undefined }, log?: WarnLogger): Promise<DebtReportDetail> {
  const cp = await loadCounterparty(deps.db, id);
  const from = cp.report!.status;
  if (from === input.status) throw domainRule('statusUnchanged', `The status is already ${from}.`, { status: from });
  if (input.status === 'writtenOff' && !input.comment) throw domainRule('commentRequired', 'Writing a debt off needs a comment.', { field: 'comment' });
  await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(debtCounterparties)
      .set({ status: input.status, updatedAt: new Date() })
      .where(sql`${debtCounterparties.id} = ${id} and ${debtCounterparties.status} = ${from}`)
      .returning({ id: debtCounterparties.id });
    if (!updated) throw conflict('reportChanged', 'Someone changed this report meanwhile; reload it.');
    await appendHistory(tx as unknown as Db, [{ recordKind: DEBT_RECORD_KIND, recordId: id, action: 'status', fromStatus: from, toStatus: input.status, actorId: user.id, comment: input.comment ?? null }]);
  });
  const watchers = await watchersOf(deps.db, DEBT_RECORD_KIND, id);
  await notifyAboutRecord(deps, DEBT_RECORD_KIND, id, watchers, 'debts.notifications.statusChanged', { name: cp.name, status: input.status }, user.id, log);
  await announce(deps, id, log);
  return getDetail(deps, id);
}

/** POST /api/debtReports/{id}/group: puts the counterparty in a group (null: none); 422 `unknownGroup`. */
export async function assignGroup(deps: AppDeps, user: AuthUser, id: number, groupId: number | null, log?: WarnLogger): Promise<DebtReportDetail> {
  const cp = await loadCounterparty(deps.db, id);
  if (groupId !== null) {
    const [g] = await deps.db.select({ id: debtGroups.id }).from(debtGroups).where(eq(debtGroups.id, groupId));
    if (!g) throw domainRule('unknownGroup', 'No such debt-report group.', { groupId });
  }
  if (cp.report!.groupId !== groupId) {
    await deps.db.transaction(async (tx) => {
      await tx.update(debtCounterparties).set({ groupId, updatedAt: new Date() }).where(eq(debtCounterparties.id, id));
      await appendHistory(tx as unknown as Db, [{ recordKind: DEBT_RECORD_KIND, recordId: id, action: 'group', actorId: user.id, details: { from: cp.report!.groupId, to: groupId } }]);
    });
    await announce(deps, id, log);
  }
  return getDetail(deps, id);
}

/** POST /api/debtReports/{id}/comments: the comment; the @mentioned become watchers and are notified live. */
export async function addComment(deps: AppDeps, user: AuthUser, id: number, input: z.output<typeof addDebtCommentInput>, log?: WarnLogger): Promise<DebtComment> {
  const cp = await loadCounterparty(deps.db, id);
  const { comment, mentioned } = await postComment(deps.db, DEBT_RECORD_KIND, id, user.id, input);
  await notifyAboutRecord(deps, DEBT_RECORD_KIND, id, mentioned, 'debts.notifications.mentioned', { name: cp.name }, user.id, log);
  await announce(deps, id, log);
  return comment;
}

const toEntry = (row: Awaited<ReturnType<typeof repo.entriesOf>>[number]): DebtEntry => ({
  id: row.id,
  kind: row.kind,
  docNumber: row.docNumber,
  docDate: row.docDate,
  dueDate: row.dueDate,
  amountMinor: row.amountMinor,
  currency: row.currency,
  paymentType: row.paymentType,
  source: row.importId === null ? null : { importId: row.importId, fileName: row.fileName ?? '', line: row.sourceLine ?? 0 },
});

/** GET /api/debtReports/{id}/entries: every entry, oldest first, with the file and line it came from. */
export async function entries(deps: AppDeps, id: number): Promise<DebtEntry[]> {
  await loadCounterparty(deps.db, id);
  return (await repo.entriesOf(deps.db, id)).map(toEntry);
}

/** GET /api/debtReports/{id}/paymentHistory: the payments, newest first. */
export async function paymentHistory(deps: AppDeps, id: number): Promise<DebtEntry[]> {
  await loadCounterparty(deps.db, id);
  return (await repo.entriesOf(deps.db, id, { kind: 'payment' })).map(toEntry).reverse();
}

/**
 * GET /api/debtReports/{id}/yearlyData?year=: the balance before the year (every entry dated
 * earlier, plus opening balances dated in it) and each month's invoices, payments and closing balance.
 */
export async function yearlyData(deps: AppDeps, id: number, year: number): Promise<DebtYearlyData> {
  const cp = await loadCounterparty(deps.db, id);
  const rows = await repo.entriesOf(deps.db, id, { until: `${year}-12-31` });
  const start = `${year}-01-01`;
  let opening = 0;
  const months = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, invoicedMinor: 0, paidMinor: 0, closingMinor: 0 }));
  for (const row of rows) {
    const signed = row.kind === 'payment' ? -row.amountMinor : row.amountMinor;
    if (row.docDate < start || row.kind === 'opening') {
      if (row.docDate < start || row.docDate.startsWith(`${year}`)) opening += signed;
      continue;
    }
    const month = months[Number(row.docDate.slice(5, 7)) - 1]!;
    if (row.kind === 'payment') month.paidMinor += row.amountMinor;
    else month.invoicedMinor += row.amountMinor;
  }
  let running = opening;
  for (const month of months) {
    running += month.invoicedMinor - month.paidMinor;
    month.closingMinor = running;
  }
  return { year, currency: cp.report!.currency, openingMinor: opening, months, closingMinor: running };
}

/**
 * The ageing of `rows` (entries dated on or before `asOf`): payments (and negative opening
 * balances) settle the debts with the earliest due date first; what is left of each goes to the
 * bucket of its days past due as of `asOf`.
 */
export function ageRows(rows: readonly { kind: string; docDate: string; dueDate: string | null; amountMinor: number }[], asOf: string) {
  const debts = rows
    .filter((r) => r.kind !== 'payment' && r.amountMinor > 0)
    .map((r) => ({ due: r.dueDate ?? r.docDate, left: r.amountMinor }))
    .sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : 0));
  let credit = rows.reduce((sum, r) => sum + (r.kind === 'payment' ? r.amountMinor : r.amountMinor < 0 ? -r.amountMinor : 0), 0);
  const buckets = Object.fromEntries(AGEING_BUCKETS.map((b) => [b, 0])) as DebtAgeing['buckets'];
  for (const debt of debts) {
    const settled = Math.min(credit, debt.left);
    credit -= settled;
    debt.left -= settled;
    if (debt.left > 0) buckets[ageingBucket(Math.max(0, daysBetween(debt.due, asOf)))] += debt.left;
  }
  const totalMinor = AGEING_BUCKETS.reduce((sum, b) => sum + buckets[b], 0);
  return { buckets, totalMinor, creditMinor: credit };
}

/** GET /api/debtReports/{id}/ageing?asOf=: as of a date (default today in Baku); later entries are ignored. */
export async function ageing(deps: AppDeps, id: number, asOf: string): Promise<DebtAgeing> {
  const cp = await loadCounterparty(deps.db, id);
  const rows = await repo.entriesOf(deps.db, id, { until: asOf });
  return { asOf, currency: cp.report!.currency, ...ageRows(rows, asOf) };
}

// --- Groups and payment types ----------------------------------------------------------------

/** GET /api/debtReports/groups: every group with its number of counterparties, by name. */
export async function listGroups(deps: AppDeps): Promise<DebtGroup[]> {
  const rows = await deps.db
    .select({ id: debtGroups.id, name: debtGroups.name, isActive: debtGroups.isActive, counterparties: sql<number>`(select count(*)::int from ${debtCounterparties} c where c.group_id = "debt_groups"."id")` })
    .from(debtGroups)
    .orderBy(asc(debtGroups.name));
  return rows;
}

/** POST /api/debtReports/groups (no id) or PUT groups/{id}: 409 `nameTaken`; 404 unknown id. */
export async function saveGroup(deps: AppDeps, id: number | null, input: z.output<typeof debtGroupInput>): Promise<DebtGroup> {
  const saved = await uniqueOr(
    async () =>
      id === null
        ? (await deps.db.insert(debtGroups).values(input).returning({ id: debtGroups.id }))[0]
        : (await deps.db.update(debtGroups).set(input).where(eq(debtGroups.id, id)).returning({ id: debtGroups.id }))[0],
    () => conflict('nameTaken', 'A group with this name exists.', { field: 'name' }),
  );
  if (!saved) throw notFound('No such group.');
  return (await listGroups(deps)).find((g) => g.id === saved.id)!;
}

/** GET /api/debtReports/paymentTypes: every payment type with its number of payments, by code. */
export async function listPaymentTypes(deps: AppDeps): Promise<DebtPaymentType[]> {
  return deps.db
    .select({
      id: debtPaymentTypes.id,
      code: debtPaymentTypes.code,
      name: debtPaymentTypes.name,
      isActive: debtPaymentTypes.isActive,
      payments: sql<number>`(select count(*)::int from ${debtEntries} e where e.payment_type_id = "debt_payment_types"."id")`,
    })
    .from(debtPaymentTypes)
    .orderBy(asc(debtPaymentTypes.code));
}

/** POST /api/debtReports/paymentTypes (no id) or PUT paymentTypes/{id}: 409 `codeTaken`; 404 unknown id. */
export async function savePaymentType(deps: AppDeps, id: number | null, input: z.output<typeof debtPaymentTypeInput>): Promise<DebtPaymentType> {
  const saved = await uniqueOr(
    async () =>
      id === null
        ? (await deps.db.insert(debtPaymentTypes).values(input).returning({ id: debtPaymentTypes.id }))[0]
        : (await deps.db.update(debtPaymentTypes).set(input).where(eq(debtPaymentTypes.id, id)).returning({ id: debtPaymentTypes.id }))[0],
    () => conflict('codeTaken', 'A payment type with this code exists.', { field: 'code' }),
  );
  if (!saved) throw notFound('No such payment type.');
  return (await listPaymentTypes(deps)).find((t) => t.id === saved.id)!;
}

/** The imports of `kind`, newest first (contracts ImportSummary). */
export async function listImports(deps: AppDeps, kind: 'oneC' | 'dislocation'): Promise<ImportSummary[]> {
  return (await repo.importsOf(deps.db, kind)).map(({ row, first, last }) => ({
    id: row.id,
    kind: row.kind,
    fileName: row.fileName,
    encoding: row.encoding,
    created: row.created,
    changed: row.changed,
    refused: row.refused,
    total: row.total,
    importedBy: `${first} ${last}`,
    importedAt: row.importedAt.toISOString(),
  }));
}

/** How many report entries name modal element `id` (a counterparty with entries cannot be removed). */
export async function entryCount(deps: AppDeps, id: number): Promise<number> {
  const [row] = await deps.db.select({ n: count() }).from(debtEntries).where(eq(debtEntries.counterpartyId, id));
  return row?.n ?? 0;
}

// --- Dislocation ----------------------------------------------------------------------------

/** POST /api/dislocation/wagons/grid: the wagons' last status (JSON text of WagonListResponse). */
export function listWagons(deps: AppDeps, query: z.output<typeof wagonListQuery>): Promise<string> {
  return repo.listWagonsJson(deps.db, query);
}

/** GET /api/dislocation/wagons/{number}: its status, timeline (newest first, with provenance) and invoices; 404. */
export async function wagonDetail(deps: AppDeps, number: string): Promise<WagonDetail> {
  const [wagon] = await deps.db.select().from(wagons).where(eq(wagons.number, number));
  if (!wagon) throw notFound('No such wagon.');
  const [timeline, invoices] = await Promise.all([sightingsOf(deps.db, number), invoicesOfWagons(deps.db, [number])]);
  const files = await repo.importFileNames(deps.db, [...new Set(timeline.map((s) => s.importId).filter((i): i is number => i !== null))]);
  return {
    number: wagon.number,
    station: wagon.station,
    state: wagon.state,
    seenAt: wagon.seenAt.toISOString(),
    timeline: timeline.map((s) => ({
      id: s.id,
      station: s.station,
      state: s.state,
      seenAt: s.seenAt.toISOString(),
      source: s.importId === null ? null : { importId: s.importId, fileName: files.get(s.importId) ?? '', line: s.sourceLine ?? 0 },
    })),
    invoices: invoices.get(number) ?? [],
  };
}

/** POST /api/dislocation/wagons/byNumbers: the known wagons among `numbers` (an invoice's transport numbers). */
export async function wagonsByNumbers(deps: AppDeps, numbers: readonly string[]): Promise<WagonRow[]> {
  if (numbers.length === 0) return [];
  const rows = await deps.db.select().from(wagons).where(inArray(wagons.number, [...numbers])).orderBy(asc(wagons.number));
  return rows.map((w) => ({ number: w.number, station: w.station, state: w.state, seenAt: w.seenAt.toISOString(), sightings: w.sightings }));
}

/** The ageing of every counterparty (of group `groupId`) as of `asOf`, summed (each counterparty aged on its own). */
export async function ageingOfAll(deps: AppDeps, asOf: string, groupId?: number): Promise<DebtAgeing> {
  const rows = await deps.db
    .select({ counterpartyId: debtEntries.counterpartyId, kind: debtEntries.kind, docDate: debtEntries.docDate, dueDate: debtEntries.dueDate, amountMinor: debtEntries.amountMinor })
    .from(debtEntries)
    .innerJoin(debtCounterparties, eq(debtCounterparties.id, debtEntries.counterpartyId))
    .where(sql`${debtEntries.docDate} <= ${asOf} ${groupId === undefined ? sql`` : sql`and ${debtCounterparties.groupId} = ${groupId}`}`);
  const byCounterparty = new Map<number, typeof rows>();
  for (const row of rows) {
    const list = byCounterparty.get(row.counterpartyId);
    if (list) list.push(row);
    else byCounterparty.set(row.counterpartyId, [row]);
  }
  const total = { buckets: { d0_30: 0, d31_60: 0, d61_90: 0, d90plus: 0 }, totalMinor: 0, creditMinor: 0 };
  for (const list of byCounterparty.values()) {
    const one = ageRows(list, asOf);
    for (const b of AGEING_BUCKETS) total.buckets[b] += one.buckets[b];
    total.totalMinor += one.totalMinor;
    total.creditMinor += one.creditMinor;
  }
  return { asOf, currency: 'AZN', ...total };
}
