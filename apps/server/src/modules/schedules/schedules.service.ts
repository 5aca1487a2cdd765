import {
  ALLOWANCE_KINDS,
  COVERAGE_KINDS,
  LEAVE_DEFAULT_ALLOWANCE,
  type Holiday,
  type LeaveBalance,
  type LeaveClash,
  type LeaveRequest,
  type ShiftTemplate,
  type holidayInput,
  type leaveAllowanceInput,
  type shiftTemplateApplyInput,
  type shiftTemplateInput,
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
import type { EntryRow, GroupRow, HolidayRow, LeaveRow, TemplateRow } from './schedules.repository';
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
  const [entries, minCoverage, holidays] = await Promise.all([
    entriesOf(deps.db, people.map((p) => p.id), days[0]!, days[days.length - 1]!),
    minCoverageOf(deps.db, groupId),
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
  const from = rows.reduce((min, r) => (r.startDay < min ? r.startDay : min), rows[0]!.startDay);
  const to = rows.reduce((max, r) => (r.endDay > max ? r.endDay : max), rows[0]!.endDay);
  const [people, names, off] = await Promise.all([
    repo.peopleNames(db, [...new Set(rows.map((r) => r.userId))]),
    repo.groupNames(db, [...new Set(rows.map((r) => r.groupId))]),
    daysOffBetween(db, from, to),
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
    days: leaveDays(r.startDay, r.endDay, off).length,
    reason: r.reason,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Keeps the leave request's status in step with the engine; an approval writes its days into the grid. */
async function mirrorLeave(tx: Db, change: ApprovalStatusChange): Promise<void> {
  if (change.to === 'APPROVED') {
    // Refused on approving too: a leave approved meanwhile (or before this rule) may hold some of the days.
    const asked = await repo.findLeave(tx, change.recordId);
    if (asked) {
      await repo.lockPerson(tx, asked.userId);
      await refuseOverlap(tx, asked.userId, asked.startDay, asked.endDay, asked.id, ['APPROVED', 'PROCESSED']);
    }
  }
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
 * (the group has no lead besides the caller), 422 `leaveOverlap` (details.clash: the caller's
 * leave asked for or approved on some of the days — its id, days, kind and status), 422
 * `leaveBalanceExceeded` (a vacation longer than what is left: details { year, asked, left }, in
 * leave days — holidays are not counted). Submitted to the group's lead at once.
 */
export async function requestLeave(deps: AppDeps, user: AuthUser, input: z.output<typeof leaveRequestInput>, now = new Date(), log?: WarnLogger): Promise<LeaveRequest> {
  await loadGroup(deps.db, input.groupId);
  if (!(await isMember(deps.db, input.groupId, user.id))) throw forbidden('notGroupMember', 'This is not your group.', { groupId: input.groupId });
  const days = daysBetween(input.startDay, input.endDay).length;
  if (days === 0 || days > 62) throw domainRule('invalidRange', 'Choose 1 to 62 days.', { startDay: input.startDay, endDay: input.endDay });
  if (!approvalKindOf(LEAVE_RECORD_KIND)) registerLeaveApproval();
  const { row, notices } = await deps.db.transaction(async (tx) => {
    // One person's requests one after another (the row lock), so two saved at once cannot both pass.
    await repo.lockPerson(tx, user.id);
    await refuseOverlap(tx, user.id, input.startDay, input.endDay, null);
    if ((ALLOWANCE_KINDS as readonly string[]).includes(input.kind)) await refuseOverBalance(tx, user.id, input.startDay, input.endDay, now);
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


// ---------------------------------------------------------------------------------------------
// Overlaps, holidays and balances (issue #41)
// ---------------------------------------------------------------------------------------------

const toHoliday = (row: HolidayRow): Holiday => ({ day: row.day, kind: row.kind, name: row.name, dayOff: row.dayOff });

/** The days of the calendar rows that are days off. */
const daysOffOf = (rows: HolidayRow[]): Set<string> => new Set(rows.filter((h) => h.dayOff).map((h) => h.day));

/** The calendar's days off from `from` through `to`. */
export async function daysOffBetween(db: Db, from: string, to: string): Promise<Set<string>> {
  return daysOffOf(await repo.holidaysBetween(db, from, to));
}

/** The leave days of `from`…`to`: every day except the calendar's days off (holidays are not leave days). */
export const leaveDays = (from: string, to: string, off: ReadonlySet<string>): string[] => daysBetween(from, to).filter((d) => !off.has(d));

const toClash = (row: LeaveRow): LeaveClash => ({ id: row.id, startDay: row.startDay, endDay: row.endDay, status: row.status, kind: row.kind });

/**
 * 422 `leaveOverlap` when the person holds leave (asked for or approved; only `statuses` when
 * given) overlapping `from`…`to`, other than `exceptId`. details.clash names the first one.
 */
async function refuseOverlap(tx: Db, userId: number, from: string, to: string, exceptId: number | null, statuses?: readonly string[]): Promise<void> {
  const [clash] = await repo.overlappingLeaves(tx, userId, from, to, exceptId, statuses);
  if (clash) {
    throw domainRule('leaveOverlap', `These days overlap the leave of ${clash.startDay} – ${clash.endDay} (${clash.status}).`, { clash: toClash(clash) });
  }
}

/** Today in the organisation's calendar (Asia/Baku) as YYYY-MM-DD. */
const todayOf = (now: Date): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Baku', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** The balances of `people` in `year` (see contracts `leaveBalance`). */
async function balancesOf(db: Db, people: { id: number; name: string }[], year: number, now: Date): Promise<LeaveBalance[]> {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const ids = people.map((p) => p.id);
  const [leaves, allowances, off] = await Promise.all([repo.holdingLeavesOf(db, ids, from, to), repo.allowancesOf(db, ids, year), daysOffBetween(db, from, to)]);
  const today = todayOf(now);
  return people.map((p) => {
    let taken = 0;
    let planned = 0;
    for (const leave of leaves) {
      if (leave.userId !== p.id || !(ALLOWANCE_KINDS as readonly string[]).includes(leave.kind)) continue;
      const approved = leave.status === 'APPROVED' || leave.status === 'PROCESSED';
      for (const day of leaveDays(leave.startDay < from ? from : leave.startDay, leave.endDay > to ? to : leave.endDay, off)) {
        if (approved && day <= today) taken++;
        else planned++;
      }
    }
    const allowance = allowances.find((a) => a.userId === p.id)?.days ?? LEAVE_DEFAULT_ALLOWANCE;
    return { userId: p.id, name: p.name, year, allowance, taken, planned, left: allowance - taken - planned };
  });
}

/** 422 `leaveBalanceExceeded` (details { year, asked, left }) when `from`…`to` asks for more leave days in a year than are left. */
async function refuseOverBalance(tx: Db, userId: number, from: string, to: string, now: Date): Promise<void> {
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    const start = from > `${year}-01-01` ? from : `${year}-01-01`;
    const end = to < `${year}-12-31` ? to : `${year}-12-31`;
    const asked = leaveDays(start, end, await daysOffBetween(tx, start, end)).length;
    const [balance] = await balancesOf(tx, [{ id: userId, name: '' }], year, now);
    if (asked > balance!.left) {
      throw domainRule('leaveBalanceExceeded', `${asked} leave days asked in ${year}, ${balance!.left} left.`, { year, asked, left: balance!.left });
    }
  }
}

/**
 * POST /api/schedules/balances: the caller's balance for `year`, or (with groupId) each member's —
 * the group's editor only (403 `notGroupEditor`).
 */
export async function balances(deps: AppDeps, user: AuthUser, year: number, groupId?: number, now = new Date()): Promise<LeaveBalance[]> {
  if (groupId === undefined) {
    const [me] = await repo.peopleNames(deps.db, [user.id]);
    return balancesOf(deps.db, [{ id: user.id, name: me ? `${me.first} ${me.last}` : '' }], year, now);
  }
  await requireEditor(deps, user, groupId);
  const people = await membersOf(deps.db, groupId);
  return balancesOf(deps.db, people.map((p) => ({ id: p.id, name: `${p.first} ${p.last}` })), year, now);
}

/** POST /api/schedules/allowance: a member's allowance for a year — the group's editor (403 `notGroupEditor`; 422 `notGroupMember`). */
export async function setAllowance(deps: AppDeps, user: AuthUser, input: z.output<typeof leaveAllowanceInput>): Promise<{ ok: true }> {
  await requireEditor(deps, user, input.groupId);
  await requireMembers(deps.db, input.groupId, [input.userId]);
  await repo.saveAllowance(deps.db, input.userId, input.year, input.days, user.id);
  return { ok: true };
}

/** GET /api/schedules/holidays?year=: the calendar's days of the year. */
export async function holidays(deps: AppDeps, year: number): Promise<Holiday[]> {
  return (await repo.holidaysBetween(deps.db, `${year}-01-01`, `${year}-12-31`)).map(toHoliday);
}

/** 403 `notHolidayEditor` unless the caller is an organisation admin (`admin.org`). */
async function requireHolidayEditor(deps: AppDeps, user: AuthUser): Promise<void> {
  if (!(await access.hasAction(deps, user, 'admin.org'))) throw forbidden('notHolidayEditor', 'Only an organisation admin edits the holiday calendar.');
}

/** POST /api/schedules/holidays: adds or replaces a day of the calendar (an organisation admin). */
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

const toTemplate = (row: TemplateRow): ShiftTemplate => ({ id: row.id, groupId: row.groupId, name: row.name, days: row.days });

/** GET /api/schedules/templates?groupId=: the group's shift templates (its members and editors; 403 `notGroupMember`). */
export async function templates(deps: AppDeps, user: AuthUser, groupId: number): Promise<ShiftTemplate[]> {
  await loadGroup(deps.db, groupId);
  if (!(await mayEdit(deps, user, groupId)) && !(await isMember(deps.db, groupId, user.id))) throw forbidden('notGroupMember', 'This is not your group.', { groupId });
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
  if (weekdayOf(input.weekStart) !== 0) throw domainRule('notMonday', 'A week starts on Monday.', { weekStart: input.weekStart });
  const template = await repo.findTemplate(deps.db, input.templateId);
  if (!template || template.groupId !== input.groupId) throw notFound('No such template.');
  await requireMembers(deps.db, input.groupId, input.userIds);
  const cells = input.userIds.flatMap((userId) =>
    template.days.flatMap((value, i) => (value === null ? [] : [{ userId, day: addDays(input.weekStart, i), value }])),
  );
  const changed = await deps.db.transaction((tx) => writeCells(tx, input.groupId, cells, user.id));
  await announceGroup(deps, input.groupId, log);
  return { changed };
}
