import type { ScheduleGridCell, ScheduleGridDay, ScheduleGridPerson } from './ScheduleGrid';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** February 2027 (starts on a Monday), in English; for stories and tests. */
export function sampleDays(count = 28): ScheduleGridDay[] {
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(2027, 1, 1 + i));
    const weekday = (date.getUTCDay() + 6) % 7;
    return {
      day: date.toISOString().slice(0, 10),
      label: String(date.getUTCDate()),
      weekday: WEEKDAYS[weekday]!,
      fullLabel: `${WEEKDAYS[weekday]} ${date.getUTCDate()} ${date.toLocaleString('en', { month: 'long', timeZone: 'UTC' })}`,
      off: weekday >= 5,
    };
  });
}

const NAMES = ['Günel Hüseynova', 'Elvin Quliyev', 'Rəşad Əliyev', 'Ləman Rzayeva', 'Orxan Cəfərov', 'Nərmin İsmayılova'];

/** `count` people (names repeat with a number past six). */
export function samplePeople(count = 4): ScheduleGridPerson[] {
  return Array.from({ length: count }, (_, i) => ({ id: i + 1, name: i < NAMES.length ? NAMES[i]! : `${NAMES[i % NAMES.length]} ${Math.floor(i / NAMES.length) + 1}`, detail: i === 0 ? 'Lead' : undefined }));
}

const WORK: ScheduleGridCell = { kind: 'work', text: '9–18', label: 'Work 09:00–18:00' };

/** Weekdays at work, Fridays remote for the second person, a vacation and a sick day. */
export function sampleCells(people: ScheduleGridPerson[], days: ScheduleGridDay[]): Record<string, ScheduleGridCell> {
  const cells: Record<string, ScheduleGridCell> = {};
  people.forEach((p, r) =>
    days.forEach((d, c) => {
      if (d.off) return;
      let cell = WORK;
      if (r === 1 && c % 7 === 4) cell = { kind: 'remote', text: 'R', label: 'Remote' };
      if (r === 2 && c >= 7 && c <= 9) cell = { kind: 'vacation', text: 'M', label: 'Vacation' };
      if (r === 3 && c === 2) cell = { kind: 'sick', text: 'X', label: 'Sick' };
      cells[`${p.id}:${d.day}`] = cell;
    }),
  );
  return cells;
}

/** Present people per day. */
export const sampleCoverage = (people: ScheduleGridPerson[], days: ScheduleGridDay[], cells: Record<string, ScheduleGridCell>): number[] =>
  days.map((d) => people.filter((p) => ['work', 'remote'].includes(cells[`${p.id}:${d.day}`]?.kind ?? '')).length);
