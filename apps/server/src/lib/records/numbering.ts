import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordNumberCounters } from '../../db/schema';

/*
 * Gap-free record numbers per scope and year (PREFIX-YYYY-NNNNNN), for any module that numbers its
 * records (equipment requests `INV`; help desk keeps its own older counter table). The counter row
 * is incremented in the creator's transaction: its lock is held until commit, so concurrent
 * creators take numbers in turn, and a rolled-back creation gives its number back.
 */

const bakuYear = new Intl.DateTimeFormat('en', { timeZone: 'Asia/Baku', year: 'numeric' });

/** The numbering year of an instant: the calendar year in Baku (the organisation's time zone). */
export const numberingYear = (at: Date): number => Number(bakuYear.format(at));

/** `PREFIX-YYYY-NNNNNN` (the sequence padded to 6 digits). */
export const formatRecordNumber = (prefix: string, year: number, seq: number): string =>
  `${prefix}-${year}-${String(seq).padStart(6, '0')}`;

/** Takes the next sequence value (1, 2, …) of `scope` in `year`, inside the caller's transaction. */
export async function nextRecordNumber(tx: Db, scope: string, year: number): Promise<number> {
  const [row] = await tx
    .insert(recordNumberCounters)
    .values({ scope, year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [recordNumberCounters.scope, recordNumberCounters.year],
      set: { lastValue: sql`${recordNumberCounters.lastValue} + 1` },
    })
    .returning({ value: recordNumberCounters.lastValue });
  if (!row) throw new Error(`numbering: the counter of ${scope} returned nothing`);
  return row.value;
}
