import { integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * The last request number given out per year (HD-YYYY-NNNNNN). Creating a request increments its
 * year's row in the same transaction as the insert, so concurrent creators queue on the row lock
 * and a rolled-back creation gives its number back: unique and gap-free.
 */
export const helpdeskNumberCounters = pgTable('helpdesk_number_counters', {
  year: integer('year').primaryKey(),
  lastValue: integer('last_value').notNull(),
});
