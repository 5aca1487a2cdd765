import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ApprovalStatus, HolidayKind, ScheduleCellValue, ScheduleKind } from '@servicedesk/contracts';
import { users } from './users';
import { groups } from './groups';

/**
 * One person's day in the staff schedule (issue #18, DOMAIN.md "Staff schedule"): a `kind`
 * (work, remote, vacation, sick, dayOff) and for work/remote an optional shift `startMinute` –
 * `endMinute` (minutes after midnight, Asia/Baku). One row per person and day; `groupId` is the
 * group whose grid wrote it; `leaveRequestId` when an approved leave request wrote it.
 */
export const scheduleEntries = pgTable(
  'schedule_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    groupId: integer('group_id').references(() => groups.id),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').$type<ScheduleKind>().notNull(),
    startMinute: integer('start_minute'),
    endMinute: integer('end_minute'),
    leaveRequestId: integer('leave_request_id'),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('schedule_entries_user_day_idx').on(t.userId, t.day), index('schedule_entries_group_day_idx').on(t.groupId, t.day)],
);

/** A group's schedule settings: the fewest people working (work or remote) a day needs. */
export const scheduleGroupSettings = pgTable('schedule_group_settings', {
  groupId: integer('group_id')
    .primaryKey()
    .references(() => groups.id, { onDelete: 'cascade' }),
  minCoverage: integer('min_coverage').notNull().default(1),
});

/**
 * A leave request (issue #18): `userId` asks for `kind` days `startDay`…`endDay` (inclusive) in
 * `groupId`; the group's lead decides on the approval engine (kind `leaveRequest`). `status`
 * mirrors the engine's; once APPROVED the days are written to the schedule.
 */
export const leaveRequests = pgTable(
  'leave_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    kind: text('kind').$type<ScheduleKind>().notNull(),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    endDay: date('end_day', { mode: 'string' }).notNull(),
    reason: text('reason'),
    status: text('status').$type<ApprovalStatus>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('leave_requests_user_idx').on(t.userId, t.startDay),
    index('leave_requests_group_idx').on(t.groupId, t.startDay),
    index('leave_requests_user_span_idx').on(t.userId, t.endDay, t.startDay),
  ],
);

/**
 * The organisation's holiday calendar (issue #41, migration 0034, seeded with Azerbaijan's 2026 and
 * 2027 holidays): one row per day, `kind` a HolidayKind (its name is translated), `name` an
 * admin's own label (else null), `dayOff` false for a holiday that is a working day (Constitution
 * Day, Labour Code Art. 105.2). Days off are not counted as leave days and are marked on the grid.
 */
export const publicHolidays = pgTable('public_holidays', {
  day: date('day', { mode: 'string' }).primaryKey(),
  kind: text('kind').$type<HolidayKind>().notNull(),
  name: text('name'),
  dayOff: boolean('day_off').notNull().default(true),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A person's annual leave allowance in days for `year` (issue #41); without a row the default (LEAVE_DEFAULT_ALLOWANCE). */
export const leaveAllowances = pgTable(
  'leave_allowances',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    year: integer('year').notNull(),
    days: integer('days').notNull(),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.year], name: 'leave_allowances_user_id_year_pk' })],
);

/** A group's shift template (issue #41): a name and seven cells Monday…Sunday (null = leave the day empty), applied to a week. */
export const shiftTemplates = pgTable('shift_templates', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id')
    .notNull()
    .references(() => groups.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  days: jsonb('days').$type<(ScheduleCellValue | null)[]>().notNull(),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
