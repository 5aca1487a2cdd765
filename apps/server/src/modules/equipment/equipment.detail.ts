/**
 * Reading an equipment request: its view with the budget check, the caller's actions, the record
 * skeleton (loadVisible, announceChange, tell) and what follows an engine change.
 * equipment.service.ts re-exports what other files use.
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { EQUIPMENT_EDITABLE_STATUSES, type BudgetCheck, type EquipmentAction, type EquipmentLineState, type EquipmentRequest, type EquipmentRequestDetail, type equipmentDecisionInput, type equipmentListQuery, type equipmentProcessInput, type saveEquipmentRequestInput } from '@servicedesk/contracts';
import * as access from '../../lib/access';
import type { AppDeps, AuthUser } from '../../types';
import type { Db } from '../../db/client';
import { executedRows } from '../../lib/lists/list-page';
import { approvalState, approversOf } from '../../lib/approvals/engine';
import type { ApprovalStatusChange } from '../../lib/approvals/registry';
import { recordParts } from '../../lib/records/detail-parts';
import { recordService } from '../../lib/records/record-service';
import { budgetRemaining, findBudget } from './equipment.budgets';
import { mayProcessRequest } from './equipment.access';
import { EQUIPMENT_RECORD_KIND } from './equipment.kind';
import * as repo from './equipment.repository';
import { equipmentVisibility } from './equipment.visibility';


export type SaveInput = z.output<typeof saveEquipmentRequestInput>;
export type DecisionInput = z.output<typeof equipmentDecisionInput>;
export type ProcessInput = z.output<typeof equipmentProcessInput>;
export type ParsedListQuery = z.output<typeof equipmentListQuery>;

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
export const editable = (status: string) =>
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
    lines: views.map(({ line: l, material, warehouseName, operation, receipt }) => ({
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
      state: lineState(l),
      receiptOperation: receipt?.id != null ? receipt : null,
      receivedAt: isoOrNull(l.receivedAt),
    })),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    submittedAt: isoOrNull(row.submittedAt),
    processedAt: isoOrNull(row.processedAt),
    awaitingPurchase: row.status === 'APPROVED' && lines.some((l) => l.decision === 'purchase'),
  };
}

/** Where a line stands for the employee (contracts EQUIPMENT_LINE_STATES). */
export function lineState(
  l: Pick<repo.LineRow, 'decision' | 'receiptOperationId'>,
): EquipmentLineState {
  if (l.decision === 'issue') return 'issued';
  if (l.decision === 'cancel') return 'cancelled';
  if (l.decision === 'purchase') return l.receiptOperationId !== null ? 'received' : 'awaitingPurchase';
  return 'pending';
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
export async function allowedActions(
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
  // History, comments and attachments in one statement (lib/records/detail-parts.ts, issue #44).
  const [request, budgetCheck, { history, comments, attachments }, actions] = await Promise.all([
    toRequest(deps.db, row),
    budgetCheckOf(deps.db, row),
    recordParts(deps.db, EQUIPMENT_RECORD_KIND, id),
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
export const { loadVisible, tell, announceChange } = records;

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

