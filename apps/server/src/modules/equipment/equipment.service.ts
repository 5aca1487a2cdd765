import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type EquipmentRequestDetail, type RecordComment, type addEquipmentCommentInput } from '@servicedesk/contracts';
import * as access from '../../lib/access';
import { AppError, domainRule } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';
import { users } from '../../db/schema';
import { openApproval, sendNotices, type ApprovalNotice } from '../../lib/approvals/engine';
import { appendHistory } from '../../lib/records/history';
import { postComment } from '../../lib/records/comments';
import { attachToRecord } from '../../lib/records/attachments';
import { formatRecordNumber, nextRecordNumber, numberingYear } from '../../lib/records/numbering';
import { findBudget } from './equipment.budgets';
import { requireChargeable } from './equipment.budget-rule';
import { EQUIPMENT_NUMBER_PREFIX, EQUIPMENT_RECORD_KIND } from './equipment.kind';
import * as repo from './equipment.repository';
import type { WarnLogger } from '../../lib/log';

import { announceChange, editable, getDetail, loadVisible, requestUrl, tell, type SaveInput } from './equipment.detail';
import { submitLocked } from './equipment.chain';

/*
 * Equipment requests (issue #12): create and edit (DRAFT, RETURNED), submit on the approval engine
 * with a budget check, the director's and visa pool's decisions, processing per line by the
 * warehouse keeper, comments, lists. Routes call these; every rule is checked here.
 */

export {
  afterEngineChange,
  announceChange,
  budgetCheckOf,
  getDetail,
  requestUrl,
  type ParsedListQuery,
} from './equipment.detail';
export { cancelRequest, decideStep, submitRequest } from './equipment.chain';
export { processLines } from './equipment.processing';
export { listRequests, reference } from './equipment.lists';

// ---------------------------------------------------------------------------------------------
// Create, edit, submit, cancel
// ---------------------------------------------------------------------------------------------

const totalOf = (lines: SaveInput['lines']) =>
  lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0);

/** The approval's title: the first line (and how many more). */
const titleOf = (lines: SaveInput['lines']) =>
  lines.length > 1 ? `${lines[0]!.description} (+${lines.length - 1})` : lines[0]!.description;

async function checkRequester(
  deps: AppDeps,
  user: AuthUser,
  requesterId: number | undefined,
): Promise<number> {
  if (requesterId === undefined || requesterId === user.id) return user.id;
  await access.require(deps, user, 'inventory.requests.onBehalf');
  const [row] = await deps.db
    .select({ id: users.id, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, requesterId));
  if (!row || !row.isActive)
    throw domainRule('unknownRequester', 'Choose an active employee to request for.', {
      requesterId,
    });
  return row.id;
}

async function checkBudget(
  deps: AppDeps,
  budgetId: number | null | undefined,
): Promise<number | null> {
  if (budgetId === undefined || budgetId === null) return null;
  if (!(await findBudget(deps.db, budgetId)))
    throw domainRule('unknownBudget', 'Choose an existing budget line.', { budgetId });
  return budgetId;
}


/**
 * POST /api/equipment/requests/save: creates a DRAFT (no id; the number INV-YYYY-NNNNNN taken in
 * the same transaction: gap-free) or edits one (its author, while DRAFT or RETURNED: 403 / 422
 * `requestNotEditable`); with `submit` it is submitted in the same transaction. 422
 * `unknownBudget`, `unknownRequester`, `budgetRequired`, `fileNotAttachable`, `budgetNotOwnGroup`
 * (the budget rule: a line of the requester's own group unless `inventory.requests.anyBudget`,
 * equipment.budget-rule.ts); 403 on behalf of
 * someone without `inventory.requests.onBehalf`.
 */
export async function saveRequest(
  deps: AppDeps,
  user: AuthUser,
  input: SaveInput,
  log?: WarnLogger,
  now = new Date(),
): Promise<EquipmentRequestDetail> {
  const requesterId = await checkRequester(deps, user, input.requesterId);
  const budgetId = await checkBudget(deps, input.budgetId);
  await requireChargeable(deps, user, requesterId, budgetId);
  const group = await repo.firstGroupOf(deps.db, requesterId);
  const wanted = input.lines.flatMap((l) => (l.materialId !== undefined ? [l.materialId] : []));
  const known = await repo.activeMaterials(deps.db, wanted);
  const unknown = wanted.filter((m) => !known.has(m));
  if (unknown.length > 0)
    throw domainRule('unknownMaterial', 'Choose active materials of the catalogue.', {
      materialIds: unknown,
    });
  const lines = input.lines.map((l) => ({
    materialId: l.materialId ?? null,
    description: l.description,
    quantity: l.quantity,
    unit: l.unit,
    unitPrice: l.unitPrice,
  }));
  const total = totalOf(input.lines);

  let notices: ApprovalNotice[] = [];
  let id: number;
  if (input.id === undefined) {
    const year = numberingYear(now);
    id = await deps.db.transaction(async (tx) => {
      const seq = await nextRecordNumber(tx, EQUIPMENT_NUMBER_PREFIX, year);
      const number = formatRecordNumber(EQUIPMENT_NUMBER_PREFIX, year, seq);
      const created = await repo.insertRequest(tx, {
        number,
        year,
        seq,
        status: 'DRAFT',
        requesterId,
        createdById: user.id,
        groupId: group?.id ?? null,
        budgetId,
        justification: input.justification,
        total,
        createdAt: now,
        updatedAt: now,
      });
      await repo.replaceLines(tx, created.id, lines);
      await appendHistory(tx, [
        {
          recordKind: EQUIPMENT_RECORD_KIND,
          recordId: created.id,
          action: 'create',
          toStatus: 'DRAFT',
          actorId: user.id,
          onBehalfOfId: null,
          details: requesterId !== user.id ? { requesterId } : null,
          createdAt: now,
        },
      ]);
      await openApproval(tx, {
        recordKind: EQUIPMENT_RECORD_KIND,
        recordId: created.id,
        authorId: user.id,
        title: titleOf(input.lines),
        number,
        url: requestUrl(created.id),
        groupId: created.groupId,
        now,
      });
      await attachToRecord(deps, EQUIPMENT_RECORD_KIND, created.id, input.fileIds, user, tx);
      if (input.submit) notices = await submitLocked(tx, user, created, now);
      return created.id;
    });
  } else {
    const existing = await loadVisible(deps, user, input.id);
    await access.require(deps, user, 'inventory.requests.create', {
      id: existing.id,
      row: existing,
      action: 'edit',
    });
    if (!editable(existing.status))
      throw domainRule(
        'requestNotEditable',
        `Only a DRAFT or RETURNED request can be edited; this one is ${existing.status}.`,
        { status: existing.status },
      );
    id = existing.id;
    await deps.db.transaction(async (tx) => {
      const locked = await repo.findRequest(tx, existing.id, true);
      if (!locked || !editable(locked.status))
        throw new AppError(409, 'requestChanged', 'The request changed meanwhile; reload it.');
      const updated = await repo.updateRequest(tx, locked.id, {
        requesterId,
        groupId: group?.id ?? null,
        budgetId,
        justification: input.justification,
        total,
        updatedAt: now,
      });
      await repo.replaceLines(tx, locked.id, lines);
      await appendHistory(tx, [
        {
          recordKind: EQUIPMENT_RECORD_KIND,
          recordId: locked.id,
          action: 'update',
          fromStatus: locked.status,
          toStatus: locked.status,
          actorId: user.id,
          details: { total },
          createdAt: now,
        },
      ]);
      await attachToRecord(deps, EQUIPMENT_RECORD_KIND, locked.id, input.fileIds, user, tx);
      if (input.submit) notices = await submitLocked(tx, user, updated, now);
    });
  }
  await sendNotices(deps, notices, log);
  await announceChange(deps, id, log);
  return getDetail(deps, user, id);
}
// ---------------------------------------------------------------------------------------------
// Comments, lists, reference
// ---------------------------------------------------------------------------------------------

/** POST /api/equipment/requests/{id}/comments: a comment with @mentions (they become watchers and are told). */
export async function addComment(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  input: z.output<typeof addEquipmentCommentInput>,
  log?: WarnLogger,
): Promise<RecordComment> {
  const row = await loadVisible(deps, user, id);
  const { comment, mentioned } = await postComment(
    deps.db,
    EQUIPMENT_RECORD_KIND,
    id,
    user.id,
    input,
  );
  await tell(deps, mentioned, 'mentioned', row, user.id, {}, log);
  await tell(deps, [row.requesterId, row.createdById].filter((u) => !mentioned.includes(u)), 'commented', row, user.id, {}, log);
  await announceChange(deps, id, log);
  return comment;
}
