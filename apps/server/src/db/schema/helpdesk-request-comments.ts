import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { helpdeskRequests } from './helpdesk-requests';
import { users } from './users';

/** A comment on a request (plain text with @mentions; the client escapes it). */
export const helpdeskRequestComments = pgTable(
  'helpdesk_request_comments',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => helpdeskRequests.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('helpdesk_request_comments_request_idx').on(t.requestId, t.id)],
);
