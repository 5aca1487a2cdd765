import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { recordWatchers, users } from '../../db/schema';

/*
 * Watchers of records of any kind (issue #11): people @mentioned in a record's text or comments.
 * Each kind's visibility rule (visibility.ts) lets them in — on the detail, in the lists' SQL
 * (through {@link watchingSql}) and in record presence alike.
 */

/** Makes `userIds` watchers of record `id` of `kind` (already watching: unchanged). */
export async function addWatchers(db: Db, kind: string, id: number, userIds: readonly number[], addedBy: number): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(recordWatchers)
    .values(userIds.map((userId) => ({ recordKind: kind, recordId: id, userId, addedBy })))
    .onConflictDoNothing();
}

/** Whether `userId` watches record `id` of `kind`. */
export async function isWatcher(db: Db, kind: string, id: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: recordWatchers.userId })
    .from(recordWatchers)
    .where(and(eq(recordWatchers.recordKind, kind), eq(recordWatchers.recordId, id), eq(recordWatchers.userId, userId)));
  return row !== undefined;
}

/** The user ids watching record `id` of `kind`, ascending. */
export async function watchersOf(db: Db, kind: string, id: number): Promise<number[]> {
  const rows = await db
    .select({ userId: recordWatchers.userId })
    .from(recordWatchers)
    .where(and(eq(recordWatchers.recordKind, kind), eq(recordWatchers.recordId, id)))
    .orderBy(recordWatchers.userId);
  return rows.map((row) => row.userId);
}

/**
 * SQL: `userId` watches the record whose id is `idColumn` (of `kind`) — for a list's WHERE; the
 * (user, kind, record) index serves it.
 */
export const watchingSql = (kind: string, idColumn: AnyPgColumn | SQL, userId: number): SQL =>
  sql`exists (select 1 from ${recordWatchers} w where w.user_id = ${userId} and w.record_kind = ${kind} and w.record_id = ${idColumn})`;

/** Active users among `ids` (who a mention may reach). */
export async function activeUserIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: users.id }).from(users).where(and(inArray(users.id, [...ids]), eq(users.isActive, true)));
  return rows.map((row) => row.id);
}
