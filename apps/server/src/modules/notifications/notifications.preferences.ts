import { eq, inArray } from 'drizzle-orm';
import {
  BUILT_IN_NOTIFICATION_PREFERENCES,
  completePreferences,
  type LanguageCode,
  type MyNotificationPreferences,
  type NotificationPreferences,
  type NotificationPreferencesValue,
  type UserTypeNotificationDefaults,
} from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { userNotificationPreferences, userTypeNotificationDefaults, userTypes, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';

/**
 * Notification preferences (issue #38): the effective choice of a user is their own row, else
 * the admin's defaults for their user type, else {@link BUILT_IN_NOTIFICATION_PREFERENCES};
 * a kind missing from a stored value takes the next level's (completePreferences).
 */

/** A recipient as the fan-out needs them: where to reach them, in which language, with what choice. */
export interface Recipient {
  userId: number;
  email: string;
  /** `994` + 9 digits, or null (no WhatsApp). */
  phone: string | null;
  language: LanguageCode;
  isActive: boolean;
  preferences: NotificationPreferencesValue;
}

/** The type's defaults: the admin's when set, else the built-in ones. */
const typeDefaults = (stored: NotificationPreferencesValue | null): NotificationPreferencesValue =>
  completePreferences(stored, BUILT_IN_NOTIFICATION_PREFERENCES);

/** The effective preferences and contact details of `userIds` (unknown ids are left out), one query. */
export async function recipientsOf(db: Db, userIds: readonly number[]): Promise<Recipient[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      phone: users.phone,
      language: users.language,
      isActive: users.isActive,
      own: userNotificationPreferences.preferences,
      defaults: userTypeNotificationDefaults.preferences,
    })
    .from(users)
    .leftJoin(userNotificationPreferences, eq(userNotificationPreferences.userId, users.id))
    .leftJoin(userTypeNotificationDefaults, eq(userTypeNotificationDefaults.userTypeId, users.userTypeId))
    .where(inArray(users.id, [...new Set(userIds)]));
  return rows.map((r) => ({
    userId: r.userId,
    email: r.email,
    phone: r.phone,
    language: r.language,
    isActive: r.isActive,
    preferences: completePreferences(r.own, typeDefaults(r.defaults)),
  }));
}

/**
 * GET /api/notifications/preferences: the caller's effective preferences, their type's defaults,
 * whether they saved their own, their WhatsApp number and the zone of the quiet hours.
 */
export async function getMyPreferences(deps: AppDeps, user: AuthUser): Promise<MyNotificationPreferences> {
  const [row] = await deps.db
    .select({
      phone: users.phone,
      own: userNotificationPreferences.preferences,
      defaults: userTypeNotificationDefaults.preferences,
    })
    .from(users)
    .leftJoin(userNotificationPreferences, eq(userNotificationPreferences.userId, users.id))
    .leftJoin(userTypeNotificationDefaults, eq(userTypeNotificationDefaults.userTypeId, users.userTypeId))
    .where(eq(users.id, user.id));
  if (!row) throw notFound('No such user.');
  const defaults = typeDefaults(row.defaults);
  return {
    preferences: completePreferences(row.own, defaults),
    defaults,
    isCustom: row.own !== null,
    whatsappNumber: row.phone,
    timeZone: deps.config.organisationTimeZone,
  };
}

/** PUT /api/notifications/preferences: stores the caller's whole choice (every kind, the quiet hours); answers as GET. */
export async function saveMyPreferences(deps: AppDeps, user: AuthUser, preferences: NotificationPreferences, now = new Date()): Promise<MyNotificationPreferences> {
  await deps.db
    .insert(userNotificationPreferences)
    .values({ userId: user.id, preferences, updatedAt: now })
    .onConflictDoUpdate({ target: userNotificationPreferences.userId, set: { preferences, updatedAt: now } });
  return getMyPreferences(deps, user);
}

/** DELETE /api/notifications/preferences: forgets the caller's own choice (back to their type's defaults); answers as GET. */
export async function resetMyPreferences(deps: AppDeps, user: AuthUser): Promise<MyNotificationPreferences> {
  await deps.db.delete(userNotificationPreferences).where(eq(userNotificationPreferences.userId, user.id));
  return getMyPreferences(deps, user);
}

async function requireUserType(db: Db, userTypeId: number): Promise<void> {
  const [type] = await db.select({ id: userTypes.id }).from(userTypes).where(eq(userTypes.id, userTypeId));
  if (!type) throw notFound('No such user type.');
}

/** GET /api/notifications/defaults/{userTypeId}: the type's defaults (built-in when the admin set none); 404 for an unknown type. */
export async function getUserTypeDefaults(deps: AppDeps, userTypeId: number): Promise<UserTypeNotificationDefaults> {
  await requireUserType(deps.db, userTypeId);
  const [row] = await deps.db
    .select({ preferences: userTypeNotificationDefaults.preferences })
    .from(userTypeNotificationDefaults)
    .where(eq(userTypeNotificationDefaults.userTypeId, userTypeId));
  return { userTypeId, preferences: typeDefaults(row?.preferences ?? null), isSet: row !== undefined };
}

/**
 * PUT /api/notifications/defaults/{userTypeId}: sets the type's defaults; users of the type who
 * saved no choice of their own follow them from the next notification. 404 for an unknown type.
 */
export async function saveUserTypeDefaults(
  deps: AppDeps,
  userTypeId: number,
  preferences: NotificationPreferences,
  now = new Date(),
): Promise<UserTypeNotificationDefaults> {
  await requireUserType(deps.db, userTypeId);
  await deps.db
    .insert(userTypeNotificationDefaults)
    .values({ userTypeId, preferences, updatedAt: now })
    .onConflictDoUpdate({ target: userTypeNotificationDefaults.userTypeId, set: { preferences, updatedAt: now } });
  return getUserTypeDefaults(deps, userTypeId);
}
