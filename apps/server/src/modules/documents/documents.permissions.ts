import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { FOLDER_LEVELS, levelAtLeast, type FolderLevel, type FolderPermissionEntry } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { documentFolderPermissions, documentFolders, documents, groups, userTypes, users } from '../../db/schema';
import { publishRecordChange } from '../../hub/record-presence';
import * as access from '../../lib/access';
import type { ListCache } from '../../lib/lists/list-cache';
import { executedRows } from '../../lib/lists/list-page';
import { forbidden, notFound } from '../../lib/errors';
import { groupIdsOf } from '../../lib/records/visibility';
import type { AppDeps, AuthUser } from '../../types';
import { DOCUMENT_FOLDERS_CHANGE_KIND, MANAGE_ALL_KEY } from './documents.kind';

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
export interface FolderLink {
  id: number;
  parentId: number | null;
  inherit: boolean;
  deletedAt: Date | null;
}

/** A folder with its name. */
export interface FolderNode extends FolderLink {
  name: string;
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
export function isLive(folders: ReadonlyMap<number, FolderLink>, id: number): boolean {
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
export function computeLevels(folders: ReadonlyMap<number, FolderLink>, own: Map<number, FolderLevel>, manageAll: boolean): Map<number, FolderLevel> {
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

/** SQL: the folder permission entries naming `viewer` (as themselves, their user type, their groups). */
function namingViewer(viewer: FolderViewer): SQL {
  const p = documentFolderPermissions;
  return or(
    and(eq(p.principalKind, 'user'), eq(p.principalId, viewer.userId)),
    and(eq(p.principalKind, 'userType'), eq(p.principalId, viewer.userTypeId)),
    viewer.groupIds.length ? and(eq(p.principalKind, 'group'), inArray(p.principalId, [...viewer.groupIds])) : undefined,
  )!;
}

/** Folder id → the highest level of `entries`. */
function highestPerFolder(entries: Iterable<{ folderId: number; level: FolderLevel }>): Map<number, FolderLevel> {
  const own = new Map<number, FolderLevel>();
  for (const { folderId, level } of entries) own.set(folderId, higher(own.get(folderId) ?? null, level)!);
  return own;
}

/** The entries naming `viewer`, per folder: the highest level. */
async function ownEntries(db: Db, viewer: FolderViewer): Promise<Map<number, FolderLevel>> {
  const p = documentFolderPermissions;
  return highestPerFolder(await db.select({ folderId: p.folderId, level: p.level }).from(p).where(namingViewer(viewer)));
}

/**
 * The viewer's level on every live folder they may read (folder id → level). The lists and the
 * search ask on every call, so the tree and the entries naming the viewer come in one statement as
 * JSON (bench/documents: 411 folders as drizzle rows cost 1.6 ms of the app's CPU a call); the
 * computation is {@link computeLevels}, as everywhere.
 */
export async function folderLevels(db: Db, viewer: FolderViewer): Promise<Map<number, FolderLevel>> {
  return (await readableFolders(db, viewer)).levels;
}

/** What a viewer may read: their level on each live folder, and how many folders are live. */
export interface ReadableFolders {
  levels: Map<number, FolderLevel>;
  liveFolders: number;
}

/**
 * {@link folderLevels} (`levels`), and `liveFolders`: how many folders are out of the bin — with
 * `levels.size` the share of the folders the viewer reads (the search guesses from it whether the
 * newest documents hold a page of theirs, documents.search.ts). One statement; with `cache`
 * (documents.routes.ts: dropped on every folder or permission change, here or on another instance —
 * DOCUMENT_FOLDERS_CHANGE_KIND) kept a few seconds under everything it depends on: the viewer's id,
 * user type, groups (as the auth guard read them on this call) and whether they manage every folder.
 * Bench/documents: working it out was a fifth of a search's cost (a statement, ~400 folders parsed).
 */
export async function readableFolders(db: Db, viewer: FolderViewer, cache?: ListCache<ReadableFolders>): Promise<ReadableFolders> {
  if (cache) {
    const key = JSON.stringify([viewer.userId, viewer.userTypeId, viewer.groupIds, viewer.manageAll]);
    return cache.get(key, () => readableFolders(db, viewer));
  }
  const f = documentFolders;
  const p = documentFolderPermissions;
  const result = await db.execute(sql`select
    (select coalesce(json_agg(json_build_array(${f.id}, ${f.parentId}, ${f.inherit}, ${f.deletedAt})), '[]'::json) from ${f}) as folders,
    ${viewer.manageAll ? sql`'[]'::json` : sql`(select coalesce(json_agg(json_build_array(${p.folderId}, ${p.level})), '[]'::json) from ${p} where ${namingViewer(viewer)})`} as own`);
  const row = executedRows<{ folders: [number, number | null, boolean, string | null][]; own: [number, FolderLevel][] }>(result)[0]!;
  const folders = new Map(row.folders.map(([id, parentId, inherit, deletedAt]) => [id, { id, parentId, inherit, deletedAt: deletedAt === null ? null : new Date(deletedAt) }]));
  const levels = computeLevels(folders, highestPerFolder(row.own.map(([folderId, level]) => ({ folderId, level }))), viewer.manageAll);
  let liveFolders = 0;
  for (const id of folders.keys()) if (levels.has(id) || isLive(folders, id)) liveFolders++;
  return { levels, liveFolders };
}

/** The memory a kept {@link ReadableFolders} takes, roughly (bytes): a Map entry of a number and a short text ~80. */
export const readableFoldersSize = (r: ReadableFolders): number => 200 + r.levels.size * 80;

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

/**
 * Tells every instance that folder `id` or its permissions changed, after the change committed
 * (DOCUMENT_FOLDERS_CHANGE_KIND; 0 when several): the documents grid's cached pages are dropped —
 * they show folder names, and which documents a page holds follows the folders' permissions.
 */
export async function announceFolderChange(deps: AppDeps, id = 0): Promise<void> {
  await publishRecordChange(deps, DOCUMENT_FOLDERS_CHANGE_KIND, id);
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

/**
 * SQL: folder ids as ONE `int[]` parameter (`folder_id = any(…)`), not a literal list: hundreds of
 * readable folders (a clerk's 400) stay one bound value, planned as a hashed array lookup.
 */
export const folderIdsArray = (ids: Iterable<number>) => sql`${`{${[...ids].join(',')}}`}::int[]`;

/**
 * Which documents `viewer` may read (`levels`: {@link folderLevels}), as three conditions on
 * `documents`, one per reason — the search counts each on its own index (documents.search.ts):
 * `inFolders` its folder is readable; `atRoot` it lies at the root and is the viewer's own (every
 * root document for folder administrators); `routed` the viewer is on its route while it is routed (they give a visa
 * or approve it without a folder permission). None of them looks at the bin: see {@link readableSql}.
 */
export interface ReadableDocuments {
  /** The readable folders' ids (levels' keys). */
  folderIds: readonly number[];
  inFolders: SQL;
  atRoot: SQL;
  routed: SQL;
}

/** {@link ReadableDocuments} of `viewer`. */
export function readableDocuments(viewer: FolderViewer, levels: Map<number, FolderLevel>): ReadableDocuments {
  const d = documents;
  const folderIds = [...levels.keys()];
  return {
    folderIds,
    inFolders: sql`${d.folderId} = any(${folderIdsArray(folderIds)})`,
    atRoot: viewer.manageAll ? sql`${d.folderId} is null` : sql`(${d.folderId} is null and ${d.createdBy} = ${viewer.userId})`,
    // Containment: some step's userIds holds the viewer (documents_route_idx serves it) — only
    // while it is being routed: the route's people lose it when the routing ends (issue #41).
    routed: sql`(${d.route} @> ${JSON.stringify([{ userIds: [viewer.userId] }])}::jsonb and ${d.status} in ('SUBMITTED', 'IN_APPROVAL'))`,
  };
}

/** The WHERE of what `viewer` may read: live documents (not in the bin) for one of the {@link ReadableDocuments} reasons. */
export function readableSql(viewer: FolderViewer, levels: Map<number, FolderLevel>): SQL {
  const r = readableDocuments(viewer, levels);
  return sql`${documents.deletedAt} is null and (${r.inFolders} or ${r.atRoot} or ${r.routed})`;
}
