import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AvailableUnitsResponse, LanguageCode, MaterialGroup, StockOperation } from '@servicedesk/contracts';
import type { availableUnitsQuery, materialListQuery, stockLevelListQuery, stockOperationListQuery, inventoryListQuery, warehouseListQuery } from '@servicedesk/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  inventories,
  locations,
  materialGroups,
  materials,
  modalElements,
  specodes,
  stockLevels,
  stockMovements,
  stockOperationLines,
  stockOperations,
  users,
  warehouses,
} from '../../db/schema';
import { executePrepared, executedRows, isoText, jsonObject, listPageJson, searchPattern, type KeysetSearch, type SortKey } from '../../lib/lists/list-page';

/*
 * Stock's SQL: the grids (one statement each through lib/lists listPageJson), the group tree, the
 * operation detail and a material's movements. Names of groups and units are in the caller's
 * language (az when missing).
 *
 * The materials, warehouses, operations and inventories grids page by keyset (issue #44, lib/lists
 * `keyset`): each sort is the walk of an index on its keys (migrations 0026, 0038, 0043) after the
 * answer's `nextCursor`, so "load more" costs the same however deep; `skip` still jumps ahead.
 * Stock lists have no row visibility (their permission is the route's), so a page is one walk.
 */

const idKey = (column: AnyPgColumn): SortKey => ({ sql: column, type: 'int' });
const textKey = (column: AnyPgColumn | SQL): SortKey => ({ sql: sql`${column}`, type: 'text' });
const timeKey = (column: AnyPgColumn): SortKey => ({ sql: column, type: 'timestamptz' });

/** A search over text columns: through their trigram indexes when it matches few rows, checked along the sort's walk when many (lib/lists KeysetSearch). */
function textSearch(search: string, columns: readonly AnyPgColumn[]): KeysetSearch {
  const pattern = searchPattern(search);
  const any = (walked: boolean) => sql`(${sql.join(columns.map((column) => (walked ? sql`(${column} || '') ilike ${pattern}` : sql`${column} ilike ${pattern}`)), sql` or `)})`;
  return { indexed: any(false), walked: any(true) };
}

const m = materials;
const w = warehouses;
const o = stockOperations;
const lv = stockLevels;
const inv = inventories;

export const personJson = (alias: string) =>
  sql.raw(`case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'name', ${alias}.first_name || ' ' || ${alias}.last_name, 'imgPath', ${alias}.img_path) end`);

const unitName = (code: SQL | typeof m.unitCode, lang: LanguageCode) =>
  sql`coalesce((select coalesce(nullif(s.names ->> ${lang}, ''), s.names ->> 'az') from ${specodes} s where s.key = 'unitOfMeasure' and s.code = ${code}), ${code})`;

/** The ids of group `groupId` and every group below it. */
export const subtreeSql = (groupId: number) =>
  sql`(with recursive t(id) as (select ${groupId}::int union all select g.id from ${materialGroups} g join t on g.parent_id = t.id) select id from t)`;

/**
 * Every material group as a derived table `(id, name, path)` in `lang` (az when missing): its name
 * and the path of names from the root to it (" / " between), ordered by path — one walk over the
 * groups per statement, joined to the rows that need it (a path worked out per material row cost
 * 0.1 ms each: 12 s to sort 100,000 materials by it; bench/stock). A walk stops at a group it has
 * seen (a loop of parents, which the API refuses).
 */
const groupPathsSql = (lang: LanguageCode) => sql`(
  with recursive up(start, parent_id, name, depth, seen) as (
    select g.id, g.parent_id, coalesce(nullif(g.names ->> ${lang}, ''), g.names ->> 'az'), 0, array[g.id] from ${materialGroups} g
    union all
    select up.start, g.parent_id, coalesce(nullif(g.names ->> ${lang}, ''), g.names ->> 'az'), up.depth + 1, up.seen || g.id
    from up join ${materialGroups} g on g.id = up.parent_id where g.id <> all(up.seen)
  )
  select start as id, coalesce(min(name) filter (where depth = 0), '') as name, coalesce(string_agg(name, ' / ' order by depth desc), '') as path
  from up group by start order by path)`;

// ---------------------------------------------------------------------------------------------
// Material groups
// ---------------------------------------------------------------------------------------------

/** Every group (tree as a flat list, parents before children, then sort order) with its path and material count. */
export async function groupsAll(db: Db, lang: LanguageCode): Promise<MaterialGroup[]> {
  const rows = await db
    .select({
      g: materialGroups,
      count: sql<number>`(select count(*)::int from ${materials} x where x.group_id = ${materialGroups.id})`,
    })
    .from(materialGroups)
    .orderBy(asc(materialGroups.sortOrder), asc(materialGroups.id));
  const byId = new Map(rows.map((r) => [r.g.id, r.g]));
  const nameOf = (id: number) => {
    const names = byId.get(id)!.names;
    return (names[lang] || names.az) ?? '';
  };
  const pathOf = (id: number): string[] => {
    const out: string[] = [];
    let at: number | null = id;
    const seen = new Set<number>();
    while (at !== null && byId.has(at) && !seen.has(at)) {
      seen.add(at);
      out.unshift(nameOf(at));
      at = byId.get(at)!.parentId;
    }
    return out;
  };
  const list = rows.map((r) => ({
    id: r.g.id,
    parentId: r.g.parentId,
    name: nameOf(r.g.id),
    names: r.g.names,
    path: pathOf(r.g.id).join(' / '),
    isActive: r.g.isActive,
    sortOrder: r.g.sortOrder,
    materialCount: r.count,
  }));
  return list.sort((a, b) => a.path.localeCompare(b.path) || a.id - b.id);
}

// ---------------------------------------------------------------------------------------------
// Materials
// ---------------------------------------------------------------------------------------------

/** A material's stock over all warehouses: kept by the ledger on the row (the sum of its levels). */
const stockOf = sql`${m.stockQuantity}`;

/** A material row's JSON, over `materials` and the group paths joined as `gp` ({@link materialJoins}). */
const materialRow = (lang: LanguageCode) =>
  jsonObject({
    id: m.id,
    code: m.code,
    name: m.name,
    groupId: m.groupId,
    groupName: sql`gp.name`,
    groupPath: sql`gp.path`,
    unitCode: m.unitCode,
    unitName: unitName(m.unitCode, lang),
    parameters: m.parameters,
    tracksInventories: m.tracksInventories,
    minLevel: sql`${m.minLevel}::float8`,
    isActive: m.isActive,
    stock: sql`${stockOf}::float8`,
    createdAt: isoText(m.createdAt),
    updatedAt: isoText(m.updatedAt),
  });
const materialJoins = (lang: LanguageCode) => sql`left join ${groupPathsSql(lang)} gp on gp.id = ${m.groupId}`;

/**
 * The keys of each materials sort (lib/lists keyset; the code is unique, the id ends the others):
 * code (code, id), name (name, id), group (group_id, code, id), created (created_at, id) — each an
 * index's; stock (stock_quantity, id) has none on purpose: the ledger updates the quantity on
 * every posting, and an index on it would make those updates non-HOT, rewriting every index of the
 * row (the trigram ones too) — a page by stock sorts the matching rows (bench/lists RESULTS).
 */
const materialKeys: Record<z.output<typeof materialListQuery>['sort'], SortKey[]> = {
  code: [textKey(m.code), idKey(m.id)],
  name: [textKey(m.name), idKey(m.id)],
  group: [idKey(m.groupId), textKey(m.code), idKey(m.id)],
  stock: [{ sql: m.stockQuantity, type: 'numeric' }, idKey(m.id)],
  createdAt: [timeKey(m.createdAt), idKey(m.id)],
};

/**
 * The materials grid (contracts materialListQuery) as the JSON text of a MaterialListResponse: a
 * keyset page of the sort's index (see the module comment), 400 `invalidCursor` for an `after` of
 * another sort or mode. "Collapsed" lists the rows by group path first (the web folds them under
 * group headers): the groups in path order, each group's materials by the sort — its
 * (group_id, code) index for the code —, so a page is read without sorting every material.
 */
export async function listMaterialsJson(db: Db, q: z.output<typeof materialListQuery>, lang: LanguageCode): Promise<string> {
  const where = and(
    q.groupId ? sql`${m.groupId} in ${subtreeSql(q.groupId)}` : undefined,
    q.active === undefined ? undefined : eq(m.isActive, q.active),
    q.belowMinimum ? sql`${m.minLevel} is not null and ${stockOf} < ${m.minLevel}` : undefined,
  );
  const collapsed = q.mode === 'collapsed';
  // The path as the derived table orders it (an expression over it would hide that order: every material sorted).
  const keys: SortKey[] = [...(collapsed ? [{ sql: sql`gp.path`, type: 'text', dir: 'asc' } satisfies SortKey] : []), ...materialKeys[q.sort]];
  return listPageJson(db, {
    table: m,
    where,
    pageJoins: collapsed ? sql`join ${groupPathsSql(lang)} gp on gp.id = ${m.groupId}` : undefined,
    keyset: { keys, dir: q.sortDir, ...(q.after ? { after: q.after } : {}), ...(q.search ? { search: textSearch(q.search, [m.name, m.code]) } : {}) },
    skip: q.skip,
    take: q.take,
    row: materialRow(lang),
    joins: materialJoins(lang),
  });
}

/** One material in the shape of the grid's row, or undefined. */
export async function materialJson(db: Db, id: number, lang: LanguageCode): Promise<unknown> {
  const rows = executedRows<{ row: unknown }>(await db.execute(sql`select ${materialRow(lang)} as row from ${m} ${materialJoins(lang)} where ${m.id} = ${id}`));
  return rows[0]?.row;
}

/** Up to 20 active materials whose code or name holds `search` (select-search). */
export async function searchMaterials(db: Db, search: string | undefined) {
  return db
    .select({ id: m.id, name: m.name, code: m.code, unitCode: m.unitCode, tracksInventories: m.tracksInventories })
    .from(m)
    .where(and(eq(m.isActive, true), search ? sql`(${m.name} ilike ${searchPattern(search)} or ${m.code} ilike ${searchPattern(search)})` : undefined))
    .orderBy(asc(m.code))
    .limit(20);
}

// ---------------------------------------------------------------------------------------------
// Warehouses
// ---------------------------------------------------------------------------------------------

const warehouseRow = () =>
  jsonObject({
    id: w.id,
    name: w.name,
    locationId: w.locationId,
    locationName: sql`(select l.name from ${locations} l where l.id = ${w.locationId})`,
    keeper: personJson('keeper'),
    isActive: w.isActive,
    materialCount: sql`(select count(*)::int from ${stockLevels} l where l.warehouse_id = ${w.id} and l.quantity > 0)`,
    stockValue: sql`(select coalesce(sum(l.value), 0)::float8 from ${stockLevels} l where l.warehouse_id = ${w.id})`,
    createdAt: isoText(w.createdAt),
  });

/** The warehouse list as the JSON text of a WarehouseListResponse: a keyset page by (name, id) or (created_at, id), their indexes (migration 0043). */
export async function listWarehousesJson(db: Db, q: z.output<typeof warehouseListQuery>): Promise<string> {
  const keys = q.sort === 'name' ? [textKey(w.name), idKey(w.id)] : [timeKey(w.createdAt), idKey(w.id)];
  return listPageJson(db, {
    table: w,
    where: and(q.search ? sql`${w.name} ilike ${searchPattern(q.search)}` : undefined, q.active === undefined ? undefined : eq(w.isActive, q.active)),
    keyset: { keys, dir: q.sortDir, ...(q.after ? { after: q.after } : {}) },
    skip: q.skip,
    take: q.take,
    row: warehouseRow(),
    joins: sql`left join ${users} keeper on keeper.id = ${w.keeperId}`,
  });
}

export async function warehouseJson(db: Db, id: number): Promise<unknown> {
  const rows = executedRows<{ row: unknown }>(
    await db.execute(sql`select ${warehouseRow()} as row from ${w} left join ${users} keeper on keeper.id = ${w.keeperId} where ${w.id} = ${id}`),
  );
  return rows[0]?.row;
}

// ---------------------------------------------------------------------------------------------
// Levels and movements
// ---------------------------------------------------------------------------------------------

/** The levels grid (one statement; the level rows are read, never the ledger). */
export async function listLevelsJson(db: Db, q: z.output<typeof stockLevelListQuery>): Promise<string> {
  // Levels have a composite key: the builder picks by `id`, so page over a numbered view of them.
  // Over the alias `l` of stock_levels (the statement reads it twice).
  const where = and(
    q.includeZero ? undefined : sql`l.quantity > 0`,
    q.warehouseId ? sql`l.warehouse_id = ${q.warehouseId}` : undefined,
    q.materialId ? sql`l.material_id = ${q.materialId}` : undefined,
    q.groupId ? sql`l.material_id in (select x.id from ${materials} x where x.group_id in ${subtreeSql(q.groupId)})` : undefined,
    q.search ? sql`l.material_id in (select x.id from ${materials} x where x.name ilike ${searchPattern(q.search)} or x.code ilike ${searchPattern(q.search)})` : undefined,
    q.belowMinimum ? sql`exists (select 1 from ${materials} x where x.id = l.material_id and x.min_level is not null and l.quantity < x.min_level)` : undefined,
  );
  // Sorted by material code: the materials in code order (index), each one's level row by the
  // primary key — a page without sorting every level of a warehouse (a subquery per level row for
  // the code took 165 ms for a warehouse of 50,000 levels; bench/stock).
  const sortSql: Record<string, SQL> = {
    material: sql`x.code`,
    warehouse: sql`y.name`,
    quantity: sql`l.quantity`,
    value: sql`l.value`,
  };
  const dir = sql.raw(q.sortDir);
  const statement = sql`
    with page as (
      select l.material_id, l.warehouse_id, row_number() over (order by ${sortSql[q.sort]!} ${dir}, l.material_id, l.warehouse_id) as position
      from ${lv} l join ${materials} x on x.id = l.material_id join ${warehouses} y on y.id = l.warehouse_id
      where ${where ?? sql`true`}
      order by ${sortSql[q.sort]!} ${dir}, l.material_id, l.warehouse_id offset ${q.skip} limit ${q.take}
    )
    select json_build_object(
      'rows', coalesce((select json_agg(json_build_object(
        'materialId', x.id, 'materialCode', x.code, 'materialName', x.name, 'unitCode', x.unit_code,
        'warehouseId', y.id, 'warehouseName', y.name,
        'quantity', l.quantity::float8, 'value', l.value::float8,
        'averageCost', case when l.quantity > 0 then round(l.value / l.quantity)::float8 else 0 end,
        'minLevel', x.min_level::float8,
        'belowMinimum', coalesce(x.min_level is not null and l.quantity < x.min_level, false),
        'updatedAt', to_char(l.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      ) order by page.position)
      from page join ${lv} l on l.material_id = page.material_id and l.warehouse_id = page.warehouse_id
      join ${materials} x on x.id = l.material_id join ${warehouses} y on y.id = l.warehouse_id), '[]'::json),
      'total', least(c.n, 1000), 'totalCapped', c.n > 1000)::text as json
    from (select count(*)::int as n from (select 1 from ${lv} l where ${where ?? sql`true`} limit 1001) capped) c`;
  // A material's levels (its page; never repeated for a random material, so never from the page
  // cache): a few rows by the primary key, one plan for every material — prepared, as planning
  // this statement cost three times its run (bench/stock explain.ts). Other filters' best plans
  // depend on their values (a warehouse of 50,000 levels or of 10): planned each time.
  const rows = q.materialId
    ? await executePrepared<{ json: string }>(db, 'stock_material_levels', statement)
    : executedRows<{ json: string }>(await db.execute(statement));
  return rows[0]!.json;
}

/** A material's movements (its history page), newest first, with running balances. */
export async function listMovementsJson(db: Db, materialId: number, warehouseId: number | undefined, skip: number, take: number): Promise<string> {
  const mv = stockMovements;
  const where = and(eq(mv.materialId, materialId), warehouseId ? eq(mv.warehouseId, warehouseId) : undefined);
  return listPageJson(db, {
    table: mv,
    where,
    order: [desc(mv.operationDate), desc(mv.id)],
    skip,
    take,
    row: jsonObject({
      id: mv.id,
      operationId: mv.operationId,
      operationNumber: sql`op.number`,
      kind: sql`op.kind`,
      operationDate: isoText(mv.operationDate),
      warehouseId: mv.warehouseId,
      warehouseName: sql`wh.name`,
      quantity: sql`${mv.quantity}::float8`,
      value: sql`${mv.value}::float8`,
      balanceQuantity: sql`${mv.balanceQuantity}::float8`,
      balanceValue: sql`${mv.balanceValue}::float8`,
    }),
    joins: sql`join ${stockOperations} op on op.id = ${mv.operationId} join ${warehouses} wh on wh.id = ${mv.warehouseId}`,
    // One plan for every material (its movements by the (material, date, id) index): prepared.
    prepared: 'stock_movements',
  });
}

// ---------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------

const operationFields = {
  id: o.id,
  number: o.number,
  kind: o.kind,
  operationDate: isoText(o.operationDate),
  warehouseId: o.warehouseId,
  warehouseName: sql`(select y.name from ${warehouses} y where y.id = ${o.warehouseId})`,
  toWarehouseId: o.toWarehouseId,
  toWarehouseName: sql`(select y.name from ${warehouses} y where y.id = ${o.toWarehouseId})`,
  vendorId: o.vendorId,
  vendorName: sql`(select v.name from ${modalElements} v where v.id = ${o.vendorId})`,
  vendorInvoiceRef: o.vendorInvoiceRef,
  recipient: personJson('recipient'),
  recipientLocationId: o.recipientLocationId,
  recipientLocationName: sql`(select l.name from ${locations} l where l.id = ${o.recipientLocationId})`,
  reason: o.reason,
  comment: o.comment,
  reversesId: o.reversesId,
  reversesNumber: sql`(select r.number from ${stockOperations} r where r.id = ${o.reversesId})`,
  reversedById: o.reversedById,
  reversedByNumber: sql`(select r.number from ${stockOperations} r where r.id = ${o.reversedById})`,
  source: o.source,
  postedBy: personJson('poster'),
  postedAt: isoText(o.postedAt),
  totalAmount: sql`(select coalesce(sum(x.amount), 0)::float8 from ${stockOperationLines} x where x.operation_id = ${o.id})`,
};
const operationJoins = sql`left join ${users} recipient on recipient.id = ${o.recipientUserId} left join ${users} poster on poster.id = ${o.postedById}`;

/**
 * The operations grid as the JSON text of a StockOperationListResponse: a keyset page — by date
 * (operation_date, id), number (unique) or posting time (posted_at, id), each an index's. One
 * warehouse's operations are those from it or into it (a transfer's destination): two walks, of
 * (warehouse_id, operation_date, id) and (to_warehouse_id, operation_date, id), merged.
 */
export async function listOperationsJson(db: Db, q: z.output<typeof stockOperationListQuery>): Promise<string> {
  const where = and(
    q.kind ? eq(o.kind, q.kind) : undefined,
    q.materialId ? sql`exists (select 1 from ${stockOperationLines} x where x.operation_id = ${o.id} and x.material_id = ${q.materialId})` : undefined,
    q.from ? gte(o.operationDate, new Date(q.from)) : undefined,
    q.to ? lte(o.operationDate, new Date(q.to)) : undefined,
    q.search ? sql`(${o.number} ilike ${searchPattern(q.search)} or ${o.vendorInvoiceRef} ilike ${searchPattern(q.search)})` : undefined,
  );
  const keys = q.sort === 'number' ? [textKey(o.number)] : q.sort === 'postedAt' ? [timeKey(o.postedAt), idKey(o.id)] : [timeKey(o.operationDate), idKey(o.id)];
  const branches = q.warehouseId ? [eq(o.warehouseId, q.warehouseId), eq(o.toWarehouseId, q.warehouseId)] : undefined;
  return listPageJson(db, {
    table: o,
    where,
    keyset: { keys, dir: q.sortDir, ...(q.after ? { after: q.after } : {}), ...(branches ? { branches } : {}) },
    skip: q.skip,
    take: q.take,
    row: jsonObject({
      ...operationFields,
      lineCount: sql`(select count(*)::int from ${stockOperationLines} x where x.operation_id = ${o.id})`,
    }),
    joins: operationJoins,
  });
}

/** One operation with its lines, or undefined. */
export async function operationDetail(db: Db, id: number): Promise<StockOperation | undefined> {
  const rows = executedRows<{ row: StockOperation }>(
    await db.execute(sql`select ${jsonObject(operationFields)} as row from ${o} ${operationJoins} where ${o.id} = ${id}`),
  );
  const head = rows[0]?.row;
  if (!head) return undefined;
  const lines = await db
    .select({
      id: stockOperationLines.id,
      lineNo: stockOperationLines.lineNo,
      materialId: stockOperationLines.materialId,
      materialCode: m.code,
      materialName: m.name,
      unitCode: m.unitCode,
      quantity: stockOperationLines.quantity,
      unitCost: stockOperationLines.unitCost,
      amount: stockOperationLines.amount,
      inventoryIds: stockOperationLines.inventoryIds,
    })
    .from(stockOperationLines)
    .innerJoin(m, eq(m.id, stockOperationLines.materialId))
    .where(eq(stockOperationLines.operationId, id))
    .orderBy(asc(stockOperationLines.lineNo));
  // The units that moved (issue #40 "the operation shows which units moved"): one query for every line.
  const unitIds = [...new Set(lines.flatMap((l) => l.inventoryIds))];
  const units = unitIds.length
    ? await db.select({ id: inventories.id, inventoryNumber: inventories.inventoryNumber, serial: inventories.serial }).from(inventories).where(inArray(inventories.id, unitIds))
    : [];
  const unitOf = new Map(units.map((u) => [u.id, u]));
  return {
    ...head,
    lines: lines.map((l) => ({
      ...l,
      quantity: Number(l.quantity),
      unitCost: Number(l.unitCost),
      amount: Number(l.amount),
      units: l.inventoryIds.map((uid) => unitOf.get(uid) ?? { id: uid, inventoryNumber: `#${uid}`, serial: null }),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Inventories
// ---------------------------------------------------------------------------------------------

const inventoryRow = () =>
  jsonObject({
    id: inv.id,
    inventoryNumber: inv.inventoryNumber,
    materialId: inv.materialId,
    materialCode: sql`mat.code`,
    materialName: sql`mat.name`,
    serial: inv.serial,
    parameters: inv.parameters,
    status: inv.status,
    warehouseId: inv.warehouseId,
    warehouseName: sql`(select y.name from ${warehouses} y where y.id = ${inv.warehouseId})`,
    holder: personJson('holder'),
    locationId: inv.locationId,
    locationName: sql`(select l.name from ${locations} l where l.id = ${inv.locationId})`,
    unitCost: sql`${inv.unitCost}::float8`,
    createdAt: isoText(inv.createdAt),
    updatedAt: isoText(inv.updatedAt),
  });
const inventoryJoins = sql`join ${materials} mat on mat.id = ${inv.materialId} left join ${users} holder on holder.id = ${inv.holderId}`;

/**
 * The inventories grid as the JSON text of an InventoryListResponse; `holderId` forces "mine". A
 * keyset page: by number (unique), update (updated_at, id), status (status, id) — each an index's —
 * or material name: the materials' (name, id) index walked, each one's units joined. A holder's
 * units walk (holder_id, inventory_number).
 */
export async function listInventoriesJson(db: Db, q: z.output<typeof inventoryListQuery>, holderId?: number): Promise<string> {
  const where = and(
    q.status ? eq(inv.status, q.status) : undefined,
    q.warehouseId ? eq(inv.warehouseId, q.warehouseId) : undefined,
    q.materialId ? eq(inv.materialId, q.materialId) : undefined,
    q.holderId ? eq(inv.holderId, q.holderId) : undefined,
    holderId ? eq(inv.holderId, holderId) : undefined,
    q.search
      ? sql`(${inv.inventoryNumber} ilike ${searchPattern(q.search)} or ${inv.serial} ilike ${searchPattern(q.search)} or ${inv.materialId} in (select x.id from ${materials} x where x.name ilike ${searchPattern(q.search)}))`
      : undefined,
  );
  const keys: SortKey[] =
    q.sort === 'material'
      ? [textKey(sql`bymat.name`), idKey(inv.id)]
      : q.sort === 'status'
        ? [textKey(inv.status), idKey(inv.id)]
        : q.sort === 'updatedAt'
          ? [timeKey(inv.updatedAt), idKey(inv.id)]
          : [textKey(inv.inventoryNumber)];
  return listPageJson(db, {
    table: inv,
    where,
    pageJoins: q.sort === 'material' ? sql`join ${materials} bymat on bymat.id = ${inv.materialId}` : undefined,
    keyset: { keys, dir: q.sortDir, ...(q.after ? { after: q.after } : {}) },
    skip: q.skip,
    take: q.take,
    row: inventoryRow(),
    joins: inventoryJoins,
  });
}

/** Inventories by id in the grid's shape (for the detail and the labels). */
export async function inventoriesByIds(db: Db, ids: number[]): Promise<unknown[]> {
  if (ids.length === 0) return [];
  const rows = executedRows<{ row: unknown }>(
    await db.execute(sql`select ${inventoryRow()} as row from ${inv} ${inventoryJoins} where ${inArray(inv.id, ids)} order by ${inv.inventoryNumber}`),
  );
  return rows.map((r) => r.row);
}


/**
 * Closing balances at the end of `month` (YYYY-MM) from the monthly snapshots: for each pair its
 * latest snapshot at or before the month (a pair without movements since has no newer row).
 */
export async function snapshotRows(db: Db, month: string, warehouseId?: number, materialId?: number) {
  const rows = executedRows<{ materialId: number; materialCode: string; materialName: string; warehouseId: number; warehouseName: string; quantity: number; value: number }>(
    await db.execute(sql`
      select distinct on (s.material_id, s.warehouse_id)
        s.material_id as "materialId", x.code as "materialCode", x.name as "materialName",
        s.warehouse_id as "warehouseId", y.name as "warehouseName", s.quantity::float8 as quantity, s.value::float8 as value
      from stock_snapshots s join ${materials} x on x.id = s.material_id join ${warehouses} y on y.id = s.warehouse_id
      where s.month <= ${month}
        ${warehouseId ? sql`and s.warehouse_id = ${warehouseId}` : sql``}
        ${materialId ? sql`and s.material_id = ${materialId}` : sql``}
      order by s.material_id, s.warehouse_id, s.month desc`),
  );
  return rows.filter((r) => r.quantity !== 0).sort((a, b) => a.materialCode.localeCompare(b.materialCode) || a.warehouseName.localeCompare(b.warehouseName));
}

/**
 * The units an operation may move (contracts availableUnitsQuery): of `materialId`, in stock (and
 * in repair with `includeRepair`) in `warehouseId`, or assigned to `holderId`; `search` in the
 * number or serial; oldest first (received earliest, then number), 200 at most — the first ones
 * are what the form suggests. Two statements on the material's index (inventories_material_idx).
 */
export async function availableUnits(db: Db, q: z.output<typeof availableUnitsQuery>): Promise<AvailableUnitsResponse> {
  const statuses = q.holderId !== null ? ['assigned'] : q.includeRepair ? ['inStock', 'inRepair'] : ['inStock'];
  const where = and(
    eq(inv.materialId, q.materialId),
    inArray(inv.status, statuses as ('inStock' | 'inRepair' | 'assigned')[]),
    q.warehouseId !== null && q.holderId === null ? eq(inv.warehouseId, q.warehouseId) : undefined,
    q.holderId !== null ? eq(inv.holderId, q.holderId) : undefined,
    q.search ? sql`(${inv.inventoryNumber} ilike ${searchPattern(q.search)} or ${inv.serial} ilike ${searchPattern(q.search)})` : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: inv.id, inventoryNumber: inv.inventoryNumber, serial: inv.serial, status: inv.status, receivedAt: inv.createdAt })
      .from(inv)
      .where(where)
      .orderBy(asc(inv.createdAt), asc(inv.inventoryNumber))
      .limit(200),
    db.select({ n: sql<number>`count(*)::int` }).from(inv).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, receivedAt: r.receivedAt.toISOString() })), total: Number(count?.n ?? 0) };
}
