import { boolean, check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { LocalizedNames, MaterialParameter } from '@servicedesk/contracts';

/**
 * Material groups (DOMAIN.md "Inventory", issue #13): a tree (`parentId` null = a root), names in
 * the interface languages (az required). `code` marks seeded rows (null for rows admins create).
 */
export const materialGroups = pgTable(
  'material_groups',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => materialGroups.id),
    code: text('code').unique(),
    names: jsonb('names').$type<LocalizedNames>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('material_groups_parent_idx').on(t.parentId)],
);

/**
 * A material (contracts `material`): `code` unique case-insensitively (`lower(code)` index),
 * `unitCode` a code of the `unitOfMeasure` specodes, `parameters` name/value pairs,
 * `tracksInventories` = each unit received becomes an inventory (asset), `minLevel` the level
 * under which keepers are told (units; null = none), `stockQuantity` its stock in all warehouses.
 */
export const materials = pgTable(
  'materials',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    groupId: integer('group_id')
      .notNull()
      .references(() => materialGroups.id),
    unitCode: text('unit_code').notNull(),
    parameters: jsonb('parameters').$type<MaterialParameter[]>().notNull().default([]),
    tracksInventories: boolean('tracks_inventories').notNull().default(false),
    minLevel: numeric('min_level', { precision: 14, scale: 3, mode: 'number' }),
    /**
     * Its stock over all warehouses (the sum of its `stock_levels`), kept by the ledger with the
     * levels: the materials grid shows it and filters "below minimum" on it without summing the
     * levels of every material (bench/stock: 0.3–0.9 s at 100,000 materials).
     */
    stockQuantity: numeric('stock_quantity', { precision: 14, scale: 3, mode: 'number' }).notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('materials_code_lower_idx').on(sql`lower(${t.code})`),
    // The grids' keyset walks (issue #44, migration 0043): a group's materials by code, and by creation.
    index('materials_group_idx').on(t.groupId, t.code, t.id),
    index('materials_created_idx').on(t.createdAt, t.id),
    // The grids in code or name order read a page from these instead of sorting every material (bench/stock).
    index('materials_code_idx').on(t.code, t.id),
    index('materials_name_idx').on(t.name, t.id),
    index('materials_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('materials_code_trgm_idx').using('gin', sql`${t.code} gin_trgm_ops`),
    check('materials_min_level_check', sql`${t.minLevel} is null or ${t.minLevel} >= 0`),
  ],
);
