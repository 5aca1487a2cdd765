import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * TEMPORARY (eng11): the shared record history agreed with rec11 (issue #11), until their version
 * lands on main — then theirs replaces this file and its table leaves migration 0014.
 * One row per thing that happened to a record of any kind: who (`actorId`, null = the system),
 * on behalf of whom (`onBehalfOfId`, a substitute's decision), from, to, comment, details.
 */
export const recordHistory = pgTable(
  'record_history',
  {
    id: serial('id').primaryKey(),
    recordKind: text('record_kind').notNull(),
    recordId: integer('record_id').notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    actorId: integer('actor_id').references(() => users.id),
    onBehalfOfId: integer('on_behalf_of_id').references(() => users.id),
    comment: text('comment'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('record_history_record_idx').on(t.recordKind, t.recordId, t.id)],
);
