import { boolean, pgTable, serial, text } from 'drizzle-orm/pg-core';

/** A job position (DOMAIN.md "Position"); deactivated ones stay on the users that hold them. */
export const positions = pgTable('positions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  isActive: boolean('is_active').notNull().default(true),
});
