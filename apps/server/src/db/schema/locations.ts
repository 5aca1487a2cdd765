import { boolean, pgTable, serial, text } from 'drizzle-orm/pg-core';

/** An office or branch (DOMAIN.md "Location"); deactivated ones stay on the users there. */
export const locations = pgTable('locations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  isActive: boolean('is_active').notNull().default(true),
});
