import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { STOCK_REASON_MIN, type CountSession } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { inventories, materials, stockCountScans, stockCountSessions, warehouses } from '../../db/schema';
import * as access from '../../lib/access';
import { domainRule, notFound } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';
import { postOperationInTx } from './stock.ledger';
import { announceStockChange } from './stock.lists';

/*
 * Physical count (issue #13 "Physical count"; snipe#4644, #7365): a session per warehouse; the
 * keeper scans or types inventory numbers (on a phone); the session shows found / missing /
 * misplaced / unknown; posting writes the differences in one step — misplaced inventories that
 * are in stock in another warehouse come over by transfer operations, missing ones leave by one
 * write-off operation with the reason. Everything on the warehouse rule (its keeper or
 * any-warehouse).
 */

async function sessionRow(db: Db, id: number) {
  const [row] = await db.select().from(stockCountSessions).where(eq(stockCountSessions.id, id));
  if (!row) throw notFound('Count session not found');
  return row;
}

/** The session and its four lists (see contracts countSession). */
export async function countState(db: Db, id: number): Promise<CountSession> {
  const session = await sessionRow(db, id);
  const [wh] = await db.select({ name: warehouses.name }).from(warehouses).where(eq(warehouses.id, session.warehouseId));
  const scans = await db.select().from(stockCountScans).where(eq(stockCountScans.sessionId, id)).orderBy(asc(stockCountScans.id));
  const item = { id: inventories.id, inventoryNumber: inventories.inventoryNumber, materialName: materials.name, status: inventories.status, warehouseId: inventories.warehouseId, warehouseName: warehouses.name };
  const expected = await db
    .select(item)
    .from(inventories)
    .innerJoin(materials, eq(materials.id, inventories.materialId))
    .leftJoin(warehouses, eq(warehouses.id, inventories.warehouseId))
    .where(and(eq(inventories.warehouseId, session.warehouseId), eq(inventories.status, 'inStock')))
    .orderBy(asc(inventories.inventoryNumber));
  const scannedIds = scans.map((s) => s.inventoryId).filter((x): x is number => x !== null);
  const scanned = scannedIds.length
    ? await db.select(item).from(inventories).innerJoin(materials, eq(materials.id, inventories.materialId)).leftJoin(warehouses, eq(warehouses.id, inventories.warehouseId)).where(inArray(inventories.id, scannedIds))
    : [];
  const scannedSet = new Set(scannedIds);
  const expectedSet = new Set(expected.map((e) => e.id));
  return {
    id: session.id,
    warehouseId: session.warehouseId,
    warehouseName: wh?.name ?? '',
    status: session.status,
    createdAt: session.createdAt.toISOString(),
    postedAt: session.postedAt?.toISOString() ?? null,
    operationIds: session.operationIds,
    found: expected.filter((e) => scannedSet.has(e.id)),
    missing: expected.filter((e) => !scannedSet.has(e.id)),
    misplaced: scanned.filter((s) => !expectedSet.has(s.id)).sort((a, b) => a.inventoryNumber.localeCompare(b.inventoryNumber)),
    unknown: scans.filter((s) => s.inventoryId === null).map((s) => s.inventoryNumber),
  };
}

/** Opens a count of `warehouseId` (its keeper or any-warehouse). */
export async function startCount(deps: AppDeps, user: AuthUser, warehouseId: number): Promise<CountSession> {
  await access.require(deps, user, 'inventory.warehouses.operation', { id: warehouseId });
  const [row] = await deps.db.insert(stockCountSessions).values({ warehouseId, createdById: user.id }).returning({ id: stockCountSessions.id });
  return countState(deps.db, row!.id);
}

/** Records a scanned number (again: no change); 422 `countClosed` once posted. */
export async function scanCount(deps: AppDeps, user: AuthUser, id: number, number: string): Promise<CountSession> {
  const session = await sessionRow(deps.db, id);
  await access.require(deps, user, 'inventory.warehouses.operation', { id: session.warehouseId });
  if (session.status !== 'open') throw domainRule('countClosed', 'This count is closed.');
  const normalized = number.trim().toUpperCase();
  const [inv] = await deps.db.select({ id: inventories.id }).from(inventories).where(sql`upper(${inventories.inventoryNumber}) = ${normalized}`);
  await deps.db
    .insert(stockCountScans)
    .values({ sessionId: id, inventoryNumber: normalized, inventoryId: inv?.id ?? null, scannedById: user.id })
    .onConflictDoNothing();
  return countState(deps.db, id);
}

/**
 * Posts the differences of an open count in one transaction: a transfer from each other
 * warehouse holding misplaced in-stock inventories, and one write-off of the missing ones with
 * `reason` (422 `reasonRequired` when there are missing ones and the reason is short). Misplaced
 * inventories assigned to people are only reported. Answers the closed session.
 */
export async function postCount(deps: AppDeps, user: AuthUser, id: number, reason: string): Promise<CountSession> {
  const state = await countState(deps.db, id);
  await access.require(deps, user, 'inventory.warehouses.operation', { id: state.warehouseId });
  if (state.status !== 'open') throw domainRule('countClosed', 'This count is closed.');
  if (state.missing.length && [...reason.trim()].length < STOCK_REASON_MIN) throw domainRule('reasonRequired', 'A write-off needs its reason.', { min: STOCK_REASON_MIN });
  const now = new Date();
  const operationIds = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const ids: number[] = [];
    const linesOf = async (invIds: number[]) => {
      const rows = await tx.select({ id: inventories.id, materialId: inventories.materialId }).from(inventories).where(inArray(inventories.id, invIds));
      const byMaterial = new Map<number, number[]>();
      for (const r of rows) byMaterial.set(r.materialId, [...(byMaterial.get(r.materialId) ?? []), r.id]);
      return [...byMaterial].map(([materialId, inventoryIds]) => ({ materialId, quantity: inventoryIds.length, inventoryIds }));
    };
    const bySource = new Map<number, number[]>();
    for (const m of state.misplaced) if (m.status === 'inStock' && m.warehouseId) bySource.set(m.warehouseId, [...(bySource.get(m.warehouseId) ?? []), m.id]);
    for (const [source, invIds] of bySource) {
      const op = await postOperationInTx(tx, { kind: 'transfer', operationDate: now, warehouseId: source, toWarehouseId: state.warehouseId, source: `count:${id}`, lines: await linesOf(invIds) }, user.id, now);
      ids.push(op.id);
    }
    if (state.missing.length) {
      const op = await postOperationInTx(tx, { kind: 'writeOff', operationDate: now, warehouseId: state.warehouseId, reason, source: `count:${id}`, lines: await linesOf(state.missing.map((m) => m.id)) }, user.id, now);
      ids.push(op.id);
    }
    await tx.update(stockCountSessions).set({ status: 'posted', postedAt: now, operationIds: ids }).where(eq(stockCountSessions.id, id));
    return ids;
  });
  await announceStockChange(deps, id);
  return { ...(await countState(deps.db, id)), operationIds };
}
