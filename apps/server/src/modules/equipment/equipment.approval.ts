import { domainRule, forbidden } from '../../lib/errors';
import {
  registerApprovalKind,
  type ApprovalStatusChange,
  type PendingDecision,
} from '../../lib/approvals/registry';
import type { Db } from '../../db/client';
import type { AppDeps, AuthUser } from '../../types';
import { budgetRemaining } from './equipment.budgets';
import {
  DIRECTOR_CALLBACK_KEY,
  EQUIPMENT_RECORD_KIND,
  VISA_POOL_CALLBACK_KEY,
} from './equipment.kind';
import * as repo from './equipment.repository';

/*
 * Equipment requests on the approval engine (DOMAIN.md "Approval chains", issue #12): the chain
 * director → visa pool. The engine keeps the statuses, steps, delegation, history rows and
 * notifications (`notifications.approvals.*`); this module adds
 * - the request row's copy of the status (the lists filter on it) — onStatusChange;
 * - the step's own key: the director's step needs `inventory.requests.directorCallback`, the visa
 *   pool's `inventory.requests.visaPoolCallback`, held by whose step it is (the approver, or the
 *   one a substitute stands in for: delegation passes the authority on);
 * - the budget check at the director's step: approving a request whose total exceeds what its
 *   budget line has left needs `overrideBudget` (422 `budgetExceeded` otherwise); the check's
 *   figures and the override land in the decision's history row (`details.budget`). The line's
 *   row is locked meanwhile, so two directors cannot both spend its last manat.
 */

/** What the director's step records about the budget (history details). */
export interface BudgetDecisionDetails {
  budgetId: number;
  remaining: number;
  requested: number;
  overBudget: boolean;
  override: boolean;
}

/** Checks a decision before the engine writes it (see the module comment). */
export async function checkDecision(tx: Db, d: PendingDecision): Promise<Record<string, unknown>> {
  const stepKey = d.position === 1 ? DIRECTOR_CALLBACK_KEY : VISA_POOL_CALLBACK_KEY;
  const owner = d.onBehalfOfId ?? d.actorId;
  if (!(await repo.userHolds(tx, owner, stepKey))) {
    throw forbidden(
      'userTypeLacks',
      'This step’s decision needs a permission the approver’s user type lacks.',
      { actionKey: stepKey },
    );
  }
  // Every decision changes the request's page (its chain): its version moves, even when the status stays.
  const row = await repo.updateRequest(tx, d.recordId, { updatedAt: d.at });
  if (d.position !== 1 || d.decision !== 'approve') return {};
  if (row.budgetId === null) return {};
  const left = await budgetRemaining(tx, row.budgetId, { excludeRequestId: row.id, lock: true });
  const overBudget = row.total > left.remaining;
  const override = d.input.overrideBudget === true;
  if (overBudget && !override) {
    throw domainRule(
      'budgetExceeded',
      'The request exceeds what its budget line has left; approve it with an explicit budget override.',
      {
        budgetId: row.budgetId,
        remaining: left.remaining,
        requested: row.total,
      },
    );
  }
  const budget: BudgetDecisionDetails = {
    budgetId: row.budgetId,
    remaining: left.remaining,
    requested: row.total,
    overBudget,
    override: overBudget && override,
  };
  return { budget };
}

/** Mirrors the engine's status onto the request row (inside the decision's transaction). */
async function mirror(tx: Db, change: ApprovalStatusChange): Promise<void> {
  await repo.updateRequest(tx, change.recordId, {
    status: change.to,
    updatedAt: change.at,
    ...(change.to === 'SUBMITTED' ? { submittedAt: change.at } : {}),
    ...(change.to === 'PROCESSED' ? { processedAt: change.at } : {}),
  });
}

/**
 * Registers the `equipmentRequest` kind (idempotent). `afterChange`: the service's announcement
 * (RecordChanged to the request's people and approvers); `mayView` / `mayProcess`: its rules.
 */
export function registerEquipmentApproval(hooks: {
  afterChange(deps: AppDeps, recordId: number, change: ApprovalStatusChange | null): Promise<void>;
  mayView(deps: AppDeps, user: AuthUser, recordId: number): Promise<boolean>;
  mayProcess(deps: AppDeps, user: AuthUser, recordId: number): Promise<boolean>;
}): void {
  registerApprovalKind(EQUIPMENT_RECORD_KIND, {
    chain: () => [{ role: 'director' }, { role: 'visaPool' }],
    beforeDecide: checkDecision,
    onStatusChange: mirror,
    mayView: hooks.mayView,
    mayProcess: hooks.mayProcess,
    afterChange: hooks.afterChange,
  });
}
