import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { LdapConfig } from '../../config';
import type { Db } from '../../db/client';
import { directorySyncRuns, groupMembers, groups, locations, positions, userTypes, users } from '../../db/schema';
import { executedRows } from '../../lib/lists/list-page';
import { DIRECTORY_DEACTIVATION_REASON, managedGroups, type Desired, type LocalUser, type PlanItem, type SyncPlan } from './directory.plan';

/*
 * The directory sync's SQL: the local users as the plan compares them, writing one plan item,
 * the sync's advisory lock and the recorded runs. The rules (what to write, when to hold back)
 * are directory.plan's and directory.service's.
 */

/** A password hash no password matches: directory users have no local password. */
export const NO_LOCAL_PASSWORD = '!directory';

/** Advisory lock id of the sync: one run at a time across instances sharing the database. */
export const SYNC_LOCK = 7_337_101;

/** A recorded run (GET /api/admin/directory/runs). */
export type SyncRunRow = typeof directorySyncRuns.$inferSelect;

/** Every user here with the synced fields as names (position, location, user type key, sorted group names) and their pins. */
export async function loadLocalUsers(db: Db): Promise<LocalUser[]> {
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

/** The id of the position / location called `name`, made when missing (a concurrent insert is read back); null for null. */
async function idByName(tx: Db, table: typeof positions | typeof locations, name: string | null): Promise<number | null> {
  if (name === null) return null;
  const [found] = await tx.select({ id: table.id }).from(table).where(eq(table.name, name));
  if (found) return found.id;
  const [made] = await tx.insert(table).values({ name }).onConflictDoNothing().returning({ id: table.id });
  if (made) return made.id;
  const [again] = await tx.select({ id: table.id }).from(table).where(eq(table.name, name));
  return again?.id ?? null;
}

/** User type ids by key. */
export async function userTypeIds(tx: Db): Promise<Map<string, number>> {
  return new Map((await tx.select({ id: userTypes.id, key: userTypes.key }).from(userTypes)).map((t) => [t.key, t.id]));
}

/** Makes `userId`'s memberships of the managed groups exactly `wanted` (missing groups made); lead memberships are never dropped. */
async function writeManagedGroups(tx: Db, config: LdapConfig, userId: number, wanted: string[]): Promise<void> {
  const managed = [...managedGroups(config)];
  if (managed.length === 0) return;
  const rows = await tx.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.name, managed));
  const ids = new Map(rows.map((r) => [r.name, r.id]));
  for (const name of wanted) {
    if (!ids.has(name)) {
      const [made] = await tx.insert(groups).values({ name }).onConflictDoNothing().returning({ id: groups.id });
      if (made) ids.set(name, made.id);
    }
  }
  const keep = new Set(wanted.map((g) => ids.get(g)).filter((id): id is number => id !== undefined));
  const drop = [...ids.values()].filter((id) => !keep.has(id));
  if (drop.length > 0) await tx.delete(groupMembers).where(and(eq(groupMembers.userId, userId), inArray(groupMembers.groupId, drop), eq(groupMembers.isLead, false)));
  for (const groupId of keep) await tx.insert(groupMembers).values({ groupId, userId }).onConflictDoNothing();
}

/**
 * Writes one plan item (inside the caller's transaction): only the fields `item.changes` names,
 * from `want`. Answers the user whose sessions must end (a deactivation), else null. Throws when
 * the mapped user type (LDAP_GROUP_MAP / LDAP_DEFAULT_USER_TYPE) does not exist.
 */
export async function applyItem(tx: Db, config: LdapConfig, item: PlanItem, want: Desired | null, typeIds: Map<string, number>): Promise<number | null> {
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
  if (c.groups) await writeManagedGroups(tx, config, userId!, want.groups);
  return null;
}

/** The id of the user linked to directory entry `dn` (case-insensitive), if any. */
export async function userIdByDn(tx: Db, dn: string): Promise<number | undefined> {
  const [found] = await tx.select({ id: users.id }).from(users).where(eq(sql`lower(${users.directoryDn})`, dn.toLowerCase()));
  return found?.id;
}

/** Takes the sync's transaction-scoped advisory lock ({@link SYNC_LOCK}); false when another run holds it. */
export async function tryLockSync(tx: Db): Promise<boolean> {
  const locked = executedRows<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${SYNC_LOCK}) as ok`));
  return locked[0]?.ok === true;
}

/** What a run record says: who, how, the outcome, and the plan's counts and errors (the first 200). */
export interface RunRecord {
  actorId: number | null;
  trigger: SyncRunRow['trigger'];
  mode: SyncRunRow['mode'];
  status: SyncRunRow['status'];
  plan: SyncPlan | null;
  errors: SyncPlan['errors'];
  startedAt: Date;
}

/** Records a run, finished now. */
export async function insertRun(db: Db, run: RunRecord): Promise<SyncRunRow> {
  const [row] = await db
    .insert(directorySyncRuns)
    .values({
      actorId: run.actorId,
      trigger: run.trigger,
      mode: run.mode,
      status: run.status,
      ...(run.plan?.counts ?? {}),
      errors: run.errors.slice(0, 200),
      startedAt: run.startedAt,
      finishedAt: new Date(),
    })
    .returning();
  return row!;
}

/** The last `limit` runs, newest first. */
export async function listRuns(db: Db, limit = 20): Promise<SyncRunRow[]> {
  return db.select().from(directorySyncRuns).orderBy(desc(directorySyncRuns.startedAt), desc(directorySyncRuns.id)).limit(limit);
}

/** A run as the admin page lists it: ISO times and the name of who started it; the last `limit`, newest first. */
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

/** Replaces the pins of directory user `userId`; false when no directory user has that id (a local user or none). */
export async function writePins(db: Db, userId: number, fields: string[]): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ directoryPinned: fields, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNotNull(users.directoryDn)))
    .returning({ id: users.id });
  return rows.length > 0;
}
