/*
 * The zod-free half of ../schedules.ts (codes, limits and pure rules), which re-exports all of it:
 * client code that needs only these does not load zod and the schemas with its first paint
 * (issue #19's bundle budgets). Never import zod or a schema here (test/plain.test.ts).
 */
import type { ScheduleKind } from '../schedules';

/*
 * Staff schedules and leave requests (issue #18, DOMAIN.md "Staff schedule"; SPEC §7 catalogue
 * "staff schedules and positions"). Calls under /api/schedules. Days are ISO dates `YYYY-MM-DD`
 * in the organisation's calendar (Asia/Baku); shift times are minutes after midnight.
 */

/** What a schedule day holds (DOMAIN.md): work, remote, vacation, sick, day off. */
export const SCHEDULE_KINDS = ['work', 'remote', 'vacation', 'sick', 'dayOff'] as const;

/** Kinds that count as present for the day's coverage. */
export const COVERAGE_KINDS: readonly ScheduleKind[] = ['work', 'remote'];

/** Kinds a leave request may ask for. */
export const LEAVE_KINDS = ['vacation', 'dayOff'] as const satisfies readonly ScheduleKind[];

/**
 * Public holidays of Azerbaijan by month-day (fixed dates; the movable religious holidays are
 * added per year in {@link MOVABLE_HOLIDAYS}). The grid marks them like weekends.
 */
export const FIXED_HOLIDAYS = ['01-01', '01-02', '01-20', '03-08', '03-20', '03-21', '03-22', '03-23', '03-24', '05-09', '05-28', '06-15', '06-26', '11-08', '11-09', '12-31'] as const;

/** Movable holidays (Ramadan and Qurban bayrams), per year. */
export const MOVABLE_HOLIDAYS: Readonly<Record<number, readonly string[]>> = {
  2025: ['2025-03-30', '2025-03-31', '2025-06-06', '2025-06-07'],
  2026: ['2026-03-20', '2026-03-21', '2026-05-27', '2026-05-28'],
  2027: ['2027-03-10', '2027-03-11', '2027-05-16', '2027-05-17'],
};

/** Whether `day` (YYYY-MM-DD) is a public holiday. */
export function isHoliday(day: string): boolean {
  return (FIXED_HOLIDAYS as readonly string[]).includes(day.slice(5)) || (MOVABLE_HOLIDAYS[Number(day.slice(0, 4))] ?? []).includes(day);
}

/**
 * What a day of the holiday calendar is (issue #41; names translated as `schedules.holidays.kind.*`):
 * Azerbaijan's holidays (Labour Code Art. 105), `transfer` a rest day moved onto a working day
 * (Art. 105.5/105.6), `other` an organisation's own day (its `name`).
 */
export const HOLIDAY_KINDS = [
  'newYear',
  'womensDay',
  'novruz',
  'ramazan',
  'gurban',
  'victoryOverFascism',
  'independence',
  'nationalSalvation',
  'armedForces',
  'victory',
  'flag',
  'constitution',
  'solidarity',
  'transfer',
  'other',
] as const;

/** Annual leave days a person has when nobody set their allowance for the year (Labour Code Art. 114: 21 calendar days). */
export const LEAVE_DEFAULT_ALLOWANCE = 21;

/** Leave kinds that use up the annual allowance (a day off does not). */
export const ALLOWANCE_KINDS: readonly ScheduleKind[] = ['vacation'];

/** Leave statuses that hold the days: a new request overlapping one of these is refused (422 `leaveOverlap`). */
export const LEAVE_HOLDING_STATUSES = ['SUBMITTED', 'IN_APPROVAL', 'APPROVED', 'PROCESSED'] as const;
