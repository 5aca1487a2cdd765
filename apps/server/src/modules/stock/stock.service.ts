import { executedRows } from '../../lib/lists/list-page';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { inventoryActionInput, postStockOperationInput } from '@servicedesk/contracts';
import { INVENTORY_TRANSITIONS, STOCK_REASON_MIN, UNIT_SPECODE_KEY, type InventoryActionInput, type LanguageCode, type MaterialGroupInput, type MaterialInput, type PostStockOperationInput, type StockReference, type WarehouseInput, type Inventory, type InventoryDetail, type StockOperation } from '@servicedesk/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { inventories, materials, modalElements, specodes, users, warehouses } from '../../db/schema';
import * as access from '../../lib/access';
import { domainRule, notFound } from '../../lib/errors';
import { appendHistory, historyOf } from '../../lib/records/history';
import { publishRecordChange } from '../../hub/record-presence';
import type { AppDeps, AuthUser } from '../../types';
import { inventoryVisibility } from './stock.access';
import { INVENTORY_RECORD_KIND } from './stock.kind';
import { announceStockChange } from './stock.lists';
import { postOperationInTx, reverseOperationInTx, type LedgerOperationInput, type PostedOperation } from './stock.ledger';
import * as repo from './stock.repository';

/*
 * Stock's rules (issue #13): reference data (groups, materials, warehouses), posting and
 * reversing operations (through stock.ledger.ts), inventories and their actions. Routes call
 * these; other modules call {@link issueFromStock}.
 */


export { createMaterial, getMaterial, getWarehouse, saveGroup, saveWarehouse, updateMaterial } from './stock.catalog';

// ---------------------------------------------------------------------------------------------
// Reference
// ---------------------------------------------------------------------------------------------

/** Groups (flat tree), warehouses and units (names in `lang`). */
export async function reference(deps: AppDeps, lang: LanguageCode): Promise<StockReference> {
  const [groups, whs, units] = await Promise.all([
    repo.groupsAll(deps.db, lang),
    deps.db.select({ id: warehouses.id, name: warehouses.name, isActive: warehouses.isActive, keeperId: warehouses.keeperId }).from(warehouses).orderBy(asc(warehouses.name)),
    deps.db.select().from(specodes).where(eq(specodes.key, UNIT_SPECODE_KEY)).orderBy(asc(specodes.sortOrder), asc(specodes.id)),
  ]);
  return {
    groups,
    warehouses: whs,
    units: units.map((u) => ({ code: u.code, name: (u.names as Record<string, string | undefined>)[lang] || u.names.az })),
  };
}

// ---------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------

/** Tells the inventories' viewers (and holders) that they changed. */
async function announceInventories(deps: AppDeps, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await deps.db.select().from(inventories).where(inArray(inventories.id, ids));
  for (const row of rows) await publishRecordChange(deps, INVENTORY_RECORD_KIND, row.id, await inventoryVisibility.audience(deps.db, row));
}

async function inventoryIdsOf(db: Db, operationId: number): Promise<number[]> {
  const rows = await db.execute(sql`select inventory_ids from stock_operation_lines where operation_id = ${operationId}`);
  return executedRows<{ inventory_ids: number[] }>(rows).flatMap((r) => r.inventory_ids);
}

async function requireVendor(db: Db, vendorId: number | null): Promise<void> {
  if (vendorId === null) return;
  const [row] = await db.select({ kind: modalElements.kind }).from(modalElements).where(eq(modalElements.id, vendorId));
  if (!row || row.kind !== 'vendor') throw domainRule('unknownVendor', 'The vendor is not a vendor modal element.', { vendorId });
}

/**
 * The keeper chooses the units (issue #40): an issue, transfer, write-off or return of a material
 * kept as inventories names its units (`inventoryIds` and/or scanned `serials`) — 422
 * `unitsRequired` (details: line, materialId) otherwise. Other modules' calls (issueFromStock)
 * still take the oldest when they name none.
 */
async function requireChosenUnits(db: Db, body: z.output<typeof postStockOperationInput>): Promise<void> {
  if (body.kind === 'receipt') return;
  const ids = [...new Set(body.lines.map((l) => l.materialId))];
  const tracked = new Set((await db.select({ id: materials.id }).from(materials).where(and(inArray(materials.id, ids), eq(materials.tracksInventories, true)))).map((r) => r.id));
  for (const [index, line] of body.lines.entries()) {
    if (tracked.has(line.materialId) && line.inventoryIds.length === 0 && line.serials.length === 0) {
      throw domainRule('unitsRequired', 'Choose the units that move (scan or pick them).', { line: index + 1, materialId: line.materialId });
    }
  }
}

/**
 * Posts an operation for `user` (POST /api/stock/operations): the caller must be the keeper of
 * its warehouse (the source for a transfer) or hold inventory.warehouses.anyWarehouse (403
 * `notWarehouseKeeper`); a receipt's vendor must be a vendor (422 `unknownVendor`); an
 * operation date in the future is 422 `futureDate`. Answers the posted operation.
 */
export async function postOperation(deps: AppDeps, user: AuthUser, body: z.output<typeof postStockOperationInput>, now = new Date()): Promise<StockOperation> {
  await access.require(deps, user, 'inventory.warehouses.operation', { id: body.warehouseId });
  await requireVendor(deps.db, body.vendorId);
  const operationDate = body.operationDate ? new Date(body.operationDate) : now;
  if (operationDate.getTime() > now.getTime() + 60_000) throw domainRule('futureDate', 'An operation cannot take effect in the future.');
  await requireChosenUnits(deps.db, body);
  const posted = await deps.db.transaction((tx) => postOperationInTx(tx as unknown as Db, { ...body, operationDate }, user.id, now));
  await announceStockChange(deps, posted.id);
  await announceInventories(deps, await inventoryIdsOf(deps.db, posted.id));
  return (await repo.operationDetail(deps.db, posted.id))!;
}

/** Reverses operation `id` for `user` (keeper of its warehouse or any-warehouse). */
export async function reverseOperation(deps: AppDeps, user: AuthUser, id: number, reason: string): Promise<StockOperation> {
  const original = await repo.operationDetail(deps.db, id);
  if (!original) throw notFound('Operation not found');
  await access.require(deps, user, 'inventory.warehouses.operation', { id: original.warehouseId });
  const posted = await deps.db.transaction((tx) => reverseOperationInTx(tx as unknown as Db, id, reason, user.id));
  await announceStockChange(deps, posted.id);
  await announceInventories(deps, await inventoryIdsOf(deps.db, posted.id));
  return (await repo.operationDetail(deps.db, posted.id))!;
}

export async function getOperation(deps: AppDeps, id: number): Promise<StockOperation> {
  const row = await repo.operationDetail(deps.db, id);
  if (!row) throw notFound('Operation not found');
  return row;
}

/** What {@link issueFromStock} takes (see there). */
export interface IssueFromStockInput {
  warehouseId: number;
  /** The person the goods go to (or `recipientLocationId`). */
  recipientUserId?: number | null;
  recipientLocationId?: number | null;
  /** Quantities in the material's unit; for materials kept as inventories, whole units (the oldest in stock are picked unless `inventoryIds` name them). */
  lines: { materialId: number; quantity: number; inventoryIds?: number[] }[];
  /** What caused it, e.g. `inventoryRequest:42` (shown on the operation; find them again by it). */
  source: string;
  comment?: string | null;
  /** Who posts it (history, postedBy); null = the system. */
  actorId: number | null;
}

/**
 * **Issue from stock — the call other modules use** (equipment requests' processing, issue #12):
 * posts ONE issue operation out of `warehouseId` to a person or location and answers it
 * (`{ id, number }`, lines with their moving-average cost in minor units). Runs inside `tx` when
 * given (the caller's transaction: its own status change and the issue commit together), else in
 * its own. Checks NO permission — the caller decides who may process (e.g. its
 * `inventory.processing.issue` key and {@link mayPostIn} for the warehouse). Refusals (422, the
 * one error shape): `insufficientStock` (details: materialId, warehouseId, available,
 * requested), `inventoryMismatch`, `wholeUnitsOnly`, `inactiveWarehouse`, `inactiveMaterial`,
 * `missingField`; 404 unknown warehouse or material. Inventories issued become `assigned` to the
 * recipient, with a history row each.
 */
export async function issueFromStock(deps: AppDeps, input: IssueFromStockInput, tx?: Db): Promise<PostedOperation> {
  const op: LedgerOperationInput = {
    kind: 'issue',
    operationDate: new Date(),
    warehouseId: input.warehouseId,
    recipientUserId: input.recipientUserId ?? null,
    recipientLocationId: input.recipientLocationId ?? null,
    comment: input.comment ?? null,
    source: input.source,
    lines: input.lines.map((l) => ({ materialId: l.materialId, quantity: l.quantity, inventoryIds: l.inventoryIds ?? [] })),
  };
  if (tx) {
    // Committed by the caller: its own announcement after the commit drops the grids' pages (stock.lists.ts).
    return postOperationInTx(tx, op, input.actorId);
  }
  const posted = await deps.db.transaction((t) => postOperationInTx(t as unknown as Db, op, input.actorId));
  await announceStockChange(deps, posted.id);
  await announceInventories(deps, await inventoryIdsOf(deps.db, posted.id));
  return posted;
}

// ---------------------------------------------------------------------------------------------
// Inventories
// ---------------------------------------------------------------------------------------------

/** One inventory with its history (who held it when); 404 for an unknown id and for one the caller may not see. */
export async function getInventory(deps: AppDeps, user: AuthUser, id: number): Promise<InventoryDetail> {
  const [row] = (await repo.inventoriesByIds(deps.db, [id])) as Inventory[];
  if (!row) throw notFound('Inventory not found');
  // Its holder sees it without the inventories menu (dashboard "assigned to me"); others by the
  // record rule — to whom may not see it, it does not exist (404, like an unknown id).
  if (row.holder?.id !== user.id && !(await access.explain(deps, user, 'inventory.inventories', { id })).allowed) throw notFound('Inventory not found');
  return { inventory: row, history: await historyOf(deps.db, INVENTORY_RECORD_KIND, id) };
}

/** Edits serial and parameters (status only through actions); a history row `update`. */
export async function updateInventory(deps: AppDeps, user: AuthUser, id: number, body: { serial: string | null; parameters: { name: string; value: string }[] }) {
  const [row] = await deps.db.select().from(inventories).where(eq(inventories.id, id));
  if (!row) throw notFound('Inventory not found');
  await deps.db.transaction(async (tx) => {
    await tx.update(inventories).set({ serial: body.serial, parameters: body.parameters, updatedAt: new Date() }).where(eq(inventories.id, id));
    await appendHistory(tx as unknown as Db, [
      { recordKind: INVENTORY_RECORD_KIND, recordId: id, action: 'update', actorId: user.id, details: { serial: body.serial, previousSerial: row.serial } },
    ]);
  });
  await announceInventories(deps, [id]);
  return getInventory(deps, user, id);
}

/**
 * An action on one inventory (POST /api/stock/inventories/{id}/action), each a stock operation:
 * `assign` → an issue to `holderId` out of its warehouse; `takeBack` → a return from its holder
 * into `warehouseId` (default: its last warehouse); `writeOff` → a write-off with `reason`;
 * `sendToRepair` / `backFromRepair` → a history row (the asset stays on its warehouse's books).
 * The warehouse rule applies (keeper or any-warehouse); 422 `invalidTransition` when the status
 * does not allow it (INVENTORY_TRANSITIONS), `missingField`, `reasonRequired`.
 */
export async function inventoryAction(deps: AppDeps, user: AuthUser, id: number, body: z.output<typeof inventoryActionInput>): Promise<InventoryDetail> {
  const [row] = await deps.db.select().from(inventories).where(eq(inventories.id, id));
  if (!row) throw notFound('Inventory not found');
  if (body.action === 'writeOff') await access.require(deps, user, 'inventory.inventories.writeOff');
  const transition = INVENTORY_TRANSITIONS[body.action];
  if (!transition.from.includes(row.status)) {
    throw domainRule('invalidTransition', 'This action is not possible in the inventory’s status.', { status: row.status, action: body.action });
  }
  const warehouseId = body.action === 'takeBack' || body.action === 'backFromRepair' ? (body.warehouseId ?? row.warehouseId) : row.warehouseId;
  if (!warehouseId) throw domainRule('missingField', 'Name the warehouse.', { field: 'warehouseId' });
  await access.require(deps, user, 'inventory.warehouses.operation', { id: warehouseId });
  const line = { materialId: row.materialId, quantity: 1, inventoryIds: [row.id] };
  const source = `inventory:${row.id}:${body.action}`;
  const now = new Date();
  if (body.action === 'assign') {
    if (!body.holderId) throw domainRule('missingField', 'Name the person.', { field: 'holderId' });
    const [holder] = await deps.db.select({ isActive: users.isActive }).from(users).where(eq(users.id, body.holderId));
    if (!holder) throw notFound('User not found');
    if (!holder.isActive) throw domainRule('inactiveUser', 'The person is not active.');
    await deps.db.transaction((tx) =>
      postOperationInTx(tx as unknown as Db, { kind: 'issue', operationDate: now, warehouseId, recipientUserId: body.holderId, source, lines: [line] }, user.id, now),
    );
  } else if (body.action === 'takeBack') {
    await deps.db.transaction((tx) =>
      postOperationInTx(tx as unknown as Db, { kind: 'return', operationDate: now, warehouseId, recipientUserId: row.holderId, source, lines: [line] }, user.id, now),
    );
  } else if (body.action === 'writeOff') {
    if ([...(body.reason ?? '').trim()].length < STOCK_REASON_MIN) throw domainRule('reasonRequired', 'A write-off needs its reason.', { min: STOCK_REASON_MIN });
    await deps.db.transaction((tx) =>
      postOperationInTx(tx as unknown as Db, { kind: 'writeOff', operationDate: now, warehouseId, reason: body.reason, source, lines: [line] }, user.id, now),
    );
  } else {
    await deps.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(inventories).where(eq(inventories.id, id)).for('update');
      if (!locked || !transition.from.includes(locked.status)) throw domainRule('invalidTransition', 'The inventory changed meanwhile.', { action: body.action });
      await tx.update(inventories).set({ status: transition.to, warehouseId, updatedAt: now }).where(eq(inventories.id, id));
      await appendHistory(tx as unknown as Db, [
        {
          recordKind: INVENTORY_RECORD_KIND,
          recordId: id,
          action: body.action,
          fromStatus: locked.status,
          toStatus: transition.to,
          actorId: user.id,
          comment: body.reason,
          details: { warehouseId, holderId: null },
        },
      ]);
    });
  }
  await announceInventories(deps, [id]);
  return getInventory(deps, user, id);
}

/** Dashboard figures: inventories I hold (everyone); levels below their minimum (keepers / anyWarehouse). */
export async function dashboard(deps: AppDeps, user: AuthUser) {
  const mine = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(inventories)
    .where(and(eq(inventories.holderId, user.id), ne(inventories.status, 'writtenOff')));
  const keeps = await deps.db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.keeperId, user.id));
  const any = await access.hasAction(deps, user, 'inventory.warehouses.anyWarehouse');
  let belowMinimum: number | null = null;
  if (keeps.length || any) {
    const ids = keeps.map((k) => k.id);
    const rows = await deps.db.execute(sql`
      select count(*)::int as n from stock_levels l join materials x on x.id = l.material_id
      where x.min_level is not null and l.quantity < x.min_level ${any ? sql`` : sql`and l.warehouse_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`}`);
    belowMinimum = executedRows<{ n: number }>(rows)[0]?.n ?? 0;
  }
  return { myInventories: mine[0]?.n ?? 0, belowMinimum };
}

export type { MaterialInput, MaterialGroupInput, WarehouseInput, PostStockOperationInput, InventoryActionInput };

/**
 * Up to 20 active catalogue materials whose code or name holds `search` (case and accents
 * ignored), for pickers — the equipment form's select-search and the vendor invoice's lines.
 */
export function searchMaterials(db: Db, search: string | undefined) {
  return repo.searchMaterials(db, search);
}
