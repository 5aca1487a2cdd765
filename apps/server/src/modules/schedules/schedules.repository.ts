import { and, asc, between, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { LEAVE_HOLDING_STATUSES, type ScheduleCellValue } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { groupMembers, groups, leaveAllowances, leaveRequests, positions, publicHolidays, scheduleEntries, scheduleGroupSettings, shiftTemplates, users } from '../../db/schema';

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

/**
 * Locks the person's users row until the caller's transaction ends (SELECT … FOR UPDATE): two
 * leave requests (or approvals) of one person are checked for overlap and balance one after the
 * other, on PGlite and PostgreSQL alike (btree_gist, an exclusion constraint's need, is not in PGlite).
 */
export async function lockPerson(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * The person's leave requests that hold days (LEAVE_HOLDING_STATUSES, or only `statuses`) and
 * overlap `from`…`to`, except `exceptId`; earliest first.
 */
export function overlappingLeaves(db: Db, userId: number, from: string, to: string, exceptId: number | null, statuses: readonly string[] = LEAVE_HOLDING_STATUSES) {
  return db
    .select()
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.userId, userId),
        lte(leaveRequests.startDay, to),
        gte(leaveRequests.endDay, from),
        inArray(leaveRequests.status, [...statuses] as LeaveRow['status'][]),
        exceptId === null ? undefined : ne(leaveRequests.id, exceptId),
      ),
    )
    .orderBy(asc(leaveRequests.startDay));
}

/** The leave requests of `userIds` that hold days and touch `from`…`to` (balances). */
export async function holdingLeavesOf(db: Db, userIds: number[], from: string, to: string): Promise<LeaveRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(leaveRequests)
    .where(
      and(
        inArray(leaveRequests.userId, userIds),
        lte(leaveRequests.startDay, to),
        gte(leaveRequests.endDay, from),
        inArray(leaveRequests.status, [...LEAVE_HOLDING_STATUSES] as LeaveRow['status'][]),
      ),
    );
}

/** A public_holidays row. */
export type HolidayRow = typeof publicHolidays.$inferSelect;

/** The calendar's days from `from` through `to`, by day. */
export function holidaysBetween(db: Db, from: string, to: string): Promise<HolidayRow[]> {
  return db.select().from(publicHolidays).where(between(publicHolidays.day, from, to)).orderBy(asc(publicHolidays.day));
}

/** Adds or replaces the calendar's day. */
export async function saveHoliday(db: Db, row: Omit<typeof publicHolidays.$inferInsert, 'updatedAt'>): Promise<HolidayRow> {
  const values = { ...row, updatedAt: new Date() };
  const [saved] = await db.insert(publicHolidays).values(values).onConflictDoUpdate({ target: publicHolidays.day, set: values }).returning();
  return saved!;
}

/** Removes the calendar's day; answers whether there was one. */
export async function deleteHoliday(db: Db, day: string): Promise<boolean> {
  return (await db.delete(publicHolidays).where(eq(publicHolidays.day, day)).returning({ day: publicHolidays.day })).length > 0;
}

/** The allowances set for `userIds` in `year`. */
export async function allowancesOf(db: Db, userIds: number[], year: number): Promise<{ userId: number; days: number }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: leaveAllowances.userId, days: leaveAllowances.days })
    .from(leaveAllowances)
    .where(and(inArray(leaveAllowances.userId, userIds), eq(leaveAllowances.year, year)));
}

/** Sets the person's allowance for the year. */
export async function saveAllowance(db: Db, userId: number, year: number, days: number, by: number): Promise<void> {
  await db
    .insert(leaveAllowances)
    .values({ userId, year, days, updatedBy: by })
    .onConflictDoUpdate({ target: [leaveAllowances.userId, leaveAllowances.year], set: { days, updatedBy: by, updatedAt: new Date() } });
}

/** A shift_templates row. */
export type TemplateRow = typeof shiftTemplates.$inferSelect;

/** The group's shift templates by name. */
export function templatesOf(db: Db, groupId: number): Promise<TemplateRow[]> {
  return db.select().from(shiftTemplates).where(eq(shiftTemplates.groupId, groupId)).orderBy(asc(shiftTemplates.name), asc(shiftTemplates.id));
}

/** The template, or undefined. */
export async function findTemplate(db: Db, id: number): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(shiftTemplates).where(eq(shiftTemplates.id, id));
  return row;
}

/** Inserts a template and answers it. */
export async function insertTemplate(db: Db, values: typeof shiftTemplates.$inferInsert): Promise<TemplateRow> {
  const [row] = await db.insert(shiftTemplates).values(values).returning();
  return row!;
}

/** Deletes the template. */
export async function deleteTemplate(db: Db, id: number): Promise<void> {
  await db.delete(shiftTemplates).where(eq(shiftTemplates.id, id));
}
