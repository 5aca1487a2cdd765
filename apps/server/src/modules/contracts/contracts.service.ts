import type { z } from 'zod';
import {
  CONTRACT_CURRENCIES,
  CONTRACT_EDITABLE_STATUSES,
  CONTRACT_END_REMINDER_DAYS,
  TIN_LENGTH,
  type Contract,
  type ContractAction,
  type ContractDashboard,
  type ContractDetail,
  type ContractReference,
  type ContractStage,
  type ContractTinCheck,
  type contractListQuery,
  type saveContractInput,
} from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import * as access from '../../lib/access';
import {
  approvalState,
  cancelApproval,
  decide,
  openApproval,
  submitApproval,
} from '../../lib/approvals/engine';
import type { ApprovalStatusChange } from '../../lib/approvals/registry';
import { AppError, domainRule, forbidden, notFound } from '../../lib/errors';
import { attachmentsOf, attachToRecord } from '../../lib/records/attachments';
import { appendHistory, historyOf } from '../../lib/records/history';
import { recordService } from '../../lib/records/record-service';
import { addWatchers } from '../../lib/records/watchers';
import type { ListCache } from '../../lib/lists/list-cache';
import type { AppDeps, AuthUser } from '../../types';
import { createElement, findCounterpartyByTin } from '../modalElements/modalElements.service';
import { STAGE_POSITION } from './contracts.approval';
import { bakuToday, endReminderDate, nextTerm, noticeDate } from './contracts.dates';
import { CONTRACT_RECORD_KIND, contractUrl } from './contracts.kind';
import * as repo from './contracts.repository';
import { contractVisibility } from './contracts.visibility';
import type { WarnLogger } from '../../lib/log';

/*
 * Contracts (issue #14; DOMAIN.md "Contracts"; SPEC §7 "contracts (save, visa, lawyer reject and
 * callback, clerk process, TIN duplication check, deactivate)"). Create/edit by the author,
 * submission and the chain on the approval engine (contracts.approval.ts), deactivation, renewal,
 * the grid, the dashboard figure, the TIN check. The daily reminders and expiry: contracts.jobs.ts.
 */

type SaveInput = z.output<typeof saveContractInput>;
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
const { loadVisible } = records;
export const { tell, announceChange } = records;

/** The stage of an IN_APPROVAL contract (from the engine's pending step), else null. */
async function stageOf(deps: AppDeps, row: repo.ContractRow): Promise<ContractStage | null> {
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
  const [contract, history, attachments, terms] = await Promise.all([
    toContract(deps, row),
    historyOf(deps.db, CONTRACT_RECORD_KIND, id),
    attachmentsOf(deps, CONTRACT_RECORD_KIND, id),
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

// ---------------------------------------------------------------------------------------------
// Save, submit, cancel
// ---------------------------------------------------------------------------------------------

/** Checks the fields that need the database; answers the counterparty id to use (a new one is made last). */
async function checkInput(deps: AppDeps, user: AuthUser, input: SaveInput): Promise<void> {
  if (input.endDate < input.startDate)
    throw domainRule('endBeforeStart', 'The end date lies before the start date.', {
      startDate: input.startDate,
      endDate: input.endDate,
    });
  if (input.counterpartyId !== undefined) {
    const counterparty = await repo.findCounterparty(deps.db, input.counterpartyId);
    if (!counterparty || !counterparty.isActive)
      throw domainRule('unknownCounterparty', 'Choose an active vendor or contractor.', {
        counterpartyId: input.counterpartyId,
      });
  }
  const reviewers = new Set((await repo.usersHolding(deps.db, 'contracts.visa')).map((r) => r.id));
  const wrong = input.reviewerIds.filter((id) => !reviewers.has(id) || id === user.id);
  if (wrong.length > 0)
    throw domainRule(
      'invalidReviewer',
      'Reviewers must hold the visa permission and be someone other than the author.',
      { reviewerIds: wrong },
    );
  const responsible = await repo.peopleOf(deps.db, [input.responsibleId]);
  const active = (await repo.activePeople(deps.db)).some((p) => p.id === input.responsibleId);
  if (!responsible.has(input.responsibleId) || !active)
    throw domainRule('unknownResponsible', 'Choose an active responsible person.', {
      responsibleId: input.responsibleId,
    });
}

/** The counterparty id: the chosen one, or a new vendor/contractor (409 `duplicateTin` / `duplicateName` from modal elements). */
async function counterpartyIdFor(deps: AppDeps, user: AuthUser, input: SaveInput): Promise<number> {
  if (input.counterpartyId !== undefined) return input.counterpartyId;
  const made = await createElement(deps, user, {
    modalElement: input.newCounterparty!.kind,
    name: input.newCounterparty!.name,
    tin: input.newCounterparty!.tin,
  });
  return made.id;
}

/**
 * POST /api/contracts/save: creates a DRAFT (no `id`; the caller is its author; its approval is
 * opened on the engine) or edits one (`id`: its author — 403 `notAuthor` — while DRAFT or
 * RETURNED — 422 `contractNotEditable`). Errors: 422 `endBeforeStart`, `unknownCounterparty`,
 * `invalidReviewer`, `unknownResponsible`, `fileNotAttachable`; 409 `duplicateTin` (details: the
 * counterparty that has it) / `duplicateName` for a new counterparty. History `create`/`update`;
 * the reviewers become watchers (they see it and its changes).
 */
export async function saveContract(
  deps: AppDeps,
  user: AuthUser,
  input: SaveInput,
  log?: WarnLogger,
  now = new Date(),
): Promise<ContractDetail> {
  const existing = input.id !== undefined ? await loadVisible(deps, user, input.id) : undefined;
  if (existing) {
    if (existing.authorId !== user.id)
      throw forbidden('notAuthor', 'Only the author edits a contract.', {
        contractId: existing.id,
      });
    if (!(CONTRACT_EDITABLE_STATUSES as readonly string[]).includes(existing.status)) {
      throw domainRule(
        'contractNotEditable',
        `A contract that is ${existing.status} cannot be edited.`,
        { status: existing.status },
      );
    }
  }
  await checkInput(deps, user, input);
  const tagIds = await repo.activeTagIds(deps.db, input.tagIds);
  const counterpartyId = await counterpartyIdFor(deps, user, input);
  const fields = {
    counterpartyId,
    subject: input.subject,
    amountMinor: input.amountMinor,
    currency: input.currency,
    startDate: input.startDate,
    endDate: input.endDate,
    noticeDays: input.noticeDays,
    renewal: input.renewal,
    renewalMonths: input.renewal === 'automatic' ? (input.renewalMonths ?? null) : null,
    responsibleId: input.responsibleId,
    reviewerIds: [...new Set(input.reviewerIds)],
    tagIds,
  };

  if (!existing) {
    const row = await deps.db.transaction(async (tx) => {
      const created = await repo.insertContract(tx, {
        ...fields,
        status: 'DRAFT',
        authorId: user.id,
        createdAt: now,
        updatedAt: now,
      });
      await appendHistory(tx, [
        {
          recordKind: CONTRACT_RECORD_KIND,
          recordId: created.id,
          action: 'create',
          toStatus: 'DRAFT',
          actorId: user.id,
          createdAt: now,
        },
      ]);
      await openApproval(tx, {
        recordKind: CONTRACT_RECORD_KIND,
        recordId: created.id,
        authorId: user.id,
        title: created.subject,
        url: contractUrl(created.id),
        now,
      });
      await attachToRecord(deps, CONTRACT_RECORD_KIND, created.id, input.fileIds, user, tx);
      await addWatchers(tx, CONTRACT_RECORD_KIND, created.id, fields.reviewerIds, user.id);
      return created;
    });
    await tell(deps, [row.responsibleId], 'responsible', row, user.id, {}, log);
    await announceChange(deps, row, log);
    return getDetail(deps, user, row.id);
  }

  const changed = Object.entries(fields)
    .filter(
      ([key, value]) =>
        JSON.stringify((existing as Record<string, unknown>)[key]) !== JSON.stringify(value),
    )
    .map(([key]) => key);
  const row = await deps.db.transaction(async (tx) => {
    const locked = await repo.findContract(tx, existing.id, true);
    if (!locked || locked.status !== existing.status)
      throw new AppError(
        409,
        'contractChanged',
        'Someone changed this contract meanwhile; reload it and try again.',
      );
    const updated = await repo.updateContract(tx, existing.id, { ...fields, updatedAt: now });
    if (changed.length > 0 || input.fileIds.length > 0) {
      await appendHistory(tx, [
        {
          recordKind: CONTRACT_RECORD_KIND,
          recordId: existing.id,
          action: 'update',
          fromStatus: existing.status,
          toStatus: existing.status,
          actorId: user.id,
          details: { changed },
          createdAt: now,
        },
      ]);
    }
    await attachToRecord(deps, CONTRACT_RECORD_KIND, existing.id, input.fileIds, user, tx);
    await addWatchers(tx, CONTRACT_RECORD_KIND, existing.id, fields.reviewerIds, user.id);
    return updated;
  });
  await announceChange(deps, row, log);
  return getDetail(deps, user, row.id);
}

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

// ---------------------------------------------------------------------------------------------
// Lists, dashboard, reference, TIN
// ---------------------------------------------------------------------------------------------

/** POST /api/contracts/grid: one page (JSON text of ContractListResponse) of the contracts the caller sees, filtered. */
export async function listContracts(
  deps: AppDeps,
  user: AuthUser,
  query: ParsedListQuery,
  now = new Date(),
  cache?: ListCache,
): Promise<string> {
  const viewer = await contractVisibility.viewer(deps, user);
  const today = bakuToday(now);
  const compute = () => repo.listContractsJson(deps.db, viewer, query, today);
  return cache ? cache.get(JSON.stringify([viewer, query, today]), compute) : compute();
}

/**
 * GET /api/contracts/dashboard: ACTIVE contracts ending within 30 days (today, Baku, inclusive) —
 * for a holder of viewAll (lawyers, clerks, the director) all of them, for others the ones they are
 * responsible for or wrote.
 */
export async function dashboard(
  deps: AppDeps,
  user: AuthUser,
  now = new Date(),
): Promise<ContractDashboard> {
  const viewer = await contractVisibility.viewer(deps, user);
  const endingSoon = await repo.countEndingSoon(
    deps.db,
    viewer,
    bakuToday(now),
    CONTRACT_END_REMINDER_DAYS,
    !viewer.seeAll,
  );
  return { endingSoon, days: CONTRACT_END_REMINDER_DAYS };
}

/** GET /api/contracts/reference: reviewers (holders of contracts.visa), active people, active counterparties, currencies. */
export async function reference(deps: AppDeps): Promise<ContractReference> {
  const toPerson = (r: {
    id: number;
    firstName: string;
    lastName: string;
    imgPath: string | null;
  }) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`, imgPath: r.imgPath });
  const [reviewers, people, counterparties] = await Promise.all([
    repo.usersHolding(deps.db, 'contracts.visa'),
    repo.activePeople(deps.db),
    repo.counterparties(deps.db),
  ]);
  return {
    reviewers: reviewers.map(toPerson),
    people: people.map(toPerson),
    counterparties: counterparties.map((c) => ({
      id: c.id,
      kind: c.kind as 'vendor' | 'contractor',
      name: c.name,
      tin: c.tin,
    })),
    currencies: [...CONTRACT_CURRENCIES],
  };
}

/**
 * GET /api/contracts/checkTin?tin=&exceptId=: the live TIN duplication check as the user types —
 * `valid` (10 digits) and the counterparty (vendor or contractor) that already has it, named.
 */
export async function checkTin(
  deps: AppDeps,
  tin: string,
  exceptId?: number,
): Promise<ContractTinCheck> {
  const valid = new RegExp(`^\\d{${TIN_LENGTH}}$`).test(tin);
  if (!valid) return { tin, valid, holder: null };
  const found = await findCounterpartyByTin(deps, ['vendor', 'contractor'], tin, exceptId);
  if (!found) return { tin, valid, holder: null };
  const full = await repo.findCounterparty(deps.db, found.id);
  return {
    tin,
    valid,
    holder: {
      id: found.id,
      kind: found.kind as 'vendor' | 'contractor',
      name: found.name,
      isActive: full?.isActive ?? true,
    },
  };
}
