/**
 * Purchase follow-up (issue #40): the queue of equipment request lines marked for purchase, the
 * receipt of what was bought (a stock receipt linked to the line) and the reorder list. The line
 * is then issued through processing (equipment.processing.ts); the request stays APPROVED
 * ("awaiting purchase") until every line is issued or cancelled.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { PurchaseQueueItem, ReorderItem, purchaseReceiveInput } from '@servicedesk/contracts';
import * as access from '../../lib/access';
import { AppError, domainRule, forbidden, notFound } from '../../lib/errors';
import { executedRows } from '../../lib/lists/list-page';
import { appendHistory } from '../../lib/records/history';
import type { WarnLogger } from '../../lib/log';
import type { Db } from '../../db/client';
import { equipmentRequestLines } from '../../db/schema';
import type { AppDeps, AuthUser } from '../../types';
import { mayPostIn } from '../stock/stock.access';
import { afterReceipt, materialsBelowMinimum, receiveIntoStock } from '../stock/stock.purchase';
import { announceChange, getDetail, tell } from './equipment.detail';
import { EQUIPMENT_RECORD_KIND } from './equipment.kind';
import * as repo from './equipment.repository';

/**
 * GET /api/equipment/purchases?state= → the purchase queue: lines of APPROVED requests marked for
 * purchase, oldest mark first; `state` awaitingPurchase (nothing received) | received (ready to
 * issue); both without it. At most 500 rows. The route needs `inventory.purchases`.
 */
export async function purchaseQueue(
  db: Db,
  state?: 'awaitingPurchase' | 'received',
): Promise<PurchaseQueueItem[]> {
  const filter =
    state === 'awaitingPurchase'
      ? sql`and l.receipt_operation_id is null`
      : state === 'received'
        ? sql`and l.receipt_operation_id is not null`
        : sql``;
  return queueItems(db, sql`l.decision = 'purchase' and r.status = 'APPROVED' ${filter}`);
}

/**
 * Purchase queue items of the lines matching `where` (over `l` the line, `r` its request), oldest
 * mark first, at most 500 — with the purchase request each line is grouped into.
 */
export async function queueItems(db: Db, where: SQL): Promise<PurchaseQueueItem[]> {
  const rows = await db.execute(sql`
    select l.id as "lineId", r.id as "requestId", r.number as "requestNumber",
      json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name, 'imgPath', u.img_path) as requester,
      l.position, l.description,
      case when m.id is null then null else json_build_object('id', m.id, 'code', m.code, 'name', m.name) end as material,
      l.quantity, l.unit, l.unit_price as "unitPrice",
      to_char(l.purchase_marked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "markedAt",
      case when l.receipt_operation_id is null then 'awaitingPurchase' else 'received' end as state,
      case when o.id is null then null else json_build_object('id', o.id, 'number', o.number) end as "receiptOperation",
      case when pr.id is null then null else json_build_object('id', pr.id, 'number', pr.number) end as "purchaseRequest"
    from equipment_request_lines l
    join equipment_requests r on r.id = l.request_id
    join users u on u.id = r.requester_id
    left join materials m on m.id = l.material_id
    left join stock_operations o on o.id = l.receipt_operation_id
    left join purchase_request_lines pl on pl.line_id = l.id
    left join purchase_requests pr on pr.id = pl.purchase_request_id
    where ${where}
    order by l.purchase_marked_at nulls first, l.id
    limit 500`);
  return executedRows<PurchaseQueueItem & { unitPrice: string | number }>(rows).map((r) => ({
    ...r,
    unitPrice: Number(r.unitPrice),
  }));
}

/**
 * POST /api/equipment/purchases/{lineId}/receive: what was bought for a line arrives — ONE stock
 * receipt (stock's `receiveIntoStock`, source `inventoryRequestLine:{lineId}`) of the line's
 * quantity into `warehouseId` at `unitCost` (default the line's price), linked to the line, in
 * one transaction with a history row `receivePurchase` on the request. The requester is told the
 * line is ready (`notifications.equipment.lineReady`). Needs `inventory.purchases.receive` and
 * the right to post in the warehouse (403 `notWarehouseKeeper`). 404 unknown line; 422
 * `notMarkedForPurchase`, `alreadyReceived`, `notApproved`, `materialRequired` (a free-text line
 * names its catalogue material), stock's refusals; 409 `requestChanged`.
 */
export async function receivePurchase(
  deps: AppDeps,
  user: AuthUser,
  lineId: number,
  input: z.output<typeof purchaseReceiveInput>,
  log?: WarnLogger,
  now = new Date(),
) {
  await access.require(deps, user, 'inventory.purchases.receive');
  const [line] = await deps.db
    .select()
    .from(equipmentRequestLines)
    .where(eq(equipmentRequestLines.id, lineId));
  if (!line) throw notFound('No such request line.');
  if (!(await mayPostIn(deps, user, input.warehouseId)))
    throw forbidden('notWarehouseKeeper', 'You may not receive into this warehouse.', {
      warehouseId: input.warehouseId,
    });
  const materialId = line.materialId ?? input.materialId;
  if (materialId === undefined || materialId === null)
    throw domainRule('materialRequired', 'Name the catalogue material this line is received as.', {
      lineId,
    });
  const row = await deps.db.transaction(async (tx) => {
    const locked = await repo.findRequest(tx, line.requestId, true);
    if (!locked) throw new AppError(409, 'requestChanged', 'The request changed meanwhile; reload it.');
    if (locked.status !== 'APPROVED')
      throw domainRule('notApproved', 'Only an APPROVED request receives purchases.', {
        status: locked.status,
      });
    const [current] = await tx
      .select()
      .from(equipmentRequestLines)
      .where(eq(equipmentRequestLines.id, lineId));
    if (!current || current.decision !== 'purchase')
      throw domainRule('notMarkedForPurchase', 'This line is not marked for purchase.', { lineId });
    if (current.receiptOperationId !== null)
      throw domainRule('alreadyReceived', 'This line was already received.', {
        lineId,
        operationId: current.receiptOperationId,
      });
    const operation = await receiveIntoStock(
      deps,
      {
        warehouseId: input.warehouseId,
        materialId,
        quantity: current.quantity,
        unitCost: input.unitCost ?? current.unitPrice,
        vendorId: input.vendorId,
        vendorInvoiceRef: input.vendorInvoiceRef,
        serials: input.serials,
        source: `inventoryRequestLine:${lineId}`,
        comment: locked.number,
        actorId: user.id,
      },
      tx,
    );
    await tx
      .update(equipmentRequestLines)
      .set({ receiptOperationId: operation.id, receivedAt: now, materialId })
      .where(eq(equipmentRequestLines.id, lineId));
    await appendHistory(tx, [
      {
        recordKind: EQUIPMENT_RECORD_KIND,
        recordId: locked.id,
        action: 'receivePurchase',
        actorId: user.id,
        details: {
          lineId,
          position: current.position,
          operationId: operation.id,
          operationNumber: operation.number,
        },
        createdAt: now,
      },
    ]);
    await repo.updateRequest(tx, locked.id, { updatedAt: now });
    return { request: locked, operation, position: current.position, description: current.description };
  });
  await afterReceipt(deps, row.operation.id);
  await tell(deps, [row.request.requesterId], 'lineReady', row.request, user.id, { n: row.position, description: row.description }, log);
  await announceChange(deps, row.request.id, log);
  return getDetail(deps, user, row.request.id);
}

/**
 * GET /api/equipment/purchases/reorder → the reorder list: materials below their minimum over all
 * warehouses (stock's `materialsBelowMinimum`), what is already on order (lines of that material
 * marked for purchase, not received) and the suggested quantity = 2 × minimum − stock − on order,
 * rounded up, at least 1.
 */
export async function reorderList(db: Db): Promise<ReorderItem[]> {
  const below = await materialsBelowMinimum(db);
  if (below.length === 0) return [];
  const rows = await db.execute(sql`
    select material_id as "materialId", sum(quantity)::float8 as n from equipment_request_lines
    where decision = 'purchase' and receipt_operation_id is null
      and material_id in (${sql.join(below.map((b) => sql`${b.materialId}`), sql`, `)})
    group by material_id`);
  const onOrder = new Map(executedRows<{ materialId: number; n: number }>(rows).map((r) => [r.materialId, r.n]));
  return below.map((b) => {
    const ordered = onOrder.get(b.materialId) ?? 0;
    return { ...b, onOrder: ordered, suggested: Math.max(1, Math.ceil(2 * b.minLevel - b.stock - ordered)) };
  });
}
