import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordHistory } from '../../db/schema';

/*
 * TEMPORARY (eng11) stand-in for rec11's shared record history (issue #11; the agreed signature).
 * Replaced by their file at the merge of main.
 */

/** One history row to append (the record kind, id and action; the rest optional). */
export interface HistoryRowInput {
  recordKind: string;
  recordId: number;
  action: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  actorId?: number | null;
  onBehalfOfId?: number | null;
  comment?: string | null;
  details?: Record<string, unknown> | null;
  createdAt?: Date;
}

/** Appends history rows (pass the transaction that made the change). */
export async function appendHistory(tx: Db, rows: HistoryRowInput[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(recordHistory).values(rows);
}

/** A record's history, oldest first. */
export async function historyOf(db: Db, kind: string, id: number) {
  return db
    .select()
    .from(recordHistory)
    .where(and(eq(recordHistory.recordKind, kind), eq(recordHistory.recordId, id)))
    .orderBy(asc(recordHistory.id));
}
