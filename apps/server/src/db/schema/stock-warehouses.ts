import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { locations } from './locations';
import { users } from './users';

/**
 * A warehouse (DOMAIN.md "Inventory"): name (unique case-insensitively), the location it is at,
 * its keeper (who answers for it and may post its operations). Inactive ones take no operations.
 */
export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    locationId: integer('location_id').references(() => locations.id),
    keeperId: integer('keeper_id').references(() => users.id),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('warehouses_name_lower_idx').on(sql`lower(${t.name})`), index('warehouses_keeper_idx').on(t.keeperId),
    // The grid's keyset walks (issue #44, migration 0043).
    index('warehouses_name_idx').on(t.name, t.id), index('warehouses_created_idx').on(t.createdAt, t.id)],
);
