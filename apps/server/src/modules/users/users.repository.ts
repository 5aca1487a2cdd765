import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations, positions, userTypes, users } from '../../db/schema';

/** Structured filters of the users list (search, sort and paging are done by the service). */
export interface UserFilters {
  isActive?: boolean | null;
  userTypeId?: number | null;
  positionId?: number | null;
  locationId?: number | null;
  id?: number;
}

/** Users with their type (names per language), position and location, matching the filters. */
export async function listUsers(db: Db, filters: UserFilters) {
  const where: SQL[] = [];
  if (filters.id !== undefined) where.push(eq(users.id, filters.id));
  if (filters.isActive != null) where.push(eq(users.isActive, filters.isActive));
  if (filters.userTypeId != null) where.push(eq(users.userTypeId, filters.userTypeId));
  if (filters.positionId != null) where.push(eq(users.positionId, filters.positionId));
  if (filters.locationId != null) where.push(eq(users.locationId, filters.locationId));
  return db
    .select({
      user: users,
      userTypeName: userTypes.name,
      userTypeNames: userTypes.names,
      positionName: positions.name,
      locationName: locations.name,
    })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .leftJoin(positions, eq(positions.id, users.positionId))
    .leftJoin(locations, eq(locations.id, users.locationId))
    .where(where.length > 0 ? and(...where) : undefined);
}

export type UserListRow = Awaited<ReturnType<typeof listUsers>>[number];

/** The id of another user with this email (case-insensitive), or null. */
export async function emailOwner(db: Db, email: string, exceptId: number | null): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), exceptId === null ? undefined : ne(users.id, exceptId)));
  return row?.id ?? null;
}

/** Whether each referenced row exists (null references are fine). */
export async function referencesExist(db: Db, refs: { positionId: number | null; locationId: number | null; userTypeId: number }) {
  const [type] = await db.select({ id: userTypes.id }).from(userTypes).where(eq(userTypes.id, refs.userTypeId));
  const [position] = refs.positionId === null ? [true] : await db.select({ id: positions.id }).from(positions).where(eq(positions.id, refs.positionId));
  const [location] = refs.locationId === null ? [true] : await db.select({ id: locations.id }).from(locations).where(eq(locations.id, refs.locationId));
  return { userTypeId: Boolean(type), positionId: Boolean(position), locationId: Boolean(location) };
}

export type NewUser = typeof users.$inferInsert;

export async function insertUser(db: Db, values: NewUser) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Db, id: number, values: Partial<NewUser>) {
  await db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, id));
}

export async function findUser(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}
