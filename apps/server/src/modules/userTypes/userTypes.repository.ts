import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { NamesPerLanguage } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { userTypePermissions, userTypes, users } from '../../db/schema';

/* SQL of user types: the types with their active user counts, their grants (action keys). The rules are userTypes.service.ts. */

/** A user_types row. */
export type UserTypeRecord = typeof userTypes.$inferSelect;

/** Every user type with its number of active users, by id. */
export async function typesWithUserCounts(db: Db): Promise<{ type: UserTypeRecord; userCount: number }[]> {
  return db
    .select({
      type: userTypes,
      // Aliased and qualified by hand: inside a subquery drizzle renders columns unqualified, and
      // `user_type_id = id` would compare the user's own id.
      userCount: sql<number>`(select count(*)::int from ${users} as u where u.user_type_id = ${userTypes}.id and u.is_active)`,
    })
    .from(userTypes)
    .orderBy(asc(userTypes.id));
}

/** The user type, or undefined. */
export async function findType(db: Db, id: number): Promise<UserTypeRecord | undefined> {
  const [row] = await db.select().from(userTypes).where(eq(userTypes.id, id));
  return row;
}

/** The action keys granted to user type `userTypeId`. */
export async function grantsOf(db: Db, userTypeId: number): Promise<Set<string>> {
  const found = await db.select({ key: userTypePermissions.actionKey }).from(userTypePermissions).where(eq(userTypePermissions.userTypeId, userTypeId));
  return new Set(found.map((g) => g.key));
}

/** Inserts a custom user type (key `custom-<12 hex>`, `name` the English one) with `grants`; answers its id. */
export async function insertType(db: Db, names: NamesPerLanguage, grants: string[]): Promise<number> {
  const [created] = await db
    .insert(userTypes)
    .values({ key: `custom-${randomBytes(6).toString('hex')}`, name: names.en, names })
    .returning({ id: userTypes.id });
  if (grants.length > 0) await db.insert(userTypePermissions).values(grants.map((actionKey) => ({ userTypeId: created!.id, actionKey })));
  return created!.id;
}

/** Replaces user type `id`'s names and grants (in the caller's transaction). */
export async function replaceType(tx: Db, id: number, names: NamesPerLanguage, grants: string[]): Promise<void> {
  await tx.update(userTypes).set({ name: names.en, names }).where(eq(userTypes.id, id));
  await tx.delete(userTypePermissions).where(eq(userTypePermissions.userTypeId, id));
  if (grants.length > 0) await tx.insert(userTypePermissions).values(grants.map((actionKey) => ({ userTypeId: id, actionKey })));
}
