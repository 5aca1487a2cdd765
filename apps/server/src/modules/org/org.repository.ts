import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupMembers, groups, locations, positions, users } from '../../db/schema';

/** Positions and locations share one shape: id, unique name, active flag. */
export type OrgKind = 'position' | 'location';

const tableOf = (kind: OrgKind) => (kind === 'position' ? positions : locations);
const userColumnOf = (kind: OrgKind) => (kind === 'position' ? users.positionId : users.locationId);

/** Positions or locations by name, with how many active users hold each; inactive ones too when asked. */
export async function listOrgItems(db: Db, kind: OrgKind, includeInactive: boolean) {
  const table = tableOf(kind);
  return db
    .select({
      id: table.id,
      name: table.name,
      isActive: table.isActive,
      userCount: sql<number>`count(${users.id})::int`,
    })
    .from(table)
    .leftJoin(users, and(eq(userColumnOf(kind), table.id), eq(users.isActive, true)))
    .where(includeInactive ? undefined : eq(table.isActive, true))
    .groupBy(table.id)
    .orderBy(asc(table.name), asc(table.id));
}

/** One position or location, or null. */
export async function findOrgItem(db: Db, kind: OrgKind, id: number) {
  const table = tableOf(kind);
  const [row] = await db.select().from(table).where(eq(table.id, id));
  return row ?? null;
}

/** The position or location named `name` (case-insensitive), or null. */
export async function findOrgItemByName(db: Db, kind: OrgKind, name: string) {
  const table = tableOf(kind);
  const [row] = await db.select().from(table).where(eq(sql`lower(${table.name})`, name.toLowerCase()));
  return row ?? null;
}

export async function insertOrgItem(db: Db, kind: OrgKind, name: string) {
  const table = tableOf(kind);
  const [row] = await db.insert(table).values({ name }).returning();
  return row!;
}

export async function updateOrgItem(db: Db, kind: OrgKind, id: number, values: { name?: string; isActive?: boolean }) {
  const table = tableOf(kind);
  await db.update(table).set(values).where(eq(table.id, id));
}

/** Groups by name with member count and lead. */
export async function listGroups(db: Db, includeInactive: boolean) {
  const lead = db
    .select({ groupId: groupMembers.groupId, userId: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.isLead, true))
    .as('lead');
  const leadUser = db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).as('lead_user');
  return db
    .select({
      id: groups.id,
      name: groups.name,
      isActive: groups.isActive,
      memberCount: sql<number>`(select count(*)::int from ${groupMembers} where ${groupMembers.groupId} = ${groups.id})`,
      leadUserId: lead.userId,
      leadFirstName: leadUser.firstName,
      leadLastName: leadUser.lastName,
    })
    .from(groups)
    .leftJoin(lead, eq(lead.groupId, groups.id))
    .leftJoin(leadUser, eq(leadUser.id, lead.userId))
    .where(includeInactive ? undefined : eq(groups.isActive, true))
    .orderBy(asc(groups.name), asc(groups.id));
}

export async function findGroup(db: Db, id: number) {
  const [row] = await db.select().from(groups).where(eq(groups.id, id));
  return row ?? null;
}

export async function findGroupByName(db: Db, name: string) {
  const [row] = await db.select().from(groups).where(eq(sql`lower(${groups.name})`, name.toLowerCase()));
  return row ?? null;
}

/** The members of a group with their names and positions, lead first, then by name. */
export async function groupMembersOf(db: Db, groupId: number) {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      positionName: positions.name,
      isLead: groupMembers.isLead,
      isActive: users.isActive,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .leftJoin(positions, eq(positions.id, users.positionId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(sql`${groupMembers.isLead} desc`, asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** Replaces the member list of a group (in the caller's transaction). */
export async function replaceMembers(db: Db, groupId: number, members: { userId: number; isLead: boolean }[]) {
  await db.delete(groupMembers).where(eq(groupMembers.groupId, groupId));
  if (members.length > 0) await db.insert(groupMembers).values(members.map((m) => ({ groupId, ...m })));
}

/** The ids among `ids` that belong to a user. */
export async function existingUserIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** The groups a user belongs to, by name. */
export async function groupsOfUser(db: Db, userId: number) {
  return db
    .select({ id: groups.id, name: groups.name, isLead: groupMembers.isLead })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groups.name));
}
