import { integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * The last registry number given out per year. Registering a contract increments its year's row in
 * the same transaction (lib/records/numbering.ts), so concurrent registrations queue on the row lock
 * and a rolled-back one gives its number back: unique and gap-free.
 */
export const contractRegistryCounters = pgTable('contract_registry_counters', {
  year: integer('year').primaryKey(),
  lastValue: integer('last_value').notNull(),
});
