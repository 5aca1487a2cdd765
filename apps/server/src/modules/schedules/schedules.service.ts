import {
  COVERAGE_KINDS,
  isHoliday,
  type LeaveRequest,
  type LeaveRequestDetail,
  type ScheduleCellValue,
  type ScheduleEntry,
  type ScheduleGroups,
  type ScheduleMonth,
  type leaveRequestInput,
  type scheduleCopyWeekInput,
  type schedulePaintInput,
  type schedulePatternInput,
} from '@servicedesk/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import * as repo from './schedules.repository';
import type { EntryRow, GroupRow, LeaveRow } from './schedules.repository';
import * as access from '../../lib/access';
import { domainRule, forbidden, notFound } from '../../lib/errors';
import { openApproval, submitInTx, sendNotices } from '../../lib/approvals/engine';
import { approvalKindOf, registerApprovalKind, type ApprovalStatusChange } from '../../lib/approvals/registry';
import { publishRecordChange } from '../../hub/record-presence';
import type { AppDeps, AuthUser } from '../../types';
import { LEAVE_RECORD_KIND } from './schedules.kind';
import type { WarnLogger } from '../../lib/log';

/*
 * Staff schedules and leave requests (issue #18, DOMAIN.md "Staff schedule"; SPEC §7 "staff
 * schedules and positions"). Days are ISO dates in the organisation's calendar; the week starts
 * on Monday (SPEC §1, az). Who may do what:
 * - see a group's month: its members and lead, and its editors;
 * - edit it (paint, copy a week, patterns, the minimum): the group's lead holding
 *   `schedules.edit`, or a holder of `schedules.edit` and `admin.org` (an organisation admin);
 * - ask for leave: a member of the group (any user with `schedules`); the group's lead decides
 *   on the approval engine (kind `leaveRequest`, one `groupLead` step) — from My approvals or
 *   the schedule page; approved days are written to the grid.
 */

const DAY_MS = 86_400_000;
/** `day` (YYYY-MM-DD) moved by `n` days. */
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** Days from `from` through `to`, inclusive (empty when to < from). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
/** 0 = Monday … 6 = Sunday. */
export const weekdayOf = (day: string): number => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
/** Every day of `month` (YYYY-MM). */
export function daysOfMonth(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return daysBetween(`${month}-01`, `${month}-${String(last).padStart(2, '0')}`);
}

async function loadGroup(db: Db, groupId: number): Promise<GroupRow> {
  const group = await repo.findGroup(db, groupId);
  if (!group) throw notFound('No such group.');
  return group;
}

const membersOf = repo.activeMembers;
const isMember = (db: Db, groupId: number, userId: number) => repo.isMember(db, groupId, userId);

/** Whether `user` may edit group `groupId`'s schedule (see the module comment). */
export async function mayEdit(deps: AppDeps, user: AuthUser, groupId: number): Promise<boolean> {
  if (!(await access.hasAction(deps, user, 'schedules.edit'))) return false;
  return (await repo.isMember(deps.db, groupId, user.id, true)) || (await access.hasAction(deps, user, 'admin.org'));
}

/** 403 `notGroupEditor` unless the caller may edit the group's schedule. */
async function requireEditor(deps: AppDeps, user: AuthUser, groupId: number): Promise<void> {
  await loadGroup(deps.db, groupId);
  if (!(await mayEdit(deps, user, groupId))) throw forbidden('notGroupEditor', "Only the group's lead edits its schedule.", { groupId });
}

/** GET /api/schedules/groups: the caller's groups, and every active group for organisation admins with schedules.edit. */
export async function groupsFor(deps: AppDeps, user: AuthUser): Promise<ScheduleGroups> {
  const admin = (await access.hasAction(deps, user, 'schedules.edit')) && (await access.hasAction(deps, user, 'admin.org'));
  const rows = await repo.activeGroups(deps.db, admin ? undefined : user.id);
  return Promise.all(rows.map(async (g) => ({ ...g, canEdit: await mayEdit(deps, user, g.id) })));
}

const entriesOf = repo.entriesOf;
const minCoverageOf = repo.minCoverageOf;

/** People present (work or remote) per day. */
const coverageOf = (days: string[], entries: { day: string; kind: string }[]): number[] =>
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
  const canEdit = await mayEdit(deps, user, groupId);
  if (!canEdit && !(await isMember(deps.db, groupId, user.id))) throw forbidden('notGroupMember', 'This is not your group.', { groupId });
  const days = daysOfMonth(monthText);
  const people = await membersOf(deps.db, groupId);
  const [entries, minCoverage] = await Promise.all([entriesOf(deps.db, people.map((p) => p.id), days[0]!, days[days.length - 1]!), minCoverageOf(deps.db, groupId)]);
  return {
    groupId,
    groupName: group.name,
    month: monthText,
    days: days.map((day) => ({ day, weekend: weekdayOf(day) >= 5, holiday: isHoliday(day) })),
    people: people.map((p) => ({ id: p.id, name: `${p.first} ${p.last}`, positionName: p.positionName, isLead: p.isLead })),
    entries: entries.map(toEntry),
    minCoverage,
    coverage: coverageOf(days, entries),
    canEdit,
  };
}

/** 422 `notGroupMember` (details.userIds) when some of `userIds` are not in the group. */
async function requireMembers(db: Db, groupId: number, userIds: number[]): Promise<void> {
  const members = new Set((await membersOf(db, groupId)).map((m) => m.id));
  const outside = [...new Set(userIds)].filter((id) => !members.has(id));
  if (outside.length) throw domainRule('notGroupMember', 'Some people are not in this group.', { userIds: outside });
}

const writeCells = repo.writeCells;

/** Tells the group's open grids that the schedule changed (RecordChanged on the group's members). */
async function announceGroup(deps: AppDeps, groupId: number, log?: WarnLogger): Promise<void> {
  const members = (await membersOf(deps.db, groupId)).map((m) => m.id);
  await publishRecordChange(deps, LEAVE_RECORD_KIND, 0, members, log);
}

/** POST /api/schedules/paint: sets (or clears) the cells; the group's editor only; the people must be its members. */
export async function paint(deps: AppDeps, user: AuthUser, input: z.output<typeof schedulePaintInput>, log?: WarnLogger) {
  await requireEditor(deps, user, input.groupId);
  await requireMembers(deps.db, input.groupId, input.cells.map((c) => c.userId));
  const changed = await deps.db.transaction((tx) => writeCells(tx, input.groupId, input.cells.map((c) => ({ ...c, value: input.value })), user.id));
  await announceGroup(deps, input.groupId, log);
  return { changed };
}

/**
 * POST /api/schedules/copyWeek: the group's week from `weekStart` (a Monday: else 422
 * `notMonday`) copied onto each of the next `weeks` weeks, day by day and person by person —
 * an empty day clears the target day.
 */
export async function copyWeek(deps: AppDeps, user: AuthUser, input: z.output<typeof scheduleCopyWeekInput>, log?: WarnLogger) {
  await requireEditor(deps, user, input.groupId);
  if (weekdayOf(input.weekStart) !== 0) throw domainRule('notMonday', 'A week starts on Monday.', { weekStart: input.weekStart });
  const people = (await membersOf(deps.db, input.groupId)).map((m) => m.id);
  const week = daysBetween(input.weekStart, addDays(input.weekStart, 6));
  const source = await entriesOf(deps.db, people, week[0]!, week[6]!);
  const valueOf = new Map(source.map((e) => [`${e.userId}:${e.day}`, e]));
  const cells: { userId: number; day: string; value: ScheduleCellValue | null }[] = [];
  for (let w = 1; w <= input.weeks; w++) {
    for (const userId of people) {
      for (const day of week) {
        const from = valueOf.get(`${userId}:${day}`);
        cells.push({ userId, day: addDays(day, 7 * w), value: from ? { kind: from.kind, startMinute: from.startMinute, endMinute: from.endMinute } : null });
      }
    }
  }
  const changed = await deps.db.transaction((tx) => writeCells(tx, input.groupId, cells, user.id));
  await announceGroup(deps, input.groupId, log);
  return { changed };
}

/** POST /api/schedules/pattern: repeats `pattern` from `from` through `to` (at most 62 days: 422 `invalidRange`) for the people. */
export async function applyPattern(deps: AppDeps, user: AuthUser, input: z.output<typeof schedulePatternInput>, log?: WarnLogger) {
  await requireEditor(deps, user, input.groupId);
  const days = daysBetween(input.from, input.to);
  if (days.length === 0 || days.length > 62) throw domainRule('invalidRange', 'Choose 1 to 62 days.', { from: input.from, to: input.to });
  await requireMembers(deps.db, input.groupId, input.userIds);
  const cells = input.userIds.flatMap((userId) => days.map((day, i) => ({ userId, day, value: input.pattern[i % input.pattern.length] ?? null })));
  const changed = await deps.db.transaction((tx) => writeCells(tx, input.groupId, cells, user.id));
  await announceGroup(deps, input.groupId, log);
  return { changed };
}

/** POST /api/schedules/settings: the group's minimum coverage (its editor). */
export async function saveSettings(deps: AppDeps, user: AuthUser, input: { groupId: number; minCoverage: number }, log?: WarnLogger) {
  await requireEditor(deps, user, input.groupId);
  await repo.saveMinCoverage(deps.db, input.groupId, input.minCoverage);
  await announceGroup(deps, input.groupId, log);
  return { ok: true as const };
}

// ---------------------------------------------------------------------------------------------
// Leave requests on the approval engine
// ---------------------------------------------------------------------------------------------

async function leaveView(db: Db, rows: LeaveRow[]): Promise<LeaveRequest[]> {
  if (rows.length === 0) return [];
  const [people, names] = await Promise.all([
    repo.peopleNames(db, [...new Set(rows.map((r) => r.userId))]),
    repo.groupNames(db, [...new Set(rows.map((r) => r.groupId))]),
  ]);
  const person = new Map(people.map((p) => [p.id, `${p.first} ${p.last}`]));
  const group = new Map(names.map((g) => [g.id, g.name]));
  return rows.map((r) => ({
    id: r.id,
    user: { id: r.userId, name: person.get(r.userId) ?? '' },
    groupId: r.groupId,
    groupName: group.get(r.groupId) ?? '',
    kind: r.kind,
    startDay: r.startDay,
    endDay: r.endDay,
    days: daysBetween(r.startDay, r.endDay).length,
    reason: r.reason,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Keeps the leave request's status in step with the engine; an approval writes its days into the grid. */
async function mirrorLeave(tx: Db, change: ApprovalStatusChange): Promise<void> {
  const row = await repo.setLeaveStatus(tx, change.recordId, change.to, change.at);
  if (!row || change.to !== 'APPROVED') return;
  const cells = daysBetween(row.startDay, row.endDay).map((day) => ({ userId: row.userId, day, value: { kind: row.kind, startMinute: null, endMinute: null } }));
  await writeCells(tx, row.groupId, cells, change.actorId, row.id);
}

/** Registers the `leaveRequest` kind on the engine: one step, the group's lead (schedules.edit); approve or reject. */
export function registerLeaveApproval(): void {
  registerApprovalKind(LEAVE_RECORD_KIND, {
    chain: () => [{ role: 'groupLead' }],
    decisionKey: 'schedules.edit',
    decisions: ['approve', 'reject'],
    onStatusChange: mirrorLeave,
    afterChange: async (deps, recordId) => {
      const row = await repo.findLeave(deps.db, recordId);
      if (!row) return;
      await publishRecordChange(deps, LEAVE_RECORD_KIND, recordId, [row.userId]);
      await announceGroup(deps, row.groupId);
    },
  });
}

/**
 * POST /api/schedules/leave: the caller asks for `kind` days in one of their groups (else 403
 * `notGroupMember`); 422 `invalidRange` (end before start, more than 62 days), 422 `noApprover`
 * (the group has no lead besides the caller). Submitted to the group's lead at once.
 */
export async function requestLeave(deps: AppDeps, user: AuthUser, input: z.output<typeof leaveRequestInput>, now = new Date(), log?: WarnLogger): Promise<LeaveRequest> {
  await loadGroup(deps.db, input.groupId);
  if (!(await isMember(deps.db, input.groupId, user.id))) throw forbidden('notGroupMember', 'This is not your group.', { groupId: input.groupId });
  const days = daysBetween(input.startDay, input.endDay).length;
  if (days === 0 || days > 62) throw domainRule('invalidRange', 'Choose 1 to 62 days.', { startDay: input.startDay, endDay: input.endDay });
  if (!approvalKindOf(LEAVE_RECORD_KIND)) registerLeaveApproval();
  const { row, notices } = await deps.db.transaction(async (tx) => {
    const created = await repo.insertLeave(tx, { userId: user.id, groupId: input.groupId, kind: input.kind, startDay: input.startDay, endDay: input.endDay, reason: input.reason, status: 'DRAFT', createdAt: now, updatedAt: now });
    await openApproval(tx, {
      recordKind: LEAVE_RECORD_KIND,
      recordId: created.id,
      authorId: user.id,
      title: `${input.startDay} – ${input.endDay}`,
      number: `LV-${created.id}`,
      url: `/home/schedules/leave/${created.id}`,
      groupId: input.groupId,
      now,
    });
    const sent = await submitInTx(tx, user, LEAVE_RECORD_KIND, created.id, now);
    const fresh = await repo.findLeave(tx, created.id);
    return { row: fresh!, notices: sent };
  });
  await sendNotices(deps, notices, log);
  // The requester's and the group's pages (the lead's list of the team's requests) refetch.
  await publishRecordChange(deps, LEAVE_RECORD_KIND, row.id, [user.id, ...(await membersOf(deps.db, row.groupId)).map((m) => m.id)], log);
  const [view] = await leaveView(deps.db, [row]);
  return view!;
}

/** POST /api/schedules/leave/list: mine, or (with groupId) a group's — its editor only (403 `notGroupEditor`). Newest first. */
export async function listLeave(deps: AppDeps, user: AuthUser, groupId?: number): Promise<LeaveRequest[]> {
  if (groupId !== undefined) await requireEditor(deps, user, groupId);
  const rows = await repo.leaveList(deps.db, groupId !== undefined ? { groupId } : { userId: user.id });
  return leaveView(deps.db, rows);
}

/** Whether `user` may see leave request `row`: its requester, or its group's editor. */
async function mayViewLeave(deps: AppDeps, user: AuthUser, row: LeaveRow): Promise<boolean> {
  return row.userId === user.id || (await mayEdit(deps, user, row.groupId));
}

/**
 * GET /api/schedules/leave/{id}: the request and its group's coverage on each of its days — with
 * and without the requester — so the lead sees the team's coverage while deciding. 404; 403
 * `notRecordParticipant`.
 */
export async function leaveDetail(deps: AppDeps, user: AuthUser, id: number): Promise<LeaveRequestDetail> {
  const row = await repo.findLeave(deps.db, id);
  if (!row) throw notFound('No such leave request.');
  if (!(await mayViewLeave(deps, user, row))) throw forbidden('notRecordParticipant', 'You may not see this leave request.', { id });
  const people = (await membersOf(deps.db, row.groupId)).map((m) => m.id);
  const days = daysBetween(row.startDay, row.endDay);
  const [entries, minCoverage] = await Promise.all([entriesOf(deps.db, people, row.startDay, row.endDay), minCoverageOf(deps.db, row.groupId)]);
  const present = coverageOf(days, entries);
  const requesterPresent = coverageOf(days, entries.filter((e) => e.userId === row.userId));
  const [view] = await leaveView(deps.db, [row]);
  return {
    request: view!,
    coverage: days.map((day, i) => ({ day, present: present[i]!, minCoverage, withoutRequester: present[i]! - requesterPresent[i]! })),
  };
}

/** The record rule of `schedules*` with a record (record presence on a leave request): its requester or its group's editor. */
export const leaveRecordRule: access.RecordRule = async ({ deps, user, record }) => {
  if (record.id === 0) return { allowed: true, rule: 'groupMember' };
  const row = await repo.findLeave(deps.db, record.id);
  if (!row) return { allowed: false, rule: 'recordNotFound', params: { id: record.id } };
  return (await mayViewLeave(deps, user, row)) ? { allowed: true, rule: row.userId === user.id ? 'requester' : 'groupLead' } : { allowed: false, rule: 'notRecordParticipant' };
};

