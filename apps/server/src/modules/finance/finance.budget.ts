import { and, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { vendorInvoices } from '../../db/schema';

/*
 * What budgets (equipment #12: remaining = planned − approved requests − PAID INVOICES) read from
 * finance. A paid invoice counts against the budget line it names (`budgetLineId`) in the year of
 * its paid date.
 */

/**
 * The gross totals (minor units, in each invoice's currency — budgets are kept in AZN and the
 * seeded invoices are AZN) of the PAID invoices per budget line, for `budgetLineIds`; lines without
 * paid invoices are absent. `year` limits it to invoices paid in that calendar year.
 */
export async function paidInvoiceTotals(db: Db, budgetLineIds: readonly number[], year?: number): Promise<Map<number, number>> {
  if (budgetLineIds.length === 0) return new Map();
  const rows = await db
    .select({ budgetLineId: vendorInvoices.budgetLineId, total: sql<string>`sum(${vendorInvoices.grossTotal})` })
    .from(vendorInvoices)
    .where(
      and(
        inArray(vendorInvoices.budgetLineId, [...budgetLineIds]),
        eq(vendorInvoices.status, 'PAID'),
        isNull(vendorInvoices.deletedAt),
        isNotNull(vendorInvoices.paidDate),
        year === undefined ? undefined : gte(vendorInvoices.paidDate, `${year}-01-01`),
        year === undefined ? undefined : lt(vendorInvoices.paidDate, `${year + 1}-01-01`),
      ),
    )
    .groupBy(vendorInvoices.budgetLineId);
  return new Map(rows.map((r) => [r.budgetLineId as number, Number(r.total)]));
}
