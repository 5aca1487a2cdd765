import { and, eq, isNull } from 'drizzle-orm';
import { levelAtLeast, type FolderLevel } from '@servicedesk/contracts';
import { documents } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { publishRecordChange } from '../../hub/record-presence';
import type { AppDeps, AuthUser } from '../../types';
import { DOCUMENT_KIND } from './documents.kind';
import { folderLevels, folderViewer, type FolderViewer } from './documents.permissions';
import type { WarnLogger } from '../../lib/log';

/*
 * Who may read / write a document (issue #15, #41): its folder's level (documents.permissions.ts),
 * the author at the root, and the people of its route while it is being routed. Also who hears of
 * its changes (RecordChanged's audience).
 */

export type DocRow = typeof documents.$inferSelect;

/** The viewer's level on a document row: its folder's level; a document at the root is its author's (and folder administrators'). */
export function docLevel(row: Pick<DocRow, 'folderId' | 'createdBy'>, viewer: FolderViewer, levels: Map<number, FolderLevel>): FolderLevel | null {
  if (row.folderId === null) return viewer.manageAll || row.createdBy === viewer.userId ? 'manage' : null;
  return levels.get(row.folderId) ?? null;
}

/** The live document `id` and the caller's level on it; 404 when unknown or in the bin, 403 `forbidden` rule `folderPermission` when not readable. */
export async function loadReadable(deps: AppDeps, user: AuthUser, id: number): Promise<{ row: DocRow; level: FolderLevel }> {
  const [row] = await deps.db.select().from(documents).where(and(eq(documents.id, id), isNull(documents.deletedAt)));
  if (!row) throw notFound('This document does not exist or you may not see it.');
  const viewer = await folderViewer(deps, user);
  // The people of its route read it (they give a visa or approve it) without a folder permission.
  const level = docLevel(row, viewer, await folderLevels(deps.db, viewer)) ?? (onRoute(row, user.id) ? 'read' : null);
  if (!level) throw forbidden('folderPermission', 'You have no permission on this document’s folder.', { documentId: id, needed: 'read', level: null });
  return { row, level };
}

/** Whether `userId` is one of the people of the document's route. */
const onRoute = (row: Pick<DocRow, 'route'>, userId: number): boolean => (row.route ?? []).some((step) => step.userIds.includes(userId));

/** {@link loadReadable} requiring `needed` (403 `forbidden` rule `folderPermission` when lower). */
export async function loadWithLevel(deps: AppDeps, user: AuthUser, id: number, needed: FolderLevel): Promise<{ row: DocRow; level: FolderLevel }> {
  const found = await loadReadable(deps, user, id);
  if (!levelAtLeast(found.level, needed)) {
    throw forbidden('folderPermission', `You need ${needed} permission on this document's folder.`, { documentId: id, needed, level: found.level });
  }
  return found;
}

/** Whether `user` may read document `id` (files, versions, approval, record presence). */
export async function mayReadDocument(deps: AppDeps, user: AuthUser, id: number): Promise<boolean> {
  try {
    await loadReadable(deps, user, id);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** Everyone with a part in a document: its author and the people of its route (RecordChanged's audience). */
export function audience(row: DocRow): number[] {
  return [...new Set([row.createdBy, ...(row.route ?? []).flatMap((s) => s.userIds)])];
}

export async function announce(deps: AppDeps, id: number, log?: WarnLogger): Promise<void> {
  const [row] = await deps.db.select().from(documents).where(eq(documents.id, id));
  if (row) await publishRecordChange(deps, DOCUMENT_KIND, id, audience(row), log);
}
