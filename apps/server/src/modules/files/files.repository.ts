import { and, eq, inArray, isNull } from 'drizzle-orm';
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
