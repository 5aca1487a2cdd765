/**
 * Help-desk status transitions: one action on the machine (helpdesk.machine.ts) and what follows an
 * engine decision. helpdesk.service.ts re-exports them.
 */
import type { HelpdeskAction, HelpdeskRequestDetail, HelpdeskTransitionInput, LanguageCode } from '@servicedesk/contracts';
import * as access from '../../lib/access';
import { AppError, domainRule } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';
import { findTransition, guardHolds, statusesAllowing, type HelpdeskTransition } from './helpdesk.machine';
import * as repo from './helpdesk.repository';
import { approvalStatusOf, closeApprovalInTx, decide, decidesAsSubstitute } from '../../lib/approvals/engine';
import { HELPDESK_RECORD_KIND } from './helpdesk.kind';
import { requireComment } from '../../lib/records/comments';
import type { WarnLogger } from '../../lib/log';
import { announceChange, getDetail, loadVisible, nextActors, tell } from './helpdesk.detail';

/** Minimal logger shape for push failures (notify). */
// ---------------------------------------------------------------------------------------------
// Status transitions
// ---------------------------------------------------------------------------------------------

/**
 * The transition's required fields are there (422 `<field>Required`); a comment or solution holds
 * at least COMMENT_MIN_LENGTH characters (422 `commentTooShort`, SPEC §5 — lib/records/comments.ts).
 */
function requireFields(transition: HelpdeskTransition, input: HelpdeskTransitionInput): void {
  for (const field of transition.requires ?? []) {
    const value = input[field];
    if (value === undefined || value === '') {
      const what = { comment: 'a comment', holdReason: 'a hold reason', solution: 'a solution', assigneeId: 'an assignee' }[field];
      throw domainRule(`${field}Required`, `To ${transition.action} a request, give ${what}.`, { field });
    }
    if (field === 'comment' || field === 'solution') requireComment(input[field], field);
  }
}

/**
 * One status action (POST /api/helpdesk/requests/{id}/{action} or …/status): checks, in order,
 * the request exists (404) and is visible (403), the machine has the action in its status
 * (422 `invalidTransition`, or `approvalRequired` / `approvalNotRequired` for the approval
 * guard), the caller holds the role and action key (403 `forbidden` with `details.rule`), the
 * required fields are there (422 `<field>Required`), an assignee belongs to the group (422
 * `assigneeNotInGroup`). Then, in one transaction with the row locked (409 `requestChanged` if
 * someone acted first): the new status, the due time adjusted for a hold, a history row. Then the
 * notifications: to whoever acts next and to the requester.
 */
export async function applyAction(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  action: HelpdeskAction,
  input: HelpdeskTransitionInput,
  lang: LanguageCode,
  log?: WarnLogger,
  now = new Date(),
): Promise<HelpdeskRequestDetail> {
  const row = await loadVisible(deps, user, id);
  const component = await repo.findComponent(deps.db, row.componentId);
  const requiresApproval = component?.requiresApproval ?? false;
  const transition = findTransition(row.status, action);
  if (!transition) {
    throw domainRule('invalidTransition', `A request that is ${row.status} cannot be given the action “${action}”.`, {
      status: row.status,
      action,
      allowedFrom: statusesAllowing(action),
    });
  }
  if (!guardHolds(transition, requiresApproval)) {
    throw transition.guard === 'needsApproval'
      ? domainRule('approvalNotRequired', 'This request’s component does not need approval.', { action })
      : domainRule('approvalRequired', 'This request must be approved by the group lead first.', { action });
  }
  // Approval runs on the engine (helpdesk.approval.ts): the lead, or the lead's active substitute
  // (whom the record rule does not know, so only the engine checks them), decides the one step.
  const engineOpen = (action === 'approve' || action === 'reject') && row.status === 'NEW' && (await approvalStatusOf(deps.db, HELPDESK_RECORD_KIND, id)) === 'IN_APPROVAL';
  const substitute = engineOpen && (await decidesAsSubstitute(deps.db, user, HELPDESK_RECORD_KIND, id, now));
  await access.require(deps, user, transition.actionKey, { id, row, action });
  requireFields(transition, input);
  if (engineOpen && (action === 'approve' || substitute)) {
    await decide(deps, user, HELPDESK_RECORD_KIND, id, action as 'approve' | 'reject', input.comment, now, log);
    return getDetail(deps, user, id, lang, now);
  }
  if (action === 'assign') {
    const member = input.assigneeId !== undefined ? await repo.membership(deps.db, row.groupId, input.assigneeId) : null;
    if (!member) throw domainRule('assigneeNotInGroup', 'The assignee must be a member of the request’s group.', { assigneeId: input.assigneeId });
  }

  const updated = await deps.db.transaction(async (tx) => {
    const locked = await repo.findRequest(tx, id, true);
    if (!locked || locked.status !== row.status || locked.assigneeId !== row.assigneeId) {
      throw new AppError(409, 'requestChanged', 'Someone changed this request meanwhile; reload it and try again.');
    }
    const set: Partial<repo.NewRequestRow> = { status: transition.to, updatedAt: now };
    const details: Record<string, unknown> = {};
    switch (action) {
      case 'assign':
        set.assigneeId = input.assigneeId;
        details.assigneeId = input.assigneeId;
        break;
      case 'repair':
        set.assigneeId = user.id;
        details.assigneeId = user.id;
        break;
      case 'hold':
        set.onHoldSince = now;
        set.holdReason = input.holdReason;
        details.holdReason = input.holdReason;
        break;
      case 'resume': {
        // The clock stood still while held: push the due time by the time held.
        const held = Math.max(0, now.getTime() - (locked.onHoldSince ?? now).getTime());
        set.onHoldSince = null;
        set.heldMs = locked.heldMs + held;
        set.dueAt = new Date(locked.dueAt.getTime() + held);
        details.heldMs = held;
        break;
      }
      case 'resolve':
        set.solution = input.solution;
        set.resolvedAt = now;
        details.solution = input.solution;
        break;
      case 'reopen':
        set.resolvedAt = null;
        set.solution = null;
        break;
      case 'confirm':
        set.closedAt = now;
        break;
      case 'reject':
      case 'cancel':
        set.closedAt = now;
        break;
      default:
        break;
    }
    const next = await repo.updateRequest(tx, id, set);
    // A rejection by a group member or the requester's cancellation ends an open approval too.
    if (action === 'reject' || action === 'cancel') await closeApprovalInTx(tx, HELPDESK_RECORD_KIND, id, action === 'reject' ? 'REJECTED' : 'CANCELLED', now);
    await repo.insertHistory(tx, [
      {
        requestId: id,
        action,
        fromStatus: row.status,
        toStatus: transition.to,
        actorId: user.id,
        comment: input.comment || null,
        details: Object.keys(details).length ? details : null,
        createdAt: now,
      },
    ]);
    return next;
  });

  const extra: Record<string, string | number | null> = { action };
  if (action === 'hold') extra.holdReason = input.holdReason ?? null;
  await tell(deps, [updated.requesterId, ...(await nextActors(deps, action, updated, requiresApproval))], action, updated, user.id, extra, log);
  // A reassignment also takes it off the previous assignee's list.
  if (row.assigneeId !== null && row.assigneeId !== updated.assigneeId) await announceChange(deps, { ...updated, assigneeId: row.assigneeId }, log);
  await announceChange(deps, updated, log);
  return getDetail(deps, user, id, lang, now);
}

/**
 * After an engine decision on a request (helpdesk.approval.ts): the same notifications as a
 * help-desk action (the requester and whoever acts next, never the actor) and RecordChanged.
 */
export async function afterEngineDecision(deps: AppDeps, row: repo.RequestRow, action: 'approve' | 'reject', actorId: number): Promise<void> {
  const requiresApproval = (await repo.findComponent(deps.db, row.componentId))?.requiresApproval ?? true;
  await tell(deps, [row.requesterId, ...(await nextActors(deps, action, row, requiresApproval))], action, row, actorId, { action });
  await announceChange(deps, row);
}

