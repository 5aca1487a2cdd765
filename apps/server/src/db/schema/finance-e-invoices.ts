import { bigint, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { EInvoiceDifference, EInvoiceLine, EInvoiceMatchStatus } from '@servicedesk/contracts';
import { users } from './users';
import { modalElements } from './modal-elements';
import { vendorInvoices } from './finance-vendor-invoices';

/**
 * One imported file of the tax portal's XML export (issue #16): `fileHash` = SHA-256 of its text,
 * unique — importing the same file again changes nothing.
 */
export const eInvoiceImports = pgTable(
  'e_invoice_imports',
  {
    id: serial('id').primaryKey(),
    fileName: text('file_name').notNull(),
    fileHash: text('file_hash').notNull(),
    invoiceCount: integer('invoice_count').notNull(),
    createdCount: integer('created_count').notNull(),
    importedById: integer('imported_by_id')
      .notNull()
      .references(() => users.id),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('e_invoice_imports_file_hash_idx').on(t.fileHash)],
);

/**
 * An e-invoice from that export. The XML is the source of truth for its lines (`lines`, never
 * overwritten by a match — unlike Odoo, odoo#287974); `invoiceHash` = SHA-256 of the invoice's
 * canonical content, unique — the same invoice in another file is not imported twice. Matched to a
 * vendor by the seller's TIN and to a vendor invoice by number (and amounts: `matchStatus`,
 * `differences`).
 */
export const eInvoices = pgTable(
  'e_invoices',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => eInvoiceImports.id),
    invoiceHash: text('invoice_hash').notNull(),
    number: text('number').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    sellerTin: text('seller_tin').notNull(),
    sellerName: text('seller_name').notNull(),
    buyerTin: text('buyer_tin').notNull(),
    currency: text('currency').notNull(),
    netTotal: bigint('net_total', { mode: 'number' }).notNull(),
    vatTotal: bigint('vat_total', { mode: 'number' }).notNull(),
    grossTotal: bigint('gross_total', { mode: 'number' }).notNull(),
    lines: jsonb('lines').$type<EInvoiceLine[]>().notNull(),
    vendorId: integer('vendor_id').references(() => modalElements.id),
    vendorInvoiceId: integer('vendor_invoice_id').references(() => vendorInvoices.id),
    matchStatus: text('match_status').$type<EInvoiceMatchStatus>().notNull(),
    differences: jsonb('differences').$type<EInvoiceDifference[]>().notNull().default([]),
    importedById: integer('imported_by_id')
      .notNull()
      .references(() => users.id),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('e_invoices_invoice_hash_idx').on(t.invoiceHash),
    index('e_invoices_imported_idx').on(t.importedAt, t.id),
    index('e_invoices_vendor_invoice_idx').on(t.vendorInvoiceId),
  ],
);
