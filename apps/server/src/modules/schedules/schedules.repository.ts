import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { ScheduleCellValue } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { groupMembers, groups, leaveRequests, positions, scheduleEntries, scheduleGroupSettings, users } from '../../db/schema';

/*
 * SQL of staff schedules: the groups and their members as the grid shows them, the schedule
 * cells (one row per person and day, ISO date text), a group's minimum coverage, and leave
 * requests. Who may do what is schedules.service.ts.
 */

/** A groups row. */
export type GroupRow = typeof groups.$inferSelect;
/** A schedule_entries row: one person's day. */
export type EntryRow = typeof scheduleEntries.$inferSelect;
/** A leave_requests row (status mirrored from the approval engine). */
export type LeaveRow = typeof leaveRequests.$inferSelect;
/** One cell to write: `value` null clears the day. */
export interface CellWrite {
  userId: number;
  day: string;
  value: ScheduleCellValue | null;
}

/** The group, or undefined. */
export async function findGroup(db: Db, groupId: number): Promise<GroupRow | undefined> {
  const [group] = await db.select().from(groups).where(eq(groups.id, groupId));
  return group;
}

/** The group's active members with their position: the lead first, then by first and last name. */
export function activeMembers(db: Db, groupId: number) {
  return db
    .select({ id: users.id, first: users.firstName, last: users.lastName, positionName: positions.name, isLead: groupMembers.isLead })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .leftJoin(positions, eq(positions.id, users.positionId))
    .where(and(eq(groupMembers.groupId, groupId), eq(users.isActive, true)))
    .orderBy(sql`${groupMembers.isLead} desc`, asc(users.firstName), asc(users.lastName));
}

/** Whether `userId` is in group `groupId` (as its lead when `lead`). */
export async function isMember(db: Db, groupId: number, userId: number, lead = false): Promise<boolean> {
  const [row] = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId), lead ? eq(groupMembers.isLead, true) : undefined));
  return row !== undefined;
}

/** Active groups by name: all of them, or only those `memberId` belongs to. */
export function activeGroups(db: Db, memberId?: number): Promise<{ id: number; name: string }[]> {
  if (memberId === undefined) return db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.isActive, true)).orderBy(groups.name);
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .innerJoin(groupMembers, eq(groupMembers.groupId, groups.id))
    .where(and(eq(groupMembers.userId, memberId), eq(groups.isActive, true)))
    .orderBy(groups.name);
}

/** The names of groups `ids`. */
export function groupNames(db: Db, ids: number[]): Promise<{ id: number; name: string }[]> {
  return db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.id, ids));
}

/** The first and last names of people `ids`. */
export function peopleNames(db: Db, ids: number[]): Promise<{ id: number; first: string; last: string }[]> {
  return db.select({ id: users.id, first: users.firstName, last: users.lastName }).from(users).where(inArray(users.id, ids));
}

/** The entries of `userIds` from `from` through `to` (any group's). */
export async function entriesOf(db: Db, userIds: number[], from: string, to: string): Promise<EntryRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(scheduleEntries)
    .where(and(inArray(scheduleEntries.userId, userIds), between(scheduleEntries.day, from, to)));
}

/** The group's minimum coverage (people present per day); 1 when never set. */
export async function minCoverageOf(db: Db, groupId: number): Promise<number> {
  const [row] = await db.select().from(scheduleGroupSettings).where(eq(scheduleGroupSettings.groupId, groupId));
  return row?.minCoverage ?? 1;
}

/** Sets the group's minimum coverage. */
export async function saveMinCoverage(db: Db, groupId: number, minCoverage: number): Promise<void> {
  await db
    .insert(scheduleGroupSettings)
    .values({ groupId, minCoverage })
    .onConflictDoUpdate({ target: scheduleGroupSettings.groupId, set: { minCoverage } });
}

/**
 * Writes each cell (null = clear) inside `tx`, in group `groupId`, by `actorId` (null: the
 * engine), tied to `leaveRequestId` when it comes from an approved leave. Answers how many cells
 * changed.
 */
export async function writeCells(tx: Db, groupId: number, cells: CellWrite[], actorId: number | null, leaveRequestId: number | null = null): Promise<number> {
  let changed = 0;
  const clear = cells.filter((c) => c.value === null);
  const set = cells.filter((c): c is { userId: number; day: string; value: ScheduleCellValue } => c.value !== null);
  for (const c of clear) {
    const gone = await tx
      .delete(scheduleEntries)
      .where(and(eq(scheduleEntries.userId, c.userId), eq(scheduleEntries.day, c.day)))
      .returning({ id: scheduleEntries.id });
    changed += gone.length;
  }
  // Batches of 500 rows: one statement each (200 people × 31 days = 13 statements).
  for (let i = 0; i < set.length; i += 500) {
    const rows = set.slice(i, i + 500).map((c) => {
      const shift = c.value.kind === 'work' || c.value.kind === 'remote';
      return {
        userId: c.userId,
        groupId,
        day: c.day,
        kind: c.value.kind,
        startMinute: shift ? c.value.startMinute : null,
        endMinute: shift ? c.value.endMinute : null,
        leaveRequestId,
        updatedBy: actorId,
        updatedAt: new Date(),
      };
    });
    await tx
      .insert(scheduleEntries)
      .values(rows)
      .onConflictDoUpdate({
        target: [scheduleEntries.userId, scheduleEntries.day],
        set: {
          groupId,
          kind: sql`excluded.kind`,
          startMinute: sql`excluded.start_minute`,
          endMinute: sql`excluded.end_minute`,
          leaveRequestId: sql`excluded.leave_request_id`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
    changed += rows.length;
  }
  return changed;
}

/** The leave request, or undefined. */
export async function findLeave(db: Db, id: number): Promise<LeaveRow | undefined> {
  const [row] = await db.select().from(leaveRequests).where(eq(leaveRequests.id, id));
  return row;
}

/** Inserts a leave request in the caller's transaction and answers it. */
export async function insertLeave(tx: Db, values: typeof leaveRequests.$inferInsert): Promise<LeaveRow> {
  const [row] = await tx.insert(leaveRequests).values(values).returning();
  return row!;
}

/** Sets the leave request's status (the engine's) at `at`; answers the row after it, or undefined. */
export async function setLeaveStatus(tx: Db, id: number, status: LeaveRow['status'], at: Date): Promise<LeaveRow | undefined> {
  const [row] = await tx.update(leaveRequests).set({ status, updatedAt: at }).where(eq(leaveRequests.id, id)).returning();
  return row;
}

/** Up to 200 leave requests of group `groupId`, or else of requester `userId`; newest first. */
export function leaveList(db: Db, by: { groupId: number } | { userId: number }) {
  return db
    .select()
    .from(leaveRequests)
    .where('groupId' in by ? eq(leaveRequests.groupId, by.groupId) : eq(leaveRequests.userId, by.userId))
    .orderBy(sql`${leaveRequests.createdAt} desc`, sql`${leaveRequests.id} desc`)
    .limit(200);
}
