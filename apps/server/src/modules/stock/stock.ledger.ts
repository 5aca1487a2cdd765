import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
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
import { executedRows } from '../../lib/lists/list-page';
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
 *   transfer's inflow takes its outflow's (new) value and its own warehouse is recomputed from
 *   there too — in the same pass over the material's movements ({@link recomputeMaterial});
 * - each material's stock over all warehouses (`materials.stock_quantity`) follows its levels;
 * - posted operations are never edited: {@link reverseOperation} posts the opposite movements.
 */

/** A line to post (validated shapes: contracts stockOperationLineInput). */
export interface LedgerLineInput {
  materialId: number;
  quantity: number;
  /** Minor units per unit: required for a receipt; a return without it comes back at the current average. */
  unitCost?: number | undefined;
  /** The units moving with a tracked material's line (issue, transfer, write-off, return). */
  inventoryIds?: number[];
  /** A receipt: the new units' serials; elsewhere: codes (inventory number or serial) of the units moving, as scanned. */
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
  await tx.insert(stockLevels).values(unique.map((p) => ({ materialId: p.materialId, warehouseId: p.warehouseId }))).onConflictDoNothing();
  // One statement: the rows are locked as the sort hands them over, in (material, warehouse) order.
  await tx.execute(sql`
    select 1 from ${stockLevels} l
    where (l.material_id, l.warehouse_id) in (
      select p.m, p.w from jsonb_to_recordset(${JSON.stringify(unique.map((p) => ({ m: p.materialId, w: p.warehouseId })))}::jsonb) as p(m int, w int))
    order by l.material_id, l.warehouse_id for update of l`);
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

/** Where a pair's recompute starts: its movement (`date`, `id`) and every one after it. */
type RecomputeStart = { materialId: number; warehouseId: number; date: Date; id: number };

const before = (a: { date: Date; id: number }, b: { date: Date; id: number }) => a.date.getTime() - b.date.getTime() || a.id - b.id;

/**
 * Recomputes the running balances of material `materialId` in its warehouses from each start on
 * (`starts`: one per warehouse, the earliest movement of that pair to recompute) — never before a
 * start: one pass over the material's movements from the earliest start on, in ledger order
 * (operation date, id), over every warehouse at once (a transfer only moves the material between
 * its own warehouses). A warehouse's rows are recomputed from its start on, or from a transfer
 * inflow whose value changed (it takes its outflow's value); before that, and in untouched
 * warehouses, the stored balances stand. Average outflows are re-valued (their lines' amount and
 * unit cost follow), a balance below zero is refused (422 `insufficientStock`: materialId,
 * warehouseId, available, requested, at), and only the rows whose numbers changed are written —
 * in one statement per table (a row-by-row recompute of a back-dated receipt of a much-moved
 * material took 2.8 s; bench/stock). Then the recomputed pairs' levels and monthly snapshots.
 *
 * Every warehouse whose rows it reads is locked first (lockLevels), so no posting changes them
 * meanwhile.
 */
async function recomputeMaterial(tx: Db, materialId: number, starts: RecomputeStart[]): Promise<void> {
  const mv = stockMovements;
  const from = starts.reduce((a, b) => (before(a, b) <= 0 ? a : b));
  const startOf = new Map<number, { date: Date; id: number }>();
  for (const s of starts) {
    const known = startOf.get(s.warehouseId);
    if (!known || before(s, known) < 0) startOf.set(s.warehouseId, { date: s.date, id: s.id });
  }
  // Lock every warehouse the pass reads (those with movements from the start on: one index probe per
  // level row of the material), then read the movements; one that appeared meanwhile in a warehouse
  // not locked yet is locked and the movements read again.
  const fromIso = from.date.toISOString();
  const locked = new Set<number>();
  const lock = async (warehouseIds: number[]) => {
    const more = [...new Set(warehouseIds)].filter((w) => !locked.has(w));
    if (more.length) await lockLevels(tx, more.map((warehouseId) => ({ materialId, warehouseId })));
    for (const w of more) locked.add(w);
    return more.length > 0;
  };
  await lock(starts.map((s) => s.warehouseId));
  await lock(
    executedRows<{ w: number }>(
      await tx.execute(sql`
        select l.warehouse_id as w from ${stockLevels} l
        where l.material_id = ${materialId} and exists (
          select 1 from ${mv} x where x.material_id = ${materialId} and x.warehouse_id = l.warehouse_id and (x.operation_date, x.id) >= (${fromIso}::timestamptz, ${from.id}))`),
    ).map((r) => Number(r.w)),
  );
  const read = async () =>
    executedRows<{
      id: number;
      line_id: number;
      warehouse_id: number;
      at: number;
      quantity: number;
      value: number | string;
      balance_quantity: number;
      balance_value: number | string;
      valuation: string;
      pair_id: number | null;
    }>(
      await tx.execute(sql`
        select id, line_id, warehouse_id, (extract(epoch from operation_date) * 1000)::float8 as at, quantity::float8 as quantity, value,
          balance_quantity::float8 as balance_quantity, balance_value, valuation, pair_id
        from ${mv} where material_id = ${materialId} and (operation_date, id) >= (${fromIso}::timestamptz, ${from.id})
        order by operation_date, id`),
    );
  let rows = await read();
  while (await lock(rows.map((r) => Number(r.warehouse_id)))) rows = await read();

  // Each warehouse's balance just before the pass.
  const warehouseIds = [...new Set(rows.map((r) => Number(r.warehouse_id)))];
  const balance = new Map<number, { quantity: number; value: number }>(warehouseIds.map((w) => [w, { quantity: 0, value: 0 }]));
  if (warehouseIds.length) {
    const opening = executedRows<{ warehouse_id: number; quantity: number; value: number | string }>(
      await tx.execute(sql`
        select w.id as warehouse_id, b.balance_quantity::float8 as quantity, b.balance_value as value
        from (select value::int as id from jsonb_array_elements_text(${JSON.stringify(warehouseIds)}::jsonb)) w
        cross join lateral (
          select x.balance_quantity, x.balance_value from ${mv} x
          where x.material_id = ${materialId} and x.warehouse_id = w.id and (x.operation_date, x.id) < (${fromIso}::timestamptz, ${from.id})
          order by x.operation_date desc, x.id desc limit 1
        ) b`),
    );
    for (const row of opening) balance.set(Number(row.warehouse_id), { quantity: Number(row.quantity), value: Number(row.value) });
  }

  const dirtySince = new Map<number, Date>();
  const inflowValue = new Map<number, number>();
  const movementUpdates: { id: number; value: number; bq: number; bv: number }[] = [];
  const lineUpdates: { id: number; amount: number; unitCost: number }[] = [];
  for (const row of rows) {
    const w = Number(row.warehouse_id);
    const id = Number(row.id);
    const at = { date: new Date(Number(row.at)), id };
    const start = startOf.get(w);
    if (!dirtySince.has(w) && start && before(at, start) >= 0) dirtySince.set(w, at.date);
    const quantity = Number(row.quantity);
    const stored = { value: Number(row.value), quantity: Number(row.balance_quantity), balance: Number(row.balance_value) };
    // A transfer inflow takes its outflow's value (the outflow comes first: same date, lower id).
    const paired = inflowValue.get(id);
    if (paired !== undefined && paired !== stored.value && !dirtySince.has(w)) dirtySince.set(w, at.date);
    if (!dirtySince.has(w)) {
      balance.set(w, { quantity: stored.quantity, value: stored.balance });
      if (row.pair_id) inflowValue.set(Number(row.pair_id), -stored.value);
      continue;
    }
    const current = balance.get(w)!;
    let value = paired ?? stored.value;
    if (row.valuation === 'average' && quantity < 0) value = -outflowValue(current, -quantity);
    const nextQuantity = roundQuantity(current.quantity + quantity);
    if (nextQuantity < 0) {
      throw domainRule('insufficientStock', 'Not enough stock in the warehouse for this operation.', {
        materialId,
        warehouseId: w,
        available: current.quantity,
        requested: -quantity,
        at: at.date.toISOString(),
      });
    }
    const next = { quantity: nextQuantity, value: nextQuantity === 0 ? 0 : current.value + value };
    if (value !== stored.value || next.quantity !== stored.quantity || next.value !== stored.balance) {
      movementUpdates.push({ id, value, bq: next.quantity, bv: next.value });
      // The line shows the outflow's value (amount ≥ 0, unit cost per unit).
      if (value !== stored.value && row.valuation === 'average') lineUpdates.push({ id: Number(row.line_id), amount: -value, unitCost: Math.round(-value / -quantity) });
    }
    if (row.pair_id) inflowValue.set(Number(row.pair_id), -value);
    balance.set(w, next);
  }

  if (movementUpdates.length) {
    await tx.execute(sql`
      update ${mv} set value = v.value, balance_quantity = v.bq, balance_value = v.bv
      from jsonb_to_recordset(${JSON.stringify(movementUpdates)}::jsonb) as v(id int, value bigint, bq numeric, bv bigint)
      where ${mv.id} = v.id`);
  }
  if (lineUpdates.length) {
    await tx.execute(sql`
      update ${stockOperationLines} set amount = v.amount, unit_cost = v.unit_cost
      from jsonb_to_recordset(${JSON.stringify(lineUpdates.map((l) => ({ id: l.id, amount: l.amount, unit_cost: l.unitCost })))}::jsonb) as v(id int, amount bigint, unit_cost bigint)
      where ${stockOperationLines.id} = v.id`);
  }
  // Every started pair gets its level written (as it did when recomputed alone).
  for (const w of startOf.keys()) if (!dirtySince.has(w)) dirtySince.set(w, startOf.get(w)!.date);
  const recomputed = [...dirtySince.entries()].sort((a, b) => a[0] - b[0]);
  const levels = recomputed.map(([w]) => ({ w, q: balance.get(w)?.quantity ?? 0, v: balance.get(w)?.value ?? 0 }));
  await tx.execute(sql`
    update ${stockLevels} set quantity = v.q, value = v.v, updated_at = ${new Date().toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(levels)}::jsonb) as v(w int, q numeric, v bigint)
    where ${stockLevels.materialId} = ${materialId} and ${stockLevels.warehouseId} = v.w`);
  await rewriteSnapshots(tx, materialId, recomputed.map(([warehouseId, fromDate]) => ({ warehouseId, fromDate })));
}

/**
 * Rewrites the monthly closing balances (stock_snapshots, months in UTC as `YYYY-MM`) of the
 * material's pairs in `pairs`, each from the month of its `fromDate` to the current month — one
 * statement; a posting at the present touches one row per pair, a back-dated one the months since
 * its date. A month's closing balance is the balance after its last movement (or the month
 * before's when it had none).
 */
export async function rewriteSnapshots(tx: Db, materialId: number, pairs: { warehouseId: number; fromDate: Date }[]): Promise<void> {
  if (pairs.length === 0) return;
  // A VALUES list (not a JSON parameter): the planner knows how many rows, and keeps its estimate
  // (and JIT compilation, which cost 13 ms here) for what it is.
  const list = sql.join(
    pairs.map((p) => sql`(${p.warehouseId}::int, ${p.fromDate.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into stock_snapshots (month, material_id, warehouse_id, quantity, value)
    select to_char(m, 'YYYY-MM'), ${materialId}::int, p.w, coalesce(b.q, 0), coalesce(b.v, 0)
    from (values ${list}) as p(w, f)
    cross join lateral generate_series(date_trunc('month', p.f at time zone 'UTC'), date_trunc('month', greatest(now(), p.f) at time zone 'UTC'), interval '1 month') m
    left join lateral (
      select x.balance_quantity q, x.balance_value v from stock_movements x
      where x.material_id = ${materialId} and x.warehouse_id = p.w
        and x.operation_date < ((m + interval '1 month') at time zone 'UTC')
      order by x.operation_date desc, x.id desc limit 1
    ) b on true
    on conflict (month, material_id, warehouse_id) do update set quantity = excluded.quantity, value = excluded.value`);
}

/**
 * Recomputes each given pair from its movement on (see {@link recomputeMaterial}), one material
 * after another, then the materials' stock over all warehouses (`materials.stock_quantity`, the
 * sum of their levels) — last, in id order, after every level lock is held, so two postings
 * never wait for each other crosswise.
 */
async function recomputeFrom(tx: Db, starts: RecomputeStart[]): Promise<void> {
  const byMaterial = new Map<number, RecomputeStart[]>();
  for (const start of starts) byMaterial.set(start.materialId, [...(byMaterial.get(start.materialId) ?? []), start]);
  const materialIds = [...byMaterial.keys()].sort((a, b) => a - b);
  for (const materialId of materialIds) await recomputeMaterial(tx, materialId, byMaterial.get(materialId)!);
  for (const materialId of materialIds) {
    await tx.execute(sql`
      update ${materials} set stock_quantity = coalesce((select sum(l.quantity) from ${stockLevels} l where l.material_id = ${materialId}), 0)
      where ${materials.id} = ${materialId}`);
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
  // Each pair from this operation's first movement in it; a transfer's inflow takes its outflow's value in the same pass.
  await recomputeFrom(
    tx,
    plans.map((plan, i) => ({ materialId: plan.materialId, warehouseId: plan.warehouseId, date, id: ids[i]! })),
  );
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
 * The ids of the units named by `codes` (scanned or typed: an inventory number or a serial,
 * trimmed, case-insensitive) among material `materialId`'s inventories — 422 `unitUnknown`
 * (details: code) for a code no unit of the material has.
 */
async function unitIdsOf(tx: Db, materialId: number, codes: string[]): Promise<number[]> {
  const wanted = [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))];
  if (wanted.length === 0) return [];
  const rows = await tx
    .select({ id: inventories.id, number: inventories.inventoryNumber, serial: inventories.serial })
    .from(inventories)
    .where(and(eq(inventories.materialId, materialId), or(inArray(sql`upper(${inventories.inventoryNumber})`, wanted), inArray(sql`upper(${inventories.serial})`, wanted))));
  const ids: number[] = [];
  for (const code of wanted) {
    const row = rows.find((r) => r.number.toUpperCase() === code) ?? rows.find((r) => r.serial?.toUpperCase() === code);
    if (!row) throw domainRule('unitUnknown', 'No unit of this material has this number or serial.', { code, materialId });
    ids.push(row.id);
  }
  return ids;
}

/**
 * Moves (or, on a receipt, creates) the inventories of a tracked material's line and queues their
 * history rows. An issue, transfer or write-off without chosen units (other modules' calls; the
 * operation form always names them) takes the oldest ones in stock in the source warehouse; with
 * units — ids and/or codes (inventory number or serial, {@link unitIdsOf}) — exactly `quantity` of
 * them, each of the material (422 `unitOtherMaterial`), in the source warehouse
 * (`unitNotInWarehouse`), available (`unitNotAvailable`: in stock; a write-off also in repair; a
 * return assigned — to the person it comes from, `unitNotHeld`); a count that differs is
 * `inventoryMismatch`. Every detail names the unit (inventoryId, inventoryNumber, serial).
 * Answers the ids that moved.
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
  const chosen = [...move.inventoryIds, ...(await unitIdsOf(tx, move.materialId, move.serials))];
  let rows;
  if (chosen.length === 0) {
    if (kind === 'return') throw domainRule('inventoryMismatch', 'Name the inventories that come back.', { materialId: move.materialId });
    rows = await tx
      .select()
      .from(inventories)
      .where(and(eq(inventories.materialId, move.materialId), eq(inventories.warehouseId, input.warehouseId), eq(inventories.status, 'inStock')))
      .orderBy(asc(inventories.createdAt), asc(inventories.id))
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
    // The chosen units, locked (`for update`): a concurrent posting of the same unit waits here and
    // then reads the unit as the first left it — moved on, so it is refused below (one wins).
    rows = await tx.select().from(inventories).where(inArray(inventories.id, chosen)).orderBy(asc(inventories.id)).for('update');
    if (rows.length !== new Set(chosen).size) throw domainRule('unitUnknown', 'A chosen unit does not exist.', { materialId: move.materialId });
  }
  // Each chosen unit on its own: the keeper is told which one and why.
  for (const row of rows) {
    const unit = { inventoryId: row.id, inventoryNumber: row.inventoryNumber, serial: row.serial };
    if (row.materialId !== move.materialId) throw domainRule('unitOtherMaterial', 'A chosen unit is of another material.', { ...unit, materialId: move.materialId });
    if (rule.warehouse && row.warehouseId !== input.warehouseId) {
      throw domainRule('unitNotInWarehouse', 'A chosen unit is not in this warehouse.', { ...unit, warehouseId: input.warehouseId, actualWarehouseId: row.warehouseId });
    }
    if (!rule.status.includes(row.status)) throw domainRule('unitNotAvailable', 'A chosen unit is not available for this operation.', { ...unit, status: row.status });
    if (kind === 'return' && input.recipientUserId && row.holderId !== input.recipientUserId) {
      throw domainRule('unitNotHeld', 'A returned unit is not held by this person.', { ...unit, holderId: row.holderId });
    }
  }
  if (rows.length !== quantity || new Set(rows.map((r) => r.id)).size !== quantity || chosen.length > rows.length) {
    throw domainRule('inventoryMismatch', 'The inventories do not match the line (count, material, status or warehouse).', {
      materialId: move.materialId,
      expected: quantity,
      chosen: chosen.length,
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
