import { CONTRACT_END_REMINDER_DAYS } from '@servicedesk/contracts';
import { calendarDateOf } from '@servicedesk/i18n/format';
import { addDays, daysInMonth } from '../../lib/calendar-days';

/*
 * Calendar arithmetic of contracts (issue #14: "dates computed correctly across month ends and leap
 * years — GLPI gets these wrong: glpi#23084, #14703, #6004"). Contract dates are calendar dates
 * (YYYY-MM-DD) without a time of day, so they are computed as dates in UTC — never as instants in
 * a local zone, where a daylight-saving change or a time of day shifts a day — and a month is a
 * calendar month: adding one to 31 January gives the last day of February (28 or 29), never
 * 3 March. Days are counted exactly (a notice of 30 days before 1 March 2024 is 31 January 2024,
 * in 2025 it is 30 January).
 */

const DAY_MS = 86_400_000;

/** The UTC midnight of a calendar date. */
const toUtc = (date: string): number => Date.parse(`${date}T00:00:00Z`);

/** Adding days and the days of a month are lib/calendar-days' (the same UTC arithmetic as schedules). */
export { addDays, daysInMonth };

/**
 * `date` plus `months` calendar months, the day of month kept where the target month has it and
 * otherwise the target month's last day (2024-01-31 + 1 → 2024-02-29; 2023-01-31 + 1 → 2023-02-28;
 * 2024-02-29 + 12 → 2025-02-28).
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(d, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/** The notice date: `noticeDays` days before the end date (the last day to give notice). */
export const noticeDate = (endDate: string, noticeDays: number): string =>
  addDays(endDate, -noticeDays);

/** The "ends soon" reminder date: {@link CONTRACT_END_REMINDER_DAYS} days before the end date. */
export const endReminderDate = (endDate: string): string =>
  addDays(endDate, -CONTRACT_END_REMINDER_DAYS);

/**
 * The next term of a contract renewed for `months` months (or, without, for as long as the
 * current term): it starts the day after the current end; it ends the day before the same day
 * `months` months later — a term of 1 February + 1 month ends 28/29 February, of 1 March + 12
 * months ends the last day of the next February. Without `months`, as long as the current term:
 * its whole months when it is whole months (a calendar year renews as the next calendar year),
 * else its number of days.
 */
export function nextTerm(
  current: { startDate: string; endDate: string },
  months: number | null,
): { startDate: string; endDate: string } {
  const startDate = addDays(current.endDate, 1);
  const length = months ?? wholeMonths(current);
  if (length) return { startDate, endDate: addDays(addMonths(startDate, length), -1) };
  return {
    startDate,
    endDate: addDays(startDate, daysBetween(current.startDate, current.endDate)),
  };
}

/** The term's length in whole calendar months (1 Jan – 31 Dec: 12), or null when it is not whole months. */
export function wholeMonths(term: { startDate: string; endDate: string }): number | null {
  const guess = Math.round(daysBetween(term.startDate, addDays(term.endDate, 1)) / 30.436875);
  for (const months of [guess - 1, guess, guess + 1]) {
    if (months > 0 && addDays(addMonths(term.startDate, months), -1) === term.endDate)
      return months;
  }
  return null;
}

/** The calendar date of an instant in the organisation's time zone (ORG_TIME_ZONE, default Asia/Baku), YYYY-MM-DD. */
export const bakuToday = (at: Date): string => calendarDateOf(at);
