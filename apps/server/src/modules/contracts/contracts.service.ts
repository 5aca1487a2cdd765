import type { z } from 'zod';
import { CONTRACT_EDITABLE_STATUSES, type ContractDetail, type saveContractInput } from '@servicedesk/contracts';
import { openApproval } from '../../lib/approvals/engine';
import { AppError, domainRule, forbidden } from '../../lib/errors';
import { attachToRecord } from '../../lib/records/attachments';
import { appendHistory } from '../../lib/records/history';
import { addWatchers } from '../../lib/records/watchers';
import type { AppDeps, AuthUser } from '../../types';
import { createElement } from '../modalElements/modalElements.service';
import { CONTRACT_RECORD_KIND, contractUrl } from './contracts.kind';
import * as repo from './contracts.repository';
import type { WarnLogger } from '../../lib/log';
import { announceChange, getDetail, loadVisible, tell } from './contracts.detail';

/*
 * Contracts (issue #14; DOMAIN.md "Contracts"; SPEC §7 "contracts (save, visa, lawyer reject and
 * callback, clerk process, TIN duplication check, deactivate)"). Create/edit by the author,
 * submission and the chain on the approval engine (contracts.approval.ts), deactivation, renewal,
 * the grid, the dashboard figure, the TIN check. The daily reminders and expiry: contracts.jobs.ts.
 */

type SaveInput = z.output<typeof saveContractInput>;
export {
  afterEngineChange,
  allowedActions,
  announceChange,
  getDetail,
  tell,
  toContract,
  type ParsedListQuery,
} from './contracts.detail';
export { STAGE_CALLS, cancelContract, decideStage, submitContract, type StageCall } from './contracts.chain';
export { createNextTerm, deactivateContract, renewContract } from './contracts.renewal';
export { checkTin, dashboard, listContracts, reference } from './contracts.lists';

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
