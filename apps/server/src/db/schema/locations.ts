import { pgTable, serial, text } from 'drizzle-orm/pg-core';

/** An office or branch (DOMAIN.md "Location"). */
export const locations = pgTable('locations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});
