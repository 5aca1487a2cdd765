import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';

/*
 * Gap-free yearly numbering (help-desk numbers, the contract registry, …): a counter table with a
 * row per year (`year` primary key, `last_value`). The next value is taken by ONE upsert in the
 * caller's transaction: the row stays locked until commit, so concurrent callers wait in turn,
 * and a rolled-back transaction gives its value back — unique and without gaps.
 */

/** A counter table: a `year` primary key and its `lastValue`. */
export type YearCounterTable = PgTable & { year: PgColumn; lastValue: PgColumn };

/** The next value (1, 2, …) of `year` in `table`, inside `tx` (see the module comment). */
export async function nextYearlyNumber(
  tx: Db,
  table: YearCounterTable,
  year: number,
): Promise<number> {
  const result = await tx
    .insert(table)
    .values({ year, lastValue: 1 } as never)
    .onConflictDoUpdate({
      target: table.year,
      set: { lastValue: sql`${table.lastValue} + 1` } as never,
    })
    .returning({ value: table.lastValue });
  const row = (result as { value: number }[])[0];
  if (!row) throw new Error('numbering: the counter returned nothing');
  return row.value;
}
