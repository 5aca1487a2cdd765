import { asc, and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RecordHistoryEntry, RecordPerson } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { recordHistory, users } from '../../db/schema';

/**
 * A history row to write (issue #11, DOMAIN.md "who, when, on behalf of whom, from, to, comment"):
 * `recordKind` a contracts RECORD_KINDS name; `actorId` omitted/null = the system;
 * `onBehalfOfId` = the user a substitute acted for; `fromStatus` omitted for the creation;
 * `toStatus` omitted when the status did not change; `details` the action's data (JSON).
 */
export interface RecordHistoryInsert {
  recordKind: string;
  recordId: number;
  action: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  actorId?: number | null;
  onBehalfOfId?: number | null;
  comment?: string | null;
  details?: Record<string, unknown> | null;
  /** When it happened; default now (the database's clock). */
  createdAt?: Date;
}

/** Writes `rows` (in order, so their ids follow it) inside the caller's transaction `tx`. */
export async function appendHistory(tx: Db, rows: readonly RecordHistoryInsert[]): Promise<void> {
  if (rows.length > 0) await tx.insert(recordHistory).values([...rows]);
}

const actor = alias(users, 'history_actor');
const principal = alias(users, 'history_on_behalf_of');

const person = (id: number | null, first: string | null, last: string | null, imgPath: string | null): RecordPerson | null =>
  id === null ? null : { id, name: `${first ?? ''} ${last ?? ''}`.trim(), imgPath };

/**
 * The history of record `id` of `kind`, oldest first, as contracts `recordHistoryEntry`: the
 * actor's and the on-behalf-of user's display names ("first last") and pictures; times ISO 8601.
 */
export async function historyOf(db: Db, kind: string, id: number): Promise<RecordHistoryEntry[]> {
  const rows = await db
    .select({
      row: recordHistory,
      actorFirst: actor.firstName,
      actorLast: actor.lastName,
      actorImg: actor.imgPath,
      principalFirst: principal.firstName,
      principalLast: principal.lastName,
      principalImg: principal.imgPath,
    })
    .from(recordHistory)
    .leftJoin(actor, eq(actor.id, recordHistory.actorId))
    .leftJoin(principal, eq(principal.id, recordHistory.onBehalfOfId))
    .where(and(eq(recordHistory.recordKind, kind), eq(recordHistory.recordId, id)))
    .orderBy(asc(recordHistory.id));
  return rows.map(({ row, ...names }) => ({
    id: row.id,
    action: row.action,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    actor: person(row.actorId, names.actorFirst, names.actorLast, names.actorImg),
    onBehalfOf: person(row.onBehalfOfId, names.principalFirst, names.principalLast, names.principalImg),
    comment: row.comment,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  }));
}
