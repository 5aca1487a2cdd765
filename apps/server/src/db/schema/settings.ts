import { pgTable, text } from 'drizzle-orm/pg-core';

/** Instance-wide settings every server instance must agree on (e.g. the generated JWT secret). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
