/**
 * Reading a contract: the record skeleton (loadVisible, announceChange, tell), its view with the
 * pending stage, the caller's allowed actions, the detail, and what follows an engine change.
 * contracts.service.ts re-exports what other files use.
 */
import type { z } from 'zod';
import { CONTRACT_EDITABLE_STATUSES, type Contract, type ContractAction, type ContractDetail, type ContractStage, type contractListQuery } from '@servicedesk/contracts';
import * as access from '../../lib/access';
import { approvalState } from '../../lib/approvals/engine';
import type { ApprovalStatusChange } from '../../lib/approvals/registry';
import { recordParts } from '../../lib/records/detail-parts';
import { recordService } from '../../lib/records/record-service';
import type { AppDeps, AuthUser } from '../../types';
import { STAGE_POSITION } from './contracts.approval';
import { endReminderDate, noticeDate } from './contracts.dates';
import { CONTRACT_RECORD_KIND } from './contracts.kind';
import * as repo from './contracts.repository';
import { contractVisibility } from './contracts.visibility';

export type ParsedListQuery = z.output<typeof contractListQuery>;

const iso = (d: Date) => d.toISOString();

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/**
 * The contract's record skeleton (lib/records/record-service.ts): loadVisible (404, then the record
 * rule's 403 `notRecordParticipant`), announceChange (RecordChanged to its viewers and everyone
 * whose lists show it: author, responsible, reviewers) and tell (`contracts.notifications.<event>`).
 */
const records = recordService<repo.ContractRow>({
  kind: CONTRACT_RECORD_KIND,
  readKey: 'contracts',
  find: repo.findContract,
  notFoundText: 'No such contract.',
  audience: (deps, row) => contractVisibility.audience(deps.db, row),
  notices: { prefix: 'contracts.notifications.', params: (row) => ({ number: row.number ?? '', subject: row.subject }) },
});
export const { loadVisible, tell, announceChange } = records;

/** The stage of an IN_APPROVAL contract (from the engine's pending step), else null. */
export async function stageOf(deps: AppDeps, row: repo.ContractRow): Promise<ContractStage | null> {
  if (row.status !== 'IN_APPROVAL') return null;
  const position = await repo.pendingPosition(deps.db, row.id);
  return (
    (Object.entries(STAGE_POSITION).find(([, p]) => p === position)?.[0] as
      ContractStage | undefined) ?? null
  );
}

/** The contract as the API answers it. */
export async function toContract(deps: AppDeps, row: repo.ContractRow): Promise<Contract> {
  const [people, counterparty, next, stage] = await Promise.all([
    repo.peopleOf(deps.db, [row.authorId, row.responsibleId, ...row.reviewerIds]),
    repo.findCounterparty(deps.db, row.counterpartyId),
    repo.findNextTerm(deps.db, row.id),
    stageOf(deps, row),
  ]);
  const person = (id: number) => people.get(id) ?? { id, name: `#${id}`, imgPath: null };
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    stage,
    counterparty: counterparty
      ? {
          id: counterparty.id,
          kind: counterparty.kind as 'vendor' | 'contractor',
          name: counterparty.name,
          tin: counterparty.tin,
        }
      : { id: row.counterpartyId, kind: 'vendor', name: '', tin: null },
    subject: row.subject,
    amountMinor: row.amountMinor,
    currency: row.currency,
    startDate: row.startDate,
    endDate: row.endDate,
    noticeDays: row.noticeDays,
    renewal: row.renewal,
    renewalMonths: row.renewalMonths,
    responsible: person(row.responsibleId),
    author: person(row.authorId),
    reviewers: row.reviewerIds.map(person),
    tagIds: row.tagIds,
    noticeDate: noticeDate(row.endDate, row.noticeDays),
    endReminderDate: endReminderDate(row.endDate),
    deactivationReason: row.deactivationReason,
    registeredAt: row.registeredAt ? iso(row.registeredAt) : null,
    previousId: row.previousId,
    nextId: next?.id ?? null,
    term: row.term,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** What the caller may do on the contract now (the detail's buttons; every call checks again). */
export async function allowedActions(
  deps: AppDeps,
  user: AuthUser,
  row: repo.ContractRow,
  hasNext: boolean,
): Promise<ContractAction[]> {
  const actions: ContractAction[] = [];
  const holds = (key: string) => access.hasAction(deps, user, key);
  const isAuthor = row.authorId === user.id;
  if (isAuthor && (await holds('contracts.create'))) {
    if ((CONTRACT_EDITABLE_STATUSES as readonly string[]).includes(row.status))
      actions.push('edit', 'submit', 'cancel');
    if (row.status === 'IN_APPROVAL') actions.push('cancel');
  }
  if (row.status === 'IN_APPROVAL' && !isAuthor) {
    const stage = await stageOf(deps, row);
    let decides = false;
    try {
      decides = (
        await approvalState(deps, user, CONTRACT_RECORD_KIND, row.id)
      ).allowedDecisions.includes('approve');
    } catch {
      decides = false;
    }
    if (decides && stage === 'visa' && (await holds('contracts.visa'))) actions.push('visa');
    if (decides && stage === 'lawyer' && (await holds('contracts.lawyerReject')))
      actions.push('lawyerCallback', 'lawyerReject');
    if (decides && stage === 'clerk' && (await holds('contracts.clerkProcess')))
      actions.push('clerkProcess');
  }
  if (row.status === 'ACTIVE' && (await holds('contracts.deactivate'))) actions.push('deactivate');
  if (
    (row.status === 'ACTIVE' || row.status === 'EXPIRED') &&
    !hasNext &&
    (await holds('contracts.create'))
  )
    actions.push('renew');
  return actions;
}

/**
 * GET /api/contracts/{id}: the contract, its history (engine and module rows, oldest first), its
 * files, the chain of renewals and the caller's actions. 404; 403 `notRecordParticipant`.
 */
export async function getDetail(
  deps: AppDeps,
  user: AuthUser,
  id: number,
): Promise<ContractDetail> {
  const row = await loadVisible(deps, user, id);
  // History and attachments in one statement (lib/records/detail-parts.ts, issue #44).
  const [contract, { history, attachments }, terms] = await Promise.all([
    toContract(deps, row),
    recordParts(deps.db, CONTRACT_RECORD_KIND, id, ['history', 'attachments']),
    repo.termsOf(deps.db, row),
  ]);
  return {
    contract,
    history,
    attachments,
    terms: terms.map((t) => ({
      id: t.id,
      number: t.number,
      term: t.term,
      status: t.status,
      startDate: t.startDate,
      endDate: t.endDate,
    })),
    allowedActions: await allowedActions(deps, user, row, contract.nextId !== null),
  };
}

// ---------------------------------------------------------------------------------------------
// Notifications and live updates
// ---------------------------------------------------------------------------------------------

/** After an engine change (decision, submission, cancellation): tell the people when registered; RecordChanged always. */
export async function afterEngineChange(
  deps: AppDeps,
  recordId: number,
  change: ApprovalStatusChange | null,
): Promise<void> {
  const row = await repo.findContract(deps.db, recordId);
  if (!row) return;
  if (change?.to === 'APPROVED')
    await tell(deps, [row.authorId, row.responsibleId], 'registered', row, change.actorId);
  await announceChange(deps, row);
}
