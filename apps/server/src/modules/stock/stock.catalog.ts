/** The stock catalogue an administrator keeps: material groups, materials and warehouses. stock.service.ts re-exports it. */
import { executedRows } from '../../lib/lists/list-page';
import { and, eq, sql } from 'drizzle-orm';
import type { materialGroupInput, materialInput, warehouseInput } from '@servicedesk/contracts';
import { MATERIAL_GROUP_MAX_DEPTH, UNIT_SPECODE_KEY, type LanguageCode } from '@servicedesk/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { materialGroups, materials, specodes, users, warehouses } from '../../db/schema';
import { conflict, domainRule, notFound, uniqueOr } from '../../lib/errors';
import type { AppDeps } from '../../types';
import { announceStockChange } from './stock.lists';
import * as repo from './stock.repository';


// ---------------------------------------------------------------------------------------------
// Material groups
// ---------------------------------------------------------------------------------------------

/** Depth of group `id` (root = 1) walking up, and whether `candidate` is on the way (a cycle). */
async function ancestry(db: Db, id: number): Promise<number[]> {
  const rows = await db.select({ id: materialGroups.id, parentId: materialGroups.parentId }).from(materialGroups);
  const parent = new Map(rows.map((r) => [r.id, r.parentId]));
  if (!parent.has(id)) throw notFound('Material group not found');
  const chain: number[] = [];
  let at: number | null | undefined = id;
  while (at != null && !chain.includes(at)) {
    chain.push(at);
    at = parent.get(at);
  }
  return chain;
}

/** Creates (`id` undefined) or updates a material group. 422 `groupCycle`, `groupTooDeep`; 404 unknown parent. */
export async function saveGroup(deps: AppDeps, input: z.output<typeof materialGroupInput>, id?: number) {
  if (id !== undefined) {
    const [row] = await deps.db.select({ id: materialGroups.id }).from(materialGroups).where(eq(materialGroups.id, id));
    if (!row) throw notFound('Material group not found');
  }
  if (input.parentId !== null) {
    const chain = await ancestry(deps.db, input.parentId);
    if (id !== undefined && chain.includes(id)) throw domainRule('groupCycle', 'A group cannot be placed under itself.');
    if (chain.length + 1 > MATERIAL_GROUP_MAX_DEPTH) throw domainRule('groupTooDeep', 'The group tree is too deep.', { max: MATERIAL_GROUP_MAX_DEPTH });
  }
  const values = { parentId: input.parentId, names: input.names, isActive: input.isActive, sortOrder: input.sortOrder };
  if (id === undefined) {
    const [row] = await deps.db.insert(materialGroups).values(values).returning({ id: materialGroups.id });
    await announceStockChange(deps, row!.id);
    return row!.id;
  }
  await deps.db.update(materialGroups).set(values).where(eq(materialGroups.id, id));
  await announceStockChange(deps, id);
  return id;
}

// ---------------------------------------------------------------------------------------------
// Materials
// ---------------------------------------------------------------------------------------------

async function checkMaterial(db: Db, input: z.output<typeof materialInput>): Promise<void> {
  const [group] = await db.select({ id: materialGroups.id }).from(materialGroups).where(eq(materialGroups.id, input.groupId));
  if (!group) throw notFound('Material group not found');
  const [unit] = await db
    .select({ id: specodes.id })
    .from(specodes)
    .where(and(eq(specodes.key, UNIT_SPECODE_KEY), eq(specodes.code, input.unitCode)));
  if (!unit) throw domainRule('unknownUnit', 'Unknown unit of measure.', { unitCode: input.unitCode });
}

const codeTaken = (code: string) => conflict('materialCodeTaken', 'A material with this code exists.', { code });

/** Creates a material (409 `materialCodeTaken`, 422 `unknownUnit`); answers its id. */
export async function createMaterial(deps: AppDeps, input: z.output<typeof materialInput>): Promise<number> {
  await checkMaterial(deps.db, input);
  const id = await uniqueOr(async () => {
    const [row] = await deps.db
      .insert(materials)
      .values({ ...input, minLevel: input.minLevel })
      .returning({ id: materials.id });
    return row!.id;
  }, () => codeTaken(input.code));
  await announceStockChange(deps, id);
  return id;
}

/**
 * Updates a material. Once it has moved in the ledger its unit and whether it tracks inventories
 * stay (422 `materialInUse`): the quantities already posted are in that unit.
 */
export async function updateMaterial(deps: AppDeps, id: number, input: z.output<typeof materialInput>): Promise<void> {
  const [row] = await deps.db.select().from(materials).where(eq(materials.id, id));
  if (!row) throw notFound('Material not found');
  await checkMaterial(deps.db, input);
  if (row.unitCode !== input.unitCode || row.tracksInventories !== input.tracksInventories) {
    const used = await deps.db.execute(sql`select 1 from stock_movements where material_id = ${id} limit 1`);
    if (executedRows(used).length) {
      throw domainRule('materialInUse', 'The unit and inventory tracking of a material with movements cannot change.');
    }
  }
  await uniqueOr(
    () => deps.db.update(materials).set({ ...input, updatedAt: new Date() }).where(eq(materials.id, id)),
    () => codeTaken(input.code),
  );
  await announceStockChange(deps, id);
}

/** One material (grid row shape) or 404. */
export async function getMaterial(deps: AppDeps, id: number, lang: LanguageCode) {
  const row = await repo.materialJson(deps.db, id, lang);
  if (!row) throw notFound('Material not found');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Warehouses
// ---------------------------------------------------------------------------------------------

const nameTaken = (name: string) => conflict('warehouseNameTaken', 'A warehouse with this name exists.', { name });

async function checkWarehouse(db: Db, input: z.output<typeof warehouseInput>): Promise<void> {
  if (input.keeperId !== null) {
    const [user] = await db.select({ id: users.id, isActive: users.isActive }).from(users).where(eq(users.id, input.keeperId));
    if (!user) throw notFound('User not found');
    if (!user.isActive) throw domainRule('inactiveUser', 'The keeper is not active.');
  }
  if (input.locationId !== null) {
    const rows = await db.execute(sql`select 1 from locations where id = ${input.locationId}`);
    if (!executedRows(rows).length) throw notFound('Location not found');
  }
}

/** Creates (`id` undefined) or updates a warehouse (409 `warehouseNameTaken`); answers its id. */
export async function saveWarehouse(deps: AppDeps, input: z.output<typeof warehouseInput>, id?: number): Promise<number> {
  await checkWarehouse(deps.db, input);
  if (id === undefined) {
    const created = await uniqueOr(async () => {
      const [row] = await deps.db.insert(warehouses).values(input).returning({ id: warehouses.id });
      return row!.id;
    }, () => nameTaken(input.name));
    await announceStockChange(deps, created);
    return created;
  }
  const [row] = await deps.db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, id));
  if (!row) throw notFound('Warehouse not found');
  await uniqueOr(() => deps.db.update(warehouses).set(input).where(eq(warehouses.id, id)), () => nameTaken(input.name));
  await announceStockChange(deps, id);
  return id;
}

export async function getWarehouse(deps: AppDeps, id: number) {
  const row = await repo.warehouseJson(deps.db, id);
  if (!row) throw notFound('Warehouse not found');
  return row;
}

