import { and, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';

/** A row of the files table. */
export type FileRow = typeof files.$inferSelect;
/** What an upload inserts. */
export type NewFileRow = typeof files.$inferInsert;

/** Inserts the rows of one upload, answering them in the given order. */
export async function insertFiles(db: Db, rows: NewFileRow[]): Promise<FileRow[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(files).values(rows).returning();
  // Serial ids follow the VALUES order.
  return inserted.sort((a, b) => a.id - b.id);
}

/** A file that is not removed, or undefined. */
export async function findLiveFile(db: Db, id: number): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), isNull(files.deletedAt)));
  return row;
}

/** Live files among `ids`. */
export async function findLiveFiles(db: Db, ids: number[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(files)
    .where(and(inArray(files.id, ids), isNull(files.deletedAt)));
}

/** Marks a file removed by `userId`; false when it was removed already. */
export async function softDelete(db: Db, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .update(files)
    .set({ deletedAt: new Date(), deletedBy: userId })
    .where(and(eq(files.id, id), isNull(files.deletedAt)))
    .returning({ id: files.id });
  return rows.length > 0;
}

/** Attaches files to a record. */
export async function attach(db: Db, ids: number[], recordType: string, recordId: number): Promise<void> {
  if (ids.length === 0) return;
  await db.update(files).set({ recordType, recordId }).where(inArray(files.id, ids));
}

/** The live files of a record, oldest first. */
export async function liveFilesOf(db: Db, recordType: string, recordId: number): Promise<FileRow[]> {
  return db
    .select()
    .from(files)
    .where(and(eq(files.recordType, recordType), eq(files.recordId, recordId), isNull(files.deletedAt)))
    .orderBy(files.id);
}

/**
 * Marks removed (no remover: the purge job) the uploads older than `before` that were never
 * attached to a record, except avatars (a user's picture is referenced from the user, not
 * attached). Answers how many.
 */
export async function removeUnattachedBefore(db: Db, before: Date, now: Date): Promise<number> {
  const rows = await db
    .update(files)
    .set({ deletedAt: now })
    .where(and(isNull(files.recordType), isNull(files.deletedAt), ne(files.uploadType, 'avatar'), lt(files.createdAt, before)))
    .returning({ id: files.id });
  return rows.length;
}

/**
 * Storage keys whose every file row was removed before `before` (none live: no upload, record
 * or avatar still names that content) and whose blob is not purged yet, at most `limit`.
 */
export async function keysRemovedBefore(db: Db, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ key: files.storageKey })
    .from(files)
    .groupBy(files.storageKey)
    .having(
      and(
        sql`bool_and(${files.deletedAt} is not null)`,
        sql`max(${files.deletedAt}) < ${before.toISOString()}::timestamptz`,
        sql`bool_or(${files.purgedAt} is null)`,
      ),
    )
    .limit(limit);
  return rows.map((row) => row.key);
}

/** Records that the blobs of `keys` are gone (their removed rows stay, for the history). */
export async function markPurged(db: Db, keys: string[], now: Date): Promise<void> {
  if (keys.length === 0) return;
  await db.update(files).set({ purgedAt: now }).where(and(inArray(files.storageKey, keys), isNull(files.purgedAt)));
}

/** Bytes of the live (not removed) files `userId` uploaded: what the storage quota counts (issue #20). */
export async function liveBytesOf(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number>`coalesce(sum(${files.sizeBytes}), 0)` })
    .from(files)
    .where(and(eq(files.uploadedBy, userId), isNull(files.deletedAt)));
  return Number(row?.total ?? 0);
}
