/** The warehouse keeper processes an approved equipment request line by line. equipment.service.ts re-exports it. */
import { EQUIPMENT_CANCEL_REASON_MIN, type EquipmentRequestDetail } from '@servicedesk/contracts';
import * as access from '../../lib/access';
import { AppError, domainRule, forbidden, notFound } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';
import { processApproval } from '../../lib/approvals/engine';
import { appendHistory } from '../../lib/records/history';
import { EQUIPMENT_RECORD_KIND } from './equipment.kind';
import * as repo from './equipment.repository';
import { issueFromStock } from '../stock/stock.service';
import { mayPostIn } from '../stock/stock.access';
import type { WarnLogger } from '../../lib/log';

import { announceChange, getDetail, type ProcessInput } from './equipment.detail';
// ---------------------------------------------------------------------------------------------
// Processing (the warehouse keeper)
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/equipment/processing/{id}/lines: decides lines of an APPROVED request — `issue`
 * (needs `inventory.processing.issue` and the right to post in the warehouse, stock's `mayPostIn`),
 * `purchase` (`inventory.processing.markForPurchase`: the line joins the purchase queue and the
 * request stays open, "awaiting purchase") or `cancel` (with its reason in `note`, ≥
 * EQUIPMENT_CANCEL_REASON_MIN characters: 422 `reasonRequired`). A line marked for purchase is
 * decided again: `issue` once its receipt arrived (422 `awaitingReceipt` before; the receipt's
 * warehouse and units are issued unless a warehouse is named) or `cancel`. The issued lines of one
 * call leave each warehouse in ONE stock issue operation to the requester (the stock module's
 * `issueFromStock`, in this transaction: its inventories become assigned to them, and a refusal
 * such as 422 `insufficientStock` leaves nothing recorded). One history row (`processLines`: the
 * lines, their decisions and operations); when every line is issued or cancelled the engine marks
 * the request PROCESSED (its row `process`, the author told). 422 `notApproved`, `unknownLine`,
 * `lineAlreadyHandled`, `duplicateLine`, `warehouseRequired`, `materialRequired`,
 * `unknownMaterial`; 403 without the keys or the warehouse; 409 `requestChanged`.
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
  for (const cancel of input.lines.filter((l) => l.decision === 'cancel')) {
    if ([...(cancel.note ?? '').trim()].length < EQUIPMENT_CANCEL_REASON_MIN)
      throw domainRule('reasonRequired', 'A cancelled line needs its reason.', {
        lineId: cancel.lineId,
        min: EQUIPMENT_CANCEL_REASON_MIN,
      });
  }
  // A received purchase line is issued from its receipt's warehouse unless one is named.
  const before = new Map((await repo.linesOf(deps.db, id)).map((l) => [l.id, l]));
  const receiptWarehouses = await repo.receiptWarehouses(
    deps.db,
    issues.flatMap((l) => {
      const op = before.get(l.lineId)?.receiptOperationId;
      return op != null ? [op] : [];
    }),
  );
  const warehouseOf = (l: ProcessInput['lines'][number]) => {
    if (l.warehouseId !== undefined) return l.warehouseId;
    const op = before.get(l.lineId)?.receiptOperationId;
    return op != null ? receiptWarehouses.get(op)?.warehouseId : undefined;
  };
  for (const warehouseId of new Set(issues.map(warehouseOf))) {
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
      const reopenable = line.decision === 'purchase' && decision.decision !== 'purchase';
      if (line.decision !== null && !reopenable)
        throw domainRule('lineAlreadyHandled', `Line ${line.position} is already handled.`, {
          lineId: line.id,
          position: line.position,
        });
      if (line.decision === 'purchase' && decision.decision === 'issue' && line.receiptOperationId === null)
        throw domainRule(
          'awaitingReceipt',
          `Line ${line.position} is marked for purchase: it is issued once its receipt arrived.`,
          { lineId: line.id, position: line.position },
        );
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
      const warehouseId = decision.decision === 'issue' ? warehouseOf(decision)! : null;
      // The units its receipt brought, when issued from the receipt's warehouse.
      const received =
        line.receiptOperationId !== null
          ? receiptWarehouses.get(line.receiptOperationId)
          : undefined;
      const inventoryIds =
        received && received.warehouseId === warehouseId ? received.inventoryIds : [];
      return {
        decision,
        line,
        materialId,
        warehouseId,
        inventoryIds,
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
          lines: batch.map((p) => ({
            materialId: p.materialId!,
            quantity: p.line.quantity,
            ...(p.inventoryIds.length === p.line.quantity ? { inventoryIds: p.inventoryIds } : {}),
          })),
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
        purchaseMarkedAt: p.decision.decision === 'purchase' ? now : p.line.purchaseMarkedAt,
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
    return lines.every((l) => l.decision === 'issue' || l.decision === 'cancel');
  });
  if (allHandled) await processApproval(deps, user, EQUIPMENT_RECORD_KIND, id, now, log);
  else await announceChange(deps, id, log);
  return getDetail(deps, user, id);
}
