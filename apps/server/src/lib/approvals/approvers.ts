import { and, eq, inArray } from 'drizzle-orm';
import type { ApprovalStepRole } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { groupMembers, userTypes, users } from '../../db/schema';

/*
 * How a step's role resolves to users (issue #11 asks to decide and document it):
 * - `groupLead` → the lead of the group the record names (approval_records.group_id; the
 *   `group_members` row with `is_lead`), when active;
 * - every other role (director, visaPool, lawyer, clerk, accountant, warehouseKeeper) → the active
 *   users whose user type has that key (user_types.key; the seed's userTypeSeeds use exactly these
 *   keys, and a user type made in the app never takes one of them — theirs are `custom-<n>`).
 * The record's author is never among a step's approvers (no self-approval); named users are
 * kept when active. Resolution happens when the record is submitted, for every step of the
 * round: who is away then is covered by delegation, not by re-resolving.
 */

/** The active users a role names for a record (ids ascending). */
export async function usersOfRole(db: Db, role: ApprovalStepRole, groupId: number | null): Promise<number[]> {
  if (role === 'groupLead') {
    if (groupId === null) return [];
    const rows = await db
      .select({ id: users.id })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.isLead, true), eq(users.isActive, true)));
    return rows.map((r) => r.id);
  }
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .where(and(eq(userTypes.key, role), eq(users.isActive, true)))
    .orderBy(users.id);
  return rows.map((r) => r.id);
}

/** The active ones of `ids` (ids ascending). */
export async function activeUsers(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.isActive, true)))
    .orderBy(users.id);
  return rows.map((r) => r.id);
}
