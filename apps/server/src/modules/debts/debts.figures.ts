/** A debt report's figures: its entries, payments, the year's data and the ageing (one counterparty's, or all per currency and converted). debts.service.ts re-exports them. */
import { eq, sql } from 'drizzle-orm';
import { AGEING_BUCKETS, ageingBucket, type DebtAgeing, type DebtAgeingAll, type DebtAgeingCurrency, type DebtAgeingRow, type DebtEntry, type DebtYearlyData } from '@servicedesk/contracts';
import { debtCounterparties, debtEntries, modalElements } from '../../db/schema';
import { ratesAsOf, toAznMinor } from './debts.rates';
import type { AppDeps } from '../../types';
import * as repo from './debts.repository';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The counterparty `id` with its report row (created on first need: normal, AZN); 404 for anything else. */
export async function loadCounterparty(db: Db, id: number) {
  const row = await repo.findCounterparty(db, id);
  if (!row) throw notFound('No such counterparty.');
  if (!row.report) {
    await db.insert(debtCounterparties).values({ id }).onConflictDoNothing();
    return (await repo.findCounterparty(db, id))!;
  }
  return row;
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

/**
 * The ageing of every counterparty (of group `groupId`) as of `asOf` (issue #41): each counterparty
 * aged on its own in its currency; summed per currency (never across); each currency converted to
 * AZN at its official rate as of `asOf` (the latest on or before it, debts.rates.ts) — a currency
 * without one is listed in `unconverted` and left out of the converted total.
 */
export async function ageingOfAll(deps: AppDeps, asOf: string, groupId?: number): Promise<DebtAgeingAll> {
  const rows = await deps.db
    .select({
      counterpartyId: debtEntries.counterpartyId,
      currency: debtCounterparties.currency,
      name: modalElements.name,
      tin: modalElements.tin,
      kind: debtEntries.kind,
      docDate: debtEntries.docDate,
      dueDate: debtEntries.dueDate,
      amountMinor: debtEntries.amountMinor,
    })
    .from(debtEntries)
    .innerJoin(debtCounterparties, eq(debtCounterparties.id, debtEntries.counterpartyId))
    .innerJoin(modalElements, eq(modalElements.id, debtEntries.counterpartyId))
    .where(sql`${debtEntries.docDate} <= ${asOf} ${groupId === undefined ? sql`` : sql`and ${debtCounterparties.groupId} = ${groupId}`}`);
  const byCounterparty = new Map<number, typeof rows>();
  for (const row of rows) {
    const list = byCounterparty.get(row.counterpartyId);
    if (list) list.push(row);
    else byCounterparty.set(row.counterpartyId, [row]);
  }
  const zero = () => ({ d0_30: 0, d31_60: 0, d61_90: 0, d90plus: 0 });
  const perCounterparty: DebtAgeingRow[] = [];
  const byCurrency = new Map<string, Omit<DebtAgeingCurrency, 'rate'>>();
  for (const [id, list] of byCounterparty) {
    const first = list[0]!;
    const one = ageRows(list, asOf);
    perCounterparty.push({ id, name: first.name, tin: first.tin, currency: first.currency, ...one });
    let sum = byCurrency.get(first.currency);
    if (!sum) byCurrency.set(first.currency, (sum = { currency: first.currency, counterparties: 0, buckets: zero(), totalMinor: 0, creditMinor: 0 }));
    sum.counterparties++;
    for (const b of AGEING_BUCKETS) sum.buckets[b] += one.buckets[b];
    sum.totalMinor += one.totalMinor;
    sum.creditMinor += one.creditMinor;
  }
  const rates = await ratesAsOf(deps.db, [...byCurrency.keys()], asOf);
  const converted = { currency: 'AZN' as const, buckets: zero(), totalMinor: 0, creditMinor: 0 };
  const unconverted: string[] = [];
  const currencies: DebtAgeingCurrency[] = [...byCurrency.values()]
    .sort((a, b) => (a.currency === 'AZN' ? -1 : b.currency === 'AZN' ? 1 : a.currency.localeCompare(b.currency)))
    .map((sum) => {
      const rate = rates.get(sum.currency) ?? null;
      if (!rate) unconverted.push(sum.currency);
      else {
        for (const b of AGEING_BUCKETS) converted.buckets[b] += toAznMinor(sum.buckets[b], rate);
        converted.creditMinor += toAznMinor(sum.creditMinor, rate);
      }
      return { ...sum, rate };
    });
  converted.totalMinor = AGEING_BUCKETS.reduce((total, b) => total + converted.buckets[b], 0);
  perCounterparty.sort((a, b) => a.currency.localeCompare(b.currency) || b.totalMinor - a.totalMinor || a.name.localeCompare(b.name));
  return { asOf, currencies, converted, unconverted, rows: perCounterparty };
}
