import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DebtComment, type DebtReportDetail, type DebtStatus, type WagonDetail, type WagonRow, type addDebtCommentInput, type debtListQuery, type wagonListQuery } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { debtCounterparties, debtEntries, debtGroups, wagons } from '../../db/schema';
import { conflict, domainRule, notFound } from '../../lib/errors';
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

import type { WarnLogger } from '../../lib/log';

/*
 * Debt reports and dislocation (issue #17): rules and answers. Who may do what is decided by the
 * routes' action keys (finance.debtReports*, seed/catalog.ts): every holder of finance.debtReports
 * sees every counterparty's report — a debt report is the accounting team's shared view.
 */

/** Today's calendar date in Baku (UTC+4), `YYYY-MM-DD`. */
export const bakuToday = (now = new Date()): string => new Date(now.getTime() + 4 * 3600_000).toISOString().slice(0, 10);


/** POST /api/debtReports/grid: one page of the report (JSON text of contracts DebtListResponse). */
export function listReports(deps: AppDeps, query: z.output<typeof debtListQuery>): Promise<string> {
  return repo.listReportsJson(deps.db, query);
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

import { loadCounterparty } from './debts.figures';
export { ageRows, ageing, ageingOfAll, entries, paymentHistory, yearlyData } from './debts.figures';
export { entryCount, listGroups, listImports, listPaymentTypes, savePaymentType, saveGroup } from './debts.settings';

// --- Dislocation ----------------------------------------------------------------------------

/** POST /api/dislocation/wagons/grid: the wagons' last status (JSON text of WagonListResponse). */
export function listWagons(deps: AppDeps, query: z.output<typeof wagonListQuery>): Promise<string> {
  return repo.listWagonsJson(deps.db, query);
}

/** GET /api/dislocation/wagons/{number}: its status, timeline (newest first, with provenance) and the invoices naming it that the caller may open (issue #42); 404. */
export async function wagonDetail(deps: AppDeps, user: AuthUser, number: string): Promise<WagonDetail> {
  const [wagon] = await deps.db.select().from(wagons).where(eq(wagons.number, number));
  if (!wagon) throw notFound('No such wagon.');
  const [timeline, invoices] = await Promise.all([sightingsOf(deps.db, number), invoicesOfWagons(deps, user, [number])]);
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

