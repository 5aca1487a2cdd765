import { z } from 'zod';
import { id, idParam } from './validation';
import { approvalStatus } from './approvals';
import { SCHEDULE_KINDS, LEAVE_KINDS, HOLIDAY_KINDS } from './plain/schedules';
export {
  SCHEDULE_KINDS,
  COVERAGE_KINDS,
  LEAVE_KINDS,
  FIXED_HOLIDAYS,
  MOVABLE_HOLIDAYS,
  isHoliday,
  HOLIDAY_KINDS,
  LEAVE_DEFAULT_ALLOWANCE,
  ALLOWANCE_KINDS,
  LEAVE_HOLDING_STATUSES,
} from './plain/schedules';
export const scheduleKind = z.enum(SCHEDULE_KINDS);
export type ScheduleKind = z.infer<typeof scheduleKind>;

/** An ISO calendar day. */
export const isoDay = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'isoDay');
/** A month `YYYY-MM`. */
export const isoMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'isoMonth');

export const holidayKind = z.enum(HOLIDAY_KINDS);
export type HolidayKind = z.infer<typeof holidayKind>;

/** A day of the holiday calendar: `dayOff` false for a holiday that is a working day (Constitution Day). */
export const holiday = z.object({
  day: isoDay,
  kind: holidayKind,
  name: z.string().nullable(),
  dayOff: z.boolean(),
});
export type Holiday = z.infer<typeof holiday>;

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
  /** The month's holidays of the calendar (issue #41), with their kind and own name. */
  holidays: z.array(holiday).default([]),
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
  /** Leave days counted: the span's days minus the calendar's days off (holidays are not leave days). */
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

// ---------------------------------------------------------------------------------------------
// Holiday calendar, leave balances, shift templates (issue #41)
// ---------------------------------------------------------------------------------------------

/** GET /api/schedules/holidays?year= → the year's calendar by day. */
export const holidaysQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100) });
export const holidaysResponse = z.array(holiday);
/** POST /api/schedules/holidays: adds or replaces the day (an organisation admin). */
export const holidayInput = z.object({
  day: isoDay,
  kind: holidayKind,
  name: z.string().trim().max(200).nullable().default(null),
  dayOff: z.boolean().default(true),
});
export type HolidayInput = z.input<typeof holidayInput>;
export const holidayDayParams = z.object({ day: isoDay });

/**
 * A person's leave in a year, in days (holidays excluded): `allowance` (their own or
 * LEAVE_DEFAULT_ALLOWANCE), `taken` approved vacation days up to today, `planned` approved days
 * after today and days asked for and still being decided, `left` = allowance − taken − planned.
 */
export const leaveBalance = z.object({
  userId: z.number().int(),
  name: z.string(),
  year: z.number().int(),
  allowance: z.number().int(),
  taken: z.number().int(),
  planned: z.number().int(),
  left: z.number().int(),
});
export type LeaveBalance = z.infer<typeof leaveBalance>;
/** POST /api/schedules/balances { year, groupId? }: mine, or (groupId) the group's people — its editor. */
export const leaveBalancesQuery = z.object({ year: z.number().int().min(2000).max(2100), groupId: id.optional() });
export const leaveBalancesResponse = z.array(leaveBalance);
/** POST /api/schedules/allowance: sets a group member's allowance for a year (the group's editor). */
export const leaveAllowanceInput = z.object({ groupId: id, userId: id, year: z.number().int().min(2000).max(2100), days: z.number().int().min(0).max(366) });

/** Details of 422 `leaveOverlap`: the existing leave the new days clash with. */
export const leaveClash = z.object({ id: z.number().int(), startDay: isoDay, endDay: isoDay, status: approvalStatus, kind: scheduleKind });
export type LeaveClash = z.infer<typeof leaveClash>;

/** A group's shift template: seven cells, Monday…Sunday (null leaves the day as it is). */
export const shiftTemplate = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  name: z.string(),
  days: z.array(scheduleCellValue.nullable()).length(7),
});
export type ShiftTemplate = z.infer<typeof shiftTemplate>;
export const shiftTemplatesQuery = z.object({ groupId: idParam });
export const shiftTemplatesResponse = z.array(shiftTemplate);
/** POST /api/schedules/templates: a new template of the group (its editor). */
export const shiftTemplateInput = z.object({ groupId: id, name: z.string().trim().min(1).max(100), days: z.array(scheduleCellValue.nullable()).length(7) });
export type ShiftTemplateInput = z.input<typeof shiftTemplateInput>;
export const shiftTemplateIdParams = z.object({ id: idParam });
/** POST /api/schedules/templates/apply: the template painted on the week from `weekStart` (a Monday) for `userIds`. */
export const shiftTemplateApplyInput = z.object({ groupId: id, templateId: id, weekStart: isoDay, userIds: z.array(id).min(1).max(200) });
export type ShiftTemplateApplyInput = z.input<typeof shiftTemplateApplyInput>;
