import { pgTable, serial, text } from 'drizzle-orm/pg-core';

/** A job position (DOMAIN.md "Position"). */
export const positions = pgTable('positions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});
