import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { helpdeskRequests } from './helpdesk-requests';
import { users } from './users';

/**
 * People @mentioned on a request (in its description or a comment): they may open it, follow it
 * and comment even without another part in it (record rule `mentioned`, helpdesk.access.ts) —
 * the "watchers" of other service desks. `addedBy` = who mentioned them first.
 */
export const helpdeskRequestWatchers = pgTable(
  'helpdesk_request_watchers',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => helpdeskRequests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    addedBy: integer('added_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.userId] }), index('helpdesk_request_watchers_user_idx').on(t.userId)],
);
