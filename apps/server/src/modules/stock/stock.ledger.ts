import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { roundQuantity, STOCK_REASON_MIN, type StockOperationKind } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import {
  inventories,
  materials,
  stockLevels,
  stockMovements,
  stockOperationLines,
  stockOperations,
  warehouses,
} from '../../db/schema';
import { domainRule, notFound } from '../../lib/errors';
import { appendHistory, type RecordHistoryInsert } from '../../lib/records/history';
import { nextRecordNumber, numberingYear } from '../../lib/records/numbering';
import { INVENTORY_RECORD_KIND } from './stock.kind';

/*
 * The stock ledger (issue #13): posting an operation writes its lines and one movement per line
 * and warehouse (a transfer: an outflow and its paired inflow), then recomputes the running
 * balance of every (material, warehouse) it touched FROM THE POSTED MOVEMENT ON — never before
 * it (a back-dated operation rewrites only what follows it; erpnext#36634). Rules:
 *
 * - a balance never goes below zero: the pair's `stock_levels` row is locked (`for update`) first,
 *   so two issues of the last unit queue and the second is refused with 422 `insufficientStock`
 *   (details: materialId, warehouseId, available, requested) — the check constraints are the last
 *   guard;
 * - moving average cost per material and warehouse, in minor units: inflows (receipt, return,
 *   transfer in) add their value; outflows (issue, write-off, transfer out) leave at
 *   value × quantity / balance (rounded; the last unit takes the whole remaining value, so a zero
 *   balance has zero value), and are re-valued when an earlier movement changes the average; a
 *   transfer's inflow takes its outflow's (new) value and its own pair is recomputed too;
 * - posted operations are never edited: {@link reverseOperation} posts the opposite movements.
 */

/** A line to post (validated shapes: contracts stockOperationLineInput). */
export interface LedgerLineInput {
  materialId: number;
  quantity: number;
  /** Minor units per unit: required for a receipt; a return without it comes back at the current average. */
  unitCost?: number | undefined;
  inventoryIds?: number[];
  serials?: string[];
}

/** An operation to post (see contracts postStockOperationInput for each kind's fields). */
export interface LedgerOperationInput {
  kind: Exclude<StockOperationKind, 'reversal'>;
  operationDate: Date;
  warehouseId: number;
  toWarehouseId?: number | null;
  vendorId?: number | null;
  vendorInvoiceRef?: string | null;
  recipientUserId?: number | null;
  recipientLocationId?: number | null;
  reason?: string | null;
  comment?: string | null;
  /** What caused it, e.g. `inventoryRequest:42`. */
  source?: string | null;
  lines: LedgerLineInput[];
}

/** A posted operation's id and number. */
export interface PostedOperation {
  id: number;
  number: string;
}

type MovementPlan = {
  lineIndex: number;
  materialId: number;
  warehouseId: number;
  quantity: number;
  value: number;
  valuation: 'fixed' | 'average';
  /** Index (in the plan) of the outflow whose value this inflow takes. */
  pairOf?: number;
};

const key = (materialId: number, warehouseId: number) => `${materialId}:${warehouseId}`;

/**
 * Number series of the ledger on the one counter table (lib/records/numbering, gap-free in the
 * caller's transaction): operations ST-YYYY-NNNNNN per Baku year, inventories AST-NNNNNN never
 * restarting (year 0).
 */
const STOCK_OPERATION_SCOPE = 'stockOperation';
const INVENTORY_SCOPE = 'inventory';

/**
 * Locks the level rows of `pairs` (creating missing ones), in one fixed order so two postings
 * never wait for each other crosswise. Answers nothing: the rows stay locked until the
 * transaction ends.
 */
export async function lockLevels(tx: Db, pairs: { materialId: number; warehouseId: number }[]): Promise<void> {
  const unique = [...new Map(pairs.map((p) => [key(p.materialId, p.warehouseId), p])).values()].sort(
    (a, b) => a.materialId - b.materialId || a.warehouseId - b.warehouseId,
  );
  if (unique.length === 0) return;
  await tx.insert(stockLevels).values(unique).onConflictDoNothing();
  for (const pair of unique) {
    await tx.execute(
      sql`select 1 from ${stockLevels} where ${stockLevels.materialId} = ${pair.materialId} and ${stockLevels.warehouseId} = ${pair.warehouseId} for update`,
    );
  }
}

/** The current level (quantity, value in minor units) of a pair — 0/0 when it never moved. */
export async function currentLevel(tx: Db, materialId: number, warehouseId: number): Promise<{ quantity: number; value: number }> {
  const [row] = await tx
    .select({ quantity: stockLevels.quantity, value: stockLevels.value })
    .from(stockLevels)
    .where(and(eq(stockLevels.materialId, materialId), eq(stockLevels.warehouseId, warehouseId)));
  return row ? { quantity: Number(row.quantity), value: Number(row.value) } : { quantity: 0, value: 0 };
}

/** The value leaving with `quantity` out of a balance (moving average; the last unit takes the rest). */
export function outflowValue(balance: { quantity: number; value: number }, quantity: number): number {
  if (balance.quantity <= 0) return 0;
  if (roundQuantity(balance.quantity - quantity) <= 0) return balance.value;
  return Math.round((balance.value * quantity) / balance.quantity);
}

/**
 * Recomputes the running balances of (material, warehouse) from movement (`fromDate`, `fromId`)
 * on, in ledger order (operation date, id): re-values average outflows, refuses a balance below
 * zero (422 `insufficientStock`), writes the level, and answers the transfer inflows whose value
 * changed (the caller recomputes their pairs). Only rows whose numbers changed are written.
 */
async function recomputePair(
  tx: Db,
  materialId: number,
  warehouseId: number,
  fromDate: Date,
  fromId: number,
): Promise<{ materialId: number; warehouseId: number; date: Date; id: number }[]> {
  const m = stockMovements;
  const [before] = await tx
    .select({ quantity: m.balanceQuantity, value: m.balanceValue })
    .from(m)
    .where(
      and(
        eq(m.materialId, materialId),
        eq(m.warehouseId, warehouseId),
        sql`(${m.operationDate}, ${m.id}) < (${fromDate.toISOString()}::timestamptz, ${fromId})`,
      ),
    )
    .orderBy(desc(m.operationDate), desc(m.id))
    .limit(1);
  let balance = { quantity: before ? Number(before.quantity) : 0, value: before ? Number(before.value) : 0 };
  const rows = await tx
    .select()
    .from(m)
    .where(
      and(
        eq(m.materialId, materialId),
        eq(m.warehouseId, warehouseId),
        sql`(${m.operationDate}, ${m.id}) >= (${fromDate.toISOString()}::timestamptz, ${fromId})`,
      ),
    )
    .orderBy(asc(m.operationDate), asc(m.id));
  const followUps: { materialId: number; warehouseId: number; date: Date; id: number }[] = [];
  for (const row of rows) {
    const quantity = Number(row.quantity);
    let value = Number(row.value);
    if (row.valuation === 'average' && quantity < 0) value = -outflowValue(balance, -quantity);
    const nextQuantity = roundQuantity(balance.quantity + quantity);
    if (nextQuantity < 0) {
      throw domainRule('insufficientStock', 'Not enough stock in the warehouse for this operation.', {
        materialId,
        warehouseId,
        available: balance.quantity,
        requested: -quantity,
        at: row.operationDate.toISOString(),
      });
    }
    const next = { quantity: nextQuantity, value: nextQuantity === 0 ? 0 : balance.value + value };
    if (value !== Number(row.value) || next.quantity !== Number(row.balanceQuantity) || next.value !== Number(row.balanceValue)) {
      await tx.update(m).set({ value, balanceQuantity: next.quantity, balanceValue: next.value }).where(eq(m.id, row.id));
      if (value !== Number(row.value) && row.valuation === 'average') {
        // The line shows the outflow's value (amount ≥ 0, unit cost per unit).
        const amount = -value;
        await tx
          .update(stockOperationLines)
          .set({ amount, unitCost: Math.round(amount / -quantity) })
          .where(eq(stockOperationLines.id, row.lineId));
        const [pair] = row.pairId ? await tx.select().from(m).where(eq(m.id, row.pairId)) : [];
        if (pair) {
          await tx.update(m).set({ value: amount }).where(eq(m.id, pair.id));
          followUps.push({ materialId: pair.materialId, warehouseId: pair.warehouseId, date: pair.operationDate, id: pair.id });
        }
      }
    }
    balance = next;
  }
  await tx
    .update(stockLevels)
    .set({ quantity: balance.quantity, value: balance.value, updatedAt: new Date() })
    .where(and(eq(stockLevels.materialId, materialId), eq(stockLevels.warehouseId, warehouseId)));
  await rewriteSnapshots(tx, materialId, warehouseId, fromDate);
  return followUps;
}

/**
 * Rewrites the monthly closing balances (stock_snapshots, months in UTC as `YYYY-MM`) of a pair
 * from the month of `fromDate` to the current month — one statement; a posting at the present
 * touches one row, a back-dated one the months since its date. A month's closing balance is the
 * balance after its last movement (or the month before's when it had none).
 */
export async function rewriteSnapshots(tx: Db, materialId: number, warehouseId: number, fromDate: Date): Promise<void> {
  await tx.execute(sql`
    insert into stock_snapshots (month, material_id, warehouse_id, quantity, value)
    select to_char(m, 'YYYY-MM'), ${materialId}::int, ${warehouseId}::int, coalesce(b.q, 0), coalesce(b.v, 0)
    from generate_series(date_trunc('month', ${fromDate.toISOString()}::timestamptz at time zone 'UTC'),
                         date_trunc('month', greatest(now(), ${fromDate.toISOString()}::timestamptz) at time zone 'UTC'), interval '1 month') m
    left join lateral (
      select x.balance_quantity q, x.balance_value v from stock_movements x
      where x.material_id = ${materialId} and x.warehouse_id = ${warehouseId}
        and x.operation_date < ((m + interval '1 month') at time zone 'UTC')
      order by x.operation_date desc, x.id desc limit 1
    ) b on true
    on conflict (month, material_id, warehouse_id) do update set quantity = excluded.quantity, value = excluded.value`);
}

/** Recomputes each pair from its earliest given movement on, following transfers to their targets. */
async function recomputeFrom(tx: Db, starts: { materialId: number; warehouseId: number; date: Date; id: number }[]): Promise<void> {
  const queue = [...starts];
  let guard = 0;
  while (queue.length > 0) {
    if (++guard > 10_000) throw new Error('stock: recompute did not settle');
    // The earliest start of each pair first; later starts of the same pair are covered by it.
    queue.sort((a, b) => a.date.getTime() - b.date.getTime() || a.id - b.id);
    const start = queue.shift()!;
    for (let i = queue.length - 1; i >= 0; i--) {
      if (queue[i]!.materialId === start.materialId && queue[i]!.warehouseId === start.warehouseId) queue.splice(i, 1);
    }
    await lockLevels(tx, [start]);
    queue.push(...(await recomputePair(tx, start.materialId, start.warehouseId, start.date, start.id)));
  }
}

const requireText = (value: string | null | undefined, field: string) => {
  if (!value || !value.trim()) throw domainRule('missingField', `The field ${field} is required for this operation.`, { field });
};

/**
 * Posts `input` inside transaction `tx` as `actorId` (see the module comment): checks each kind's
 * fields, the warehouses (active) and materials, the inventories moving with tracked materials,
 * writes the operation, its lines, its movements and the inventories' history, and recomputes the
 * touched pairs. Errors (422): `missingField`, `reasonRequired`, `sameWarehouse`,
 * `inactiveWarehouse`, `inactiveMaterial`, `unitCostRequired`, `wholeUnitsOnly`,
 * `inventoryMismatch`, `insufficientStock`; 404 for a missing warehouse or material.
 */
export async function postOperationInTx(tx: Db, input: LedgerOperationInput, actorId: number | null, now = new Date()): Promise<PostedOperation> {
  const kind = input.kind;
  if (kind === 'transfer') {
    if (!input.toWarehouseId) requireText(null, 'toWarehouseId');
    if (input.toWarehouseId === input.warehouseId) throw domainRule('sameWarehouse', 'A transfer needs two different warehouses.');
  }
  if (kind === 'writeOff' && [...(input.reason ?? '').trim()].length < STOCK_REASON_MIN) {
    throw domainRule('reasonRequired', 'A write-off needs its reason.', { min: STOCK_REASON_MIN });
  }
  if (kind === 'issue' && !input.recipientUserId && !input.recipientLocationId) {
    throw domainRule('missingField', 'An issue needs a person or a location it goes to.', { field: 'recipientUserId' });
  }
  if (kind === 'receipt' && !input.vendorId) requireText(null, 'vendorId');

  const warehouseIds = [input.warehouseId, ...(input.toWarehouseId && kind === 'transfer' ? [input.toWarehouseId] : [])];
  const whRows = await tx.select().from(warehouses).where(inArray(warehouses.id, warehouseIds));
  for (const id of warehouseIds) {
    const wh = whRows.find((w) => w.id === id);
    if (!wh) throw notFound('Warehouse not found');
    if (!wh.isActive) throw domainRule('inactiveWarehouse', 'The warehouse is not active.', { warehouseId: id });
  }
  const materialIds = [...new Set(input.lines.map((l) => l.materialId))];
  const matRows = await tx.select().from(materials).where(inArray(materials.id, materialIds));
  const materialOf = new Map(matRows.map((row) => [row.id, row]));
  for (const id of materialIds) if (!materialOf.has(id)) throw notFound('Material not found');

  // Lock every pair first (fixed order), then read balances.
  const pairs = input.lines.flatMap((line) => warehouseIds.map((warehouseId) => ({ materialId: line.materialId, warehouseId })));
  await lockLevels(tx, pairs);

  const year = numberingYear(input.operationDate);
  const seq = await nextRecordNumber(tx, STOCK_OPERATION_SCOPE, year);
  const number = `ST-${year}-${String(seq).padStart(6, '0')}`;
  const [op] = await tx
    .insert(stockOperations)
    .values({
      number,
      year,
      seq,
      kind,
      operationDate: input.operationDate,
      warehouseId: input.warehouseId,
      toWarehouseId: kind === 'transfer' ? input.toWarehouseId! : null,
      vendorId: kind === 'receipt' ? (input.vendorId ?? null) : null,
      vendorInvoiceRef: kind === 'receipt' ? (input.vendorInvoiceRef ?? null) : null,
      recipientUserId: kind === 'issue' || kind === 'return' ? (input.recipientUserId ?? null) : null,
      recipientLocationId: kind === 'issue' || kind === 'return' ? (input.recipientLocationId ?? null) : null,
      reason: input.reason?.trim() || null,
      comment: input.comment?.trim() || null,
      source: input.source ?? null,
      postedById: actorId,
      postedAt: now,
    })
    .returning({ id: stockOperations.id });
  const operationId = op!.id;
  const history: RecordHistoryInsert[] = [];

  const plans: MovementPlan[] = [];
  const lineIds: number[] = [];
  for (const [index, line] of input.lines.entries()) {
    const mat = materialOf.get(line.materialId)!;
    if (!mat.isActive && (kind === 'receipt' || kind === 'issue')) throw domainRule('inactiveMaterial', 'The material is not active.', { materialId: mat.id });
    const quantity = roundQuantity(line.quantity);
    let inventoryIds = line.inventoryIds ?? [];
    if (mat.tracksInventories && !Number.isInteger(quantity)) {
      throw domainRule('wholeUnitsOnly', 'Materials kept as inventories move in whole units.', { materialId: mat.id });
    }
    let unitCost = 0;
    let amount = 0;
    if (kind === 'receipt') {
      if (line.unitCost === undefined) throw domainRule('unitCostRequired', 'A receipt line needs its unit cost.', { line: index + 1 });
      unitCost = line.unitCost;
      amount = Math.round(unitCost * quantity);
    } else if (kind === 'return') {
      if (line.unitCost !== undefined) unitCost = line.unitCost;
      else if (mat.tracksInventories && inventoryIds.length) {
        const rows = await tx.select({ cost: inventories.unitCost }).from(inventories).where(inArray(inventories.id, inventoryIds));
        unitCost = rows.length ? Math.round(rows.reduce((s, r) => s + Number(r.cost), 0) / rows.length) : 0;
      } else {
        const level = await currentLevel(tx, mat.id, input.warehouseId);
        unitCost = level.quantity > 0 ? Math.round(level.value / level.quantity) : 0;
      }
      amount = Math.round(unitCost * quantity);
    }

    if (mat.tracksInventories) {
      inventoryIds = await moveInventories(tx, {
        kind,
        operationId,
        number,
        materialId: mat.id,
        quantity,
        inventoryIds,
        serials: line.serials ?? [],
        input,
        unitCost,
        actorId,
        history,
      });
    } else if (inventoryIds.length) {
      throw domainRule('inventoryMismatch', 'This material is not kept as inventories.', { materialId: mat.id });
    }

    const [lineRow] = await tx
      .insert(stockOperationLines)
      .values({ operationId, lineNo: index + 1, materialId: mat.id, quantity, unitCost, amount, inventoryIds })
      .returning({ id: stockOperationLines.id });
    lineIds.push(lineRow!.id);

    if (kind === 'receipt' || kind === 'return') {
      plans.push({ lineIndex: index, materialId: mat.id, warehouseId: input.warehouseId, quantity, value: amount, valuation: 'fixed' });
    } else {
      plans.push({ lineIndex: index, materialId: mat.id, warehouseId: input.warehouseId, quantity: -quantity, value: 0, valuation: 'average' });
      if (kind === 'transfer') {
        plans.push({
          lineIndex: index,
          materialId: mat.id,
          warehouseId: input.toWarehouseId!,
          quantity,
          value: 0,
          valuation: 'fixed',
          pairOf: plans.length - 1,
        });
      }
    }
  }

  await insertMovementsAndRecompute(tx, operationId, input.operationDate, plans, lineIds);
  await appendHistory(tx, history);
  return { id: operationId, number };
}

/** Writes the planned movements (a transfer inflow linked to its outflow) and recomputes their pairs. */
async function insertMovementsAndRecompute(tx: Db, operationId: number, date: Date, plans: MovementPlan[], lineIds: number[]): Promise<void> {
  const ids: number[] = [];
  for (const plan of plans) {
    const [row] = await tx
      .insert(stockMovements)
      .values({
        operationId,
        lineId: lineIds[plan.lineIndex]!,
        materialId: plan.materialId,
        warehouseId: plan.warehouseId,
        operationDate: date,
        quantity: plan.quantity,
        value: plan.value,
        balanceQuantity: 0,
        balanceValue: 0,
        valuation: plan.valuation,
      })
      .returning({ id: stockMovements.id });
    ids.push(row!.id);
    if (plan.pairOf !== undefined) await tx.update(stockMovements).set({ pairId: row!.id }).where(eq(stockMovements.id, ids[plan.pairOf]!));
  }
  // Outflows first (their values feed the transfer inflows), then the rest; each pair from this operation's first movement.
  const order = plans.map((plan, i) => ({ plan, id: ids[i]! })).sort((a, b) => Number(a.plan.pairOf !== undefined) - Number(b.plan.pairOf !== undefined));
  const starts = new Map<string, { materialId: number; warehouseId: number; date: Date; id: number }>();
  for (const { plan, id } of order) {
    const k = key(plan.materialId, plan.warehouseId);
    if (!starts.has(k)) starts.set(k, { materialId: plan.materialId, warehouseId: plan.warehouseId, date, id });
  }
  // Outflow pairs before inflow pairs: a transfer's inflow value is set while its source recomputes.
  const list = [...starts.values()];
  const outflowKeys = new Set(plans.filter((p) => p.quantity < 0).map((p) => key(p.materialId, p.warehouseId)));
  for (const start of list.filter((s) => outflowKeys.has(key(s.materialId, s.warehouseId)))) await recomputeFrom(tx, [start]);
  for (const start of list.filter((s) => !outflowKeys.has(key(s.materialId, s.warehouseId)))) await recomputeFrom(tx, [start]);
  // A transfer inflow whose value the source's recompute did not change (first posting: 0 → value) still needs it.
  for (const [i, plan] of plans.entries()) {
    if (plan.pairOf === undefined) continue;
    const [outflow] = await tx.select({ value: stockMovements.value }).from(stockMovements).where(eq(stockMovements.id, ids[plan.pairOf]!));
    const [inflow] = await tx.select({ value: stockMovements.value }).from(stockMovements).where(eq(stockMovements.id, ids[i]!));
    if (outflow && inflow && Number(inflow.value) !== -Number(outflow.value)) {
      await tx.update(stockMovements).set({ value: -Number(outflow.value) }).where(eq(stockMovements.id, ids[i]!));
      await recomputeFrom(tx, [{ materialId: plan.materialId, warehouseId: plan.warehouseId, date, id: ids[i]! }]);
    }
  }
}

interface InventoryMove {
  kind: Exclude<StockOperationKind, 'reversal'>;
  operationId: number;
  number: string;
  materialId: number;
  quantity: number;
  inventoryIds: number[];
  serials: string[];
  input: LedgerOperationInput;
  unitCost: number;
  actorId: number | null;
  history: RecordHistoryInsert[];
}

/**
 * Moves (or, on a receipt, creates) the inventories of a tracked material's line and queues their
 * history rows. An issue, transfer or write-off without inventory ids takes the oldest ones in
 * stock in the source warehouse; with ids, exactly `quantity` of them, each in the right status
 * and warehouse (422 `inventoryMismatch`). Answers the ids that moved.
 */
async function moveInventories(tx: Db, move: InventoryMove): Promise<number[]> {
  const { kind, input, quantity } = move;
  const details = { operationId: move.operationId, operationNumber: move.number };
  if (kind === 'receipt') {
    if (move.serials.length > quantity) throw domainRule('inventoryMismatch', 'More serial numbers than units received.');
    const ids: number[] = [];
    for (let i = 0; i < quantity; i++) {
      const seq = await nextRecordNumber(tx, INVENTORY_SCOPE, 0);
      const [row] = await tx
        .insert(inventories)
        .values({
          inventoryNumber: `AST-${String(seq).padStart(6, '0')}`,
          materialId: move.materialId,
          serial: move.serials[i] ?? null,
          status: 'inStock',
          warehouseId: input.warehouseId,
          unitCost: move.unitCost,
          receiptOperationId: move.operationId,
          createdAt: input.operationDate,
          updatedAt: input.operationDate,
        })
        .returning({ id: inventories.id });
      ids.push(row!.id);
      move.history.push({
        recordKind: INVENTORY_RECORD_KIND,
        recordId: row!.id,
        action: 'receive',
        toStatus: 'inStock',
        actorId: move.actorId,
        createdAt: input.operationDate,
        details: { ...details, warehouseId: input.warehouseId },
      });
    }
    return ids;
  }

  const wanted: Record<string, { status: string[]; warehouse: boolean }> = {
    issue: { status: ['inStock'], warehouse: true },
    transfer: { status: ['inStock'], warehouse: true },
    writeOff: { status: ['inStock', 'inRepair'], warehouse: true },
    return: { status: ['assigned'], warehouse: false },
  };
  const rule = wanted[kind]!;
  let rows;
  if (move.inventoryIds.length === 0) {
    if (kind === 'return') throw domainRule('inventoryMismatch', 'Name the inventories that come back.', { materialId: move.materialId });
    rows = await tx
      .select()
      .from(inventories)
      .where(and(eq(inventories.materialId, move.materialId), eq(inventories.warehouseId, input.warehouseId), eq(inventories.status, 'inStock')))
      .orderBy(asc(inventories.id))
      .limit(quantity)
      .for('update');
    if (rows.length < quantity) {
      throw domainRule('insufficientStock', 'Not enough stock in the warehouse for this operation.', {
        materialId: move.materialId,
        warehouseId: input.warehouseId,
        available: rows.length,
        requested: quantity,
      });
    }
  } else {
    rows = await tx.select().from(inventories).where(inArray(inventories.id, move.inventoryIds)).orderBy(asc(inventories.id)).for('update');
  }
  const fits = rows.every(
    (row) =>
      row.materialId === move.materialId &&
      rule.status.includes(row.status) &&
      (!rule.warehouse || row.warehouseId === input.warehouseId) &&
      (kind !== 'return' || !input.recipientUserId || row.holderId === input.recipientUserId),
  );
  if (rows.length !== quantity || new Set(rows.map((r) => r.id)).size !== quantity || !fits) {
    throw domainRule('inventoryMismatch', 'The inventories do not match the line (count, material, status or warehouse).', {
      materialId: move.materialId,
      expected: quantity,
    });
  }
  const now = input.operationDate;
  for (const row of rows) {
    let set: Partial<typeof inventories.$inferInsert>;
    let action: string;
    if (kind === 'issue') {
      set = { status: 'assigned', holderId: input.recipientUserId ?? null, locationId: input.recipientLocationId ?? null };
      action = 'issue';
    } else if (kind === 'transfer') {
      set = { warehouseId: input.toWarehouseId! };
      action = 'transfer';
    } else if (kind === 'writeOff') {
      set = { status: 'writtenOff', holderId: null };
      action = 'writeOff';
    } else {
      set = { status: 'inStock', holderId: null, locationId: null, warehouseId: input.warehouseId };
      action = 'return';
    }
    await tx
      .update(inventories)
      .set({ ...set, updatedAt: now })
      .where(eq(inventories.id, row.id));
    move.history.push({
      recordKind: INVENTORY_RECORD_KIND,
      recordId: row.id,
      action,
      fromStatus: row.status,
      toStatus: set.status ?? row.status,
      actorId: move.actorId,
      createdAt: input.operationDate,
      comment: input.reason ?? input.comment ?? null,
      details: {
        ...details,
        fromWarehouseId: row.warehouseId,
        warehouseId: set.warehouseId ?? row.warehouseId,
        holderId: set.holderId === undefined ? row.holderId : set.holderId,
        previousHolderId: row.holderId,
      },
    });
  }
  return rows.map((r) => r.id);
}

/**
 * Posts the reversal of operation `id` (posted operations are never edited): the opposite of
 * each of its movements at the reversal's date (now), valued as the originals are now, and the
 * inventories put back where they were. 404 unknown; 422 `alreadyReversed`,
 * `cannotReverseReversal`, `reasonRequired`, `insufficientStock` (e.g. received goods already
 * issued), `inventoryMismatch` (an inventory moved on since).
 */
export async function reverseOperationInTx(tx: Db, id: number, reason: string, actorId: number | null, now = new Date()): Promise<PostedOperation> {
  if ([...reason.trim()].length < STOCK_REASON_MIN) throw domainRule('reasonRequired', 'A reversal needs its reason.', { min: STOCK_REASON_MIN });
  const [original] = await tx.select().from(stockOperations).where(eq(stockOperations.id, id)).for('update');
  if (!original) throw notFound('Operation not found');
  if (original.kind === 'reversal') throw domainRule('cannotReverseReversal', 'A reversal cannot be reversed; post the operation again.');
  if (original.reversedById) throw domainRule('alreadyReversed', 'This operation was already reversed.', { reversedById: original.reversedById });
  const movements = await tx.select().from(stockMovements).where(eq(stockMovements.operationId, id)).orderBy(asc(stockMovements.id));
  const lines = await tx.select().from(stockOperationLines).where(eq(stockOperationLines.operationId, id)).orderBy(asc(stockOperationLines.lineNo));
  await lockLevels(tx, movements.map((m) => ({ materialId: m.materialId, warehouseId: m.warehouseId })));

  const year = numberingYear(now);
  const seq = await nextRecordNumber(tx, STOCK_OPERATION_SCOPE, year);
  const number = `ST-${year}-${String(seq).padStart(6, '0')}`;
  const [op] = await tx
    .insert(stockOperations)
    .values({
      number,
      year,
      seq,
      kind: 'reversal',
      operationDate: now,
      warehouseId: original.warehouseId,
      toWarehouseId: original.toWarehouseId,
      vendorId: original.vendorId,
      vendorInvoiceRef: original.vendorInvoiceRef,
      recipientUserId: original.recipientUserId,
      recipientLocationId: original.recipientLocationId,
      reason: reason.trim(),
      reversesId: original.id,
      source: original.source,
      postedById: actorId,
      postedAt: now,
    })
    .returning({ id: stockOperations.id });
  const reversalId = op!.id;
  await tx.update(stockOperations).set({ reversedById: reversalId }).where(eq(stockOperations.id, original.id));

  const lineIds: number[] = [];
  for (const line of lines) {
    const [row] = await tx
      .insert(stockOperationLines)
      .values({
        operationId: reversalId,
        lineNo: line.lineNo,
        materialId: line.materialId,
        quantity: line.quantity,
        unitCost: line.unitCost,
        amount: line.amount,
        inventoryIds: line.inventoryIds,
      })
      .returning({ id: stockOperationLines.id });
    lineIds.push(row!.id);
  }
  const lineIndexOf = new Map(lines.map((line, i) => [line.id, i]));
  const plans: MovementPlan[] = movements.map((m) => ({
    lineIndex: lineIndexOf.get(m.lineId)!,
    materialId: m.materialId,
    warehouseId: m.warehouseId,
    quantity: -Number(m.quantity),
    value: -Number(m.value),
    valuation: 'fixed',
  }));
  await insertMovementsAndRecompute(tx, reversalId, now, plans, lineIds);

  // Inventories go back to where the original found them.
  const history: RecordHistoryInsert[] = [];
  const ids = lines.flatMap((line) => line.inventoryIds);
  if (ids.length) {
    const rows = await tx.select().from(inventories).where(inArray(inventories.id, ids)).for('update');
    for (const row of rows) {
      const expected: Record<string, { status: string; warehouseId: number | null }> = {
        receipt: { status: 'inStock', warehouseId: original.warehouseId },
        issue: { status: 'assigned', warehouseId: original.warehouseId },
        transfer: { status: 'inStock', warehouseId: original.toWarehouseId },
        writeOff: { status: 'writtenOff', warehouseId: original.warehouseId },
        return: { status: 'inStock', warehouseId: original.warehouseId },
      };
      const want = expected[original.kind]!;
      if (row.status !== want.status || row.warehouseId !== want.warehouseId) {
        throw domainRule('inventoryMismatch', 'An inventory of this operation has moved on since; reverse the later operation first.', {
          inventoryId: row.id,
        });
      }
      const back: Record<string, Partial<typeof inventories.$inferInsert>> = {
        receipt: { status: 'writtenOff' },
        issue: { status: 'inStock', holderId: null, locationId: null },
        transfer: { warehouseId: original.warehouseId },
        writeOff: { status: 'inStock' },
        return: { status: 'assigned', holderId: original.recipientUserId, locationId: original.recipientLocationId },
      };
      const set = back[original.kind]!;
      await tx
        .update(inventories)
        .set({ ...set, updatedAt: now })
        .where(eq(inventories.id, row.id));
      history.push({
        recordKind: INVENTORY_RECORD_KIND,
        recordId: row.id,
        action: 'reversal',
        fromStatus: row.status,
        toStatus: set.status ?? row.status,
        actorId,
        comment: reason.trim(),
        createdAt: now,
        details: {
          operationId: reversalId,
          operationNumber: number,
          reversesNumber: original.number,
          warehouseId: set.warehouseId ?? row.warehouseId,
          holderId: set.holderId === undefined ? row.holderId : set.holderId,
          previousHolderId: row.holderId,
        },
      });
    }
  }
  await appendHistory(tx, history);
  return { id: reversalId, number };
}
