import type {
  LanguageCode,
  NamesPerLanguage,
  PermissionNode,
  UserTypeDetail,
  UserTypeInput,
  UserTypeRow,
} from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import * as repo from './userTypes.repository';
import * as access from '../../lib/access';
import { conflict, domainRule, notFound } from '../../lib/errors';
import { menuTree, type MenuSeed } from '../../seed/catalog';
import type { AppDeps, AuthUser } from '../../types';
import { changesOf, recordAudit } from '../org/audit';

/** The caption key of an element action: `permissions.actions.<verb>` (the last segment of its key). */
export const actionCaptionKey = (key: string) => `permissions.actions.${key.slice(key.lastIndexOf('.') + 1)}`;

/**
 * The catalogue (seed/catalog.ts menuTree) as a tree with the flags of `grants`: each menu item
 * with its element actions first, then its submenus. A container (helpdesk, finance, …) is
 * checked when any child is.
 */
export function permissionTree(grants: Set<string>): PermissionNode[] {
  const build = (item: MenuSeed): PermissionNode => ({
    key: item.actionKey,
    captionKey: `layout.${item.captionKey}`,
    kind: 'menu',
    isChecked: access.coveredBy(grants, item.actionKey) !== null,
    children: [
      ...(item.actions ?? []).map((key) => ({ key, captionKey: actionCaptionKey(key), kind: 'action' as const, isChecked: grants.has(key), children: [] })),
      ...(item.children ?? []).map(build),
    ],
  });
  return menuTree.map(build);
}

/** Menu items that only expand: never stored as grants (they follow their children). */
const containerKeys = new Set(
  (function collect(items: MenuSeed[]): string[] {
    return items.flatMap((i) => (i.children?.length ? [i.actionKey, ...collect(i.children)] : []));
  })(menuTree),
);

/** Stored names, or the single name in every language for a row older than per-language names. */
const namesOf = (row: { name: string; names: NamesPerLanguage | null }): NamesPerLanguage =>
  row.names ?? { az: row.name, en: row.name, ru: row.name, tr: row.name };

const rows = repo.typesWithUserCounts;

const toRow = (r: Awaited<ReturnType<typeof rows>>[number], language: LanguageCode): UserTypeRow => {
  const names = namesOf(r.type);
  return { id: r.type.id, key: r.type.key, name: names[language], names, userCount: r.userCount, createdAt: r.type.createdAt.toISOString() };
};

/** Every user type with its name in `language` and its active user count, by name. */
export async function listUserTypes(deps: AppDeps, language: LanguageCode): Promise<UserTypeRow[]> {
  const collator = new Intl.Collator(language);
  return (await rows(deps.db)).map((r) => toRow(r, language)).sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}

const grantsOfType = repo.grantsOf;

/** One user type with the permission tree; 404. */
export async function getUserType(deps: AppDeps, id: number, language: LanguageCode): Promise<UserTypeDetail> {
  const row = (await rows(deps.db)).find((r) => r.type.id === id);
  if (!row) throw notFound('No user type with this id.');
  return { ...toRow(row, language), permissions: permissionTree(await grantsOfType(deps.db, id)) };
}

/**
 * The grants to store: catalogue keys without containers, deduplicated; 422 `unknownAction`
 * (details.keys) for keys the catalogue does not have.
 */
function cleanGrants(grants: string[]): string[] {
  const unknown = grants.filter((k) => !access.isCatalogueKey(k));
  if (unknown.length > 0) throw domainRule('unknownAction', 'Some permissions are not in the catalogue.', { keys: unknown });
  return [...new Set(grants.filter((k) => !containerKeys.has(k)))].sort();
}

/** 409 `nameTaken` when another type has the same name (case-insensitive) in any language. */
async function checkNames(db: Db, names: NamesPerLanguage, exceptId: number | null) {
  const wanted = new Set(Object.values(names).map((n) => n.toLowerCase()));
  for (const r of await rows(db)) {
    if (r.type.id === exceptId) continue;
    const theirs = Object.values(namesOf(r.type)).map((n) => n.toLowerCase());
    if (theirs.some((n) => wanted.has(n))) throw conflict('nameTaken', 'Another user type has this name.', { userTypeId: r.type.id });
  }
}

const insertType = repo.insertType;

/** Creates a user type with names per language and grants; 409 `nameTaken`, 422 `unknownAction`. Audited. */
export async function createUserType(deps: AppDeps, actor: AuthUser, input: UserTypeInput, language: LanguageCode): Promise<UserTypeDetail> {
  const grants = cleanGrants(input.grants);
  await checkNames(deps.db, input.names, null);
  const id = await deps.db.transaction(async (tx) => {
    const newId = await insertType(tx, input.names, grants);
    await recordAudit(tx, { actorId: actor.id, entityType: 'userType', entityId: newId, action: 'create', changes: { names: input.names, grants } });
    return newId;
  });
  return getUserType(deps, id, language);
}

/**
 * Replaces a user type's names and grants; 404, 409, 422 as create. Audited with the name
 * changes and `grants: { added, removed }`. Users of the type get the new grants on their next call.
 */
export async function updateUserType(deps: AppDeps, actor: AuthUser, id: number, input: UserTypeInput, language: LanguageCode): Promise<UserTypeDetail> {
  const before = await repo.findType(deps.db, id);
  if (!before) throw notFound('No user type with this id.');
  const grants = cleanGrants(input.grants);
  await checkNames(deps.db, input.names, id);
  const old = await grantsOfType(deps.db, id);
  const added = grants.filter((k) => !old.has(k));
  const removed = [...old].filter((k) => !grants.includes(k)).sort();
  const changes: Record<string, unknown> = changesOf({ names: namesOf(before) }, { names: input.names });
  if (added.length > 0 || removed.length > 0) changes.grants = { added, removed };
  if (Object.keys(changes).length > 0) {
    await deps.db.transaction(async (tx) => {
      await repo.replaceType(tx, id, input.names, grants);
      await recordAudit(tx, { actorId: actor.id, entityType: 'userType', entityId: id, action: 'update', changes });
    });
  }
  return getUserType(deps, id, language);
}

/** Copies a user type with every grant under new names; 404, 409 `nameTaken`. Audited on the copy (`copy`, sourceId). */
export async function copyUserType(deps: AppDeps, actor: AuthUser, sourceId: number, names: NamesPerLanguage, language: LanguageCode): Promise<UserTypeDetail> {
  const source = await repo.findType(deps.db, sourceId);
  if (!source) throw notFound('No user type with this id.');
  await checkNames(deps.db, names, null);
  const grants = [...(await grantsOfType(deps.db, sourceId))].sort();
  const id = await deps.db.transaction(async (tx) => {
    const newId = await insertType(tx, names, grants);
    await recordAudit(tx, { actorId: actor.id, entityType: 'userType', entityId: newId, action: 'copy', changes: { sourceId, names, grants } });
    return newId;
  });
  return getUserType(deps, id, language);
}
