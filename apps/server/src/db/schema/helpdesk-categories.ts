import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { LocalizedNames } from '@servicedesk/contracts';

/**
 * A help-desk category (DOMAIN.md "Help-desk requests": Category → Component). `names` holds the
 * interface languages (az required); `code` marks seeded rows so the seed finds them again after
 * an admin renamed them (null for rows admins create).
 */
export const helpdeskCategories = pgTable('helpdesk_categories', {
  id: serial('id').primaryKey(),
  code: text('code').unique(),
  names: jsonb('names').$type<LocalizedNames>().notNull(),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
