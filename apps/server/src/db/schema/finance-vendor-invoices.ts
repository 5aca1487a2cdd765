import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FinanceCurrency, VendorInvoiceStatus } from '@servicedesk/contracts';
import { users } from './users';
import { modalElements } from './modal-elements';
import { groups } from './groups';

/**
 * A vendor invoice (DOMAIN.md "Finance", issue #16). `vendorId` is a modal element of kind vendor;
 * `number` the vendor's own invoice number (unique per vendor among live invoices after normalising: `numberKey`). Totals are the
 * server's sums of the lines' rounded amounts, in MINOR units of `currency` (contracts
 * computeLineTotals). `status` mirrors the approval engine's record (kind `vendorInvoice`) with its
 * step named. `orderId`/`orderCode` the equipment order, `budgetLineId` the budget line (both owned
 * by the equipment module: plain ids until it lands), `warehouseId` / `stockOperationId` the stock
 * receipt (stock module). `deletedAt`: deleted as DRAFT (kept for its history).
 */
export const vendorInvoices = pgTable(
  'vendor_invoices',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    /** `number` compared per vendor: upper case without white space, dashes and slashes (contracts invoiceNumberKey; migration 0033). */
    numberKey: text('number_key').notNull(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => modalElements.id),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    currency: text('currency').$type<FinanceCurrency>().notNull().default('AZN'),
    orderId: integer('order_id'),
    orderCode: text('order_code'),
    transportNumbers: jsonb('transport_numbers').$type<string[]>().notNull().default([]),
    warehouseId: integer('warehouse_id'),
    budgetLineId: integer('budget_line_id'),
    groupId: integer('group_id').references(() => groups.id),
    note: text('note').notNull().default(''),
    status: text('status').$type<VendorInvoiceStatus>().notNull().default('DRAFT'),
    netTotal: bigint('net_total', { mode: 'number' }).notNull().default(0),
    vatTotal: bigint('vat_total', { mode: 'number' }).notNull().default(0),
    grossTotal: bigint('gross_total', { mode: 'number' }).notNull().default(0),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    takenById: integer('taken_by_id').references(() => users.id),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    stockOperationId: integer('stock_operation_id'),
    paidDate: date('paid_date', { mode: 'string' }),
    paymentReference: text('payment_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('vendor_invoices_vendor_number_key_idx').on(t.vendorId, t.numberKey).where(sql`${t.deletedAt} is null`),
    index('vendor_invoices_vendor_date_idx').on(t.vendorId, t.invoiceDate),
    index('vendor_invoices_created_idx').on(t.createdAt, t.id),
    // The grids' keyset walks (issue #44, migration 0043): every sort; the visibility rule's parts
    // (author, the accountant who took it, its group) by creation; the pool (a status) by update.
    index('vendor_invoices_status_idx').on(t.status, t.updatedAt, t.id),
    index('vendor_invoices_status_created_idx').on(t.status, t.createdAt, t.id),
    index('vendor_invoices_author_idx').on(t.authorId, t.createdAt, t.id),
    index('vendor_invoices_taken_by_idx').on(t.takenById, t.createdAt, t.id),
    index('vendor_invoices_group_idx').on(t.groupId, t.createdAt, t.id),
    index('vendor_invoices_updated_idx').on(t.updatedAt, t.id),
    index('vendor_invoices_invoice_date_idx').on(t.invoiceDate, t.id),
    index('vendor_invoices_number_idx').on(t.number, t.id),
    index('vendor_invoices_gross_idx').on(t.grossTotal, t.id),
    index('vendor_invoices_paid_idx').on(t.paidDate),
  ],
);

/**
 * A line of a vendor invoice: `quantity` (3 decimals), `unitPrice` in minor units, `vatRate` in
 * percent (2 decimals), and the amounts computed from them (rounded per line, minor units).
 * `materialId` a stock material (stock module) or null for free text; `receivedQuantity` what the
 * warehouse keeper confirmed.
 */
export const vendorInvoiceLines = pgTable(
  'vendor_invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => vendorInvoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    materialId: integer('material_id'),
    description: text('description').notNull(),
    unit: text('unit').notNull().default(''),
    quantity: numeric('quantity', { precision: 15, scale: 3, mode: 'number' }).notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    net: bigint('net', { mode: 'number' }).notNull(),
    vat: bigint('vat', { mode: 'number' }).notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull(),
    receivedQuantity: numeric('received_quantity', { precision: 15, scale: 3, mode: 'number' }),
  },
  (t) => [uniqueIndex('vendor_invoice_lines_invoice_position_idx').on(t.invoiceId, t.position)],
);
