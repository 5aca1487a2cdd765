import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The last number given out per numbering scope and year (lib/records/numbering.ts): equipment
 * requests `INV`, and any later module's own series (registry `OUT`, …). Taking a number
 * increments the row in the creator's transaction, so concurrent creators queue on the row lock
 * and a rolled-back creation gives its number back: unique and gap-free.
 */
export const recordNumberCounters = pgTable(
  'record_number_counters',
  {
    scope: text('scope').notNull(),
    year: integer('year').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.year] })],
);
