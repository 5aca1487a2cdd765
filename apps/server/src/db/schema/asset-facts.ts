import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { inventories } from './stock-inventories';
import { users } from './users';
import { helpdeskRequests } from './helpdesk-requests';

/**
 * What an asset is and how it was bought (issue #40 "Asset facts"), one row per inventory once
 * someone wrote a fact or its holder confirmed receipt: model, manufacturer, purchase date and
 * price (minor units + currency), warranty end (`warrantyNotifiedAt` set once the keeper was
 * told it ends within 30 days), supplier. `confirmedById`/`confirmedAt`: the holder who
 * confirmed receiving it (valid while they hold it and it was not issued again since);
 * `returnRequestedById`/`returnRequestedAt`: the holder asked to give it back.
 */
export const inventoryFacts = pgTable(
  'inventory_facts',
  {
    inventoryId: integer('inventory_id')
      .primaryKey()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    model: text('model'),
    manufacturer: text('manufacturer'),
    purchaseDate: date('purchase_date', { mode: 'string' }),
    purchasePrice: bigint('purchase_price', { mode: 'number' }),
    purchaseCurrency: text('purchase_currency').notNull().default('AZN'),
    warrantyEnd: date('warranty_end', { mode: 'string' }),
    supplier: text('supplier'),
    warrantyNotifiedAt: timestamp('warranty_notified_at', { withTimezone: true }),
    confirmedById: integer('confirmed_by_id').references(() => users.id),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    returnRequestedById: integer('return_requested_by_id').references(() => users.id),
    returnRequestedAt: timestamp('return_requested_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inventory_facts_warranty_idx').on(t.warrantyEnd).where(sql`${t.warrantyNotifiedAt} is null`)],
);

/** A help-desk request linked to an asset (a fault its holder reported; GLPI's ticket-to-asset link). */
export const inventoryHelpdeskLinks = pgTable(
  'inventory_helpdesk_links',
  {
    inventoryId: integer('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    helpdeskRequestId: integer('helpdesk_request_id')
      .notNull()
      .references(() => helpdeskRequests.id, { onDelete: 'cascade' }),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'inventory_helpdesk_links_pk', columns: [t.inventoryId, t.helpdeskRequestId] }),
    index('inventory_helpdesk_links_request_idx').on(t.helpdeskRequestId),
  ],
);
