import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { EquipmentStatus } from '@servicedesk/contracts';
import { EQUIPMENT_STATUSES } from '@servicedesk/contracts';
import type { z } from 'zod';
import type { equipmentListQuery } from '@servicedesk/contracts';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  equipmentBudgets,
  equipmentRequestLines,
  equipmentRequests,
  groups,
  materials,
  stockOperations,
  users,
  warehouses,
} from '../../db/schema';
import {
  executedRows,
  isoText,
  jsonObject,
  listPageJson,
  searchPattern,
  type KeysetSearch,
  type SortKey,
} from '../../lib/lists/list-page';
import { recordRows } from '../../lib/records/rows';
import type { Viewer } from '../../lib/records/visibility';
import { equipmentVisibility } from './equipment.visibility';

/*
 * SQL of equipment requests: rows, lines and the grid (one statement through lib/lists).
 */

export type RequestRow = typeof equipmentRequests.$inferSelect;
export type NewRequestRow = typeof equipmentRequests.$inferInsert;
export type LineRow = typeof equipmentRequestLines.$inferSelect;
export type NewLineRow = typeof equipmentRequestLines.$inferInsert;

const r = equipmentRequests;
const l = equipmentRequestLines;

const receipts = alias(stockOperations, 'receipt');

const rows = recordRows(equipmentRequests, 'equipment');
/** Inserts an equipment request row in the caller's transaction and answers it as stored. */
export const insertRequest = rows.insert;
/** The request row, locked for update when `forUpdate` (inside a transaction). */
export const findRequest = rows.find;
/** Updates request `id` in the caller's transaction and answers the row after it. */
export const updateRequest = rows.update;

/** The request's lines in order. */
export async function linesOf(db: Db, requestId: number): Promise<LineRow[]> {
  return db.select().from(l).where(eq(l.requestId, requestId)).orderBy(asc(l.position));
}

/** The request's lines with their material, warehouse and stock operation (the pages' view). */
export async function lineViews(db: Db, requestId: number) {
  return db
    .select({
      line: l,
      material: { id: materials.id, code: materials.code, name: materials.name },
      warehouseName: warehouses.name,
      operation: { id: stockOperations.id, number: stockOperations.number },
      receipt: { id: receipts.id, number: receipts.number },
    })
    .from(l)
    .leftJoin(materials, eq(materials.id, l.materialId))
    .leftJoin(warehouses, eq(warehouses.id, l.warehouseId))
    .leftJoin(stockOperations, eq(stockOperations.id, l.stockOperationId))
    .leftJoin(receipts, eq(receipts.id, l.receiptOperationId))
    .where(eq(l.requestId, requestId))
    .orderBy(asc(l.position));
}

/** The active materials among `ids` (ids). */
export async function activeMaterials(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: materials.id })
    .from(materials)
    .where(and(inArray(materials.id, [...new Set(ids)]), eq(materials.isActive, true)));
  return new Set(rows.map((r) => r.id));
}

/** Active warehouses by name. */
export async function activeWarehouses(db: Db) {
  return db
    .select({ id: warehouses.id, name: warehouses.name, keeperId: warehouses.keeperId })
    .from(warehouses)
    .where(eq(warehouses.isActive, true))
    .orderBy(asc(warehouses.name));
}

/** Replaces the request's lines (a draft's edit). */
export async function replaceLines(
  tx: Db,
  requestId: number,
  lines: readonly Omit<NewLineRow, 'requestId' | 'position'>[],
): Promise<void> {
  await tx.delete(l).where(eq(l.requestId, requestId));
  if (lines.length > 0)
    await tx.insert(l).values(lines.map((line, i) => ({ ...line, requestId, position: i + 1 })));
}

/** Writes the warehouse keeper's decision on one line. */
export async function decideLine(
  tx: Db,
  lineId: number,
  set: Pick<
    NewLineRow,
    | 'decision'
    | 'decisionNote'
    | 'decidedById'
    | 'decidedAt'
    | 'materialId'
    | 'warehouseId'
    | 'stockOperationId'
    | 'purchaseMarkedAt'
  >,
): Promise<void> {
  await tx.update(l).set(set).where(eq(l.id, lineId));
}

/** Receipt operations' warehouse and the inventories they brought (a purchased line is issued from them). */
export async function receiptWarehouses(
  db: Db,
  operationIds: readonly number[],
): Promise<Map<number, { warehouseId: number; inventoryIds: number[] }>> {
  if (operationIds.length === 0) return new Map();
  const rows = await db.execute(sql`
    select o.id, o.warehouse_id as "warehouseId",
      coalesce((select jsonb_agg(i.id order by i.id) from inventories i
        where i.receipt_operation_id = o.id and i.status = 'inStock'), '[]'::jsonb) as "inventoryIds"
    from ${stockOperations} o where o.id in (${sql.join([...new Set(operationIds)].map((i) => sql`${i}`), sql`, `)})`);
  return new Map(
    executedRows<{ id: number; warehouseId: number; inventoryIds: number[] }>(rows).map((r) => [
      r.id,
      { warehouseId: r.warehouseId, inventoryIds: r.inventoryIds },
    ]),
  );
}

/** Display data of people by id. */
export async function peopleById(db: Db, ids: readonly number[]) {
  if (ids.length === 0)
    return new Map<number, { id: number; name: string; imgPath: string | null }>();
  const rows = await db
    .select({
      id: users.id,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      imgPath: users.imgPath,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The first group of a user (the lead's group first): the group a request is filed under. */
export async function firstGroupOf(
  db: Db,
  userId: number,
): Promise<{ id: number; name: string } | undefined> {
  const rows =
    await db.execute(sql`select g.id, g.name from group_members m join ${groups} g on g.id = m.group_id
    where m.user_id = ${userId} and g.is_active order by m.is_lead desc, g.id limit 1`);
  return executedRows<{ id: number; name: string }>(rows)[0];
}

export async function groupName(db: Db, groupId: number | null): Promise<string | null> {
  if (groupId === null) return null;
  const [row] = await db.select({ name: groups.name }).from(groups).where(eq(groups.id, groupId));
  return row?.name ?? null;
}

/** Whether the user's type holds `actionKey` (for a step owner a substitute decides for). */
export async function userHolds(db: Db, userId: number, actionKey: string): Promise<boolean> {
  const rows =
    await db.execute(sql`select 1 from users u join user_type_permissions p on p.user_type_id = u.user_type_id
    where u.id = ${userId} and p.action_key = ${actionKey} limit 1`);
  return executedRows(rows).length > 0;
}

// ---------------------------------------------------------------------------------------------
// The grid
// ---------------------------------------------------------------------------------------------

/** Who a list is for: a person's own (requester or author), the processing queue, or what a viewer may see. */
export interface ListScope {
  ownerId?: number;
  processing?: boolean;
  viewer?: Viewer;
}

type ParsedListQuery = z.output<typeof equipmentListQuery>;

/** A list's WHERE in the parts a keyset page takes: scope and filters, the OR-ed scope as branches, the search. */
interface ListParts {
  where: SQL | undefined;
  branches?: SQL[];
  search?: KeysetSearch;
}

/**
 * The search: number (a term with a digit), justification, the requester's name, a line's
 * description. `indexed`: one set of matching ids, each arm read through its own index (trigram
 * indexes on the number, the justification and the lines' descriptions; the requester through the
 * users it names) — an OR of per-row EXISTS read every request instead (bench/equipment: p99
 * 480–619 ms); `walked`: the same checked row by row along the sort's walk, for a term that
 * matches many (lib/lists KeysetSearch).
 */
function searchSql(search: string): KeysetSearch {
  const pattern = searchPattern(search);
  const digits = /\d/.test(search);
  const byNumber = digits ? sql`select e.id from ${r} e where e.number ilike ${pattern} union ` : sql``;
  const named = sql`(select s.id from ${users} s where (s.first_name || ' ' || s.last_name) ilike ${pattern})`;
  return {
    indexed: sql`${r.id} in (${byNumber}select e.id from ${r} e where e.justification ilike ${pattern}
        union select e.id from ${r} e where e.requester_id in ${named}
        union select x.request_id from ${l} x where x.description ilike ${pattern})`,
    walked: sql`(${digits ? sql`(${r.number} || '') ilike ${pattern} or ` : sql``}(${r.justification} || '') ilike ${pattern}
        or ${r.requesterId} in ${named}
        or exists (select 1 from ${l} x where x.request_id = ${r.id} and x.description ilike ${pattern}))`,
  };
}

/**
 * The scope and filters of a list. A person's own requests newest first are two walks merged (as
 * requester, as author: their (person, created_at, id) indexes); in another order, their requests
 * (a person's few, through the same indexes) sorted — a walk of the sort's index would read every
 * request to find theirs. A viewer who does not see all: the parts of the visibility rule
 * (lib/records/visibility participantBranches).
 */
function listParts(scope: ListScope, q: ParsedListQuery): ListParts {
  const parts: (SQL | undefined)[] = [];
  let branches: SQL[] | undefined;
  if (scope.ownerId !== undefined) {
    const own = [eq(r.requesterId, scope.ownerId), eq(r.createdById, scope.ownerId)];
    if (q.sort === 'createdAt') branches = own;
    else parts.push(or(...own));
  }
  if (scope.processing)
    parts.push(inArray(r.status, ['APPROVED', 'PROCESSED'] satisfies EquipmentStatus[]));
  if (scope.viewer && !scope.viewer.seeAll) {
    if (branches) parts.push(equipmentVisibility.participantSql(scope.viewer));
    else branches = equipmentVisibility.participantBranches(scope.viewer);
  }
  if (q.status?.length && q.status.length < EQUIPMENT_STATUSES.length)
    parts.push(inArray(r.status, q.status));
  if (q.budgetId !== undefined) parts.push(eq(r.budgetId, q.budgetId));
  if (q.requesterId !== undefined) parts.push(eq(r.requesterId, q.requesterId));
  if (q.dateFrom) parts.push(gte(r.createdAt, new Date(q.dateFrom)));
  if (q.dateTo) parts.push(lte(r.createdAt, new Date(q.dateTo)));
  return { where: and(...parts), ...(branches ? { branches } : {}), ...(q.search ? { search: searchSql(q.search) } : {}) };
}

const idKey: SortKey = { sql: r.id, type: 'int' };
const timeKey = (column: AnyPgColumn): SortKey => ({ sql: column, type: 'timestamptz' });

/**
 * The keyset order of each sort (issue #44), each an index's (migration 0043 and earlier): number
 * (year, seq), created (created_at, id), updated (updated_at, id), status (status, created_at, id),
 * total (total, id).
 */
const sortKeys: Record<ParsedListQuery['sort'], readonly SortKey[]> = {
  number: [
    { sql: r.year, type: 'int' },
    { sql: r.seq, type: 'int' },
  ],
  createdAt: [timeKey(r.createdAt), idKey],
  updatedAt: [timeKey(r.updatedAt), idKey],
  status: [{ sql: sql`${r.status}`, type: 'text' }, timeKey(r.createdAt), idKey],
  total: [{ sql: r.total, type: 'bigint' }, idKey],
};

/**
 * One page of the requests grid as the JSON text of contracts `EquipmentListResponse`, written by
 * PostgreSQL in one statement (lib/lists/list-page.ts): a keyset page — the walk of the sort's
 * index after `q.after` (a person's own: their two walks merged), the count capped, `nextCursor`
 * for the next page; 400 `invalidCursor` for an `after` of another sort.
 */
export async function listRequestsJson(
  db: Db,
  scope: ListScope,
  q: ParsedListQuery,
): Promise<string> {
  const { where, branches, search } = listParts(scope, q);
  return listPageJson(db, {
    table: r,
    where,
    keyset: { keys: sortKeys[q.sort], dir: q.sortDir, ...(q.after ? { after: q.after } : {}), ...(branches ? { branches } : {}), ...(search ? { search } : {}) },
    skip: q.skip,
    take: q.take,
    row: jsonObject({
      id: r.id,
      number: r.number,
      status: r.status,
      requesterId: r.requesterId,
      requesterName: sql`requester.first_name || ' ' || requester.last_name`,
      groupName: sql`(select g.name from ${groups} g where g.id = ${r.groupId})`,
      budgetCategory: sql`(select b.category from ${equipmentBudgets} b where b.id = ${r.budgetId})`,
      lineCount: sql`(select count(*)::int from ${l} x where x.request_id = ${r.id})`,
      handledLines: sql`(select count(*)::int from ${l} x where x.request_id = ${r.id} and x.decision in ('issue', 'cancel'))`,
      total: r.total,
      currency: r.currency,
      firstLine: sql`coalesce((select x.description from ${l} x where x.request_id = ${r.id} order by x.position limit 1), '')`,
      createdAt: isoText(r.createdAt),
      updatedAt: isoText(r.updatedAt),
    }),
    joins: sql`join ${users} requester on requester.id = ${r.requesterId}`,
  });
}

/** Ids of requests, newest first (seed / tests). */
export async function latestIds(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: r.id })
    .from(r)
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(limit);
  return rows.map((row) => row.id);
}
