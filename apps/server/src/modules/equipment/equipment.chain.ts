/**
 * An equipment request in its approval chain: submitting (with the budget check) and withdrawing
 * it, and the director's and visa pool's decisions — all through the approval engine.
 * equipment.service.ts re-exports them.
 */
import { type EquipmentRequestDetail } from '@servicedesk/contracts';
import * as access from '../../lib/access';
import { domainRule, notFound } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';
import type { Db } from '../../db/client';
import { approvalState, cancelInTx, decide, sendNotices, submitInTx, type ApprovalNotice } from '../../lib/approvals/engine';
import { appendHistory } from '../../lib/records/history';
import { EQUIPMENT_RECORD_KIND } from './equipment.kind';
import * as repo from './equipment.repository';
import type { WarnLogger } from '../../lib/log';
import { requireChargeable } from './equipment.budget-rule';

import { budgetCheckOf, getDetail, loadVisible, announceChange, type DecisionInput } from './equipment.detail';
/**
 * Submits inside `tx` (the row locked by the caller): 422 `budgetRequired` without a budget line;
 * writes the budget check's history row (`budgetCheck`: remaining, requested, overBudget — going
 * over is allowed here and flagged; the director decides with an override), then the engine's
 * submit (403 `notAuthor`, 422 `invalidTransition` / `noApprover`). Answers the notices.
 */
export async function submitLocked(
  tx: Db,
  user: AuthUser,
  row: repo.RequestRow,
  now: Date,
): Promise<ApprovalNotice[]> {
  if (row.budgetId === null)
    throw domainRule(
      'budgetRequired',
      'Choose the budget line this request is paid from before submitting it.',
    );
  const check = await budgetCheckOf(tx, row);
  await appendHistory(tx, [
    {
      recordKind: EQUIPMENT_RECORD_KIND,
      recordId: row.id,
      action: 'budgetCheck',
      actorId: user.id,
      details: { ...check },
      createdAt: now,
    },
  ]);
  return submitInTx(tx, user, EQUIPMENT_RECORD_KIND, row.id, now);
}
/** POST /api/equipment/requests/{id}/submit: the author submits a DRAFT or RETURNED request (see submitLocked). */
export async function submitRequest(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  log?: WarnLogger,
  now = new Date(),
): Promise<EquipmentRequestDetail> {
  const row = await loadVisible(deps, user, id);
  await access.require(deps, user, 'inventory.requests.create', { id, row, action: 'submit' });
  await requireChargeable(deps, user, row.requesterId, row.budgetId);
  const notices = await deps.db.transaction(async (tx) => {
    const locked = await repo.findRequest(tx, id, true);
    if (!locked) throw notFound('No such equipment request.');
    return submitLocked(tx, user, locked, now);
  });
  await sendNotices(deps, notices, log);
  await announceChange(deps, id, log);
  return getDetail(deps, user, id);
}

/** POST /api/equipment/requests/{id}/cancel: the author withdraws it before approval (engine: 403 `notAuthor`, 422 `invalidTransition`). */
export async function cancelRequest(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  comment: string | undefined,
  log?: WarnLogger,
  now = new Date(),
): Promise<EquipmentRequestDetail> {
  const row = await loadVisible(deps, user, id);
  await access.require(deps, user, 'inventory.requests.cancel', { id, row, action: 'cancel' });
  const notices = await deps.db.transaction((tx) =>
    cancelInTx(tx, user, EQUIPMENT_RECORD_KIND, id, comment?.trim() || null, now),
  );
  await sendNotices(deps, notices, log);
  await announceChange(deps, id, log);
  return getDetail(deps, user, id);
}

// ---------------------------------------------------------------------------------------------
// The chain's decisions (director and visa pool callbacks)
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/equipment/requests/{id}/directorCallback | visaPoolCallback: the pending step's
 * decision through the engine (approver or active substitute; 403 `ownRecord` / `notApprover`;
 * 422 `invalidTransition`, `commentRequired`, `commentTooShort`; 409 `approvalChanged`). 422
 * `notThisStep` when the pending step is the other one. At the director's step an approval over
 * budget needs `overrideBudget` (422 `budgetExceeded`), recorded in the history row.
 */
export async function decideStep(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  step: 'director' | 'visaPool',
  input: DecisionInput,
  log?: WarnLogger,
  now = new Date(),
): Promise<EquipmentRequestDetail> {
  const row = await loadVisible(deps, user, id);
  const state = await approvalState(deps, user, EQUIPMENT_RECORD_KIND, id, now);
  const pending = state.steps.find((s) => s.status === 'PENDING');
  const position = step === 'director' ? 1 : 2;
  // Only for someone who may decide the pending step (others get the engine's 403).
  if (
    row.status === 'IN_APPROVAL' &&
    pending &&
    pending.position !== position &&
    state.allowedDecisions.length > 0
  ) {
    throw domainRule(
      'notThisStep',
      `The pending step is ${pending.role ?? pending.position}, not ${step}.`,
      { pending: pending.role, position: pending.position },
    );
  }
  await decide(deps, user, EQUIPMENT_RECORD_KIND, id, input.decision, input.comment, now, log, {
    overrideBudget: input.overrideBudget,
  });
  return getDetail(deps, user, id);
}
