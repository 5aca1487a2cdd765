import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A comment on a record of any kind (plain text with @mentions; the client escapes it). */
export const recordComments = pgTable(
  'record_comments',
  {
    id: serial('id').primaryKey(),
    recordKind: text('record_kind').notNull(),
    recordId: integer('record_id').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('record_comments_record_idx').on(t.recordKind, t.recordId, t.id)],
);
