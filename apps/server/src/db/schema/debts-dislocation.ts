import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { debtImports } from './debts-reports';

/*
 * Wagon dislocation (issue #17; DOMAIN.md "Finance" dislocation): every sighting of a railway
 * wagon (8-digit number with its check digit) from the CSV snapshots; a wagon's status is its
 * latest sighting. The same sighting (wagon, time, station) imported again is found by the unique
 * index, so a second import changes nothing. Vendor invoices name wagons by their transport numbers.
 */
/** A wagon's latest known status (its newest sighting), kept by the imports; the grid reads it. */
export const wagons = pgTable(
  'wagons',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    station: text('station').notNull(),
    state: text('state', { enum: ['loaded', 'empty', 'inRepair', 'atDestination'] }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    sightings: integer('sightings').notNull().default(0),
  },
  (t) => [uniqueIndex('wagons_number_idx').on(t.number), index('wagons_seen_idx').on(t.seenAt, t.id)],
);

export const wagonSightings = pgTable(
  'wagon_sightings',
  {
    id: serial('id').primaryKey(),
    wagonNumber: text('wagon_number').notNull(),
    station: text('station').notNull(),
    state: text('state', { enum: ['loaded', 'empty', 'inRepair', 'atDestination'] }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    importId: integer('import_id').references(() => debtImports.id),
    sourceLine: integer('source_line'),
  },
  (t) => [
    uniqueIndex('wagon_sightings_identity_idx').on(t.wagonNumber, t.seenAt, t.station),
    index('wagon_sightings_seen_idx').on(t.seenAt),
  ],
);
