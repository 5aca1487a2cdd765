import type { HelpdeskAction } from '@servicedesk/contracts';
import { HELPDESK_ACTIONS } from '@servicedesk/contracts';
import * as access from '../../lib/access';
import { decidesAsSubstitute } from '../../lib/approvals/engine';
import type { AppDeps, AuthUser } from '../../types';
import { registerFileAccess } from '../files/files.service';
import { HELPDESK_FILE_RECORD } from './helpdesk.files';
import { TRANSITIONS, findTransition, mayDo, rolesOf, type HelpdeskRole } from './helpdesk.machine';
import * as repo from './helpdesk.repository';
import { HELPDESK_RECORD_KIND } from './helpdesk.kind';
import { isWatcher } from '../../lib/records/watchers';

/**
 * The record rule of `helpdesk.requests*` (lib/access.ts). The record is `{ id, row?, action? }`
 * (`row` = the request row when the caller already loaded it):
 * - with `action` (a status action of the machine, or `update`): the caller must hold one of
 *   the transition's roles (helpdesk.machine.ts) — rules `requester`, `groupLead`, `groupMember`,
 *   `assignee`, `unassignedGroupMember`; refused: `ownRequest` (no self-approval) or
 *   `notAllowedRole` with `params.roles` (who may);
 * - without: may the caller see it — `requester`, `assignee`, `groupLead`, `groupMember`,
 *   `viewAll` (holds helpdesk.requests.viewAll) or `mentioned` (@mentioned on it: a watcher);
 *   else `notRecordParticipant`.
 * An unknown id answers `recordNotFound`.
 */
export const helpdeskRecordRule: access.RecordRule = async ({ deps, user, actionKey, record }) => {
  const row = (record.row as repo.RequestRow | undefined) ?? (await repo.findRequest(deps.db, record.id));
  if (!row) return { allowed: false, rule: 'recordNotFound', params: { requestId: record.id } };
  const member = await repo.membership(deps.db, row.groupId, user.id);
  const roles = rolesOf({
    userId: user.id,
    requesterId: row.requesterId,
    assigneeId: row.assigneeId,
    isGroupMember: member !== null,
    isGroupLead: member?.isLead === true,
  });
  const params = { requestId: row.id };
  const action = record.action as HelpdeskAction | 'update' | undefined;

  if (action === 'update') {
    return roles.has('requester') ? { allowed: true, rule: 'requester', params } : { allowed: false, rule: 'notRequester', params };
  }
  if (action && (HELPDESK_ACTIONS as readonly string[]).includes(action)) {
    // The transition of the current status decides; for the explainer, any of the action's rows.
    const current = findTransition(row.status, action);
    const candidates = current ? [current] : TRANSITIONS.filter((t) => t.action === action);
    const who = [...new Set(candidates.flatMap((t) => t.who))];
    if (candidates.some((t) => t.notByAuthor) && roles.has('requester')) {
      return { allowed: false, rule: 'ownRequest', params: { ...params, action } };
    }
    const granting = candidates.find((t) => mayDo(t, roles));
    // The group lead's active substitute decides the approval step on the engine (issue #11).
    if (!granting && (action === 'approve' || action === 'reject') && (await decidesAsSubstitute(deps.db, user, HELPDESK_RECORD_KIND, row.id))) {
      return { allowed: true, rule: 'substitute', params: { ...params, action } };
    }
    if (!granting) return { allowed: false, rule: 'notAllowedRole', params: { ...params, action, roles: who } };
    const role = granting.who.find((r) => roles.has(r)) as HelpdeskRole;
    return { allowed: true, rule: role, params: { ...params, action } };
  }

  for (const role of ['requester', 'assignee', 'groupLead', 'groupMember'] as const) {
    if (roles.has(role)) return { allowed: true, rule: role, params };
  }
  if (actionKey !== 'helpdesk.requests.viewAll' && (await access.hasAction(deps, user, 'helpdesk.requests.viewAll'))) {
    return { allowed: true, rule: 'viewAll', params };
  }
  // Mentioned on it: may read, follow and comment — never act on its status (no role above).
  if (await isWatcher(deps.db, HELPDESK_RECORD_KIND, row.id, user.id)) return { allowed: true, rule: 'mentioned', params };
  // The group lead's active substitute sees the requests whose approval waits for them.
  if (await decidesAsSubstitute(deps.db, user, HELPDESK_RECORD_KIND, row.id)) return { allowed: true, rule: 'substitute', params };
  return { allowed: false, rule: 'notRecordParticipant', params };
};

/** Whether `user` may see request `id` (the attachment read rule). */
export async function mayViewRequest(deps: AppDeps, user: AuthUser, id: number): Promise<boolean> {
  return (await access.explain(deps, user, 'helpdesk.requests', { id })).allowed;
}

/** Whether `user` may edit request `id` (its requester while NEW): the attachment removal rule. */
export async function mayEditRequest(deps: AppDeps, user: AuthUser, id: number): Promise<boolean> {
  const row = await repo.findRequest(deps.db, id);
  return row !== undefined && row.status === 'NEW' && row.requesterId === user.id;
}

/** Registers the record rule and the attachment access once (idempotent: re-registering replaces). */
export function registerHelpdeskAccess(): void {
  access.registerRecordRule('helpdesk.requests', helpdeskRecordRule);
  registerFileAccess(HELPDESK_FILE_RECORD, { read: mayViewRequest, remove: mayEditRequest });
}
