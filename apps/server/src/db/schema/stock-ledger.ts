import { bigint, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { StockOperationKind } from '@servicedesk/contracts';
import { materialGroups, materials } from './stock-materials';
import { warehouses } from './stock-warehouses';
import { users } from './users';
import { locations } from './locations';
import { modalElements } from './modal-elements';

/**
 * A posted stock operation (contracts `stockOperation`): number ST-`year`-`seq`, kind, the date it
 * takes effect (`operationDate`, may lie before `postedAt`: back-dated), who posted it. Never
 * updated after posting except `reversedById` (set once, by the reversal). `source` names what
 * caused it (e.g. `inventoryRequest:42`, `inventory:7:assign`).
 */
export const stockOperations = pgTable(
  'stock_operations',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    kind: text('kind').$type<StockOperationKind>().notNull(),
    operationDate: timestamp('operation_date', { withTimezone: true }).notNull(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    toWarehouseId: integer('to_warehouse_id').references(() => warehouses.id),
    vendorId: integer('vendor_id').references(() => modalElements.id),
    vendorInvoiceRef: text('vendor_invoice_ref'),
    recipientUserId: integer('recipient_user_id').references(() => users.id),
    recipientLocationId: integer('recipient_location_id').references(() => locations.id),
    reason: text('reason'),
    comment: text('comment'),
    reversesId: integer('reverses_id').references((): AnyPgColumn => stockOperations.id),
    reversedById: integer('reversed_by_id').references((): AnyPgColumn => stockOperations.id),
    source: text('source'),
    postedById: integer('posted_by_id').references(() => users.id),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_operations_number_idx').on(t.number),
    uniqueIndex('stock_operations_year_seq_idx').on(t.year, t.seq),
    uniqueIndex('stock_operations_reverses_idx').on(t.reversesId),
    index('stock_operations_date_idx').on(t.operationDate, t.id),
    // The grid's keyset walks (issue #44, migration 0043): a warehouse's operations are those from it and into it.
    index('stock_operations_warehouse_date_idx').on(t.warehouseId, t.operationDate, t.id),
    index('stock_operations_to_warehouse_date_idx').on(t.toWarehouseId, t.operationDate, t.id),
    index('stock_operations_posted_idx').on(t.postedAt, t.id),
    index('stock_operations_source_idx').on(t.source),
  ],
);

/**
 * A line of an operation: material, quantity (> 0), unit cost and amount in minor units (a
 * receipt's are given; an outflow's are the moving average at its moment and are rewritten when a
 * back-dated operation before it changes that average), the inventories moving with it.
 */
export const stockOperationLines = pgTable(
  'stock_operation_lines',
  {
    id: serial('id').primaryKey(),
    operationId: integer('operation_id')
      .notNull()
      .references(() => stockOperations.id),
    lineNo: integer('line_no').notNull(),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    unitCost: bigint('unit_cost', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    inventoryIds: jsonb('inventory_ids').$type<number[]>().notNull().default([]),
  },
  (t) => [
    index('stock_operation_lines_operation_idx').on(t.operationId, t.lineNo),
    index('stock_operation_lines_material_idx').on(t.materialId),
    check('stock_operation_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * The ledger: one movement of a material in a warehouse (a transfer makes two). Ordered per
 * (material, warehouse) by (`operationDate`, `id`); `quantity`/`value` signed (value in minor
 * units), `balanceQuantity`/`balanceValue` the running totals after it — recomputed from a
 * back-dated movement on, never before it. The balance never goes below zero (check).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    operationId: integer('operation_id')
      .notNull()
      .references(() => stockOperations.id),
    lineId: integer('line_id')
      .notNull()
      .references(() => stockOperationLines.id),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    operationDate: timestamp('operation_date', { withTimezone: true }).notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    balanceQuantity: numeric('balance_quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    balanceValue: bigint('balance_value', { mode: 'number' }).notNull(),
    /** `average`: an outflow valued at the moving average of its moment (recomputed); `fixed`: its value was given. */
    valuation: text('valuation').$type<'fixed' | 'average'>().notNull(),
    /** A transfer's outflow → its inflow in the target warehouse (which takes the outflow's value). */
    pairId: integer('pair_id').references((): AnyPgColumn => stockMovements.id),
  },
  (t) => [
    index('stock_movements_pair_idx').on(t.pairId),
    index('stock_movements_material_wh_date_idx').on(t.materialId, t.warehouseId, t.operationDate, t.id),
    index('stock_movements_material_date_idx').on(t.materialId, t.operationDate, t.id),
    index('stock_movements_operation_idx').on(t.operationId),
    check('stock_movements_balance_check', sql`${t.balanceQuantity} >= 0`),
  ],
);

/**
 * The current level of a material in a warehouse: the last movement's balance, kept in one row
 * so a list reads it without the ledger. Its row is locked (`for update`) by every posting that
 * touches the pair: two issues of the last unit queue, and the second sees zero.
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull().default(0),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.materialId, t.warehouseId] }),
    index('stock_levels_warehouse_idx').on(t.warehouseId, t.materialId),
    check('stock_levels_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

/**
 * Monthly closing balances (`month` = the first day of the month, UTC): a report over a period
 * starts from the snapshot before it instead of scanning the ledger. Rewritten from a back-dated
 * movement's month on.
 */
export const stockSnapshots = pgTable(
  'stock_snapshots',
  {
    month: text('month').notNull(),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.materialId, t.warehouseId] })],
);

/**
 * A physical count session (issue #13 "Physical count"; issue #40 "counts as records") of one
 * warehouse, optionally of one material group (with its subgroups) — its scope: inventory numbers
 * are scanned or typed (stock_count_scans), quantities counted (stock_count_lines); posting it
 * writes the differences inside the scope as transfer (misplaced: found here, booked elsewhere),
 * write-off (missing, counted short) and return (counted surplus) operations in one step, once
 * (`posted_plan`: the figures it posted).
 */
export const stockCountSessions = pgTable(
  'stock_count_sessions',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    status: text('status').$type<'open' | 'posted' | 'cancelled'>().notNull().default('open'),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    operationIds: jsonb('operation_ids').$type<number[]>().notNull().default([]),
    materialGroupId: integer('material_group_id').references(() => materialGroups.id),
    postedById: integer('posted_by_id').references(() => users.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    postedPlan: jsonb('posted_plan').$type<{ writeOffs: number; transfers: number; adjustments: number }>(),
  },
  (t) => [index('stock_count_sessions_warehouse_idx').on(t.warehouseId, t.createdAt), index('stock_count_sessions_created_idx').on(t.createdAt, t.id)],
);

/** A counted quantity of a material not kept as inventories in a count session (one per material; its book is the level at posting). */
export const stockCountLines = pgTable(
  'stock_count_lines',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => stockCountSessions.id),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    countedQuantity: numeric('counted_quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    countedById: integer('counted_by_id').references(() => users.id),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('stock_count_lines_session_material_idx').on(t.sessionId, t.materialId), check('stock_count_lines_quantity_check', sql`${t.countedQuantity} >= 0`)],
);

/** One scanned or typed inventory number of a count session (unknown numbers are kept too). */
export const stockCountScans = pgTable(
  'stock_count_scans',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => stockCountSessions.id),
    inventoryNumber: text('inventory_number').notNull(),
    inventoryId: integer('inventory_id'),
    scannedById: integer('scanned_by_id').references(() => users.id),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('stock_count_scans_session_number_idx').on(t.sessionId, t.inventoryNumber)],
);
