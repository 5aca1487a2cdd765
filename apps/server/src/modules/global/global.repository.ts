import { and, asc, desc, eq, gte, ilike, lt, or } from 'drizzle-orm';
import type { LoginFailureReason, TableSettings } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import {
  locations,
  loginHistory,
  menus,
  permissionActions,
  positions,
  specodes,
  tableSettings,
  userTypes,
  users,
} from '../../db/schema';

/** Every menu row, in display order (the tree is built by the service). */
export async function allMenus(db: Db) {
  return db.select().from(menus).orderBy(asc(menus.sortOrder), asc(menus.id));
}

/** The element actions directly under `parentKey`, in catalogue order. */
export async function childActions(db: Db, parentKey: string) {
  return db
    .select({ key: permissionActions.key })
    .from(permissionActions)
    .where(eq(permissionActions.parentKey, parentKey))
    .orderBy(asc(permissionActions.sortOrder));
}

/** Active users with their position name, by first then last name. */
export async function activeUsers(db: Db) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      imgPath: users.imgPath,
      positionName: positions.name,
    })
    .from(users)
    .leftJoin(positions, eq(positions.id, users.positionId))
    .where(eq(users.isActive, true))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** The user's WhatsApp number (`994` + 9 digits) or null. */
export async function userPhone(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  return row?.phone ?? null;
}

/** Updates the caller's own preferences (language, phone). */
export async function updateUser(db: Db, userId: number, values: Partial<{ language: 'az' | 'en' | 'ru' | 'tr'; phone: string }>) {
  await db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Filters of {@link loginAttempts}: null/absent ones do not narrow; `from` inclusive, `to` exclusive instants; `ip` a substring. */
export interface LoginAttemptFilters {
  isSuccess?: boolean | null;
  user?: { id: number; email: string } | null;
  reason?: LoginFailureReason | null;
  ip?: string | null;
  from?: Date | null;
  to?: Date | null;
}

/** Login attempts (all, or by this user or on this email) that pass `filters`, with the user's name and position, newest first, at most `limit`. */
export async function loginAttempts(db: Db, who: { userId: number; email: string } | 'all', filters: LoginAttemptFilters, limit: number) {
  const mine = who === 'all' ? undefined : or(eq(loginHistory.userId, who.userId), eq(loginHistory.email, who.email.toLowerCase()));
  const success = filters.isSuccess == null ? undefined : eq(loginHistory.isSuccess, filters.isSuccess);
  const person = filters.user == null ? undefined : or(eq(loginHistory.userId, filters.user.id), eq(loginHistory.email, filters.user.email.toLowerCase()));
  const reason = filters.reason == null ? undefined : eq(loginHistory.reason, filters.reason);
  const ip = filters.ip ? ilike(loginHistory.ip, `%${filters.ip.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
  const from = filters.from ? gte(loginHistory.createdAt, filters.from) : undefined;
  const to = filters.to ? lt(loginHistory.createdAt, filters.to) : undefined;
  return db
    .select({
      attempt: loginHistory,
      firstName: users.firstName,
      lastName: users.lastName,
      positionName: positions.name,
    })
    .from(loginHistory)
    .leftJoin(users, eq(users.id, loginHistory.userId))
    .leftJoin(positions, eq(positions.id, users.positionId))
    .where(and(mine, success, person, reason, ip, from, to))
    .orderBy(desc(loginHistory.createdAt), desc(loginHistory.id))
    .limit(limit);
}

/** The values of one lookup list, in list order. */
export async function specodesByKey(db: Db, key: string) {
  return db.select().from(specodes).where(eq(specodes.key, key)).orderBy(asc(specodes.sortOrder), asc(specodes.id));
}

/** Inserts or replaces a user's settings of one table and answers what is stored. */
export async function saveTableSettings(db: Db, userId: number, tableKey: string, settings: TableSettings): Promise<TableSettings> {
  const [row] = await db
    .insert(tableSettings)
    .values({ userId, tableKey, settings })
    .onConflictDoUpdate({
      target: [tableSettings.userId, tableSettings.tableKey],
      set: { settings, updatedAt: new Date() },
    })
    .returning({ settings: tableSettings.settings });
  return row?.settings ?? settings;
}

/** A user's saved settings of one table, or null. */
export async function findTableSettings(db: Db, userId: number, tableKey: string): Promise<TableSettings | null> {
  const [row] = await db
    .select({ settings: tableSettings.settings })
    .from(tableSettings)
    .where(and(eq(tableSettings.userId, userId), eq(tableSettings.tableKey, tableKey)));
  return row?.settings ?? null;
}

/** The user with type, position and location names, or null. */
export async function userProfile(db: Db, userId: number) {
  const [row] = await db
    .select({
      user: users,
      positionName: positions.name,
      locationName: locations.name,
      userTypeName: userTypes.name,
    })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .leftJoin(positions, eq(positions.id, users.positionId))
    .leftJoin(locations, eq(locations.id, users.locationId))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Colleagues other than `exceptId` (the chat list). */
export async function colleagues(db: Db, exceptId: number) {
  return (await activeUsers(db)).filter((u) => u.id !== exceptId);
}


/** The user's id and email (login history's user filter), or undefined. */
export async function userEmail(db: Db, id: number): Promise<{ id: number; email: string } | undefined> {
  const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, id));
  return row;
}
