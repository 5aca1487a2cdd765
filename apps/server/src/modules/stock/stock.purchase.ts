import { inArray, sql } from 'drizzle-orm';
import { inventories } from '../../db/schema';
import { publishRecordChange } from '../../hub/record-presence';
import { inventoryVisibility } from './stock.access';
import { INVENTORY_RECORD_KIND } from './stock.kind';
import type { Db } from '../../db/client';
import { executedRows } from '../../lib/lists/list-page';
import type { AppDeps } from '../../types';
import { announceStockChange } from './stock.lists';
import { postOperationInTx, type PostedOperation } from './stock.ledger';

/*
 * What other modules call for purchases (issue #40): a receipt of what was bought, and the reorder
 * list of materials below their minimum. No permission is checked here: the caller decides.
 */

/** What {@link receiveIntoStock} takes. */
export interface ReceiveIntoStockInput {
  warehouseId: number;
  materialId: number;
  quantity: number;
  /** Minor units per unit. */
  unitCost: number;
  vendorId?: number | null;
  vendorInvoiceRef?: string | null;
  /** Serials of the new units (a material kept as inventories), at most `quantity`. */
  serials?: string[];
  /** What caused it, e.g. `inventoryRequestLine:42`. */
  source: string;
  comment?: string | null;
  actorId: number | null;
}

/**
 * **Receipt into stock — the call other modules use** (equipment's purchase follow-up): posts ONE
 * receipt operation of one material into `warehouseId` and answers it (`{ id, number }`). Runs in
 * `tx` when given (the caller's transaction; it calls {@link afterReceipt} after its commit),
 * else in its own. Stock's refusals apply (422 `inactiveWarehouse`, `inactiveMaterial`,
 * `inventoryMismatch`, `wholeUnitsOnly`, `unknownVendor`…; 404 unknown warehouse or material).
 */
export async function receiveIntoStock(deps: AppDeps, input: ReceiveIntoStockInput, tx?: Db): Promise<PostedOperation> {
  const run = (t: Db) =>
    postOperationInTx(
      t,
      {
        kind: 'receipt',
        operationDate: new Date(),
        warehouseId: input.warehouseId,
        vendorId: input.vendorId ?? null,
        vendorInvoiceRef: input.vendorInvoiceRef ?? null,
        comment: input.comment ?? null,
        source: input.source,
        lines: [{ materialId: input.materialId, quantity: input.quantity, unitCost: input.unitCost, serials: input.serials ?? [] }],
      },
      input.actorId,
    );
  if (tx) return run(tx);
  const posted = await deps.db.transaction((t) => run(t as unknown as Db));
  await afterReceipt(deps, posted.id);
  return posted;
}

/** After the caller's transaction committed a {@link receiveIntoStock}: the stock grids' pages are dropped. */
export async function afterReceipt(deps: AppDeps, operationId: number): Promise<void> {
  await announceStockChange(deps, operationId);
}

/** A material below its minimum (see {@link materialsBelowMinimum}). */
export interface BelowMinimum {
  materialId: number;
  code: string;
  name: string;
  unitCode: string;
  minLevel: number;
  stock: number;
}

/**
 * Active materials whose stock over all warehouses is below their minimum, the lowest first
 * (stock ÷ minimum), at most 500 — the reorder list's rows (equipment adds what is on order).
 */
export async function materialsBelowMinimum(db: Db): Promise<BelowMinimum[]> {
  const rows = await db.execute(sql`
    select m.id as "materialId", m.code, m.name, m.unit_code as "unitCode",
      m.min_level::float8 as "minLevel", m.stock_quantity::float8 as stock
    from materials m
    where m.is_active and m.min_level is not null and m.stock_quantity < m.min_level
    order by case when m.min_level > 0 then m.stock_quantity / m.min_level else 1 end, m.code
    limit 500`);
  return executedRows<BelowMinimum>(rows);
}

/** Tells the inventories' viewers (their holder, the inventories' record rule) that they changed: their pages refetch. */
export async function announceInventoryChange(deps: AppDeps, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await deps.db.select().from(inventories).where(inArray(inventories.id, [...ids]));
  for (const row of rows) await publishRecordChange(deps, INVENTORY_RECORD_KIND, row.id, await inventoryVisibility.audience(deps.db, row));
}
