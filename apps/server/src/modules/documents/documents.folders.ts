import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  CreateFolderInput,
  DocumentFolder,
  FolderPermissions,
  FolderPrincipalsResponse,
  FolderTreeResponse,
  SetFolderPermissionsInput,
  UpdateFolderInput,
} from '@servicedesk/contracts';
import { createFolderInput, updateFolderInput } from '@servicedesk/contracts';
import { documentFolderPermissions, documentFolders, documents, groupMembers, groups, userTypePermissions, userTypes, users } from '../../db/schema';
import type { Db } from '../../db/client';
import * as access from '../../lib/access';
import { conflict, domainRule, forbidden, isUniqueViolation } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';
import { announceFolderChange, entriesOf, folderLevels, folderViewer, loadFolders, requireLevel } from './documents.permissions';
import { OPEN_KEY } from './documents.kind';

/*
 * Folders (issue #15; SPEC §5 folder names, §6 folder permissions): the tree the caller may read,
 * create (the creator manages what they create), rename, move, delete to the recycle bin, and the
 * permissions dialog. Errors: 404 `notFound` (unknown or unreadable folder), 403 `forbidden` rule
 * `folderPermission`, 409 `folderNameTaken` (a live sibling has that name, any case), 422
 * `folderCycle` (moving a folder under itself), 400 `validationError` with the SPEC §5 flags.
 */

/** 409 `folderNameTaken` for a unique violation of the sibling-name index. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('folderNameTaken', 'A folder with this name already exists here.');
    throw error;
  }
}

/** The folders the caller may read, with their level and live document counts; whether they may create root folders. */
export async function folderTree(deps: AppDeps, user: AuthUser): Promise<FolderTreeResponse> {
  const levels = await folderLevels(deps.db, await folderViewer(deps, user));
  const ids = [...levels.keys()];
  const rows = ids.length
    ? await deps.db
        .select({ id: documentFolders.id, parentId: documentFolders.parentId, name: documentFolders.name, inherit: documentFolders.inherit })
        .from(documentFolders)
        .where(inArray(documentFolders.id, ids))
    : [];
  const counts = ids.length
    ? await deps.db
        .select({ folderId: documents.folderId, n: sql<number>`count(*)::int` })
        .from(documents)
        .where(and(inArray(documents.folderId, ids), isNull(documents.deletedAt)))
        .groupBy(documents.folderId)
    : [];
  const countOf = new Map(counts.map((c) => [c.folderId, c.n]));
  const folders: DocumentFolder[] = rows
    .map((r) => ({
      id: r.id,
      // A parent the caller may not read is not shown: the folder hangs at the root of their tree.
      parentId: r.parentId !== null && levels.has(r.parentId) ? r.parentId : null,
      name: r.name,
      inherit: r.inherit,
      level: levels.get(r.id)!,
      documentCount: countOf.get(r.id) ?? 0,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'az') || a.id - b.id);
  return { folders, canCreateRoot: await access.hasAction(deps, user, 'documents.circulation.create') };
}

/**
 * Creates a folder (SPEC §5 name rule, checked again here) under `parentId` — write on the parent —
 * or at the root (documents.circulation.create). The creator gets `manage` on it, so the tree they
 * build stays theirs to share.
 */
export async function createFolder(deps: AppDeps, user: AuthUser, raw: CreateFolderInput): Promise<DocumentFolder> {
  const input = createFolderInput.parse(raw);
  if (input.parentId !== null) await requireLevel(deps, user, input.parentId, 'write');
  else await access.require(deps, user, 'documents.circulation.create');
  const row = await uniqueName(() =>
    deps.db.transaction(async (tx) => {
      const [created] = await tx.insert(documentFolders).values({ parentId: input.parentId, name: input.name, createdBy: user.id }).returning();
      await tx.insert(documentFolderPermissions).values({ folderId: created!.id, principalKind: 'user', principalId: user.id, level: 'manage' });
      return created!;
    }),
  );
  await announceFolderChange(deps, row.id);
  return { id: row.id, parentId: row.parentId, name: row.name, inherit: row.inherit, level: 'manage', documentCount: 0 };
}

/** Renames and/or moves folder `id` (manage on it; write on a new parent; never under itself). */
export async function updateFolder(deps: AppDeps, user: AuthUser, id: number, raw: UpdateFolderInput): Promise<DocumentFolder> {
  const input = updateFolderInput.parse(raw);
  const level = await requireLevel(deps, user, id, 'manage');
  const set: Partial<typeof documentFolders.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) set.name = input.name;
  if (input.parentId !== undefined) {
    if (input.parentId !== null) {
      await requireLevel(deps, user, input.parentId, 'write');
      const folders = await loadFolders(deps.db);
      for (let at: number | null = input.parentId; at !== null; at = folders.get(at)?.parentId ?? null) {
        if (at === id) throw domainRule('folderCycle', 'A folder cannot be moved into itself or one of its subfolders.', { folderId: id });
      }
    } else {
      await access.require(deps, user, 'documents.circulation.create');
    }
    set.parentId = input.parentId;
  }
  const [row] = await uniqueName(() => deps.db.update(documentFolders).set(set).where(eq(documentFolders.id, id)).returning());
  await announceFolderChange(deps, id);
  const [count] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(documents)
    .where(and(eq(documents.folderId, id), isNull(documents.deletedAt)));
  return { id: row!.id, parentId: row!.parentId, name: row!.name, inherit: row!.inherit, level, documentCount: count?.n ?? 0 };
}

/** Moves folder `id` (and so its subtree) to the recycle bin (manage on it): who and when. */
export async function deleteFolder(deps: AppDeps, user: AuthUser, id: number, now = new Date()): Promise<void> {
  await requireLevel(deps, user, id, 'manage');
  await deps.db.update(documentFolders).set({ deletedAt: now, deletedBy: user.id, updatedAt: now }).where(eq(documentFolders.id, id));
  await announceFolderChange(deps, id);
}

/** Folder `id`'s permissions as the dialog shows them (read on it suffices to look). */
export async function getPermissions(deps: AppDeps, user: AuthUser, id: number): Promise<FolderPermissions> {
  await requireLevel(deps, user, id, 'read');
  return { folderId: id, ...(await entriesOf(deps.db, id)) };
}

/**
 * Replaces folder `id`'s own entries and its inheritance (manage on it). 422 `unknownPrincipal`
 * (details.principals) for a user, user type or group that does not exist. 422
 * `principalCannotOpenDocuments` (details.principals: kind, id, name, userTypeName) for a NEW entry
 * naming a user or a user type whose type does not hold `documents.circulation`: such a permission
 * could never be used, and a folder manager does not widen what a user type may do (README "Who
 * reads a document"); entries already there are kept as they are. A group is accepted — the entry
 * counts for its members who open document circulation (the dialog says how many do not). A
 * caller who is not a folder administrator cannot take away their own `manage` (403 `forbidden`
 * rule `ownManage`): a folder nobody may manage any more would be lost.
 */
export async function setPermissions(deps: AppDeps, user: AuthUser, id: number, input: SetFolderPermissionsInput): Promise<FolderPermissions> {
  await requireLevel(deps, user, id, 'manage');
  const entries = [...new Map(input.entries.map((e) => [`${e.principalKind}:${e.principalId}`, e])).values()];
  const ids = (kind: string) => [...new Set(entries.filter((e) => e.principalKind === kind).map((e) => e.principalId))];
  const known = new Set<string>();
  const userIds = ids('user');
  const typeIds = ids('userType');
  const groupIds = ids('group');
  if (userIds.length) for (const r of await deps.db.select({ id: users.id }).from(users).where(inArray(users.id, userIds))) known.add(`user:${r.id}`);
  if (typeIds.length) for (const r of await deps.db.select({ id: userTypes.id }).from(userTypes).where(inArray(userTypes.id, typeIds))) known.add(`userType:${r.id}`);
  if (groupIds.length) for (const r of await deps.db.select({ id: groups.id }).from(groups).where(inArray(groups.id, groupIds))) known.add(`group:${r.id}`);
  const unknown = entries.filter((e) => !known.has(`${e.principalKind}:${e.principalId}`));
  if (unknown.length) throw domainRule('unknownPrincipal', 'Some users, user types or groups do not exist.', { principals: unknown });
  await refuseUnusable(deps.db, id, entries);

  await deps.db.transaction(async (tx) => {
    await tx.update(documentFolders).set({ inherit: input.inherit, updatedAt: new Date() }).where(eq(documentFolders.id, id));
    await tx.delete(documentFolderPermissions).where(eq(documentFolderPermissions.folderId, id));
    if (entries.length) await tx.insert(documentFolderPermissions).values(entries.map((e) => ({ folderId: id, ...e })));
    // Checked inside the transaction: a refusal leaves the folder as it was.
    const viewer = await folderViewer(deps, user);
    if (!viewer.manageAll && (await folderLevels(tx, viewer)).get(id) !== 'manage') {
      throw forbidden('ownManage', 'You cannot take away your own manage permission on this folder.', { folderId: id });
    }
  });
  await announceFolderChange(deps, id);
  return getPermissions(deps, user, id);
}

/** The ids of the user types holding `documents.circulation` (the key that opens the area). */
async function typesThatOpen(db: Db): Promise<Set<number>> {
  const rows = await db.select({ id: userTypePermissions.userTypeId }).from(userTypePermissions).where(eq(userTypePermissions.actionKey, OPEN_KEY));
  return new Set(rows.map((r) => r.id));
}

/**
 * 422 `principalCannotOpenDocuments` when an entry of `entries` not yet on folder `id` names a user
 * or a user type whose type lacks `documents.circulation` (details.principals: principalKind,
 * principalId, name — the user's or the type's —, userTypeName).
 */
async function refuseUnusable(db: Db, id: number, entries: readonly { principalKind: string; principalId: number }[]): Promise<void> {
  const current = new Set((await db.select().from(documentFolderPermissions).where(eq(documentFolderPermissions.folderId, id))).map((e) => `${e.principalKind}:${e.principalId}`));
  const added = entries.filter((e) => e.principalKind !== 'group' && !current.has(`${e.principalKind}:${e.principalId}`));
  if (added.length === 0) return;
  const open = await typesThatOpen(db);
  const typeNames = new Map((await db.select({ id: userTypes.id, name: userTypes.name }).from(userTypes)).map((t) => [t.id, t.name]));
  const userIds = added.filter((e) => e.principalKind === 'user').map((e) => e.principalId);
  const people = userIds.length
    ? new Map((await db.select({ id: users.id, f: users.firstName, l: users.lastName, typeId: users.userTypeId }).from(users).where(inArray(users.id, userIds))).map((u) => [u.id, u]))
    : new Map();
  const refused = added.flatMap((e) => {
    const typeId = e.principalKind === 'user' ? people.get(e.principalId)?.typeId : e.principalId;
    if (typeId === undefined || open.has(typeId)) return [];
    const person = people.get(e.principalId);
    const name = e.principalKind === 'user' && person ? `${person.f} ${person.l}` : (typeNames.get(typeId) ?? `#${typeId}`);
    return [{ principalKind: e.principalKind, principalId: e.principalId, name, userTypeName: typeNames.get(typeId) ?? `#${typeId}` }];
  });
  if (refused.length) {
    throw domainRule('principalCannotOpenDocuments', 'Their user type does not open document circulation, so a folder permission could never be used; an administrator grants document circulation to the user type first.', {
      principals: refused,
    });
  }
}

/**
 * The users, user types and groups a permission may name (the dialog's pickers): `canOpen` whether
 * the user's (the type's) type holds `documents.circulation` — an entry naming one that does not is
 * refused —; a group's `membersWithoutAccess`, its active members whose type does not.
 */
export async function principals(deps: AppDeps): Promise<FolderPrincipalsResponse> {
  const [u, t, g, open, members] = await Promise.all([
    deps.db.select({ id: users.id, f: users.firstName, l: users.lastName, typeId: users.userTypeId }).from(users).where(eq(users.isActive, true)).orderBy(users.firstName, users.lastName),
    deps.db.select({ id: userTypes.id, name: userTypes.name }).from(userTypes).orderBy(userTypes.name),
    deps.db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.isActive, true)).orderBy(groups.name),
    typesThatOpen(deps.db),
    deps.db.select({ groupId: groupMembers.groupId, typeId: users.userTypeId }).from(groupMembers).innerJoin(users, eq(users.id, groupMembers.userId)).where(eq(users.isActive, true)),
  ]);
  const without = new Map<number, number>();
  for (const m of members) if (!open.has(m.typeId)) without.set(m.groupId, (without.get(m.groupId) ?? 0) + 1);
  return {
    users: u.map((r) => ({ id: r.id, name: `${r.f} ${r.l}`, canOpen: open.has(r.typeId) })),
    userTypes: t.map((r) => ({ ...r, canOpen: open.has(r.id) })),
    groups: g.map((r) => ({ ...r, membersWithoutAccess: without.get(r.id) ?? 0 })),
  };
}
