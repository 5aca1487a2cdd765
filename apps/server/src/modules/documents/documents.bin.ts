import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { RECYCLE_BIN_DAYS, type BinItemKind, type BinResponse } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { documentFolders, documentVersions, documents, files } from '../../db/schema';
import * as access from '../../lib/access';
import { closeApprovalInTx } from '../../lib/approvals/engine';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import { scheduleJob } from '../../lib/jobs';
import { executedRows } from '../../lib/lists/list-page';
import { appendHistory } from '../../lib/records/history';
import type { AppDeps, AuthUser } from '../../types';
import { DOCUMENT_KIND, MANAGE_ALL_KEY, PURGE_KEY } from './documents.kind';
import { publishRecordChange } from '../../hub/record-presence';
import { announceFolderChange, loadFolders, isLive } from './documents.permissions';

/*
 * The recycle bin (issue #15; DOMAIN.md "Recycle bin"): deleting moves a folder (with its subtree)
 * or a document there with who and when; restore puts it back in its original place — or at the
 * root when that place is gone (purged, or itself in the bin); purge (documents.circulation.purge)
 * removes it for good; a job purges what has been there RECYCLE_BIN_DAYS days, on one instance at a
 * time (advisory lock). Purging a document removes its rows and marks its files removed, so the
 * files job deletes the bytes later; its history stays.
 *
 * Who sees an item in the bin and restores it: whoever deleted it, folder administrators
 * (documents.circulation.manageFolders) and holders of the purge key. Others: 404.
 */

/** Advisory lock key of the bin purge (one instance at a time). */
const PURGE_LOCK = 727_315;
/** How often the job looks for items to purge. */
export const BIN_PURGE_INTERVAL_MS = 6 * 60 * 60_000;

const purgeAt = (deletedAt: Date) => new Date(deletedAt.getTime() + RECYCLE_BIN_DAYS * 86_400_000).toISOString();

async function seesWholeBin(deps: AppDeps, user: AuthUser): Promise<boolean> {
  return (await access.hasAction(deps, user, PURGE_KEY)) || (await access.hasAction(deps, user, MANAGE_ALL_KEY));
}

/** The items in the bin the caller may see, newest first. */
export async function listBin(deps: AppDeps, user: AuthUser): Promise<BinResponse> {
  const all = await seesWholeBin(deps, user);
  const folders = await loadFolders(deps.db);
  const nameOf = (id: number | null) => (id === null ? null : (folders.get(id)?.name ?? null));
  const mine = (deletedBy: typeof documents.deletedBy | typeof documentFolders.deletedBy) => (all ? undefined : eq(deletedBy, user.id));
  const people = (deletedBy: typeof documents.deletedBy | typeof documentFolders.deletedBy) => sql<string>`(select u.first_name || ' ' || u.last_name from users u where u.id = ${deletedBy})`;
  const [fRows, dRows] = await Promise.all([
    deps.db
      .select({ id: documentFolders.id, name: documentFolders.name, parentId: documentFolders.parentId, deletedAt: documentFolders.deletedAt, by: people(documentFolders.deletedBy) })
      .from(documentFolders)
      .where(and(isNotNull(documentFolders.deletedAt), mine(documentFolders.deletedBy))),
    deps.db
      .select({ id: documents.id, name: documents.title, parentId: documents.folderId, deletedAt: documents.deletedAt, by: people(documents.deletedBy) })
      .from(documents)
      .where(and(isNotNull(documents.deletedAt), mine(documents.deletedBy))),
  ]);
  const items = [
    ...fRows.map((r) => ({ kind: 'folder' as const, ...r })),
    ...dRows.map((r) => ({ kind: 'document' as const, ...r })),
  ]
    .sort((a, b) => b.deletedAt!.getTime() - a.deletedAt!.getTime())
    .map((r) => ({
      kind: r.kind,
      id: r.id,
      name: r.name,
      originalFolder: nameOf(r.parentId),
      deletedBy: r.by,
      deletedAt: r.deletedAt!.toISOString(),
      purgeAt: purgeAt(r.deletedAt!),
    }));
  return { items, canPurge: await access.hasAction(deps, user, PURGE_KEY) };
}

/** The bin row of (kind, id) the caller may act on, or 404. */
async function binRow(deps: AppDeps, user: AuthUser, kind: BinItemKind, id: number) {
  const table = kind === 'folder' ? documentFolders : documents;
  const [row] = await deps.db
    .select({ id: table.id, deletedBy: table.deletedBy, parentId: kind === 'folder' ? documentFolders.parentId : documents.folderId })
    .from(table)
    .where(and(eq(table.id, id), isNotNull(table.deletedAt)));
  if (!row || (row.deletedBy !== user.id && !(await seesWholeBin(deps, user)))) throw notFound('This item is not in the recycle bin.');
  return row;
}

/**
 * Restores (kind, id) to its original place, or to the root when that place is gone. A folder
 * whose name is taken there meanwhile: 409 `folderNameTaken` (rename the other first).
 */
export async function restore(deps: AppDeps, user: AuthUser, kind: BinItemKind, id: number, now = new Date()): Promise<{ parentId: number | null }> {
  const row = await binRow(deps, user, kind, id);
  const folders = await loadFolders(deps.db);
  const parentId = row.parentId !== null && isLive(folders, row.parentId) ? row.parentId : null;
  if (kind === 'folder') {
    try {
      await deps.db.update(documentFolders).set({ deletedAt: null, deletedBy: null, parentId, updatedAt: now }).where(eq(documentFolders.id, id));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('folderNameTaken', 'A folder with this name exists there now.');
      throw error;
    }
  } else {
    await deps.db.transaction(async (tx) => {
      await tx.update(documents).set({ deletedAt: null, deletedBy: null, folderId: parentId, updatedAt: now }).where(eq(documents.id, id));
      await appendHistory(tx, [{ recordKind: DOCUMENT_KIND, recordId: id, action: 'restore', actorId: user.id, details: { folderId: parentId }, createdAt: now }]);
    });
  }
  await announceRemoval(deps, kind, id);
  return { parentId };
}

/** Removes documents `ids` for good inside `tx`: their files marked removed (the files job deletes the bytes), their open approvals cancelled. */
async function purgeDocuments(tx: Db, ids: number[], actorId: number | null, now: Date): Promise<void> {
  if (ids.length === 0) return;
  const fileIds = (await tx.select({ id: documentVersions.fileId }).from(documentVersions).where(inArray(documentVersions.documentId, ids))).map((r) => r.id);
  if (fileIds.length) await tx.update(files).set({ deletedAt: now, deletedBy: actorId }).where(and(inArray(files.id, fileIds), sql`${files.deletedAt} is null`));
  for (const id of ids) await closeApprovalInTx(tx, DOCUMENT_KIND, id, 'CANCELLED', now);
  await appendHistory(tx, ids.map((id) => ({ recordKind: DOCUMENT_KIND, recordId: id, action: 'purge', actorId, createdAt: now })));
  await tx.delete(documents).where(inArray(documents.id, ids));
}

/** Removes folder `id`, its subtree and the documents in it for good (documents already in the bin on their own stay there, at the root on restore). */
async function purgeFolder(tx: Db, id: number, actorId: number | null, now: Date): Promise<void> {
  const subtree = executedRows<{ id: number }>(
    await tx.execute(sql`with recursive t(id) as (select ${id}::int union all select f.id from document_folders f join t on f.parent_id = t.id) select id from t`),
  ).map((r) => Number(r.id));
  const docs = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(inArray(documents.folderId, subtree), sql`${documents.deletedAt} is null`));
  await purgeDocuments(tx, docs.map((r) => r.id), actorId, now);
  // Children first is not needed: parent_id is `on delete set null`, and the whole subtree goes.
  await tx.delete(documentFolders).where(inArray(documentFolders.id, subtree));
}

/** Tells every instance that (kind, id) came back from the bin or left it for good (the documents grid's cached pages are dropped). */
async function announceRemoval(deps: AppDeps, kind: BinItemKind, id: number): Promise<void> {
  if (kind === 'folder') await announceFolderChange(deps, id);
  else await publishRecordChange(deps, DOCUMENT_KIND, id);
}

/** Purges (kind, id) from the bin (documents.circulation.purge; the route checks the key). */
export async function purge(deps: AppDeps, user: AuthUser, kind: BinItemKind, id: number, now = new Date()): Promise<void> {
  if (!(await access.hasAction(deps, user, PURGE_KEY))) throw forbidden('userTypeLacks', 'You may not purge the recycle bin.');
  await binRow(deps, user, kind, id);
  await deps.db.transaction(async (tx) => (kind === 'folder' ? purgeFolder(tx, id, user.id, now) : purgeDocuments(tx, [id], user.id, now)));
  await announceRemoval(deps, kind, id);
}

/**
 * Purges everything in the bin for RECYCLE_BIN_DAYS days or more as of `now`, in one transaction
 * under `pg_try_advisory_xact_lock` — an instance that finds it taken skips (another is at work).
 * Answers how many items it purged (null: skipped).
 */
export async function purgeExpired(deps: AppDeps, now = new Date()): Promise<number | null> {
  const before = new Date(now.getTime() - RECYCLE_BIN_DAYS * 86_400_000);
  const purged = await deps.db.transaction(async (tx) => {
    const locked = executedRows<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${PURGE_LOCK}) as ok`));
    if (!locked[0]?.ok) return null;
    const oldFolders = await tx.select({ id: documentFolders.id }).from(documentFolders).where(lt(documentFolders.deletedAt, before));
    const oldDocs = await tx.select({ id: documents.id }).from(documents).where(lt(documents.deletedAt, before));
    for (const f of oldFolders) await purgeFolder(tx, f.id, null, now);
    const stillThere = oldDocs.length
      ? (await tx.select({ id: documents.id }).from(documents).where(or(inArray(documents.id, oldDocs.map((r) => r.id))))).map((r) => r.id)
      : [];
    await purgeDocuments(tx, stillThere, null, now);
    return oldFolders.length + stillThere.length;
  });
  if (purged) await announceFolderChange(deps);
  return purged;
}

/** Runs {@link purgeExpired} every {@link BIN_PURGE_INTERVAL_MS} while the app is up. */
export function scheduleBinPurge(app: FastifyInstance, intervalMs = BIN_PURGE_INTERVAL_MS): void {
  scheduleJob(app, 'documents: recycle-bin purge', () => purgeExpired(app.deps), intervalMs);
}
