import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { EquipmentLineDecision, EquipmentStatus } from '@servicedesk/contracts';
import { users } from './users';
import { groups } from './groups';
import { equipmentBudgets } from './equipment-budgets';
import { materials } from './stock-materials';
import { warehouses } from './stock-warehouses';
import { stockOperations } from './stock-ledger';

/**
 * An equipment request (DOMAIN.md "Inventory request"): `number` = INV-`year`-`seq` (6 digits);
 * `requesterId` the employee it is for, `createdById` who entered it (on behalf of someone, with
 * `inventory.requests.onBehalf`); `status` mirrors the approval engine's (approval_records) for
 * the lists; `total` = Σ lines' quantity × unit price, minor units.
 */
export const equipmentRequests = pgTable(
  'equipment_requests',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    status: text('status').$type<EquipmentStatus>().notNull().default('DRAFT'),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    groupId: integer('group_id').references(() => groups.id),
    budgetId: integer('budget_id').references(() => equipmentBudgets.id),
    justification: text('justification').notNull(),
    currency: text('currency').notNull().default('AZN'),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('equipment_requests_number_idx').on(t.number),
    uniqueIndex('equipment_requests_year_seq_idx').on(t.year, t.seq),
    index('equipment_requests_created_idx').on(t.createdAt, t.id),
    // The grid's keyset walks (issue #44, migration 0043): a person's requests (as requester, as author), by status, update and total.
    index('equipment_requests_requester_created_idx').on(t.requesterId, t.createdAt, t.id),
    index('equipment_requests_creator_created_idx').on(t.createdById, t.createdAt, t.id),
    index('equipment_requests_status_created_idx').on(t.status, t.createdAt, t.id),
    index('equipment_requests_updated_idx').on(t.updatedAt, t.id),
    index('equipment_requests_total_idx').on(t.total, t.id),
    index('equipment_requests_budget_status_idx').on(t.budgetId, t.status),
    // The number search (ILIKE '%2026-0042%'): a trigram index (pg_trgm, migration 0011).
    index('equipment_requests_number_trgm_idx').using('gin', sql`${t.number} gin_trgm_ops`),
    // The grid's search reads the justification and the lines' descriptions too (issue #12 bench).
    index('equipment_requests_justification_trgm_idx').using('gin', sql`${t.justification} gin_trgm_ops`),
  ],
);

/**
 * A line of an equipment request: a catalogue material (`materialId`, the stock module's
 * materials) or free text, quantity, unit (specode `unitOfMeasure`), estimated unit price
 * (minor units). Processing writes `decision` (issue | purchase | cancel), who and when; an issue also the
 * warehouse and the stock issue operation.
 */
export const equipmentRequestLines = pgTable(
  'equipment_request_lines',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => equipmentRequests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    materialId: integer('material_id').references(() => materials.id),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unit: text('unit').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    decision: text('decision').$type<EquipmentLineDecision>(),
    decisionNote: text('decision_note'),
    decidedById: integer('decided_by_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** An issued line: the warehouse it left and the stock module's issue operation (its inventories assigned to the requester). */
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    stockOperationId: integer('stock_operation_id').references(() => stockOperations.id),
    /** Marked for purchase (issue #40): when; the stock receipt that brought it (linked to this line) and when it arrived. */
    purchaseMarkedAt: timestamp('purchase_marked_at', { withTimezone: true }),
    receiptOperationId: integer('receipt_operation_id').references(() => stockOperations.id),
    receivedAt: timestamp('received_at', { withTimezone: true }),
  },
  (t) => [
    index('equipment_request_lines_purchase_idx').on(t.decision, t.purchaseMarkedAt).where(sql`${t.decision} = 'purchase'`),
    uniqueIndex('equipment_request_lines_position_idx').on(t.requestId, t.position),
    index('equipment_request_lines_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
  ],
);
