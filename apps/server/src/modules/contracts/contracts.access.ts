import * as access from '../../lib/access';
import { registerRecordAttachments } from '../../lib/records/attachments';
import type { AppDeps, AuthUser } from '../../types';
import { CONTRACT_EDITABLE_STATUSES } from '@servicedesk/contracts';
import { CONTRACT_RECORD_KIND } from './contracts.kind';
import * as repo from './contracts.repository';
import { contractVisibility } from './contracts.visibility';

/**
 * The record rule of `contracts*` (lib/access.ts) for a record `{ id, row? }`: may the caller see
 * the contract — the kind's visibility rule (contracts.visibility.ts: `author`, `responsible`,
 * `viewAll`, `mentioned` = a named reviewer); else `notRecordParticipant`; an unknown id
 * `recordNotFound`. What the caller may DO on it (author, the pending step's approver) the service
 * checks on top.
 */
export const contractRecordRule: access.RecordRule = async ({ deps, user, actionKey, record }) => {
  const row =
    (record.row as repo.ContractRow | undefined) ?? (await repo.findContract(deps.db, record.id));
  if (!row) return { allowed: false, rule: 'recordNotFound', params: { contractId: record.id } };
  const seen = await contractVisibility.check(deps, user, row, actionKey);
  return seen
    ? { allowed: true, rule: seen.rule, params: { contractId: row.id } }
    : { allowed: false, rule: 'notRecordParticipant', params: { contractId: row.id } };
};

/** Whether `user` may see contract `id` (attachments' read rule, the engine's mayView). */
export async function mayViewContract(deps: AppDeps, user: AuthUser, id: number): Promise<boolean> {
  return (await access.explain(deps, user, 'contracts', { id })).allowed;
}

/** Whether `user` may edit contract `id` (its author while DRAFT or RETURNED): attachments' removal rule. */
export async function mayEditContract(deps: AppDeps, user: AuthUser, id: number): Promise<boolean> {
  const row = await repo.findContract(deps.db, id);
  return (
    row !== undefined &&
    row.authorId === user.id &&
    (CONTRACT_EDITABLE_STATUSES as readonly string[]).includes(row.status)
  );
}

/** Registers the record rule and the attachment access (idempotent). */
export function registerContractAccess(): void {
  access.registerRecordRule('contracts', contractRecordRule);
  registerRecordAttachments(CONTRACT_RECORD_KIND, {
    read: mayViewContract,
    remove: mayEditContract,
  });
}
