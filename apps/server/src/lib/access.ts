import { eq } from 'drizzle-orm';
import { userTypePermissions } from '../db/schema';
import { allActions, menuTree, type MenuSeed } from '../seed/catalog';
import type { AppDeps, AuthUser } from '../types';
import { forbidden } from './errors';

/**
 * The one permission mechanism of the server (issue #5, SPEC §6, DOMAIN.md "Permissions").
 *
 * Two layers, always asked in this order:
 * 1. **Action** — may the caller's user type use this action key of the catalogue
 *    (seed/catalog.ts `menuTree`: a menu item such as `helpdesk.requests`, or an element action
 *    such as `helpdesk.requests.approve`)? A menu item that only expands (`helpdesk`, `finance`)
 *    is allowed through any granted child. Routes declare their key in `config.permission` and
 *    the auth guard asks this layer before the handler runs.
 * 2. **Record** — may the caller act on this record (requester, assignee, group member, approver,
 *    folder permission)? Services ask it with the record:
 *
 * ```ts
 * import * as access from '../../lib/access';
 * await access.require(deps, user, 'helpdesk.requests.approve', { id: request.id, requesterId });
 * ```
 *
 * Modules teach it their records once, at route registration:
 *
 * ```ts
 * access.registerRecordRule('helpdesk.requests', async ({ deps, user, actionKey, record }) => {
 *   const row = await loadRequest(deps.db, record.id);            // record.id is always there
 *   if (!row) return { allowed: false, rule: 'recordNotFound' };
 *   if (row.requesterId === user.id) return { allowed: true, rule: 'requester' };
 *   if (row.assigneeId === user.id) return { allowed: true, rule: 'assignee', params: { requestId: row.id } };
 *   return { allowed: false, rule: 'notRecordParticipant', params: { requestId: row.id } };
 * });
 * ```
 *
 * The rule of the longest registered prefix of the action key decides (`helpdesk.requests`
 * covers `helpdesk.requests` and `helpdesk.requests.approve`; a rule for
 * `helpdesk.requests.approve` overrides it for that key). Registering a prefix again replaces
 * its rule. Without a record, or without a rule for the key, the action layer alone decides.
 * A rule runs only after the action layer allowed the key.
 *
 * Rule codes (stable; the explainer screen translates them): `inactiveUser`, `unknownAction`,
 * `userTypeLacks`, `userTypeGrants`, and whatever record rules answer — by convention
 * `requester`, `assignee`, `groupMember`, `groupLead`, `approver`, `folderPermission`,
 * `notRecordParticipant`, `recordNotFound`.
 *
 * The caller's grants are read once per request: they are cached on the `AuthUser` object the
 * auth guard creates for each request (call {@link forget} after changing them mid-request).
 */

/** Whom a decision is about: the caller, or any user for the explainer (with their active flag). */
export interface Subject extends AuthUser {
  /** When false the answer is always `inactiveUser`; callers from the guard are active. */
  isActive?: boolean;
}

/** A record to check: at least its id; modules may pass the fields their rule needs. */
export interface RecordRef {
  id: number;
  [field: string]: unknown;
}

/** The answer of {@link explain}: allowed or not, the stable code of the deciding rule, its parameters. */
export interface Decision {
  allowed: boolean;
  rule: string;
  params?: Record<string, unknown>;
}

/** A record rule: decides for a record once the user type holds the action (see the module comment). */
export type RecordRule = (context: { deps: AppDeps; user: Subject; actionKey: string; record: RecordRef }) => Promise<Decision>;

/** Every action key of the catalogue. */
const catalogueKeys = new Set(allActions().map((a) => a.key));

/** Menu items that only expand → their child menu keys. */
const containers = (() => {
  const map = new Map<string, string[]>();
  const walk = (items: MenuSeed[]) => {
    for (const item of items) {
      if (item.children?.length) {
        map.set(item.actionKey, item.children.map((c) => c.actionKey));
        walk(item.children);
      }
    }
  };
  walk(menuTree);
  return map;
})();

/** True when `key` is an action key of the catalogue (seed/catalog.ts). */
export function isCatalogueKey(key: string): boolean {
  return catalogueKeys.has(key);
}

const recordRules = new Map<string, RecordRule>();

/** Registers (or replaces) the record rule for `actionPrefix` and every key under it. */
export function registerRecordRule(actionPrefix: string, rule: RecordRule): void {
  recordRules.set(actionPrefix, rule);
}

/** The rule of the longest registered prefix of `actionKey`, or undefined. */
function recordRuleFor(actionKey: string): RecordRule | undefined {
  let best: string | undefined;
  for (const prefix of recordRules.keys()) {
    if ((actionKey === prefix || actionKey.startsWith(`${prefix}.`)) && (!best || prefix.length > best.length)) best = prefix;
  }
  return best === undefined ? undefined : recordRules.get(best);
}

const grantCache = new WeakMap<Subject, Promise<Set<string>>>();

/** The action keys the subject's user type holds (cached per AuthUser object, i.e. per request). */
export function grantsOf(deps: AppDeps, user: Subject): Promise<Set<string>> {
  let grants = grantCache.get(user);
  if (!grants) {
    grants = deps.db
      .select({ key: userTypePermissions.actionKey })
      .from(userTypePermissions)
      .where(eq(userTypePermissions.userTypeId, user.userTypeId))
      .then((rows) => new Set(rows.map((r) => r.key)));
    grantCache.set(user, grants);
    // A failed read is not cached.
    grants.catch(() => grantCache.delete(user));
  }
  return grants;
}

/**
 * Hands over grants already read for this subject (the auth guard reads the user and their
 * type's keys in one query), so {@link grantsOf} does not read them again in this request. A Set is
 * kept as it is (shared between requests: never change it).
 */
export function primeGrants(user: Subject, keys: readonly string[] | ReadonlySet<string>): void {
  grantCache.set(user, Promise.resolve(keys instanceof Set ? (keys as Set<string>) : new Set(keys)));
}

/** Drops the cached grants of this subject (after its user type's grants changed). */
export function forget(user: Subject): void {
  grantCache.delete(user);
}

/**
 * Whether a set of grants covers `actionKey`: held directly or — for a menu item that only
 * expands — through a granted child. Answers the child that granted it, or null when not covered.
 */
export function coveredBy(grants: Set<string>, actionKey: string): { via: string } | null {
  if (grants.has(actionKey)) return { via: actionKey };
  for (const child of containers.get(actionKey) ?? []) {
    const hit = coveredBy(grants, child);
    if (hit) return hit;
  }
  return null;
}

/** The action layer only: does the subject's user type cover `actionKey`? */
export async function hasAction(deps: AppDeps, user: Subject, actionKey: string): Promise<boolean> {
  return coveredBy(await grantsOf(deps, user), actionKey) !== null;
}

/**
 * Decides whether `user` may use `actionKey` (on `record` when given) and which rule decided:
 * `inactiveUser` (deactivated subject), `unknownAction` (not in the catalogue), `userTypeLacks`
 * (params: actionKey, userTypeId), then the record rule's answer when a record and a rule are
 * given, else `userTypeGrants` (params: actionKey, userTypeId, via — the key that granted it).
 */
export async function explain(deps: AppDeps, user: Subject, actionKey: string, record?: RecordRef | null): Promise<Decision> {
  if (user.isActive === false) return { allowed: false, rule: 'inactiveUser', params: { userId: user.id } };
  if (!catalogueKeys.has(actionKey)) return { allowed: false, rule: 'unknownAction', params: { actionKey } };
  const hit = coveredBy(await grantsOf(deps, user), actionKey);
  if (!hit) return { allowed: false, rule: 'userTypeLacks', params: { actionKey, userTypeId: user.userTypeId } };
  const rule = record ? recordRuleFor(actionKey) : undefined;
  if (rule && record) return rule({ deps, user, actionKey, record });
  return { allowed: true, rule: 'userTypeGrants', params: { actionKey, userTypeId: user.userTypeId, via: hit.via } };
}

/** Like {@link explain} but throws 403 `forbidden` (details `{ rule, params }`) when not allowed. */
export async function require(deps: AppDeps, user: Subject, actionKey: string, record?: RecordRef | null): Promise<void> {
  const decision = await explain(deps, user, actionKey, record);
  if (!decision.allowed) throw forbidden(decision.rule, 'You do not have permission for this.', decision.params);
}
