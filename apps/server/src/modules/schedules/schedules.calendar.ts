import type { Holiday, holidayInput } from '@servicedesk/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { eachDay } from '../../lib/calendar-days';
import { notFound } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';
import { requireHolidayEditor } from './schedules.access';
import * as repo from './schedules.repository';
import type { HolidayRow } from './schedules.repository';

/*
 * The holiday calendar (issue #41, migration 0034 public_holidays: Azerbaijan's days off and the
 * rest days moved by Labour Code Art. 105.5/105.6): days off are not leave days and are shaded on
 * the grid; an organisation admin edits the calendar.
 */

/** A calendar row as the API shows it. */
export const toHoliday = (row: HolidayRow): Holiday => ({ day: row.day, kind: row.kind, name: row.name, dayOff: row.dayOff });

/** The days of the calendar rows that are days off. */
export const daysOffOf = (rows: HolidayRow[]): Set<string> => new Set(rows.filter((h) => h.dayOff).map((h) => h.day));

/** The calendar's days off from `from` through `to`. */
export async function daysOffBetween(db: Db, from: string, to: string): Promise<Set<string>> {
  return daysOffOf(await repo.holidaysBetween(db, from, to));
}

/** The leave days of `from`…`to`: every day except the calendar's days off (holidays are not leave days). */
export const leaveDays = (from: string, to: string, off: ReadonlySet<string>): string[] => eachDay(from, to).filter((d) => !off.has(d));

/** GET /api/schedules/holidays?year=: the calendar's days of the year. */
export async function holidays(deps: AppDeps, year: number): Promise<Holiday[]> {
  return (await repo.holidaysBetween(deps.db, `${year}-01-01`, `${year}-12-31`)).map(toHoliday);
}

/** POST /api/schedules/holidays: adds or replaces a day of the calendar (an organisation admin; 403 `notHolidayEditor`). */
export async function saveHoliday(deps: AppDeps, user: AuthUser, input: z.output<typeof holidayInput>): Promise<Holiday> {
  await requireHolidayEditor(deps, user);
  return toHoliday(await repo.saveHoliday(deps.db, { day: input.day, kind: input.kind, name: input.name, dayOff: input.dayOff, updatedBy: user.id }));
}

/** DELETE /api/schedules/holidays/{day}: removes the day (an organisation admin); 404 when it is not in the calendar. */
export async function deleteHoliday(deps: AppDeps, user: AuthUser, day: string): Promise<{ ok: true }> {
  await requireHolidayEditor(deps, user);
  if (!(await repo.deleteHoliday(deps.db, day))) throw notFound('No such holiday.');
  return { ok: true };
}
