import type { Db } from '../../db/client';
import * as access from '../../lib/access';
import { domainRule, forbidden, notFound } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';
import * as repo from './schedules.repository';
import type { GroupRow, LeaveRow } from './schedules.repository';

/*
 * Who may do what with schedules (issue #18, DOMAIN.md "Staff schedule"):
 * - see a group's month and its templates: its members and lead, and its editors;
 * - edit it (paint, copy a week, patterns, templates, the minimum, allowances): the group's lead
 *   holding `schedules.edit`, or a holder of `schedules.edit` and `admin.org` (an organisation admin);
 * - see a leave request: its requester and its group's editors;
 * - edit the holiday calendar: an organisation admin (`admin.org`).
 */

/** The group `groupId`; 404 when there is none. */
export async function loadGroup(db: Db, groupId: number): Promise<GroupRow> {
  const group = await repo.findGroup(db, groupId);
  if (!group) throw notFound('No such group.');
  return group;
}

/** Whether `user` may edit group `groupId`'s schedule (see the module comment). */
export async function mayEdit(deps: AppDeps, user: AuthUser, groupId: number): Promise<boolean> {
  if (!(await access.hasAction(deps, user, 'schedules.edit'))) return false;
  return (await repo.isMember(deps.db, groupId, user.id, true)) || (await access.hasAction(deps, user, 'admin.org'));
}

/** 404 for no such group; 403 `notGroupEditor` unless the caller may edit the group's schedule. */
export async function requireEditor(deps: AppDeps, user: AuthUser, groupId: number): Promise<void> {
  await loadGroup(deps.db, groupId);
  if (!(await mayEdit(deps, user, groupId))) throw forbidden('notGroupEditor', "Only the group's lead edits its schedule.", { groupId });
}

/** 403 `notGroupMember` unless the caller is in the group. */
export async function requireMember(db: Db, user: AuthUser, groupId: number): Promise<void> {
  if (!(await repo.isMember(db, groupId, user.id))) throw forbidden('notGroupMember', 'This is not your group.', { groupId });
}

/** 403 `notGroupMember` unless the caller may see the group's schedule (a member or an editor); answers whether they may edit it. */
export async function requireViewer(deps: AppDeps, user: AuthUser, groupId: number): Promise<boolean> {
  const canEdit = await mayEdit(deps, user, groupId);
  if (!canEdit) await requireMember(deps.db, user, groupId);
  return canEdit;
}

/** 422 `notGroupMember` (details.userIds) when some of `userIds` are not in the group. */
export async function requireMembers(db: Db, groupId: number, userIds: number[]): Promise<void> {
  const members = new Set((await repo.activeMembers(db, groupId)).map((m) => m.id));
  const outside = [...new Set(userIds)].filter((id) => !members.has(id));
  if (outside.length) throw domainRule('notGroupMember', 'Some people are not in this group.', { userIds: outside });
}

/** 403 `notHolidayEditor` unless the caller is an organisation admin (`admin.org`). */
export async function requireHolidayEditor(deps: AppDeps, user: AuthUser): Promise<void> {
  if (!(await access.hasAction(deps, user, 'admin.org'))) throw forbidden('notHolidayEditor', 'Only an organisation admin edits the holiday calendar.');
}

/** Whether `user` may see leave request `row`: its requester, or its group's editor. */
export async function mayViewLeave(deps: AppDeps, user: AuthUser, row: LeaveRow): Promise<boolean> {
  return row.userId === user.id || (await mayEdit(deps, user, row.groupId));
}

/** The record rule of `schedules*` with a record (record presence on a leave request): its requester or its group's editor. */
export const leaveRecordRule: access.RecordRule = async ({ deps, user, record }) => {
  if (record.id === 0) return { allowed: true, rule: 'groupMember' };
  const row = await repo.findLeave(deps.db, record.id);
  if (!row) return { allowed: false, rule: 'recordNotFound', params: { id: record.id } };
  return (await mayViewLeave(deps, user, row)) ? { allowed: true, rule: row.userId === user.id ? 'requester' : 'groupLead' } : { allowed: false, rule: 'notRecordParticipant' };
};
