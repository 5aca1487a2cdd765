/**
 * The budget rule (issue #40; apps/server/README.md "Budget rule"): an equipment request is
 * charged to a budget line of a group its requester belongs to, unless whoever enters it holds
 * `inventory.requests.anyBudget` (directors, administrators). An employee of no group charges no
 * line without that permission.
 */
import { eq } from 'drizzle-orm';
import type { BudgetLine } from '@servicedesk/contracts';
import { groupMembers } from '../../db/schema';
import * as access from '../../lib/access';
import { domainRule } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';
import { findBudget } from './equipment.budgets';

/** The permission to charge any group's budget line. */
export const ANY_BUDGET_KEY = 'inventory.requests.anyBudget';

/** The groups `userId` belongs to (as lead or member). */
async function groupsOf(deps: AppDeps, userId: number): Promise<Set<number>> {
  const rows = await deps.db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(eq(groupMembers.userId, userId));
  return new Set(rows.map((r) => r.groupId));
}

/**
 * Refuses charging `budgetId` for a request of `requesterId` entered by `user`: 422
 * `budgetNotOwnGroup` (details budgetId, groupId) when the line's group is none of the requester's
 * and `user` lacks {@link ANY_BUDGET_KEY}. No line (null) or an unknown one passes (the caller
 * answers `budgetRequired` / `unknownBudget`).
 */
export async function requireChargeable(
  deps: AppDeps,
  user: AuthUser,
  requesterId: number,
  budgetId: number | null,
): Promise<void> {
  if (budgetId === null) return;
  const budget = await findBudget(deps.db, budgetId);
  if (!budget) return;
  if (await access.hasAction(deps, user, ANY_BUDGET_KEY)) return;
  if ((await groupsOf(deps, requesterId)).has(budget.groupId)) return;
  throw domainRule(
    'budgetNotOwnGroup',
    "A request is charged to a budget line of its requester's own group.",
    { budgetId, groupId: budget.groupId },
  );
}

/**
 * The budget lines the request form offers `user`: their own groups' lines; every line with
 * {@link ANY_BUDGET_KEY}, or when they may request on behalf of others (whose group decides; the
 * save checks it).
 */
export async function chargeableBudgets(
  deps: AppDeps,
  user: AuthUser,
  budgets: BudgetLine[],
): Promise<BudgetLine[]> {
  if (await access.hasAction(deps, user, ANY_BUDGET_KEY)) return budgets;
  if (await access.hasAction(deps, user, 'inventory.requests.onBehalf')) return budgets;
  const mine = await groupsOf(deps, user.id);
  return budgets.filter((b) => mine.has(b.groupId));
}
