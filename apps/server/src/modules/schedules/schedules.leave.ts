import { ALLOWANCE_KINDS, type LeaveClash, type LeaveRequest, type LeaveRequestDetail, type leaveRequestInput } from '@servicedesk/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { publishRecordChange } from '../../hub/record-presence';
import { openApproval, sendNotices, submitInTx } from '../../lib/approvals/engine';
import { approvalKindOf, registerApprovalKind, type ApprovalStatusChange } from '../../lib/approvals/registry';
import { eachDay } from '../../lib/calendar-days';
import { domainRule, forbidden, notFound } from '../../lib/errors';
import type { WarnLogger } from '../../lib/log';
import type { AppDeps, AuthUser } from '../../types';
import { loadGroup, mayViewLeave, requireEditor, requireMember } from './schedules.access';
import { refuseOverBalance } from './schedules.balances';
import { daysOffBetween, leaveDays } from './schedules.calendar';
import { LEAVE_RECORD_KIND } from './schedules.kind';
import * as repo from './schedules.repository';
import type { LeaveRow } from './schedules.repository';
import { announceGroup, coverageOf } from './schedules.service';

/*
 * Leave requests on the approval engine (issue #18; overlaps issue #41): a member asks, the
 * group's lead decides (kind `leaveRequest`, one `groupLead` step, decision key `schedules.edit`)
 * from My approvals or the leave page; approved days are written into the grid in the decision's
 * transaction. A person's requests and approvals are checked one after the other (the users row
 * lock), so overlapping leave cannot slip in twice.
 */

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
  const cells = eachDay(row.startDay, row.endDay).map((day) => ({ userId: row.userId, day, value: { kind: row.kind, startMinute: null, endMinute: null } }));
  await repo.writeCells(tx, row.groupId, cells, change.actorId, row.id);
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
  await requireMember(deps.db, user, input.groupId);
  const days = eachDay(input.startDay, input.endDay).length;
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
  await publishRecordChange(deps, LEAVE_RECORD_KIND, row.id, [user.id, ...(await repo.activeMembers(deps.db, row.groupId)).map((m) => m.id)], log);
  const [view] = await leaveView(deps.db, [row]);
  return view!;
}

/** POST /api/schedules/leave/list: mine, or (with groupId) a group's — its editor only (403 `notGroupEditor`). Newest first. */
export async function listLeave(deps: AppDeps, user: AuthUser, groupId?: number): Promise<LeaveRequest[]> {
  if (groupId !== undefined) await requireEditor(deps, user, groupId);
  const rows = await repo.leaveList(deps.db, groupId !== undefined ? { groupId } : { userId: user.id });
  return leaveView(deps.db, rows);
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
  const people = (await repo.activeMembers(deps.db, row.groupId)).map((m) => m.id);
  const days = eachDay(row.startDay, row.endDay);
  const [entries, minCoverage] = await Promise.all([repo.entriesOf(deps.db, people, row.startDay, row.endDay), repo.minCoverageOf(deps.db, row.groupId)]);
  const present = coverageOf(days, entries);
  const requesterPresent = coverageOf(days, entries.filter((e) => e.userId === row.userId));
  const [view] = await leaveView(deps.db, [row]);
  return {
    request: view!,
    coverage: days.map((day, i) => ({ day, present: present[i]!, minCoverage, withoutRequester: present[i]! - requesterPresent[i]! })),
  };
}
