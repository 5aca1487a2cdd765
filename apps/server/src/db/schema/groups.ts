import { boolean, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A team such as IT support or the warehouse (DOMAIN.md "Group"): its members and one lead are in
 * `group_members`. Deactivated groups stay for history; `name` is unique.
 */
export const groups = pgTable('groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
