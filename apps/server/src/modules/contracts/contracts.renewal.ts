/**
 * The end of a contract's term: deactivation with a reason, and the next term (by hand as a DRAFT
 * through the chain, or automatic). contracts.service.ts re-exports them.
 */
import { type ContractDetail } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { openApproval } from '../../lib/approvals/engine';
import { AppError, domainRule, notFound } from '../../lib/errors';
import { appendHistory } from '../../lib/records/history';
import { addWatchers } from '../../lib/records/watchers';
import type { AppDeps, AuthUser } from '../../types';
import { nextTerm } from './contracts.dates';
import { CONTRACT_RECORD_KIND, contractUrl } from './contracts.kind';
import * as repo from './contracts.repository';
import type { WarnLogger } from '../../lib/log';
import { announceChange, getDetail, loadVisible, tell } from './contracts.detail';
// ---------------------------------------------------------------------------------------------
// Deactivation and renewal
// ---------------------------------------------------------------------------------------------

/**
 * Deactivates an ACTIVE contract with a reason (POST /api/contracts/{id}/deactivate and SPEC §7
 * deactivateElement type `contract`): DEACTIVATED, the reason kept, a history row, the author and
 * the responsible person told. 404; 422 `alreadyInactive` (DEACTIVATED), `invalidTransition` (not ACTIVE).
 */
export async function deactivateContract(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  reason: string,
  log?: WarnLogger,
  now = new Date(),
): Promise<void> {
  const existing = await loadVisible(deps, user, id, 'contracts.deactivate');
  const row = await deps.db.transaction(async (tx) => {
    const locked = await repo.findContract(tx, existing.id, true);
    if (!locked) throw notFound('No such contract.');
    if (locked.status === 'DEACTIVATED')
      throw domainRule('alreadyInactive', 'This contract is already deactivated.');
    if (locked.status !== 'ACTIVE')
      throw domainRule(
        'invalidTransition',
        `A contract that is ${locked.status} cannot be deactivated.`,
        { status: locked.status, action: 'deactivate' },
      );
    const updated = await repo.updateContract(tx, locked.id, {
      status: 'DEACTIVATED',
      deactivationReason: reason,
      deactivatedAt: now,
      updatedAt: now,
    });
    await appendHistory(tx, [
      {
        recordKind: CONTRACT_RECORD_KIND,
        recordId: locked.id,
        action: 'deactivate',
        fromStatus: 'ACTIVE',
        toStatus: 'DEACTIVATED',
        actorId: user.id,
        comment: reason,
        createdAt: now,
      },
    ]);
    return updated;
  });
  await tell(deps, [row.authorId, row.responsibleId], 'deactivated', row, user.id, { reason }, log);
  await announceChange(deps, row, log);
}

/**
 * Makes the next term of `previous` in `tx` (its own history): dates from contracts.dates nextTerm,
 * the same counterparty, subject, amount, people; `term` + 1, `previousId`. A DRAFT by `authorId`
 * with its approval opened (renewal by hand), or — `automatic` — ACTIVE at once with the previous
 * number and `/term`.
 */
export async function createNextTerm(
  tx: Db,
  previous: repo.ContractRow,
  authorId: number,
  automatic: boolean,
  now: Date,
): Promise<repo.ContractRow> {
  const dates = nextTerm(
    previous,
    previous.renewal === 'automatic' ? previous.renewalMonths : null,
  );
  const term = previous.term + 1;
  const base = previous.number?.replace(/\/\d+$/, '') ?? null;
  const next = await repo.insertContract(tx, {
    counterpartyId: previous.counterpartyId,
    subject: previous.subject,
    amountMinor: previous.amountMinor,
    currency: previous.currency,
    startDate: dates.startDate,
    endDate: dates.endDate,
    noticeDays: previous.noticeDays,
    renewal: previous.renewal,
    renewalMonths: previous.renewalMonths,
    responsibleId: previous.responsibleId,
    reviewerIds: previous.reviewerIds.filter((id) => id !== authorId),
    tagIds: previous.tagIds,
    authorId,
    previousId: previous.id,
    term,
    status: automatic ? 'ACTIVE' : 'DRAFT',
    number: automatic && base ? `${base}/${term}` : null,
    registeredAt: automatic ? now : null,
    createdAt: now,
    updatedAt: now,
  });
  await appendHistory(tx, [
    {
      recordKind: CONTRACT_RECORD_KIND,
      recordId: next.id,
      action: 'create',
      toStatus: next.status,
      actorId: automatic ? null : authorId,
      details: { renewalOf: previous.id, previousNumber: previous.number, automatic },
      createdAt: now,
    },
    {
      recordKind: CONTRACT_RECORD_KIND,
      recordId: previous.id,
      action: 'renew',
      actorId: automatic ? null : authorId,
      details: { nextId: next.id, startDate: next.startDate, endDate: next.endDate },
      createdAt: now,
    },
  ]);
  if (!automatic)
    await openApproval(tx, {
      recordKind: CONTRACT_RECORD_KIND,
      recordId: next.id,
      authorId,
      title: next.subject,
      url: contractUrl(next.id),
      now,
    });
  await addWatchers(tx, CONTRACT_RECORD_KIND, next.id, next.reviewerIds, authorId);
  return next;
}

/**
 * POST /api/contracts/{id}/renew: the next term of an ACTIVE or EXPIRED contract, as a DRAFT by the
 * caller (then edited and submitted through the chain like any contract). 422 `invalidTransition`
 * (another status); 409 `alreadyRenewed` (details.nextId).
 */
export async function renewContract(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  log?: WarnLogger,
  now = new Date(),
): Promise<ContractDetail> {
  const existing = await loadVisible(deps, user, id, 'contracts.create');
  const next = await deps.db.transaction(async (tx) => {
    const locked = await repo.findContract(tx, existing.id, true);
    if (!locked) throw notFound('No such contract.');
    if (locked.status !== 'ACTIVE' && locked.status !== 'EXPIRED') {
      throw domainRule(
        'invalidTransition',
        `A contract that is ${locked.status} cannot be renewed.`,
        { status: locked.status, action: 'renew' },
      );
    }
    const already = await repo.findNextTerm(tx, locked.id);
    if (already)
      throw new AppError(409, 'alreadyRenewed', 'This contract already has a next term.', {
        nextId: already.id,
      });
    return createNextTerm(tx, locked, user.id, false, now);
  });
  await announceChange(deps, existing, log);
  await announceChange(deps, next, log);
  return getDetail(deps, user, next.id);
}

