import { and, eq, isNull } from 'drizzle-orm';
import { levelAtLeast, type FolderLevel } from '@servicedesk/contracts';
import { documents } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { publishRecordChange } from '../../hub/record-presence';
import type { AppDeps, AuthUser } from '../../types';
import * as access from '../../lib/access';
import { DOCUMENT_KIND, OPEN_KEY, ROUTING_STATUSES } from './documents.kind';
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

/**
 * The live document `id` and the caller's level on it. Two ways in (README "Who reads a document"):
 * holders of `documents.circulation` read by their folder level (or own it at the root); anyone —
 * an employee whose user type has no document circulation too — reads a document while it is being
 * routed to them (SUBMITTED, IN_APPROVAL: they give a visa or approve it), and no longer once the
 * routing ended, unless a folder permission lets them. 404 when unknown or in the bin; 403
 * `forbidden` rule `folderPermission` (params documentId, needed, level) when not readable, rule
 * `userTypeLacks` (params actionKey, documentId) when the caller's user type has no document
 * circulation and the document is not being routed to them.
 */
export async function loadReadable(deps: AppDeps, user: AuthUser, id: number): Promise<{ row: DocRow; level: FolderLevel }> {
  const [row] = await deps.db.select().from(documents).where(and(eq(documents.id, id), isNull(documents.deletedAt)));
  if (!row) throw notFound('This document does not exist or you may not see it.');
  const opens = await access.hasAction(deps, user, OPEN_KEY);
  let level: FolderLevel | null = null;
  if (opens) {
    const viewer = await folderViewer(deps, user);
    level = docLevel(row, viewer, await folderLevels(deps.db, viewer));
  }
  level ??= routedTo(row, user.id) ? 'read' : null;
  if (!level && !opens) throw forbidden('userTypeLacks', 'Your user type does not open document circulation, and this document is not being routed to you.', { actionKey: OPEN_KEY, documentId: id });
  if (!level) throw forbidden('folderPermission', 'You have no permission on this document’s folder.', { documentId: id, needed: 'read', level: null });
  return { row, level };
}

/** Whether document `row` is being routed (SUBMITTED, IN_APPROVAL) and `userId` is one of the people of its route. */
export function routedTo(row: Pick<DocRow, 'route' | 'status'>, userId: number): boolean {
  return (ROUTING_STATUSES as readonly string[]).includes(row.status) && (row.route ?? []).some((step) => step.userIds.includes(userId));
}

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

/** Tells the document's audience (hub RecordChanged) that document `id` changed. */
export async function announce(deps: AppDeps, id: number, log?: WarnLogger): Promise<void> {
  const [row] = await deps.db.select().from(documents).where(eq(documents.id, id));
  if (row) await publishRecordChange(deps, DOCUMENT_KIND, id, audience(row), log);
}
