import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { InventoryStatus, MaterialParameter } from '@servicedesk/contracts';
import { materials } from './stock-materials';
import { warehouses } from './stock-warehouses';
import { users } from './users';
import { locations } from './locations';
import { stockOperations } from './stock-ledger';

/**
 * An inventory (an asset, DOMAIN.md "Inventory"): number AST-NNNNNN, material, serial,
 * parameters, status, the warehouse whose books hold it (or held it last), the holder while
 * assigned. Its history (who held it when) is in record_history (kind `inventory`).
 */
export const inventories = pgTable(
  'inventories',
  {
    id: serial('id').primaryKey(),
    inventoryNumber: text('inventory_number').notNull(),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    serial: text('serial'),
    parameters: jsonb('parameters').$type<MaterialParameter[]>().notNull().default([]),
    status: text('status').$type<InventoryStatus>().notNull().default('inStock'),
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    holderId: integer('holder_id').references(() => users.id),
    locationId: integer('location_id').references(() => locations.id),
    unitCost: bigint('unit_cost', { mode: 'number' }).notNull().default(0),
    receiptOperationId: integer('receipt_operation_id').references(() => stockOperations.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inventories_number_idx').on(t.inventoryNumber),
    index('inventories_material_idx').on(t.materialId, t.status),
    index('inventories_warehouse_idx').on(t.warehouseId, t.status),
    // The grid's keyset walks (issue #44, migration 0043): a holder's units by number, every unit by update and by status.
    index('inventories_holder_idx').on(t.holderId, t.inventoryNumber),
    index('inventories_updated_idx').on(t.updatedAt, t.id),
    index('inventories_status_idx').on(t.status, t.id),
  ],
);
