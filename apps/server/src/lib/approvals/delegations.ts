import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { approvalDelegations } from '../../db/schema';

/*
 * Who substitutes whom at an instant (issue #11 "Delegation"). A delegation runs over
 * [starts_at, least(ends_at, ended_at)) — ending it early sets ended_at. Substitution is not
 * transitive: the substitute of a substitute decides nothing of the first user's.
 */

const d = approvalDelegations;

/** SQL: the delegation runs at `now`. */
export const runsAt = (now: Date) => and(lte(d.startsAt, now), gt(sql`least(${d.endsAt}, coalesce(${d.endedAt}, ${d.endsAt}))`, now));

/** The users `substituteId` substitutes at `now` (ids). */
export async function delegatorsOf(db: Db, substituteId: number, now: Date): Promise<number[]> {
  const rows = await db.select({ userId: d.userId }).from(d).where(and(eq(d.substituteId, substituteId), runsAt(now)));
  return [...new Set(rows.map((r) => r.userId))];
}

/** The substitutes of `userIds` at `now`: user id → substitute ids. */
export async function substitutesOf(db: Db, userIds: readonly number[], now: Date): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: d.userId, substituteId: d.substituteId })
    .from(d)
    .where(and(inArray(d.userId, [...userIds]), runsAt(now)));
  for (const row of rows) out.set(row.userId, [...(out.get(row.userId) ?? []), row.substituteId]);
  return out;
}
