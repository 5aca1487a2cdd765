import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { HelpdeskPriorityCode, LocalizedNames } from '@servicedesk/contracts';

/**
 * The four priorities (low, normal, high, critical) with their target time in minutes: a
 * request's due time is its creation + `targetMinutes` + the time it spent ON_HOLD.
 */
export const helpdeskPriorities = pgTable('helpdesk_priorities', {
  code: text('code').$type<HelpdeskPriorityCode>().primaryKey(),
  names: jsonb('names').$type<LocalizedNames>().notNull(),
  targetMinutes: integer('target_minutes').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});
