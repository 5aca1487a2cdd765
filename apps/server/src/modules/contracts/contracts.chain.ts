/**
 * A contract in its approval chain: the author submits or withdraws it, the pending stage's
 * approver decides (visa, lawyer, clerk) — all through the approval engine.
 * contracts.service.ts re-exports them.
 */
import { type ContractDetail } from '@servicedesk/contracts';
import { cancelApproval, decide, submitApproval } from '../../lib/approvals/engine';
import { domainRule, forbidden } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';
import { CONTRACT_RECORD_KIND } from './contracts.kind';
import type { WarnLogger } from '../../lib/log';
import { getDetail, loadVisible, stageOf } from './contracts.detail';

/**
 * POST /api/contracts/{id}/submit: the author sends it into the chain (DRAFT or RETURNED →
 * IN_APPROVAL; the reviewers are told). 403 `notAuthor`; 422 `invalidTransition`, `noApprover`.
 */
export async function submitContract(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  log?: WarnLogger,
  now = new Date(),
): Promise<ContractDetail> {
  const row = await loadVisible(deps, user, id);
  if (row.authorId !== user.id)
    throw forbidden('notAuthor', 'Only the author submits a contract.', { contractId: id });
  await submitApproval(deps, user, CONTRACT_RECORD_KIND, id, now, log);
  return getDetail(deps, user, id);
}

/** POST /api/contracts/{id}/cancel: the author withdraws it before registration (→ CANCELLED). 403 `notAuthor`; 422 `invalidTransition`. */
export async function cancelContract(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  comment: string | undefined,
  log?: WarnLogger,
  now = new Date(),
): Promise<ContractDetail> {
  const row = await loadVisible(deps, user, id);
  if (row.authorId !== user.id)
    throw forbidden('notAuthor', 'Only the author cancels a contract.', { contractId: id });
  await cancelApproval(deps, user, CONTRACT_RECORD_KIND, id, comment?.trim() || null, now, log);
  return getDetail(deps, user, id);
}

// ---------------------------------------------------------------------------------------------
// The chain's decisions
// ---------------------------------------------------------------------------------------------

/** The stage call → its stage and engine decision. */
export const STAGE_CALLS = {
  visa: { stage: 'visa', decision: 'approve' },
  lawyerCallback: { stage: 'lawyer', decision: 'approve' },
  lawyerReject: { stage: 'lawyer', decision: 'return' },
  clerkProcess: { stage: 'clerk', decision: 'approve' },
} as const;
export type StageCall = keyof typeof STAGE_CALLS;

/**
 * POST /api/contracts/{id}/{visa|lawyerCallback|lawyerReject|clerkProcess}: the pending stage's
 * approver decides through the engine — visa (each reviewer; the step completes when all did),
 * lawyerCallback (approve), lawyerReject (back to the author, comment ≥ 10 characters required),
 * clerkProcess (registers: the number). Order: 404, 403 not visible, 422 `invalidTransition` (not
 * IN_APPROVAL) / `wrongStage` (details.stage = the pending one), then the engine's checks (403
 * `notApprover` / `ownRecord`, 422 `commentRequired` / `commentTooShort`, 409 `approvalChanged`).
 */
export async function decideStage(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  call: StageCall,
  comment: string | undefined,
  log?: WarnLogger,
  now = new Date(),
): Promise<ContractDetail> {
  const row = await loadVisible(deps, user, id);
  const { stage, decision } = STAGE_CALLS[call];
  if (row.status !== 'IN_APPROVAL')
    throw domainRule('invalidTransition', `A contract that is ${row.status} is not in approval.`, {
      status: row.status,
      action: call,
    });
  const pending = await stageOf(deps, row);
  if (pending !== stage)
    throw domainRule(
      'wrongStage',
      `The contract waits for the ${pending ?? 'nobody'} stage, not ${stage}.`,
      { stage: pending, action: call },
    );
  await decide(deps, user, CONTRACT_RECORD_KIND, id, decision, comment, now, log);
  return getDetail(deps, user, id);
}

