import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { FOLDER_LEVELS, levelAtLeast, type FolderLevel, type FolderPermissionEntry } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { documentFolderPermissions, documentFolders, groups, userTypes, users } from '../../db/schema';
import * as access from '../../lib/access';
import { forbidden, notFound } from '../../lib/errors';
import { groupIdsOf } from '../../lib/records/visibility';
import type { AppDeps, AuthUser } from '../../types';
import { MANAGE_ALL_KEY } from './documents.kind';

/*
 * Folder permissions (SPEC §6 "Document circulation has folder permissions"; issue #15). A folder's
 * entries name a principal — a user, every user of a user type, every member of a group — and a
 * level: read (see the folder and its documents, download files and versions) < write (add and
 * change documents and subfolders, route them, delete documents to the bin) < manage (rename,
 * move, delete the folder, edit its permissions).
 *
 * A caller's level on a folder is the highest of the entries naming them on the folder itself and,
 * while the folder inherits (`inherit`), on its parent, the parent's parent, … — up to the first
 * folder that breaks inheritance (its own entries still count) or the root. A folder in the
 * recycle bin, and everything under it, is nobody's. Holders of `documents.circulation.manageFolders`
 * manage every live folder. The same computation serves every call, the tree, the lists' SQL
 * (the readable folder ids) and search, so they cannot disagree.
 */

/** Who asks: their id, user type, groups, and whether they manage every folder. */
export interface FolderViewer {
  userId: number;
  userTypeId: number;
  groupIds: readonly number[];
  manageAll: boolean;
}

/** A folder as the computation needs it. */
export interface FolderNode {
  id: number;
  parentId: number | null;
  name: string;
  inherit: boolean;
  deletedAt: Date | null;
}

const rank = (level: FolderLevel | null | undefined) => (level ? FOLDER_LEVELS.indexOf(level) : -1);
const higher = (a: FolderLevel | null, b: FolderLevel | null): FolderLevel | null => (rank(a) >= rank(b) ? a : b);

/** The viewer of `user` (groups as the auth guard read them, else from the database). */
export async function folderViewer(deps: AppDeps, user: AuthUser): Promise<FolderViewer> {
  const [groupIds, manageAll] = await Promise.all([user.groupIds ?? groupIdsOf(deps.db, user.id), access.hasAction(deps, user, MANAGE_ALL_KEY)]);
  return { userId: user.id, userTypeId: user.userTypeId, groupIds, manageAll };
}

/** Every folder (live and in the bin), by id. */
export async function loadFolders(db: Db): Promise<Map<number, FolderNode>> {
  const rows = await db
    .select({ id: documentFolders.id, parentId: documentFolders.parentId, name: documentFolders.name, inherit: documentFolders.inherit, deletedAt: documentFolders.deletedAt })
    .from(documentFolders);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Whether `id` and all its ancestors are out of the bin. */
export function isLive(folders: Map<number, FolderNode>, id: number): boolean {
  const seen = new Set<number>();
  for (let node = folders.get(id); node; node = node.parentId === null ? undefined : folders.get(node.parentId)) {
    if (node.deletedAt !== null || seen.has(node.id)) return false;
    seen.add(node.id);
    if (node.parentId === null) return true;
  }
  return false;
}

/**
 * The pure computation (tested on its own): the viewer's level on every live folder they may at
 * least read, from the folders and the entries that name the viewer (`own`: folder id → the
 * highest level of those entries).
 */
export function computeLevels(folders: Map<number, FolderNode>, own: Map<number, FolderLevel>, manageAll: boolean): Map<number, FolderLevel> {
  const levels = new Map<number, FolderLevel | null>();
  const levelOf = (id: number, depth = 0): FolderLevel | null => {
    if (levels.has(id)) return levels.get(id)!;
    const node = folders.get(id);
    if (!node || depth > 1000) return null;
    let level = own.get(id) ?? null;
    if (node.inherit && node.parentId !== null) level = higher(level, levelOf(node.parentId, depth + 1));
    levels.set(id, level);
    return level;
  };
  const out = new Map<number, FolderLevel>();
  for (const id of folders.keys()) {
    if (!isLive(folders, id)) continue;
    const level = manageAll ? 'manage' : levelOf(id);
    if (level) out.set(id, level);
  }
  return out;
}

/** The entries naming `viewer`, per folder: the highest level. */
async function ownEntries(db: Db, viewer: FolderViewer): Promise<Map<number, FolderLevel>> {
  const p = documentFolderPermissions;
  const rows = await db
    .select({ folderId: p.folderId, level: p.level })
    .from(p)
    .where(
      or(
        and(eq(p.principalKind, 'user'), eq(p.principalId, viewer.userId)),
        and(eq(p.principalKind, 'userType'), eq(p.principalId, viewer.userTypeId)),
        viewer.groupIds.length ? and(eq(p.principalKind, 'group'), inArray(p.principalId, [...viewer.groupIds])) : undefined,
      ),
    );
  const own = new Map<number, FolderLevel>();
  for (const row of rows) own.set(row.folderId, higher(own.get(row.folderId) ?? null, row.level)!);
  return own;
}

/** The viewer's level on every live folder they may read (folder id → level). */
export async function folderLevels(db: Db, viewer: FolderViewer): Promise<Map<number, FolderLevel>> {
  const [folders, own] = await Promise.all([loadFolders(db), viewer.manageAll ? Promise.resolve(new Map<number, FolderLevel>()) : ownEntries(db, viewer)]);
  return computeLevels(folders, own, viewer.manageAll);
}

/** The caller's level on folder `id` (null: none, or not live). */
export async function levelOn(deps: AppDeps, user: AuthUser, id: number): Promise<FolderLevel | null> {
  return (await folderLevels(deps.db, await folderViewer(deps, user))).get(id) ?? null;
}

/**
 * Requires at least `needed` on folder `id`: 404 `notFound` when it is not a live folder, 403
 * `forbidden` rule `folderPermission` (params folderId, needed, level — null when none) when the
 * caller's level is lower.
 */
export async function requireLevel(deps: AppDeps, user: AuthUser, id: number, needed: FolderLevel): Promise<FolderLevel> {
  const viewer = await folderViewer(deps, user);
  const folders = await loadFolders(deps.db);
  if (!folders.has(id) || !isLive(folders, id)) throw notFound('This folder does not exist.');
  const level = computeLevels(folders, viewer.manageAll ? new Map() : await ownEntries(deps.db, viewer), viewer.manageAll).get(id) ?? null;
  if (!level || !levelAtLeast(level, needed)) throw forbidden('folderPermission', `You need ${needed} permission on this folder.`, { folderId: id, needed, level });
  return level;
}

/** The principals' display names: users "First Last", user types and groups by name. */
async function principalNames(db: Db, entries: { principalKind: string; principalId: number }[]): Promise<Map<string, string>> {
  const ids = (kind: string) => [...new Set(entries.filter((e) => e.principalKind === kind).map((e) => e.principalId))];
  const names = new Map<string, string>();
  const userIds = ids('user');
  const typeIds = ids('userType');
  const groupIds = ids('group');
  if (userIds.length) {
    for (const u of await db.select({ id: users.id, f: users.firstName, l: users.lastName }).from(users).where(inArray(users.id, userIds))) names.set(`user:${u.id}`, `${u.f} ${u.l}`);
  }
  if (typeIds.length) {
    for (const t of await db.select({ id: userTypes.id, name: userTypes.name }).from(userTypes).where(inArray(userTypes.id, typeIds))) names.set(`userType:${t.id}`, t.name);
  }
  if (groupIds.length) {
    for (const g of await db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.id, groupIds))) names.set(`group:${g.id}`, g.name);
  }
  return names;
}

/**
 * Folder `id`'s entries as the permissions dialog shows them: its own (inheritedFrom null), then
 * those inherited from each ancestor while the chain inherits.
 */
export async function entriesOf(db: Db, id: number): Promise<{ inherit: boolean; entries: FolderPermissionEntry[] }> {
  const folders = await loadFolders(db);
  const node = folders.get(id);
  if (!node) throw notFound();
  const chain: FolderNode[] = [node];
  for (let at = node; at.inherit && at.parentId !== null; ) {
    const parent = folders.get(at.parentId);
    if (!parent || chain.includes(parent)) break;
    chain.push(parent);
    at = parent;
  }
  const rows = await db
    .select()
    .from(documentFolderPermissions)
    .where(inArray(documentFolderPermissions.folderId, chain.map((f) => f.id)))
    .orderBy(documentFolderPermissions.id);
  const names = await principalNames(db, rows);
  const entries: FolderPermissionEntry[] = [];
  for (const folder of chain) {
    for (const row of rows.filter((r) => r.folderId === folder.id)) {
      entries.push({
        principalKind: row.principalKind,
        principalId: row.principalId,
        level: row.level,
        principalName: names.get(`${row.principalKind}:${row.principalId}`) ?? `#${row.principalId}`,
        inheritedFrom: folder.id === id ? null : { id: folder.id, name: folder.name },
      });
    }
  }
  return { inherit: node.inherit, entries };
}

/** SQL: the caller's readable folders' ids as a literal list (for the lists' WHERE). */
export const folderIdsSql = (ids: readonly number[]) => (ids.length ? sql`(${sql.join(ids.map((i) => sql`${i}`), sql`, `)})` : sql`(null)`);
