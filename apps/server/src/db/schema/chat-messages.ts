import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Staff chat messages (SPEC §3 "Chat message", §4 "Chat"): one row per message from `senderId`
 * to `receiverId`, text trimmed (1–2000 characters). `readAt` is the read mark: null until the
 * receiver opens or collapses the conversation (POST /api/chat/markRead).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_messages_pair_idx').on(t.senderId, t.receiverId, t.id),
    index('chat_messages_unread_idx').on(t.receiverId, t.readAt),
  ],
);
