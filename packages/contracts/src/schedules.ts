import { z } from 'zod';
import { id, idParam } from './validation';
import { approvalStatus } from './approvals';
import { SCHEDULE_KINDS, LEAVE_KINDS } from './plain/schedules';
export { SCHEDULE_KINDS, COVERAGE_KINDS, LEAVE_KINDS, FIXED_HOLIDAYS, MOVABLE_HOLIDAYS, isHoliday } from './plain/schedules';
export const scheduleKind = z.enum(SCHEDULE_KINDS);
export type ScheduleKind = z.infer<typeof scheduleKind>;

/** An ISO calendar day. */
export const isoDay = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'isoDay');
/** A month `YYYY-MM`. */
export const isoMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'isoMonth');

/** A schedule cell: the kind and, for work/remote, an optional shift (start < end, minutes 0…1440). */
export const scheduleCellValue = z
  .object({
    kind: scheduleKind,
    startMinute: z.number().int().min(0).max(1440).nullable().default(null),
    endMinute: z.number().int().min(0).max(1440).nullable().default(null),
  })
  .refine((v) => (v.startMinute === null) === (v.endMinute === null), { message: 'shiftIncomplete', path: ['endMinute'] })
  .refine((v) => v.startMinute === null || v.endMinute === null || v.startMinute < v.endMinute, { message: 'invalidRange', path: ['endMinute'] });
export type ScheduleCellValue = z.output<typeof scheduleCellValue>;

/** One filled cell of the month. */
export const scheduleEntry = z.object({
  userId: z.number().int(),
  day: isoDay,
  kind: scheduleKind,
  startMinute: z.number().int().nullable(),
  endMinute: z.number().int().nullable(),
  leaveRequestId: z.number().int().nullable(),
});
export type ScheduleEntry = z.infer<typeof scheduleEntry>;

/** GET /api/schedules/month?groupId=&month= → the group's month. */
export const scheduleMonthQuery = z.object({ groupId: idParam, month: isoMonth });
export const scheduleMonth = z.object({
  groupId: z.number().int(),
  groupName: z.string(),
  month: isoMonth,
  /** Every day of the month, with weekend and holiday flags (Saturday and Sunday are the weekend). */
  days: z.array(z.object({ day: isoDay, weekend: z.boolean(), holiday: z.boolean() })),
  people: z.array(z.object({ id: z.number().int(), name: z.string(), positionName: z.string().nullable(), isLead: z.boolean() })),
  entries: z.array(scheduleEntry),
  minCoverage: z.number().int().nonnegative(),
  /** Per day (same order as `days`): people working or remote. */
  coverage: z.array(z.number().int().nonnegative()),
  canEdit: z.boolean(),
});
export type ScheduleMonth = z.infer<typeof scheduleMonth>;

/** GET /api/schedules/groups → the groups whose schedules the caller may open (own groups; all with schedules.edit). */
export const scheduleGroupsResponse = z.array(z.object({ id: z.number().int(), name: z.string(), canEdit: z.boolean() }));
export type ScheduleGroups = z.infer<typeof scheduleGroupsResponse>;

/**
 * POST /api/schedules/paint: the group's lead (or an admin with `schedules.edit`) sets `value`
 * (or clears with null) on every (userId, day) of `cells`; the people must be the group's.
 */
export const schedulePaintInput = z.object({
  groupId: id,
  cells: z.array(z.object({ userId: id, day: isoDay })).min(1).max(200 * 31),
  value: scheduleCellValue.nullable(),
});
export type SchedulePaintInput = z.input<typeof schedulePaintInput>;

/** POST /api/schedules/copyWeek: the week starting `weekStart` (a Monday) copied onto the next `weeks` weeks. */
export const scheduleCopyWeekInput = z.object({ groupId: id, weekStart: isoDay, weeks: z.number().int().min(1).max(6) });
export type ScheduleCopyWeekInput = z.input<typeof scheduleCopyWeekInput>;

/**
 * POST /api/schedules/pattern: repeats `pattern` (one value or null per day, e.g. 2 on, 2 off)
 * for `userIds` from `from` through `to` (inclusive, at most 62 days).
 */
export const schedulePatternInput = z.object({
  groupId: id,
  userIds: z.array(id).min(1).max(200),
  from: isoDay,
  to: isoDay,
  pattern: z.array(scheduleCellValue.nullable()).min(1).max(28),
});
export type SchedulePatternInput = z.input<typeof schedulePatternInput>;

/** POST /api/schedules/settings: a group's minimum coverage. */
export const scheduleSettingsInput = z.object({ groupId: id, minCoverage: z.number().int().min(0).max(1000) });

/** Changed cells' count. */
export const schedulePaintResponse = z.object({ changed: z.number().int().nonnegative() });

// ---------------------------------------------------------------------------------------------
// Leave requests
// ---------------------------------------------------------------------------------------------

/** POST /api/schedules/leave: the caller asks for `kind` days `startDay`…`endDay` in `groupId` (a group of theirs); submitted to the lead at once. */
export const leaveRequestInput = z.object({
  groupId: id,
  kind: z.enum(LEAVE_KINDS),
  startDay: isoDay,
  endDay: isoDay,
  reason: z.string().trim().max(1000).nullable().default(null),
});
export type LeaveRequestInput = z.input<typeof leaveRequestInput>;

export const leaveRequest = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  groupId: z.number().int(),
  groupName: z.string(),
  kind: scheduleKind,
  startDay: isoDay,
  endDay: isoDay,
  days: z.number().int(),
  reason: z.string().nullable(),
  status: approvalStatus,
  createdAt: z.string().datetime(),
});
export type LeaveRequest = z.infer<typeof leaveRequest>;

/** POST /api/schedules/leave/list { mine?, groupId? }: mine, or a group's (its lead). */
export const leaveListQuery = z.object({ groupId: id.optional() });
export const leaveListResponse = z.array(leaveRequest);

/** GET /api/schedules/leave/{id}: the request with its group's coverage over its days (what the lead sees while deciding). */
export const leaveRequestDetail = z.object({
  request: leaveRequest,
  coverage: z.array(z.object({ day: isoDay, present: z.number().int(), minCoverage: z.number().int(), withoutRequester: z.number().int() })),
});
export type LeaveRequestDetail = z.infer<typeof leaveRequestDetail>;
export const leaveIdParams = z.object({ id: idParam });
