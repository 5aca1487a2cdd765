import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DirectoryField, LdapConfig } from '../../config';
import type { Db } from '../../db/client';
import { directorySyncRuns, groupMembers, groups, locations, positions, userTypes, users } from '../../db/schema';
import { AppError, domainRule } from '../../lib/errors';
import { executedRows } from '../../lib/lists/list-page';
import type { AppDeps } from '../../types';
import * as sessions from '../sessions/sessions.service';
import { DirectoryUnavailableError, groupsOf, readGroups, readUsers, withServiceClient, type DirectoryGroup, type DirectoryUser } from './directory.client';

/*
 * The company-directory sync: the directory's users become users here (name, email, phone,
 * position, location, user type and groups from the configured mapping), a user gone from the
 * directory or disabled there is deactivated (sessions ended, never deleted), one back is
 * reactivated. A plan is computed before anything is written; applying a plan that deactivates
 * more than LDAP_SYNC_MAX_DEACTIVATE_PERCENT of the directory's users needs a confirmation.
 * Fields an admin pinned on a user (users.directory_pinned) are never written by the sync.
 */

/** A field the sync writes and an admin can pin: the mapped attributes plus user type and groups. */
export type DirectoryPinField = DirectoryField | 'userType' | 'groups';
export const DIRECTORY_PIN_FIELDS: readonly DirectoryPinField[] = ['firstName', 'lastName', 'email', 'phone', 'position', 'location', 'userType', 'groups'];

/** The deactivation reason the sync writes; only users it deactivated does it reactivate. */
export const DIRECTORY_DEACTIVATION_REASON = 'directory';

/** A password hash no password matches: directory users have no local password. */
export const NO_LOCAL_PASSWORD = '!directory';

/** Advisory lock id of the sync: one run at a time across instances sharing the database. */
export const SYNC_LOCK = 7_337_101;

/** One user's change in a plan; `changes` holds `{ field: { from, to } }` (names, not ids). */
export interface PlanItem {
  action: 'create' | 'update' | 'deactivate' | 'reactivate';
  dn: string;
  userId: number | null;
  email: string;
  name: string;
  changes: Record<string, { from: string | null; to: string | null }>;
}

/** What a sync would do (preview) or did (apply). Counts are users; `total` is the directory users seen. */
export interface SyncPlan {
  items: PlanItem[];
  counts: { created: number; updated: number; deactivated: number; reactivated: number; unchanged: number };
  total: number;
  /** Entries that could not be mapped (no email…), skipped. */
  errors: { dn?: string; message: string }[];
  /** Share of linked users this plan deactivates, in percent (0–100). */
  deactivatePercent: number;
  /** Active users here linked to the directory before the plan (what the share is of). */
  linked: number;
}

/** The synced fields of a user, as names (position, location, user type key, group names). */
interface SyncedFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  position: string | null;
  location: string | null;
  userType: string;
  groups: string[];
}

/** What a directory entry maps to here. */
interface Desired extends SyncedFields {
  dn: string;
  active: boolean;
}

/** A user here as the sync compares it. */
interface LocalUser extends SyncedFields {
  id: number;
  dn: string | null;
  isActive: boolean;
  deactivationReason: string | null;
  pinned: string[];
}

/** 994 + 9 digits (the phone rule here) from what the directory holds, or null when it is not a local number. */
export function normalizePhone(raw: string | undefined): string | null {
  if (!raw) return null;
  const digits = raw.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('994')) return digits;
  if (digits.length === 10 && digits.startsWith('0')) return `994${digits.slice(1)}`;
  if (digits.length === 9) return `994${digits}`;
  return null;
}

/** The local values a directory entry maps to (config LDAP_ATTRIBUTES, LDAP_GROUP_MAP), or an error text. */
export function desiredOf(config: LdapConfig, user: DirectoryUser, directoryGroups: DirectoryGroup[]): Desired | string {
  const email = user.fields.email?.toLowerCase();
  if (!email) return `no ${config.attributes.email} attribute`;
  const memberOf = groupsOf(user, directoryGroups);
  const mappings = config.groupMap.filter((m) => memberOf.has(m.groupDn.trim().toLowerCase()));
  const fallbackName = user.logins[0] ?? email;
  return {
    dn: user.dn,
    firstName: user.fields.firstName ?? fallbackName,
    lastName: user.fields.lastName ?? '',
    email,
    phone: normalizePhone(user.fields.phone),
    position: user.fields.position ?? null,
    location: user.fields.location ?? null,
    userType: mappings.find((m) => m.userType)?.userType ?? config.defaultUserType,
    groups: [...new Set(mappings.flatMap((m) => m.groups ?? []))].sort(),
    active: user.status !== 'disabled',
  };
}

/** Group names the mapping manages: the sync adds and removes memberships of these only. */
const managedGroups = (config: LdapConfig) => new Set(config.groupMap.flatMap((m) => m.groups ?? []));

async function loadLocalUsers(db: Db): Promise<LocalUser[]> {
  const rows = await db
    .select({
      id: users.id,
      dn: users.directoryDn,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      position: positions.name,
      location: locations.name,
      userType: userTypes.key,
      isActive: users.isActive,
      deactivationReason: users.deactivationReason,
      pinned: users.directoryPinned,
    })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .leftJoin(positions, eq(positions.id, users.positionId))
    .leftJoin(locations, eq(locations.id, users.locationId));
  const memberships = await db.select({ userId: groupMembers.userId, name: groups.name }).from(groupMembers).innerJoin(groups, eq(groups.id, groupMembers.groupId));
  const byUser = new Map<number, string[]>();
  for (const m of memberships) byUser.set(m.userId, [...(byUser.get(m.userId) ?? []), m.name]);
  return rows.map((r) => ({ ...r, groups: (byUser.get(r.id) ?? []).sort() }));
}

const FIELDS: DirectoryField[] = ['firstName', 'lastName', 'email', 'phone', 'position', 'location'];

/** The field changes from `local` to `want`, leaving out pinned fields and groups the mapping does not manage. */
function diff(config: LdapConfig, local: LocalUser | null, want: Desired): PlanItem['changes'] {
  const changes: PlanItem['changes'] = {};
  const pinned = new Set(local?.pinned ?? []);
  for (const field of FIELDS) {
    if (pinned.has(field)) continue;
    const from = local ? local[field] : null;
    const to = want[field];
    if ((from ?? null) !== (to ?? null)) changes[field] = { from: from ?? null, to: to ?? null };
  }
  if (!pinned.has('userType') && local?.userType !== want.userType) changes.userType = { from: local?.userType ?? null, to: want.userType };
  if (!pinned.has('groups')) {
    const managed = managedGroups(config);
    const have = (local?.groups ?? []).filter((g) => managed.has(g));
    if (have.join('\n') !== want.groups.join('\n') && (want.groups.length > 0 || have.length > 0)) {
      changes.groups = { from: have.join(', ') || null, to: want.groups.join(', ') || null };
    }
  }
  if (local && local.dn?.toLowerCase() !== want.dn.toLowerCase()) changes.directoryDn = { from: local.dn, to: want.dn };
  return changes;
}

/**
 * The plan that makes the local users match `directoryUsers`: a directory entry is matched to a
 * local user by DN, else by email (an existing local account is then linked to it); linked users
 * the directory no longer lists, or lists as disabled, are deactivated.
 */
export function computePlan(config: LdapConfig, locals: LocalUser[], directoryUsers: DirectoryUser[], directoryGroups: DirectoryGroup[]): SyncPlan {
  const byDn = new Map(locals.filter((u) => u.dn).map((u) => [u.dn!.toLowerCase(), u]));
  const byEmail = new Map(locals.map((u) => [u.email.toLowerCase(), u]));
  const seen = new Set<number>();
  const items: PlanItem[] = [];
  const errors: SyncPlan['errors'] = [];
  let unchanged = 0;
  for (const entry of directoryUsers) {
    const want = desiredOf(config, entry, directoryGroups);
    if (typeof want === 'string') {
      errors.push({ dn: entry.dn, message: want });
      continue;
    }
    const local = byDn.get(want.dn.toLowerCase()) ?? byEmail.get(want.email) ?? null;
    if (local && seen.has(local.id)) {
      errors.push({ dn: entry.dn, message: `email ${want.email} is already taken by another directory entry` });
      continue;
    }
    if (local) seen.add(local.id);
    const name = `${want.firstName} ${want.lastName}`.trim();
    if (!local) {
      if (want.active) items.push({ action: 'create', dn: want.dn, userId: null, email: want.email, name, changes: diff(config, null, want) });
      continue;
    }
    if (!want.active) {
      if (local.isActive) items.push({ action: 'deactivate', dn: want.dn, userId: local.id, email: local.email, name, changes: { isActive: { from: 'true', to: 'false' } } });
      else unchanged += 1;
      continue;
    }
    const changes = diff(config, local, want);
    if (!local.isActive) {
      // Only a user the sync deactivated comes back by itself; an admin's deactivation stands.
      if (local.deactivationReason === DIRECTORY_DEACTIVATION_REASON) {
        items.push({ action: 'reactivate', dn: want.dn, userId: local.id, email: local.email, name, changes: { ...changes, isActive: { from: 'false', to: 'true' } } });
      } else unchanged += 1;
      continue;
    }
    if (Object.keys(changes).length > 0) items.push({ action: 'update', dn: want.dn, userId: local.id, email: local.email, name, changes });
    else unchanged += 1;
  }
  const linked = locals.filter((u) => u.dn && u.isActive);
  for (const local of linked) {
    if (seen.has(local.id)) continue;
    items.push({
      action: 'deactivate',
      dn: local.dn!,
      userId: local.id,
      email: local.email,
      name: `${local.firstName} ${local.lastName}`.trim(),
      changes: { isActive: { from: 'true', to: 'false' } },
    });
  }
  const count = (a: PlanItem['action']) => items.filter((i) => i.action === a).length;
  const deactivated = count('deactivate');
  return {
    items,
    counts: { created: count('create'), updated: count('update'), deactivated, reactivated: count('reactivate'), unchanged },
    total: directoryUsers.length,
    errors,
    deactivatePercent: linked.length === 0 ? 0 : Math.round((deactivated / linked.length) * 1000) / 10,
    linked: linked.length,
  };
}

async function idByName(tx: Db, table: typeof positions | typeof locations, name: string | null): Promise<number | null> {
  if (name === null) return null;
  const [found] = await tx.select({ id: table.id }).from(table).where(eq(table.name, name));
  if (found) return found.id;
  const [made] = await tx.insert(table).values({ name }).onConflictDoNothing().returning({ id: table.id });
  if (made) return made.id;
  const [again] = await tx.select({ id: table.id }).from(table).where(eq(table.name, name));
  return again?.id ?? null;
}

async function userTypeIds(tx: Db): Promise<Map<string, number>> {
  return new Map((await tx.select({ id: userTypes.id, key: userTypes.key }).from(userTypes)).map((t) => [t.key, t.id]));
}

/** Writes one plan item (inside the caller's transaction); answers the users whose sessions must end. */
async function applyItem(tx: Db, config: LdapConfig, item: PlanItem, want: Desired | null, typeIds: Map<string, number>): Promise<number | null> {
  const now = new Date();
  if (item.action === 'deactivate') {
    await tx.update(users).set({ isActive: false, deactivationReason: DIRECTORY_DEACTIVATION_REASON, updatedAt: now }).where(eq(users.id, item.userId!));
    return item.userId;
  }
  if (!want) return null;
  const c = item.changes;
  const values: Partial<typeof users.$inferInsert> = { updatedAt: now, directoryDn: want.dn };
  if (c.firstName) values.firstName = want.firstName;
  if (c.lastName) values.lastName = want.lastName;
  if (c.email) values.email = want.email;
  if (c.phone) values.phone = want.phone;
  if (c.position) values.positionId = await idByName(tx, positions, want.position);
  if (c.location) values.locationId = await idByName(tx, locations, want.location);
  if (c.userType) {
    const typeId = typeIds.get(want.userType);
    if (typeId === undefined) throw new Error(`user type "${want.userType}" (LDAP_GROUP_MAP / LDAP_DEFAULT_USER_TYPE) does not exist`);
    values.userTypeId = typeId;
  }
  if (item.action === 'reactivate') {
    values.isActive = true;
    values.deactivationReason = null;
  }
  let userId = item.userId;
  if (item.action === 'create') {
    const [made] = await tx
      .insert(users)
      .values({ firstName: want.firstName, lastName: want.lastName, email: want.email, passwordHash: NO_LOCAL_PASSWORD, userTypeId: values.userTypeId!, ...values })
      .returning({ id: users.id });
    userId = made!.id;
  } else {
    await tx.update(users).set(values).where(eq(users.id, userId!));
  }
  if (c.groups) {
    const managed = [...managedGroups(config)];
    if (managed.length > 0) {
      const rows = await tx.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.name, managed));
      const ids = new Map(rows.map((r) => [r.name, r.id]));
      for (const name of want.groups) {
        if (!ids.has(name)) {
          const [made] = await tx.insert(groups).values({ name }).onConflictDoNothing().returning({ id: groups.id });
          if (made) ids.set(name, made.id);
        }
      }
      const keep = new Set(want.groups.map((g) => ids.get(g)).filter((id): id is number => id !== undefined));
      const drop = [...ids.values()].filter((id) => !keep.has(id));
      if (drop.length > 0) await tx.delete(groupMembers).where(and(eq(groupMembers.userId, userId!), inArray(groupMembers.groupId, drop), eq(groupMembers.isLead, false)));
      for (const groupId of keep) await tx.insert(groupMembers).values({ groupId, userId: userId! }).onConflictDoNothing();
    }
  }
  return null;
}

function requireLdap(deps: AppDeps): LdapConfig {
  if (!deps.config.ldap) throw domainRule('directoryNotConfigured', 'No company directory is configured (LDAP_URL).');
  return deps.config.ldap;
}

/** Reads the directory's users and groups with the service account; 503 `directoryUnavailable` when it cannot. */
async function readDirectory(config: LdapConfig): Promise<{ users: DirectoryUser[]; groups: DirectoryGroup[] }> {
  try {
    return await withServiceClient(config, async (client) => ({ users: await readUsers(client, config), groups: await readGroups(client, config) }));
  } catch (error) {
    if (error instanceof DirectoryUnavailableError) throw directoryUnavailable(error.message);
    throw error;
  }
}

/** 503 `directoryUnavailable`: the directory could not be asked (down, refused the service account). */
export const directoryUnavailable = (why: string) => new AppError(503, 'directoryUnavailable', `The company directory cannot be reached: ${why}`);

/** Who asked for a run and how. */
export interface SyncRequest {
  mode: 'preview' | 'apply';
  trigger: 'schedule' | 'admin';
  actorId: number | null;
  /** Apply even when the plan deactivates more than the allowed share. */
  confirmed?: boolean;
}

/** A recorded run (GET /api/admin/directory/runs). */
export type SyncRunRow = typeof directorySyncRuns.$inferSelect;

async function record(db: Db, request: SyncRequest, status: SyncRunRow['status'], plan: SyncPlan | null, startedAt: Date, errors: SyncPlan['errors']): Promise<SyncRunRow> {
  const [row] = await db
    .insert(directorySyncRuns)
    .values({
      actorId: request.actorId,
      trigger: request.trigger,
      mode: request.mode,
      status,
      ...(plan?.counts ?? {}),
      errors: errors.slice(0, 200),
      startedAt,
      finishedAt: new Date(),
    })
    .returning();
  return row!;
}

/**
 * One sync run: reads the directory, computes the plan against the users here and — in `apply`
 * mode — writes it in one transaction under an advisory lock (another instance's concurrent run
 * answers `skipped`; an admin's run then 409 `directorySyncRunning`). A plan deactivating more
 * than LDAP_SYNC_MAX_DEACTIVATE_PERCENT of the linked users is held back without `confirmed`
 * (422 `directoryConfirmationNeeded` for an admin, `{ count, total, percent }`). Deactivated
 * users' sessions end. Every run, previews included, is recorded with its counts and errors.
 */
export async function runSync(deps: AppDeps, request: SyncRequest): Promise<{ run: SyncRunRow; plan: SyncPlan }> {
  const config = requireLdap(deps);
  const startedAt = new Date();
  let directory: Awaited<ReturnType<typeof readDirectory>>;
  try {
    directory = await readDirectory(config);
  } catch (error) {
    await record(deps.db, request, 'failed', null, startedAt, [{ message: (error as Error).message }]);
    throw error;
  }
  const wanted = new Map<string, Desired>();
  for (const u of directory.users) {
    const want = desiredOf(config, u, directory.groups);
    if (typeof want !== 'string') wanted.set(u.dn.toLowerCase(), want);
  }
  if (request.mode === 'preview') {
    const plan = computePlan(config, await loadLocalUsers(deps.db), directory.users, directory.groups);
    return { run: await record(deps.db, request, 'previewed', plan, startedAt, plan.errors), plan };
  }
  let revoke: number[] = [];
  const outcome = await deps.db.transaction(async (tx) => {
    const locked = executedRows<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${SYNC_LOCK}) as ok`));
    if (!locked[0]?.ok) return { status: 'skipped' as const, plan: null };
    const plan = computePlan(config, await loadLocalUsers(tx), directory.users, directory.groups);
    if (plan.deactivatePercent > config.maxDeactivatePercent && !request.confirmed) return { status: 'heldBack' as const, plan };
    const typeIds = await userTypeIds(tx);
    for (const item of plan.items) {
      const ended = await applyItem(tx, config, item, wanted.get(item.dn.toLowerCase()) ?? null, typeIds);
      if (ended !== null) revoke.push(ended);
    }
    return { status: 'applied' as const, plan };
  });
  if (outcome.status === 'skipped') {
    const run = await record(deps.db, request, 'skipped', null, startedAt, []);
    if (request.trigger === 'admin') throw new AppError(409, 'directorySyncRunning', 'Another directory sync is running.');
    return { run, plan: emptyPlan() };
  }
  const plan = outcome.plan;
  if (outcome.status === 'heldBack') {
    const run = await record(deps.db, request, 'heldBack', plan, startedAt, plan.errors);
    if (request.trigger === 'admin') {
      throw domainRule('directoryConfirmationNeeded', 'The sync would deactivate too many users; confirm to apply it.', {
        count: plan.counts.deactivated,
        total: plan.linked,
        percent: config.maxDeactivatePercent,
        runId: run.id,
      });
    }
    return { run, plan };
  }
  await sessions.revokeAllOf(deps, revoke, 'deactivated');
  revoke = [];
  return { run: await record(deps.db, request, 'applied', plan, startedAt, plan.errors), plan };
}

function emptyPlan(): SyncPlan {
  return { items: [], counts: { created: 0, updated: 0, deactivated: 0, reactivated: 0, unchanged: 0 }, total: 0, errors: [], deactivatePercent: 0, linked: 0 };
}

/**
 * Creates or refreshes the local user of a directory entry that just signed in (the same mapping
 * as the sync, pinned fields kept), so a directory user can sign in before the first sync.
 * Answers the local user id, or null when the entry cannot be mapped (no email) or its local user
 * was deactivated here by an admin.
 */
export async function provisionOnSignIn(deps: AppDeps, user: DirectoryUser, directoryGroups: DirectoryGroup[]): Promise<{ userId: number; isActive: boolean } | null> {
  const config = requireLdap(deps);
  const want = desiredOf(config, user, directoryGroups);
  if (typeof want === 'string') return null;
  return deps.db.transaction(async (tx) => {
    const locals = await loadLocalUsers(tx);
    const local = locals.find((u) => u.dn?.toLowerCase() === want.dn.toLowerCase()) ?? locals.find((u) => u.email.toLowerCase() === want.email) ?? null;
    const typeIds = await userTypeIds(tx);
    if (!local) {
      const item: PlanItem = { action: 'create', dn: want.dn, userId: null, email: want.email, name: '', changes: diff(config, null, want) };
      await applyItem(tx, config, item, want, typeIds);
      const [made] = await tx.select({ id: users.id }).from(users).where(eq(sql`lower(${users.directoryDn})`, want.dn.toLowerCase()));
      return { userId: made!.id, isActive: true };
    }
    const reactivate = !local.isActive && local.deactivationReason === DIRECTORY_DEACTIVATION_REASON;
    const changes = diff(config, local, want);
    if (Object.keys(changes).length > 0 || reactivate) {
      await applyItem(tx, config, { action: reactivate ? 'reactivate' : 'update', dn: want.dn, userId: local.id, email: local.email, name: '', changes }, want, typeIds);
    }
    return { userId: local.id, isActive: local.isActive || reactivate };
  });
}

/** The last `limit` runs, newest first. */
export async function listRuns(db: Db, limit = 20): Promise<SyncRunRow[]> {
  return db.select().from(directorySyncRuns).orderBy(desc(directorySyncRuns.startedAt), desc(directorySyncRuns.id)).limit(limit);
}

/** Sets the fields the sync leaves alone on a directory user (replacing the earlier pins); 404 for a local user. */
export async function setPins(db: Db, userId: number, fields: DirectoryPinField[]): Promise<void> {
  const rows = await db
    .update(users)
    .set({ directoryPinned: [...new Set(fields)].filter((f) => DIRECTORY_PIN_FIELDS.includes(f)), updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNotNull(users.directoryDn)))
    .returning({ id: users.id });
  if (rows.length === 0) throw new AppError(404, 'notFound', 'No such directory user.');
}

/** The configuration in effect for the admin page (never the service password). */
export function settingsOf(config: LdapConfig | null) {
  return {
    configured: config !== null,
    url: config?.url ?? null,
    startTls: config?.startTls ?? false,
    caFile: config?.caFile ?? null,
    bindDn: config?.bindDn ?? null,
    userBaseDn: config?.userBaseDn ?? null,
    userFilter: config?.userFilter ?? null,
    loginAttributes: config?.loginAttributes ?? [],
    groupBaseDn: config?.groupBaseDn ?? null,
    groupFilter: config?.groupFilter ?? null,
    attributes: config?.attributes ?? {},
    groupMap: config?.groupMap ?? [],
    defaultUserType: config?.defaultUserType ?? null,
    syncIntervalMinutes: config?.syncIntervalMinutes ?? 0,
    maxDeactivatePercent: config?.maxDeactivatePercent ?? 0,
  };
}

/**
 * The admin's connection test: bind as the service account, search the user base, and show the
 * first user as the mapping reads it (fields, user type, groups). Each step answers ok or the
 * directory's message; a failed step skips the ones after it. 422 `directoryNotConfigured`.
 */
export async function testConnection(deps: AppDeps) {
  const config = requireLdap(deps);
  const result = {
    bind: { ok: false, message: null as string | null },
    search: { ok: false, message: null as string | null, count: 0 },
    sample: null as null | { dn: string; fields: Record<string, string>; userType: string; groups: string[] },
  };
  try {
    await withServiceClient(config, async (client) => {
      result.bind.ok = true;
      try {
        const found = await readUsers(client, config);
        const directoryGroups = await readGroups(client, config);
        result.search = { ok: true, message: null, count: found.length };
        const first = found[0];
        if (first) {
          const want = desiredOf(config, first, directoryGroups);
          result.sample = {
            dn: first.dn,
            fields: first.fields as Record<string, string>,
            userType: typeof want === 'string' ? config.defaultUserType : want.userType,
            groups: typeof want === 'string' ? [] : want.groups,
          };
        }
      } catch (error) {
        result.search.message = (error as Error).message;
      }
    });
  } catch (error) {
    result.bind.message = (error as Error).message;
  }
  return result;
}

/** A run as the admin page lists it: ISO times and the name of who started it. */
export async function listRunsForAdmin(db: Db, limit = 20) {
  const rows = await db
    .select({ run: directorySyncRuns, firstName: users.firstName, lastName: users.lastName })
    .from(directorySyncRuns)
    .leftJoin(users, eq(users.id, directorySyncRuns.actorId))
    .orderBy(desc(directorySyncRuns.startedAt), desc(directorySyncRuns.id))
    .limit(limit);
  return rows.map(({ run, firstName, lastName }) => toRunView(run, firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim()));
}

/** A run row with ISO times and the actor's name. */
export function toRunView(run: SyncRunRow, actorName: string | null) {
  return { ...run, actorName, startedAt: run.startedAt.toISOString(), finishedAt: run.finishedAt?.toISOString() ?? null };
}

/** {@link toRunView} with the actor's name read from the users table. */
export async function runView(db: Db, run: SyncRunRow) {
  const [actor] = run.actorId === null ? [] : await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, run.actorId));
  return toRunView(run, actor ? `${actor.firstName} ${actor.lastName}`.trim() : null);
}
