/*
 * Calendar-day arithmetic on `YYYY-MM-DD` texts (a date without a time of day): computed as UTC
 * midnights, so no time zone or daylight-saving change ever shifts a day (contracts issue #14,
 * schedules issue #18). Which day is "today" is @servicedesk/i18n/format `calendarDateOf`'s.
 */

const DAY_MS = 86_400_000;

/** The UTC midnight of a calendar date. */
const toUtc = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** `day` plus `n` calendar days (negative: minus). */
export const addDays = (day: string, n: number): string => new Date(toUtc(day) + n * DAY_MS).toISOString().slice(0, 10);

/** Every day from `from` through `to`, inclusive (empty when `to` is before `from`). */
export function eachDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The weekday of `day`, the week starting on Monday (SPEC §1, az): 0 = Monday … 6 = Sunday. */
export const weekdayOf = (day: string): number => (new Date(toUtc(day)).getUTCDay() + 6) % 7;

/** Days in month `month` (1–12) of `year` (February: 29 in a leap year). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Every day of `month` (`YYYY-MM`). */
export function daysOfMonth(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return eachDay(`${month}-01`, `${month}-${String(daysInMonth(y, m)).padStart(2, '0')}`);
}
