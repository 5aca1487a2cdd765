import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { publishRecordChange } from '../../hub/record-presence';
import type { AppDeps } from '../../types';
import { approvalKindOf } from './registry';

/*
 * Which approver slots wait for a decision (issue #11 "My approvals"; kept on the slot for issue
 * #12's bench). A slot waits while it is undecided, its step is PENDING, the record is
 * IN_APPROVAL at the step's round and the approver is not the record's author; then
 * approval_step_approvers.pending_since = the step's activated_at, else null. My approvals and its
 * count read only that column's partial index (approval_step_approvers_waiting_idx), so every
 * write of the engine that can change one of those facts ends with {@link syncWaiting} for the
 * record, in the same transaction (which holds the record's row lock).
 */

/** SQL: since when slot `a` (of step `s`, record `r`) waits for its approver, or null. */
const waitingSince = sql`case
  when a.decision is null and s.status = 'PENDING' and r.status = 'IN_APPROVAL' and r.round = s.round and a.user_id <> r.author_id
  then coalesce(s.activated_at, r.updated_at) end`;

/**
 * Sets `pending_since` of the slots of approval `approvalId` (the approval_records id) from the
 * rule above — or of every slot when `approvalId` is omitted (bulk loads: the bench generator).
 * Writes only the slots whose value changes.
 */
export async function syncWaiting(db: Db, approvalId?: number): Promise<void> {
  await db.execute(sql`
    update approval_step_approvers a set pending_since = ${waitingSince}
    from approval_steps s join approval_records r on r.id = s.approval_id
    where s.id = a.step_id ${approvalId === undefined ? sql`` : sql`and s.approval_id = ${approvalId}`}
      and a.pending_since is distinct from ${waitingSince}`);
}

/**
 * The change kind the engine announces (publishRecordChange, every instance hears it) once a
 * transaction that changed who waits for what has committed — a submission, decision,
 * cancellation or processing in the engine's own transaction, a delegation created or ended:
 * `RecordChanged('approvals', <approval_records id, or the delegation's>)`. Nobody joins it.
 */
export const APPROVALS_CHANGE_KIND = 'approvals';

/**
 * Tells every instance that what waits for someone may have changed (after the commit, before
 * the notices go out, so whoever a notice sends to my approvals finds it fresh). The cached
 * pages and counts of my approvals are dropped on it (modules/approvals).
 */
export async function announceWaitingChange(deps: AppDeps, id: number, log?: { warn(obj: unknown, msg?: string): void }): Promise<void> {
  await publishRecordChange(deps, APPROVALS_CHANGE_KIND, id, [], log);
}

/**
 * Whether a change of `kind` may have changed who waits for what: the engine's own announcement
 * ({@link announceWaitingChange}), or a change of a record of a kind registered on the engine —
 * a module that calls `submitInTx`, `cancelInTx` or `closeApprovalInTx` in its own transaction
 * announces its record's change once that commits (every module on the engine does: its own
 * lists show the change), and that announcement covers the engine's write.
 */
export function changesWaiting(kind: string): boolean {
  return kind === APPROVALS_CHANGE_KIND || approvalKindOf(kind) !== undefined;
}
