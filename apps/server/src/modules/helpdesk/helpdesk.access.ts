import type { HelpdeskAction } from '@servicedesk/contracts';
import { HELPDESK_ACTIONS } from '@servicedesk/contracts';
import * as access from '../../lib/access';
import { decidesAsSubstitute } from '../../lib/approvals/engine';
import type { AppDeps, AuthUser } from '../../types';
import { registerRecordAttachments } from '../../lib/records/attachments';
import { HELPDESK_RECORD_KIND } from './helpdesk.kind';
import { TRANSITIONS, findTransition, mayDo, rolesOf, type HelpdeskRole } from './helpdesk.machine';
import * as repo from './helpdesk.repository';
import { helpdeskVisibility } from './helpdesk.visibility';

/**
 * The record rule of `helpdesk.requests*` (lib/access.ts). The record is `{ id, row?, action?, member? }`
 * (`row` = the request row when the caller already loaded it; `member` = the caller's membership
 * of its group — `{ isLead }` or null — when already read; `watching` = whether the caller watches
 * it and `substitute: false` = no approval of it waits that the caller could decide as a
 * substitute, when the detail's one statement read them — then they are not read again):
 * - with `action` (a status action of the machine, or `update`): the caller must hold one of
 *   the transition's roles (helpdesk.machine.ts) — rules `requester`, `groupLead`, `groupMember`,
 *   `assignee`, `unassignedGroupMember`; refused: `ownRequest` (no self-approval) or
 *   `notAllowedRole` with `params.roles` (who may);
 * - without: may the caller see it — the kind's visibility rule (helpdesk.visibility.ts, shared
 *   with the lists' SQL and record presence): `requester`, `assignee`, `groupLead`, `groupMember`,
 *   `viewAll` (holds helpdesk.requests.viewAll) or `mentioned` (@mentioned on it: a watcher);
 *   else `notRecordParticipant`.
 * An unknown id answers `recordNotFound`.
 */
export const helpdeskRecordRule: access.RecordRule = async ({ deps, user, actionKey, record }) => {
  const row = (record.row as repo.RequestRow | undefined) ?? (await repo.findRequest(deps.db, record.id));
  if (!row) return { allowed: false, rule: 'recordNotFound', params: { requestId: record.id } };
  // The caller's membership of the request's group: given by the caller that already read it (the detail's allowed actions ask the rule once per action).
  const member = record.member !== undefined ? (record.member as { isLead: boolean } | null) : await repo.membership(deps.db, row.groupId, user.id);
  const roles = rolesOf({
    userId: user.id,
    requesterId: row.requesterId,
    assigneeId: row.assigneeId,
    isGroupMember: member !== null,
    isGroupLead: member?.isLead === true,
  });
  const params = { requestId: row.id };
  // Known false when no approval of the request waits (the detail read that with the row).
  const asSubstitute = async () => record.substitute !== false && (await decidesAsSubstitute(deps.db, user, HELPDESK_RECORD_KIND, row.id));
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
    if (!granting && (action === 'approve' || action === 'reject') && (await asSubstitute())) {
      return { allowed: true, rule: 'substitute', params: { ...params, action } };
    }
    if (!granting) return { allowed: false, rule: 'notAllowedRole', params: { ...params, action, roles: who } };
    const role = granting.who.find((r) => roles.has(r)) as HelpdeskRole;
    return { allowed: true, rule: role, params: { ...params, action } };
  }

  // Seeing it: the kind's one visibility rule (helpdesk.visibility.ts), as the lists and presence.
  // A group's lead is told apart from its members (the explainer shows `groupLead`).
  const seen = await helpdeskVisibility.check(deps, user, row, actionKey, { watching: record.watching as boolean | undefined });
  if (!seen) {
    // The group lead's active substitute sees the requests whose approval waits for them.
    if (await asSubstitute()) return { allowed: true, rule: 'substitute', params };
    return { allowed: false, rule: 'notRecordParticipant', params };
  }
  return { allowed: true, rule: seen.rule === 'groupMember' && roles.has('groupLead') ? 'groupLead' : seen.rule, params };
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
  registerRecordAttachments(HELPDESK_RECORD_KIND, { read: mayViewRequest, remove: mayEditRequest });
}
