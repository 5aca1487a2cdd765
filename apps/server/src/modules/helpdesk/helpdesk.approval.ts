import { AppError, domainRule } from '../../lib/errors';
import { openApproval, submitInTx } from '../../lib/approvals/engine';
import { usersOfRole } from '../../lib/approvals/approvers';
import { approvalKindOf, registerApprovalKind, type ApprovalStatusChange } from '../../lib/approvals/registry';
import type { Db } from '../../db/client';
import type { AppDeps, AuthUser } from '../../types';
import { HELPDESK_RECORD_KIND } from './helpdesk.kind';
import * as repo from './helpdesk.repository';

/*
 * Help desk's approval step on the approval engine (issue #11, DOMAIN.md "Help-desk requests": a
 * component may require approval first). A request whose component needs approval gets a chain of
 * ONE step — the lead of its group — opened and submitted with the request. Approve (and reject,
 * by the lead's substitute) go through the engine, so delegation works for help desk and the
 * request shows in "my approvals"; the help-desk statuses stay as the user knows them (NEW →
 * APPROVED / REJECTED): the engine's change is mirrored onto the request here, with help desk's
 * own history row (who, on behalf of whom) and notifications (`ownHistoryAndNotices`).
 */

/** What the service does after an engine decision changed a request (notifications, RecordChanged). */
export type AfterEngineDecision = (deps: AppDeps, row: repo.RequestRow, action: 'approve' | 'reject', actorId: number) => Promise<void>;

/** Mirrors an engine status change onto the help-desk request (inside the decision's transaction). */
async function mirror(tx: Db, change: ApprovalStatusChange): Promise<void> {
  if (change.to === 'RETURNED') {
    throw domainRule('invalidTransition', 'A help-desk request cannot be returned to its requester; reject it with a comment instead.', { action: 'return' });
  }
  if (change.to !== 'APPROVED' && change.to !== 'REJECTED') return;
  const locked = await repo.findRequest(tx, change.recordId, true);
  if (!locked || locked.status !== 'NEW') throw new AppError(409, 'requestChanged', 'Someone changed this request meanwhile; reload it and try again.');
  const action = change.to === 'APPROVED' ? 'approve' : 'reject';
  await repo.updateRequest(tx, locked.id, { status: change.to, updatedAt: change.at, ...(action === 'reject' ? { closedAt: change.at } : {}) });
  await repo.insertHistory(tx, [
    {
      requestId: locked.id,
      action,
      fromStatus: 'NEW',
      toStatus: change.to,
      actorId: change.actorId,
      onBehalfOfId: change.onBehalfOfId,
      comment: change.comment,
      createdAt: change.at,
    },
  ]);
}

/** Registers the `helpdeskRequest` kind on the engine (idempotent). */
export function registerHelpdeskApproval(afterDecision: AfterEngineDecision): void {
  registerApprovalKind(HELPDESK_RECORD_KIND, {
    chain: () => [{ role: 'groupLead' }],
    decisionKey: 'helpdesk.requests.approve',
    // A request is not returned to its requester (mirror refuses it): the lead approves or rejects.
    decisions: ['approve', 'reject'],
    ownHistoryAndNotices: true,
    onStatusChange: mirror,
    afterChange: async (deps, recordId, change) => {
      if (!change || (change.to !== 'APPROVED' && change.to !== 'REJECTED') || change.actorId === null) return;
      const row = await repo.findRequest(deps.db, recordId);
      if (row) await afterDecision(deps, row, change.to === 'APPROVED' ? 'approve' : 'reject', change.actorId);
    },
  });
}

/**
 * Opens and submits the request's approval inside its creation transaction, when its group has a
 * lead other than the requester (otherwise nobody could decide on the engine, and the request
 * waits as before for a lead). Writes no history of its own (the request's `create` row says it).
 */
export async function startHelpdeskApproval(tx: Db, user: AuthUser, row: repo.RequestRow, now: Date): Promise<void> {
  const leads = (await usersOfRole(tx, 'groupLead', row.groupId)).filter((id) => id !== row.requesterId);
  if (leads.length === 0) return;
  await openApproval(tx, { recordKind: HELPDESK_RECORD_KIND, recordId: row.id, authorId: row.requesterId, title: row.title, number: row.number, url: `/home/helpdesk/requests/${row.id}`, groupId: row.groupId, now });
  await submitInTx(tx, user, HELPDESK_RECORD_KIND, row.id, now);
}

/**
 * The demo seed's start of a seeded NEW request's approval (DOMAIN.md "Demo data", issue #11), so
 * it waits in its group lead's "my approvals" as a request created in the app would. The seed
 * runs before the routes register the kind (db/prepare.ts), so a stand-in registration without
 * after-decision work is made when none exists; the routes' own replaces it (registerApprovalKind
 * replaces). Same rule as the app: nothing when the group has no lead other than the requester.
 */
export async function startSeededHelpdeskApproval(tx: Db, requester: AuthUser, row: repo.RequestRow): Promise<void> {
  if (!approvalKindOf(HELPDESK_RECORD_KIND)) registerHelpdeskApproval(async () => undefined);
  await startHelpdeskApproval(tx, requester, row, row.createdAt);
}
