import {
  COVERAGE_KINDS,
  type ScheduleCellValue,
  type ScheduleEntry,
  type ScheduleGroups,
  type ScheduleMonth,
  type ShiftTemplate,
  type scheduleCopyWeekInput,
  type schedulePaintInput,
  type schedulePatternInput,
  type shiftTemplateApplyInput,
  type shiftTemplateInput,
} from '@servicedesk/contracts';
import type { z } from 'zod';
import { publishRecordChange } from '../../hub/record-presence';
import * as access from '../../lib/access';
import { addDays, daysOfMonth, eachDay, weekdayOf } from '../../lib/calendar-days';
import { domainRule, notFound } from '../../lib/errors';
import type { WarnLogger } from '../../lib/log';
import type { AppDeps, AuthUser } from '../../types';
import { loadGroup, mayEdit, requireEditor, requireMembers, requireViewer } from './schedules.access';
import { daysOffOf, toHoliday } from './schedules.calendar';
import { LEAVE_RECORD_KIND } from './schedules.kind';
import * as repo from './schedules.repository';
import type { EntryRow, TemplateRow } from './schedules.repository';

/*
 * Staff schedules (issue #18, DOMAIN.md "Staff schedule"; SPEC §7 "staff schedules and
 * positions"): a group's month grid and its editing — painting cells, copying a week, patterns,
 * shift templates, the minimum coverage. Days are ISO dates in the organisation's calendar; the
 * week starts on Monday (SPEC §1, az). Who may do what: schedules.access; leave requests:
 * schedules.leave; balances: schedules.balances; the holiday calendar: schedules.calendar.
 */

/** GET /api/schedules/groups: the caller's groups, and every active group for organisation admins with schedules.edit. */
export async function groupsFor(deps: AppDeps, user: AuthUser): Promise<ScheduleGroups> {
  const admin = (await access.hasAction(deps, user, 'schedules.edit')) && (await access.hasAction(deps, user, 'admin.org'));
  const rows = await repo.activeGroups(deps.db, admin ? undefined : user.id);
  return Promise.all(rows.map(async (g) => ({ ...g, canEdit: await mayEdit(deps, user, g.id) })));
}

/** People present (work or remote, contracts COVERAGE_KINDS) on each of `days`. */
export const coverageOf = (days: string[], entries: { day: string; kind: string }[]): number[] =>
  days.map((day) => entries.filter((e) => e.day === day && (COVERAGE_KINDS as readonly string[]).includes(e.kind)).length);

const toEntry = (row: EntryRow): ScheduleEntry => ({
  userId: row.userId,
  day: row.day,
  kind: row.kind,
  startMinute: row.startMinute,
  endMinute: row.endMinute,
  leaveRequestId: row.leaveRequestId,
});

/**
 * GET /api/schedules/month: group `groupId`'s `month` — its days (weekend, holiday), its people
 * (lead first), their entries, the coverage per day and the minimum. 403 `notGroupMember` for
 * someone neither in the group nor its editor.
 */
export async function month(deps: AppDeps, user: AuthUser, groupId: number, monthText: string): Promise<ScheduleMonth> {
  const group = await loadGroup(deps.db, groupId);
  const canEdit = await requireViewer(deps, user, groupId);
  const days = daysOfMonth(monthText);
  const people = await repo.activeMembers(deps.db, groupId);
  const [entries, minCoverage, holidays] = await Promise.all([
    repo.entriesOf(deps.db, people.map((p) => p.id), days[0]!, days[days.length - 1]!),
    repo.minCoverageOf(deps.db, groupId),
    repo.holidaysBetween(deps.db, days[0]!, days[days.length - 1]!),
  ]);
  const off = daysOffOf(holidays);
  return {
    groupId,
    groupName: group.name,
    month: monthText,
    days: days.map((day) => ({ day, weekend: weekdayOf(day) >= 5, holiday: off.has(day) })),
    holidays: holidays.map(toHoliday),
    people: people.map((p) => ({ id: p.id, name: `${p.first} ${p.last}`, positionName: p.positionName, isLead: p.isLead })),
    entries: entries.map(toEntry),
    minCoverage,
    coverage: coverageOf(days, entries),
    canEdit,
  };
}

/** Tells the group's open grids that the schedule changed (RecordChanged("leaveRequest", 0) to the group's members). */
export async function announceGroup(deps: AppDeps, groupId: number, log?: WarnLogger): Promise<void> {
  const members = (await repo.activeMembers(deps.db, groupId)).map((m) => m.id);
  await publishRecordChange(deps, LEAVE_RECORD_KIND, 0, members, log);
}

type Cell = { userId: number; day: string; value: ScheduleCellValue | null };

/** Writes `cells` of the group in one transaction (by `actorId`), tells its grids; answers the cells changed. */
async function writeAndAnnounce(deps: AppDeps, groupId: number, cells: Cell[], actorId: number, log?: WarnLogger) {
  const changed = await deps.db.transaction((tx) => repo.writeCells(tx, groupId, cells, actorId));
  await announceGroup(deps, groupId, log);
  return { changed };
}

/** 422 `notMonday` unless `weekStart` is a Monday (the week starts on Monday, SPEC §1). */
function requireMonday(weekStart: string): void {
  if (weekdayOf(weekStart) !== 0) throw domainRule('notMonday', 'A week starts on Monday.', { weekStart });
}

/** POST /api/schedules/paint: sets (or clears) the cells; the group's editor only; the people must be its members. */
export async function paint(deps: AppDeps, user: AuthUser, input: z.output<typeof schedulePaintInput>, log?: WarnLogger) {
  await requireEditor(deps, user, input.groupId);
  await requireMembers(deps.db, input.groupId, input.cells.map((c) => c.userId));
  return writeAndAnnounce(deps, input.groupId, input.cells.map((c) => ({ ...c, value: input.value })), user.id, log);
}

/**
 * POST /api/schedules/copyWeek: the group's week from `weekStart` (a Monday: else 422
 * `notMonday`) copied onto each of the next `weeks` weeks, day by day and person by person —
 * an empty day clears the target day.
 */
export async function copyWeek(deps: AppDeps, user: AuthUser, input: z.output<typeof scheduleCopyWeekInput>, log?: WarnLogger) {
  await requireEditor(deps, user, input.groupId);
  requireMonday(input.weekStart);
  const people = (await repo.activeMembers(deps.db, input.groupId)).map((m) => m.id);
  const week = eachDay(input.weekStart, addDays(input.weekStart, 6));
  const source = await repo.entriesOf(deps.db, people, week[0]!, week[6]!);
  const valueOf = new Map(source.map((e) => [`${e.userId}:${e.day}`, e]));
  const cells: Cell[] = [];
  for (let w = 1; w <= input.weeks; w++) {
    for (const userId of people) {
      for (const day of week) {
        const from = valueOf.get(`${userId}:${day}`);
        cells.push({ userId, day: addDays(day, 7 * w), value: from ? { kind: from.kind, startMinute: from.startMinute, endMinute: from.endMinute } : null });
      }
    }
  }
  return writeAndAnnounce(deps, input.groupId, cells, user.id, log);
}

/** POST /api/schedules/pattern: repeats `pattern` from `from` through `to` (at most 62 days: 422 `invalidRange`) for the people. */
export async function applyPattern(deps: AppDeps, user: AuthUser, input: z.output<typeof schedulePatternInput>, log?: WarnLogger) {
  await requireEditor(deps, user, input.groupId);
  const days = eachDay(input.from, input.to);
  if (days.length === 0 || days.length > 62) throw domainRule('invalidRange', 'Choose 1 to 62 days.', { from: input.from, to: input.to });
  await requireMembers(deps.db, input.groupId, input.userIds);
  const cells = input.userIds.flatMap((userId) => days.map((day, i) => ({ userId, day, value: input.pattern[i % input.pattern.length] ?? null })));
  return writeAndAnnounce(deps, input.groupId, cells, user.id, log);
}

/** POST /api/schedules/settings: the group's minimum coverage (its editor). */
export async function saveSettings(deps: AppDeps, user: AuthUser, input: { groupId: number; minCoverage: number }, log?: WarnLogger) {
  await requireEditor(deps, user, input.groupId);
  await repo.saveMinCoverage(deps.db, input.groupId, input.minCoverage);
  await announceGroup(deps, input.groupId, log);
  return { ok: true as const };
}

const toTemplate = (row: TemplateRow): ShiftTemplate => ({ id: row.id, groupId: row.groupId, name: row.name, days: row.days });

/** GET /api/schedules/templates?groupId=: the group's shift templates (its members and editors; 403 `notGroupMember`). */
export async function templates(deps: AppDeps, user: AuthUser, groupId: number): Promise<ShiftTemplate[]> {
  await loadGroup(deps.db, groupId);
  await requireViewer(deps, user, groupId);
  return (await repo.templatesOf(deps.db, groupId)).map(toTemplate);
}

/** POST /api/schedules/templates: a new template of the group (its editor). */
export async function createTemplate(deps: AppDeps, user: AuthUser, input: z.output<typeof shiftTemplateInput>): Promise<ShiftTemplate> {
  await requireEditor(deps, user, input.groupId);
  return toTemplate(await repo.insertTemplate(deps.db, { groupId: input.groupId, name: input.name, days: input.days, createdBy: user.id }));
}

/** DELETE /api/schedules/templates/{id}: removes the template (its group's editor); 404. */
export async function deleteTemplate(deps: AppDeps, user: AuthUser, id: number): Promise<{ ok: true }> {
  const row = await repo.findTemplate(deps.db, id);
  if (!row) throw notFound('No such template.');
  await requireEditor(deps, user, row.groupId);
  await repo.deleteTemplate(deps.db, id);
  return { ok: true };
}

/**
 * POST /api/schedules/templates/apply: paints the template's seven days on the week from
 * `weekStart` (a Monday, else 422 `notMonday`) for `userIds` (the group's members, else 422
 * `notGroupMember`); a null day of the template leaves that day as it is. 404 for a template of
 * another group. Answers the cells changed.
 */
export async function applyTemplate(deps: AppDeps, user: AuthUser, input: z.output<typeof shiftTemplateApplyInput>, log?: WarnLogger) {
  await requireEditor(deps, user, input.groupId);
  requireMonday(input.weekStart);
  const template = await repo.findTemplate(deps.db, input.templateId);
  if (!template || template.groupId !== input.groupId) throw notFound('No such template.');
  await requireMembers(deps.db, input.groupId, input.userIds);
  const cells = input.userIds.flatMap((userId) =>
    template.days.flatMap((value, i) => (value === null ? [] : [{ userId, day: addDays(input.weekStart, i), value }])),
  );
  return writeAndAnnounce(deps, input.groupId, cells, user.id, log);
}
