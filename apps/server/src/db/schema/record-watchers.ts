import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * People following a record of any kind — @mentioned in its text or a comment: they may open it,
 * see it in their lists and comment (each kind's visibility rule lets watchers in,
 * lib/records/visibility.ts). `addedBy` = who mentioned them first.
 */
export const recordWatchers = pgTable(
  'record_watchers',
  {
    recordKind: text('record_kind').notNull(),
    recordId: integer('record_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    addedBy: integer('added_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.recordKind, t.recordId, t.userId] }),
    index('record_watchers_user_idx').on(t.userId, t.recordKind, t.recordId),
  ],
);
