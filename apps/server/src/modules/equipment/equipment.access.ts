import * as access from '../../lib/access';
import { isApprovalParticipant } from '../../lib/approvals/engine';
import { registerRecordAttachments } from '../../lib/records/attachments';
import type { AppDeps, AuthUser } from '../../types';
import {
  DIRECTOR_CALLBACK_KEY,
  EQUIPMENT_RECORD_KIND,
  VISA_POOL_CALLBACK_KEY,
} from './equipment.kind';
import * as repo from './equipment.repository';
import { equipmentVisibility } from './equipment.visibility';

/** Statuses in which the warehouse keepers see and handle a request. */
const PROCESSING_STATUSES: readonly string[] = ['APPROVED', 'PROCESSED'];

/**
 * The record rule of `inventory.requests*` and `inventory.processing*` (lib/access.ts; the
 * explainer shows its codes). The record is `{ id, row?, action? }`:
 * - `action` `edit` | `submit` | `cancel`: only whoever entered the request (`author`; else
 *   `notAuthor`) — the engine refuses the wrong status;
 * - the callback keys (director, visa pool): never on one's own request (`ownRequest`), else an
 *   approver of the chain or their active substitute (`approver`), else `notApprover`;
 * - `inventory.processing*`: the request is APPROVED or PROCESSED (`processor`), else
 *   `notProcessable`;
 * - seeing it: the visibility rule (`requester`, `author`, `viewAll`, `mentioned`), else an
 *   approver or substitute (`approver`), else a warehouse keeper once approved (`processor`),
 *   else `notRecordParticipant`. An unknown id: `recordNotFound`.
 */
export const equipmentRecordRule: access.RecordRule = async ({ deps, user, actionKey, record }) => {
  const row =
    (record.row as repo.RequestRow | undefined) ?? (await repo.findRequest(deps.db, record.id));
  if (!row) return { allowed: false, rule: 'recordNotFound', params: { requestId: record.id } };
  const params = { requestId: row.id };
  const action = record.action as string | undefined;
  if (action === 'edit' || action === 'submit' || action === 'cancel') {
    return row.createdById === user.id
      ? { allowed: true, rule: 'author', params }
      : { allowed: false, rule: 'notAuthor', params };
  }
  if (actionKey === DIRECTOR_CALLBACK_KEY || actionKey === VISA_POOL_CALLBACK_KEY) {
    if (row.createdById === user.id) return { allowed: false, rule: 'ownRequest', params };
    return (await isApprovalParticipant(deps.db, user, EQUIPMENT_RECORD_KIND, row.id))
      ? { allowed: true, rule: 'approver', params }
      : { allowed: false, rule: 'notApprover', params };
  }
  if (actionKey.startsWith('inventory.processing')) {
    return PROCESSING_STATUSES.includes(row.status)
      ? { allowed: true, rule: 'processor', params }
      : { allowed: false, rule: 'notProcessable', params };
  }
  const seen = await equipmentVisibility.check(deps, user, row, actionKey);
  if (seen) return { allowed: true, rule: seen.rule, params };
  if (await isApprovalParticipant(deps.db, user, EQUIPMENT_RECORD_KIND, row.id))
    return { allowed: true, rule: 'approver', params };
  if (
    PROCESSING_STATUSES.includes(row.status) &&
    (await access.hasAction(deps, user, 'inventory.processing'))
  )
    return { allowed: true, rule: 'processor', params };
  return { allowed: false, rule: 'notRecordParticipant', params };
};

/** Whether `user` may see request `id` (attachments' read rule, the approval's mayView). */
export async function mayViewRequest(deps: AppDeps, user: AuthUser, id: number): Promise<boolean> {
  return (await access.explain(deps, user, 'inventory.requests', { id })).allowed;
}

/** Whether `user` may edit request `id` (its author while DRAFT or RETURNED): attachments' removal rule. */
export async function mayEditRequest(deps: AppDeps, user: AuthUser, id: number): Promise<boolean> {
  const row = await repo.findRequest(deps.db, id);
  return (
    row !== undefined &&
    (row.status === 'DRAFT' || row.status === 'RETURNED') &&
    row.createdById === user.id
  );
}

/** Whether `user` may process request `id` (a warehouse keeper; the request APPROVED). */
export async function mayProcessRequest(
  deps: AppDeps,
  user: AuthUser,
  id: number,
): Promise<boolean> {
  return (await access.explain(deps, user, 'inventory.processing', { id })).allowed;
}

/** Registers the record rules and the attachment access (idempotent). */
export function registerEquipmentAccess(): void {
  access.registerRecordRule('inventory.requests', equipmentRecordRule);
  access.registerRecordRule('inventory.processing', equipmentRecordRule);
  registerRecordAttachments(EQUIPMENT_RECORD_KIND, {
    read: mayViewRequest,
    remove: mayEditRequest,
  });
}
