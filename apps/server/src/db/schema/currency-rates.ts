import { date, index, integer, numeric, pgTable, primaryKey, text, timestamp, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';

/**
 * The official rate of a currency on a date (issue #41): `rate` manat (AZN) for `nominal` units of
 * `currency` — as the Central Bank of Azerbaijan publishes it (RUB: 2.1443 per 100). One row per
 * currency and date; `source` says whether it came from the bank's daily XML (`cbar`) or was typed
 * by the accountant (`manual`). A report converts an amount of day D at the latest rate dated on or
 * before D.
 */
export const currencyRates = pgTable(
  'currency_rates',
  {
    currency: text('currency').notNull(),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    rate: numeric('rate', { precision: 18, scale: 6, mode: 'number' }).notNull(),
    nominal: integer('nominal').notNull().default(1),
    name: text('name').notNull().default(''),
    source: text('source', { enum: ['cbar', 'manual'] }).notNull().default('manual'),
    updatedById: integer('updated_by_id').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.currency, t.rateDate] }),
    index('currency_rates_date_idx').on(t.rateDate),
    check('currency_rates_rate_positive', sql`${t.rate} > 0 AND ${t.nominal} > 0`),
  ],
);
