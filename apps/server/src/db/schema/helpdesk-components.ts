import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { LocalizedNames } from '@servicedesk/contracts';
import { helpdeskCategories } from './helpdesk-categories';
import { groups } from './groups';

/**
 * A component of a category (e.g. Hardware → Printer), served by one group; `requiresApproval`
 * = its requests wait for the group lead's approval before work starts. `code` as for categories.
 */
export const helpdeskComponents = pgTable(
  'helpdesk_components',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => helpdeskCategories.id),
    code: text('code').unique(),
    names: jsonb('names').$type<LocalizedNames>().notNull(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    requiresApproval: boolean('requires_approval').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('helpdesk_components_category_idx').on(t.categoryId)],
);
