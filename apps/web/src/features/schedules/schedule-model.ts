import type { TFunction } from 'i18next';
import type { ScheduleCellValue, ScheduleEntry, ScheduleKind, ScheduleMonth } from '@servicedesk/contracts';
import { formatDate } from '@servicedesk/i18n';
import type { ScheduleGridCell, ScheduleGridDay, ScheduleGridPosition } from '@servicedesk/ui/ScheduleGrid';

/*
 * The schedule page's pure parts (issue #18): the grid's texts from a month, the shift as text,
 * the weeks of a month, and the month as sheet rows for the XLSX export.
 */

const DAY_MS = 86_400_000;
/** `day` moved by `n` days (ISO dates, UTC arithmetic). */
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** 0 = Monday … 6 = Sunday (SPEC §1: the week starts on Monday in az; the organisation's weeks do everywhere). */
export const weekdayOf = (day: string): number => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
/** The Monday of `day`'s week. */
export const mondayOf = (day: string): string => addDays(day, -weekdayOf(day));
/** `month` (YYYY-MM) moved by `n` months. */
export function shiftMonth(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

/** A calendar day (YYYY-MM-DD) as the interface language writes it, numeric (az "01.02.2027"), never shifted by a time zone. */
export const dayText = (day: string, lang: string): string => formatDate(`${day}T12:00:00Z`, lang, { timeZone: 'UTC' });
/** A month (YYYY-MM) by its name and year in the interface language (az "fevral 2027"). */
export const monthTitle = (month: string, lang: string): string =>
  formatDate(`${month}-15T12:00:00Z`, lang, { dateStyle: undefined, month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Minutes after midnight as "HH:MM". */
export const minutesText = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
/** "HH:MM" as minutes after midnight (null when empty or malformed). */
export function parseMinutes(text: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const value = Number(m[1]) * 60 + Number(m[2]);
  return value >= 0 && value <= 1440 ? value : null;
}

/** A shift as the cell shows it: "9–18", "8:30–17". */
export function shiftShort(start: number, end: number): string {
  const part = (v: number) => (v % 60 === 0 ? String(v / 60) : `${Math.floor(v / 60)}:${String(v % 60).padStart(2, '0')}`);
  return `${part(start)}–${part(end)}`;
}

/** One entry as a grid cell: a shift shows its hours, any other kind its letter; the label says it in full. */
export function toGridCell(entry: Pick<ScheduleEntry, 'kind' | 'startMinute' | 'endMinute'>, t: TFunction): ScheduleGridCell {
  const name = t(`schedules.kinds.${entry.kind}`);
  if (entry.startMinute !== null && entry.endMinute !== null) {
    return { kind: entry.kind, text: shiftShort(entry.startMinute, entry.endMinute), label: `${name} ${minutesText(entry.startMinute)}–${minutesText(entry.endMinute)}` };
  }
  return { kind: entry.kind, text: t(`schedules.short.${entry.kind}`), label: name };
}

/** The month's cells keyed `${userId}:${day}`. */
export function gridCells(month: ScheduleMonth, t: TFunction): Record<string, ScheduleGridCell> {
  const cells: Record<string, ScheduleGridCell> = {};
  for (const e of month.entries) cells[`${e.userId}:${e.day}`] = toGridCell(e, t);
  return cells;
}

/** The month's days as the grid's columns, in the interface language. */
export function gridDays(month: ScheduleMonth, lang: string): ScheduleGridDay[] {
  return month.days.map((d) => {
    const date = `${d.day}T12:00:00Z`;
    return {
      day: d.day,
      label: String(Number(d.day.slice(8))),
      weekday: formatDate(date, lang, { dateStyle: undefined, weekday: 'short', timeZone: 'UTC' }),
      fullLabel: formatDate(date, lang, { dateStyle: undefined, weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }),
      off: d.weekend || d.holiday,
    };
  });
}

/** The value to paint: a kind, with the shift for work and remote when both times are given. */
export function paintValue(kind: ScheduleKind, start: string, end: string): ScheduleCellValue {
  const s = parseMinutes(start);
  const e = parseMinutes(end);
  const shift = (kind === 'work' || kind === 'remote') && s !== null && e !== null && s < e;
  return { kind, startMinute: shift ? s : null, endMinute: shift ? e : null };
}

/** How many whole weeks follow the week of `weekStart` inside `month`'s last day (at least 1, at most 6). */
export function weeksAfter(weekStart: string, month: ScheduleMonth): number {
  const last = month.days[month.days.length - 1]!.day;
  let weeks = 0;
  while (addDays(weekStart, 7 * (weeks + 1)) <= last) weeks++;
  return Math.min(6, Math.max(1, weeks));
}

/** The selection's people (row order) and its first day. */
export function selectionSummary(cells: readonly ScheduleGridPosition[]): { userIds: number[]; from: string | null } {
  const userIds = [...new Set(cells.map((c) => Number(c.personId)))];
  const from = cells.reduce<string | null>((min, c) => (min === null || c.day < min ? c.day : min), null);
  return { userIds, from };
}

/** The month as sheet rows: a header of days, then one row per person with each cell's text, then the coverage. */
export function monthRows(month: ScheduleMonth, t: TFunction): string[][] {
  const cells = gridCells(month, t);
  const header = [t('schedules.person'), ...month.days.map((d) => String(Number(d.day.slice(8))))];
  const people = month.people.map((p) => [p.name, ...month.days.map((d) => cells[`${p.id}:${d.day}`]?.text ?? '')]);
  const coverage = [t('schedules.coverage'), ...month.coverage.map(String)];
  return [header, ...people, coverage];
}
