import { domainRule } from '../../lib/errors';
import { appendHistory } from '../../lib/records/history';
import {
  approvalKindOf,
  registerApprovalKind,
  type ApprovalStatusChange,
} from '../../lib/approvals/registry';
import type { Db } from '../../db/client';
import type { AppDeps, AuthUser } from '../../types';
import { numberingYear } from '../../lib/records/numbering';
import { CONTRACT_RECORD_KIND } from './contracts.kind';
import * as repo from './contracts.repository';

/*
 * Contracts on the approval engine (issue #14; DOMAIN.md "Approval chains"): the chain is
 * visa — the reviewers the author named, in parallel (mode `all`: every one approves) — then the
 * lawyer (approves = "lawyer callback", or returns it to the author with a comment = "lawyer
 * reject"), then the clerk (approves = "clerk process": registers it). The engine keeps the steps,
 * decisions, delegation, its history rows and its notifications; this file mirrors its status onto
 * the contract inside the decision's transaction: IN_APPROVAL, RETURNED, CANCELLED, and APPROVED =
 * registered: the registry number CT-YYYY-NNNN (gap-free per Baku year) and status ACTIVE.
 */

/** The engine's step positions of the stages. */
export const STAGE_POSITION = { visa: 1, lawyer: 2, clerk: 3 } as const;

/** The registry number of sequence `seq` in `year`: CT-2026-0001. */
export const formatRegistryNumber = (year: number, seq: number): string =>
  `CT-${year}-${String(seq).padStart(4, '0')}`;

/** Registers the contract in `tx`: the next number of the year of `at`, status ACTIVE, a `register` history row. */
export async function registerContract(
  tx: Db,
  row: repo.ContractRow,
  actorId: number | null,
  at: Date,
): Promise<repo.ContractRow> {
  const year = numberingYear(at);
  const seq = await repo.nextRegistrySeq(tx, year);
  const number = formatRegistryNumber(year, seq);
  const updated = await repo.updateContract(tx, row.id, {
    number,
    registryYear: year,
    registrySeq: seq,
    status: 'ACTIVE',
    registeredAt: at,
    updatedAt: at,
  });
  await appendHistory(tx, [
    {
      recordKind: CONTRACT_RECORD_KIND,
      recordId: row.id,
      action: 'register',
      fromStatus: row.status,
      toStatus: 'ACTIVE',
      actorId,
      details: { number },
      createdAt: at,
    },
  ]);
  return updated;
}

/** Mirrors an engine status change onto the contract (inside the decision's transaction). */
async function mirror(tx: Db, change: ApprovalStatusChange): Promise<void> {
  const row = await repo.findContract(tx, change.recordId, true);
  if (!row) return;
  switch (change.to) {
    case 'IN_APPROVAL':
    case 'RETURNED':
    case 'CANCELLED':
      await repo.updateContract(tx, row.id, { status: change.to, updatedAt: change.at });
      return;
    case 'APPROVED':
      await registerContract(tx, row, change.actorId, change.at);
      return;
    case 'REJECTED':
      throw domainRule(
        'invalidTransition',
        'A contract is not rejected outright: return it to its author with a comment.',
        { action: 'reject' },
      );
    default:
      return;
  }
}

/** What the service does after an engine change (RecordChanged, the registration notice). */
export type AfterContractChange = (
  deps: AppDeps,
  recordId: number,
  change: ApprovalStatusChange | null,
) => Promise<void>;

/**
 * Registers the `contract` kind on the engine (idempotent). `mayView`: whoever sees the contract
 * (its visibility rule), so lawyers and clerks read the chain before their turn.
 */
export function registerContractApproval(
  afterChange: AfterContractChange,
  mayView?: (deps: AppDeps, user: AuthUser, id: number) => Promise<boolean>,
): void {
  registerApprovalKind(CONTRACT_RECORD_KIND, {
    chain: async ({ recordId, db }) => {
      const row = await repo.findContract(db, recordId);
      return [
        { users: row?.reviewerIds ?? [], mode: 'all' },
        { role: 'lawyer' },
        { role: 'clerk' },
      ];
    },
    decisionKey: 'contracts',
    // Nobody rejects a contract outright: the lawyer (or a reviewer) returns it to its author.
    decisions: ['approve', 'return'],
    ...(mayView ? { mayView } : {}),
    onStatusChange: mirror,
    afterChange,
  });
}

/** The seed's stand-in registration (the seed runs before the routes register the kind). */
export function ensureContractApproval(): void {
  if (!approvalKindOf(CONTRACT_RECORD_KIND)) registerContractApproval(async () => undefined);
}
