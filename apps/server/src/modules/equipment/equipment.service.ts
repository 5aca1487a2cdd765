import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  EQUIPMENT_EDITABLE_STATUSES,
  type BudgetCheck,
  type EquipmentAction,
  type EquipmentReference,
  type EquipmentRequest,
  type EquipmentRequestDetail,
  type LanguageCode,
  type RecordComment,
  type addEquipmentCommentInput,
  type equipmentDecisionInput,
  type equipmentListQuery,
  type equipmentProcessInput,
  type saveEquipmentRequestInput,
} from '@servicedesk/contracts';
import * as access from '../../lib/access';
import { AppError, domainRule, forbidden, notFound } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';
import type { Db } from '../../db/client';
import { specodes, users } from '../../db/schema';
import type { ListCache } from '../../lib/lists/list-cache';
import { executedRows } from '../../lib/lists/list-page';
import {
  approvalState,
  approversOf,
  cancelInTx,
  decide,
  openApproval,
  processApproval,
  sendNotices,
  submitInTx,
  type ApprovalNotice,
} from '../../lib/approvals/engine';
import type { ApprovalStatusChange } from '../../lib/approvals/registry';
import { appendHistory, historyOf } from '../../lib/records/history';
import { commentsOf, postComment } from '../../lib/records/comments';
import { attachmentsOf, attachToRecord } from '../../lib/records/attachments';
import { recordService } from '../../lib/records/record-service';
import { formatRecordNumber, nextRecordNumber, numberingYear } from '../../lib/records/numbering';
import { budgetRemaining, findBudget, listBudgets } from './equipment.budgets';
import { mayProcessRequest } from './equipment.access';
import { EQUIPMENT_NUMBER_PREFIX, EQUIPMENT_RECORD_KIND } from './equipment.kind';
import * as repo from './equipment.repository';
import { equipmentVisibility } from './equipment.visibility';
import { issueFromStock } from '../stock/stock.service';
import { mayPostIn } from '../stock/stock.access';
import type { WarnLogger } from '../../lib/log';

/*
 * Equipment requests (issue #12): create and edit (DRAFT, RETURNED), submit on the approval engine
 * with a budget check, the director's and visa pool's decisions, processing per line by the
 * warehouse keeper, comments, lists. Routes call these; every rule is checked here.
 */

type SaveInput = z.output<typeof saveEquipmentRequestInput>;
type DecisionInput = z.output<typeof equipmentDecisionInput>;
type ProcessInput = z.output<typeof equipmentProcessInput>;
export type ParsedListQuery = z.output<typeof equipmentListQuery>;

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
const editable = (status: string) =>
  (EQUIPMENT_EDITABLE_STATUSES as readonly string[]).includes(status);

/** Where a request's page is. */
export const requestUrl = (id: number) => `/home/inventory/requests/${id}`;

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

async function toRequest(db: Db, row: repo.RequestRow): Promise<EquipmentRequest> {
  const views = await repo.lineViews(db, row.id);
  const lines = views.map((v) => v.line);
  const people = await repo.peopleById(db, [
    row.requesterId,
    row.createdById,
    ...lines.flatMap((l) => (l.decidedById !== null ? [l.decidedById] : [])),
  ]);
  const person = (id: number) => people.get(id) ?? { id, name: `#${id}`, imgPath: null };
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    requester: person(row.requesterId),
    createdBy: person(row.createdById),
    groupId: row.groupId,
    groupName: await repo.groupName(db, row.groupId),
    budget: row.budgetId !== null ? ((await findBudget(db, row.budgetId)) ?? null) : null,
    justification: row.justification,
    currency: row.currency,
    total: row.total,
    lines: views.map(({ line: l, material, warehouseName, operation }) => ({
      id: l.id,
      position: l.position,
      materialId: l.materialId,
      material: material?.id != null ? material : null,
      description: l.description,
      quantity: l.quantity,
      unit: l.unit,
      unitPrice: l.unitPrice,
      total: l.quantity * l.unitPrice,
      decision: l.decision,
      decisionNote: l.decisionNote,
      decidedBy: l.decidedById !== null ? person(l.decidedById) : null,
      decidedAt: isoOrNull(l.decidedAt),
      warehouseName: warehouseName ?? null,
      stockOperation: operation?.id != null ? operation : null,
    })),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    submittedAt: isoOrNull(row.submittedAt),
    processedAt: isoOrNull(row.processedAt),
  };
}

/** The budget check of a request against its line: what the line has left without it, and whether it goes over. */
export async function budgetCheckOf(
  db: Db,
  row: Pick<repo.RequestRow, 'id' | 'budgetId' | 'total'>,
): Promise<BudgetCheck | null> {
  if (row.budgetId === null) return null;
  const left = await budgetRemaining(db, row.budgetId, { excludeRequestId: row.id });
  return {
    budgetId: row.budgetId,
    remaining: left.remaining,
    requested: row.total,
    overBudget: row.total > left.remaining,
  };
}

/** What the caller may do now (the detail's buttons). */
async function allowedActions(
  deps: AppDeps,
  user: AuthUser,
  row: repo.RequestRow,
): Promise<EquipmentAction[]> {
  const out: EquipmentAction[] = [];
  const author = row.createdById === user.id;
  if (author && editable(row.status)) out.push('edit', 'submit');
  if (author && ['DRAFT', 'SUBMITTED', 'IN_APPROVAL', 'RETURNED'].includes(row.status))
    out.push('cancel');
  if (row.status === 'IN_APPROVAL' && !author) {
    const state = await approvalState(deps, user, EQUIPMENT_RECORD_KIND, row.id).catch(() => null);
    if (state && state.allowedDecisions.length > 0) out.push('decide');
  }
  if (
    row.status === 'APPROVED' &&
    (await access.hasAction(deps, user, 'inventory.processing')) &&
    (await mayProcessRequest(deps, user, row.id))
  )
    out.push('process');
  return out;
}

/**
 * GET /api/equipment/requests/{id}: the request, its budget check, history (the engine's rows
 * and this module's), comments, attachments and the caller's actions. 404; 403 `forbidden`.
 */
export async function getDetail(
  deps: AppDeps,
  user: AuthUser,
  id: number,
): Promise<EquipmentRequestDetail> {
  const row = await loadVisible(deps, user, id);
  const [request, budgetCheck, history, comments, attachments, actions] = await Promise.all([
    toRequest(deps.db, row),
    budgetCheckOf(deps.db, row),
    historyOf(deps.db, EQUIPMENT_RECORD_KIND, id),
    commentsOf(deps.db, EQUIPMENT_RECORD_KIND, id),
    attachmentsOf(deps, EQUIPMENT_RECORD_KIND, id),
    allowedActions(deps, user, row),
  ]);
  return { request, budgetCheck, history, comments, attachments, allowedActions: actions };
}

// ---------------------------------------------------------------------------------------------
// Announcements and notifications
// ---------------------------------------------------------------------------------------------

/** Active users whose type holds `actionKey` (the warehouse keepers for `inventory.processing`). */
async function holdersOf(db: Db, actionKey: string): Promise<number[]> {
  const rows =
    await db.execute(sql`select u.id from users u join user_type_permissions p on p.user_type_id = u.user_type_id
    where p.action_key = ${actionKey} and u.is_active order by u.id`);
  return executedRows<{ id: number }>(rows).map((r) => r.id);
}

/**
 * The equipment request's record skeleton (lib/records/record-service.ts): loadVisible (404, then
 * the record rule under `inventory.requests`), announceChange — RecordChanged to the request's
 * people (visibility audience), its approvers and, once APPROVED, the warehouse keepers, so their
 * pages and lists refetch — and tell (`notifications.equipment.<event>` with the number).
 */
const records = recordService<repo.RequestRow>({
  kind: EQUIPMENT_RECORD_KIND,
  readKey: 'inventory.requests',
  find: repo.findRequest,
  notFoundText: 'No such equipment request.',
  audience: async (deps, row) => [
    ...(await equipmentVisibility.audience(deps.db, row)),
    ...(await approversOf(deps.db, EQUIPMENT_RECORD_KIND, row.id)),
    ...(row.status === 'APPROVED' || row.status === 'PROCESSED' ? await holdersOf(deps.db, 'inventory.processing') : []),
  ],
  notices: { prefix: 'notifications.equipment.', params: (row) => ({ number: row.number }) },
});
const { loadVisible, tell } = records;
export const { announceChange } = records;

/** After an engine decision: the warehouse keepers are told an approved request waits for them; everyone's pages refetch. */
export async function afterEngineChange(
  deps: AppDeps,
  id: number,
  change: ApprovalStatusChange | null,
): Promise<void> {
  if (change?.to === 'APPROVED') {
    const row = await repo.findRequest(deps.db, id);
    if (row) {
      await tell(deps, await holdersOf(deps.db, 'inventory.processing'), 'toProcess', row, change.actorId);
      if (row.requesterId !== row.createdById) {
        await tell(deps, [row.requesterId], 'approvedForYou', row, change.actorId);
      }
    }
  }
  await announceChange(deps, id);
}

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
 * Submits inside `tx` (the row locked by the caller): 422 `budgetRequired` without a budget line;
 * writes the budget check's history row (`budgetCheck`: remaining, requested, overBudget — going
 * over is allowed here and flagged; the director decides with an override), then the engine's
 * submit (403 `notAuthor`, 422 `invalidTransition` / `noApprover`). Answers the notices.
 */
async function submitLocked(
  tx: Db,
  user: AuthUser,
  row: repo.RequestRow,
  now: Date,
): Promise<ApprovalNotice[]> {
  if (row.budgetId === null)
    throw domainRule(
      'budgetRequired',
      'Choose the budget line this request is paid from before submitting it.',
    );
  const check = await budgetCheckOf(tx, row);
  await appendHistory(tx, [
    {
      recordKind: EQUIPMENT_RECORD_KIND,
      recordId: row.id,
      action: 'budgetCheck',
      actorId: user.id,
      details: { ...check },
      createdAt: now,
    },
  ]);
  return submitInTx(tx, user, EQUIPMENT_RECORD_KIND, row.id, now);
}

/**
 * POST /api/equipment/requests/save: creates a DRAFT (no id; the number INV-YYYY-NNNNNN taken in
 * the same transaction: gap-free) or edits one (its author, while DRAFT or RETURNED: 403 / 422
 * `requestNotEditable`); with `submit` it is submitted in the same transaction. 422
 * `unknownBudget`, `unknownRequester`, `budgetRequired`, `fileNotAttachable`; 403 on behalf of
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

/** POST /api/equipment/requests/{id}/submit: the author submits a DRAFT or RETURNED request (see submitLocked). */
export async function submitRequest(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  log?: WarnLogger,
  now = new Date(),
): Promise<EquipmentRequestDetail> {
  const row = await loadVisible(deps, user, id);
  await access.require(deps, user, 'inventory.requests.create', { id, row, action: 'submit' });
  const notices = await deps.db.transaction(async (tx) => {
    const locked = await repo.findRequest(tx, id, true);
    if (!locked) throw notFound('No such equipment request.');
    return submitLocked(tx, user, locked, now);
  });
  await sendNotices(deps, notices, log);
  await announceChange(deps, id, log);
  return getDetail(deps, user, id);
}

/** POST /api/equipment/requests/{id}/cancel: the author withdraws it before approval (engine: 403 `notAuthor`, 422 `invalidTransition`). */
export async function cancelRequest(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  comment: string | undefined,
  log?: WarnLogger,
  now = new Date(),
): Promise<EquipmentRequestDetail> {
  const row = await loadVisible(deps, user, id);
  await access.require(deps, user, 'inventory.requests.cancel', { id, row, action: 'cancel' });
  const notices = await deps.db.transaction((tx) =>
    cancelInTx(tx, user, EQUIPMENT_RECORD_KIND, id, comment?.trim() || null, now),
  );
  await sendNotices(deps, notices, log);
  await announceChange(deps, id, log);
  return getDetail(deps, user, id);
}

// ---------------------------------------------------------------------------------------------
// The chain's decisions (director and visa pool callbacks)
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/equipment/requests/{id}/directorCallback | visaPoolCallback: the pending step's
 * decision through the engine (approver or active substitute; 403 `ownRecord` / `notApprover`;
 * 422 `invalidTransition`, `commentRequired`, `commentTooShort`; 409 `approvalChanged`). 422
 * `notThisStep` when the pending step is the other one. At the director's step an approval over
 * budget needs `overrideBudget` (422 `budgetExceeded`), recorded in the history row.
 */
export async function decideStep(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  step: 'director' | 'visaPool',
  input: DecisionInput,
  log?: WarnLogger,
  now = new Date(),
): Promise<EquipmentRequestDetail> {
  const row = await loadVisible(deps, user, id);
  const state = await approvalState(deps, user, EQUIPMENT_RECORD_KIND, id, now);
  const pending = state.steps.find((s) => s.status === 'PENDING');
  const position = step === 'director' ? 1 : 2;
  // Only for someone who may decide the pending step (others get the engine's 403).
  if (
    row.status === 'IN_APPROVAL' &&
    pending &&
    pending.position !== position &&
    state.allowedDecisions.length > 0
  ) {
    throw domainRule(
      'notThisStep',
      `The pending step is ${pending.role ?? pending.position}, not ${step}.`,
      { pending: pending.role, position: pending.position },
    );
  }
  await decide(deps, user, EQUIPMENT_RECORD_KIND, id, input.decision, input.comment, now, log, {
    overrideBudget: input.overrideBudget,
  });
  return getDetail(deps, user, id);
}

// ---------------------------------------------------------------------------------------------
// Processing (the warehouse keeper)
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/equipment/processing/{id}/lines: decides lines of an APPROVED request — `issue`
 * (needs `inventory.processing.issue` and the right to post in the warehouse, stock's `mayPostIn`)
 * or `purchase` (`inventory.processing.markForPurchase`). The issued lines of one call leave each
 * warehouse in ONE stock issue operation to the requester (the stock module's `issueFromStock`,
 * in this transaction: its inventories become assigned to them, and a refusal such as 422
 * `insufficientStock` leaves nothing recorded). One history row (`processLines`: the lines, their
 * decisions and operations); when every line is handled the engine marks the request PROCESSED
 * (its row `process`, the author told). 422 `notApproved`, `unknownLine`, `lineAlreadyHandled`,
 * `duplicateLine`, `warehouseRequired`, `materialRequired`, `unknownMaterial`; 403 without the
 * keys or the warehouse; 409 `requestChanged`.
 */
export async function processLines(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  input: ProcessInput,
  log?: WarnLogger,
  now = new Date(),
): Promise<EquipmentRequestDetail> {
  const row = await repo.findRequest(deps.db, id);
  if (!row) throw notFound('No such equipment request.');
  await access.require(deps, user, 'inventory.processing', { id, row });
  if (row.status !== 'APPROVED')
    throw domainRule(
      'notApproved',
      `Only an APPROVED request is processed; this one is ${row.status}.`,
      { status: row.status },
    );
  const ids = input.lines.map((l) => l.lineId);
  if (new Set(ids).size !== ids.length)
    throw domainRule('duplicateLine', 'Each line is decided once per call.');
  const issues = input.lines.filter((l) => l.decision === 'issue');
  if (issues.length > 0)
    await access.require(deps, user, 'inventory.processing.issue', { id, row });
  if (input.lines.some((l) => l.decision === 'purchase'))
    await access.require(deps, user, 'inventory.processing.markForPurchase', { id, row });
  for (const warehouseId of new Set(issues.map((l) => l.warehouseId))) {
    if (warehouseId === undefined)
      throw domainRule('warehouseRequired', 'Choose the warehouse the items are issued from.');
    if (!(await mayPostIn(deps, user, warehouseId)))
      throw forbidden('notWarehouseKeeper', 'You may not issue from this warehouse.', {
        warehouseId,
      });
  }
  const named = issues.flatMap((l) => (l.materialId !== undefined ? [l.materialId] : []));
  const known = await repo.activeMaterials(deps.db, named);
  if (named.some((m) => !known.has(m)))
    throw domainRule('unknownMaterial', 'Choose active materials of the catalogue.', {
      materialIds: named.filter((m) => !known.has(m)),
    });

  const allHandled = await deps.db.transaction(async (tx) => {
    const locked = await repo.findRequest(tx, id, true);
    if (!locked || locked.status !== 'APPROVED')
      throw new AppError(409, 'requestChanged', 'The request changed meanwhile; reload it.');
    const lines = await repo.linesOf(tx, id);
    const byId = new Map(lines.map((l) => [l.id, l]));
    // Check every line first, then issue per warehouse, then write the decisions.
    const planned = input.lines.map((decision) => {
      const line = byId.get(decision.lineId);
      if (!line)
        throw domainRule('unknownLine', 'This line is not on the request.', {
          lineId: decision.lineId,
        });
      if (line.decision !== null)
        throw domainRule('lineAlreadyHandled', `Line ${line.position} is already handled.`, {
          lineId: line.id,
          position: line.position,
        });
      const materialId =
        decision.decision === 'issue'
          ? (line.materialId ?? decision.materialId ?? null)
          : line.materialId;
      if (decision.decision === 'issue' && materialId === null) {
        throw domainRule(
          'materialRequired',
          `Line ${line.position} is free text: choose the catalogue material it is issued as.`,
          { lineId: line.id, position: line.position },
        );
      }
      return {
        decision,
        line,
        materialId,
        warehouseId: decision.decision === 'issue' ? decision.warehouseId! : null,
        operation: null as { id: number; number: string } | null,
      };
    });
    for (const warehouseId of new Set(
      planned.flatMap((p) => (p.warehouseId !== null ? [p.warehouseId] : [])),
    )) {
      const batch = planned.filter((p) => p.warehouseId === warehouseId);
      const operation = await issueFromStock(
        deps,
        {
          warehouseId,
          recipientUserId: locked.requesterId,
          lines: batch.map((p) => ({ materialId: p.materialId!, quantity: p.line.quantity })),
          source: `inventoryRequest:${id}`,
          comment: locked.number,
          actorId: user.id,
        },
        tx,
      );
      for (const p of batch) p.operation = operation;
    }
    for (const p of planned) {
      await repo.decideLine(tx, p.line.id, {
        decision: p.decision.decision,
        decisionNote: p.decision.note || null,
        decidedById: user.id,
        decidedAt: now,
        materialId: p.materialId,
        warehouseId: p.warehouseId,
        stockOperationId: p.operation?.id ?? null,
      });
      p.line.decision = p.decision.decision;
    }
    const recorded = planned.map((p) => ({
      lineId: p.line.id,
      position: p.line.position,
      decision: p.decision.decision,
      ...(p.operation
        ? {
            warehouseId: p.warehouseId,
            materialId: p.materialId,
            operationId: p.operation.id,
            operationNumber: p.operation.number,
          }
        : {}),
    }));
    await appendHistory(tx, [
      {
        recordKind: EQUIPMENT_RECORD_KIND,
        recordId: id,
        action: 'processLines',
        actorId: user.id,
        details: { lines: recorded },
        createdAt: now,
      },
    ]);
    await repo.updateRequest(tx, id, { updatedAt: now });
    return lines.every((l) => l.decision !== null);
  });
  if (allHandled) await processApproval(deps, user, EQUIPMENT_RECORD_KIND, id, now, log);
  else await announceChange(deps, id, log);
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

/**
 * POST /api/equipment/requests/grid: one page of `mine` (requested or entered by me), `all` (403
 * without `inventory.requests.viewAll`) or `processing` (APPROVED and PROCESSED; 403 without
 * `inventory.processing`), filtered; JSON written by the database, maybe from the list cache.
 */
export async function listRequests(
  deps: AppDeps,
  user: AuthUser,
  query: ParsedListQuery,
  cache?: ListCache,
): Promise<string> {
  let scope: repo.ListScope;
  if (query.scope === 'mine') scope = { ownerId: user.id };
  else if (query.scope === 'processing') {
    await access.require(deps, user, 'inventory.processing');
    scope = { processing: true };
  } else {
    await access.require(deps, user, 'inventory.requests.viewAll');
    scope = {};
  }
  const compute = () => repo.listRequestsJson(deps.db, scope, query);
  return cache ? cache.get(JSON.stringify([scope, query]), compute) : compute();
}

/** GET /api/equipment/reference: budget lines of this and next year, units in `lang`, people for "on behalf of". */
export async function reference(
  deps: AppDeps,
  user: AuthUser,
  lang: LanguageCode,
  now = new Date(),
): Promise<EquipmentReference> {
  const year = numberingYear(now);
  const mayRequestOnBehalf = await access.hasAction(deps, user, 'inventory.requests.onBehalf');
  const [budgets, units, people, warehouses] = await Promise.all([
    listBudgets(deps.db, { years: [year, year + 1] }),
    deps.db
      .select()
      .from(specodes)
      .where(eq(specodes.key, 'unitOfMeasure'))
      .orderBy(asc(specodes.sortOrder), asc(specodes.id)),
    mayRequestOnBehalf
      ? deps.db
          .select({
            id: users.id,
            name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
            imgPath: users.imgPath,
          })
          .from(users)
          .where(and(eq(users.isActive, true)))
          .orderBy(asc(users.firstName), asc(users.lastName))
      : Promise.resolve([]),
    repo.activeWarehouses(deps.db),
  ]);
  return {
    budgets,
    units: units.map((u) => ({ code: u.code, name: u.names[lang] || u.names.az })),
    people,
    mayRequestOnBehalf,
    warehouses,
  };
}
