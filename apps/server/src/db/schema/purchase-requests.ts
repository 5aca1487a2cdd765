import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { equipmentRequestLines } from './equipment-requests';
import { vendorInvoices } from './finance-vendor-invoices';
import { modalElements } from './modal-elements';
import { users } from './users';

/**
 * A purchase request to a vendor (issue #40 "a line may be grouped into a purchase request to a
 * vendor, optionally linked to its vendor invoice"): number `PR-YYYY-NNNNNN` (from its id), the
 * vendor (a `vendor` modal element), optionally the vendor invoice in finance that bills it, a
 * comment. Its lines are equipment request lines marked for purchase
 * ({@link purchaseRequestLines}); it is `ordered` until every line's receipt arrived, then
 * `received` — derived from the lines, never stored, so a receipt (linked to the line as before)
 * is all it takes.
 */
export const purchaseRequests = pgTable(
  'purchase_requests',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => modalElements.id),
    vendorInvoiceId: integer('vendor_invoice_id').references(() => vendorInvoices.id, { onDelete: 'set null' }),
    comment: text('comment'),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('purchase_requests_number_idx').on(t.number), index('purchase_requests_invoice_idx').on(t.vendorInvoiceId)],
);

/** The lines of a purchase request: an equipment request line is in at most one (the primary key). */
export const purchaseRequestLines = pgTable(
  'purchase_request_lines',
  {
    lineId: integer('line_id')
      .primaryKey()
      .references(() => equipmentRequestLines.id, { onDelete: 'cascade' }),
    purchaseRequestId: integer('purchase_request_id')
      .notNull()
      .references(() => purchaseRequests.id, { onDelete: 'cascade' }),
  },
  (t) => [index('purchase_request_lines_request_idx').on(t.purchaseRequestId)],
);
