import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { HelpdeskHistoryAction, HelpdeskStatus } from '@servicedesk/contracts';
import { helpdeskRequests } from './helpdesk-requests';
import { users } from './users';

/**
 * One row per thing that happened to a request (DOMAIN.md: who, when, from, to, comment):
 * `fromStatus` null for the creation, `actorId` null for the system (auto-close), `details` the
 * action's data (assignee, hold reason, solution, changed fields).
 */
export const helpdeskRequestHistory = pgTable(
  'helpdesk_request_history',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => helpdeskRequests.id, { onDelete: 'cascade' }),
    action: text('action').$type<HelpdeskHistoryAction>().notNull(),
    fromStatus: text('from_status').$type<HelpdeskStatus>(),
    toStatus: text('to_status').$type<HelpdeskStatus>().notNull(),
    actorId: integer('actor_id').references(() => users.id),
    comment: text('comment'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('helpdesk_request_history_request_idx').on(t.requestId, t.id)],
);
