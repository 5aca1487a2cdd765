import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per thing that happened to a record of any kind (issue #11; DOMAIN.md: who, when, on
 * behalf of whom, from, to, comment), keyed by (`recordKind`, `recordId`) — contracts
 * RECORD_KINDS. `actorId` null = the system; `onBehalfOfId` = the user a substitute acted for;
 * `fromStatus` null for the creation; `toStatus` null when the status did not change; `details`
 * the action's data. Written through lib/records/history.ts.
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
