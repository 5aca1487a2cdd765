import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A permission profile (DOMAIN.md "UserType"); `key` is the stable name the seed and code use. */
export const userTypes = pgTable('user_types', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
