import { jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Messages waiting for a transport (mail now, WhatsApp later). No transport is configured yet, so
 * rows stay unsent; `sentAt` is set by the sender that will deliver them.
 */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  channel: text('channel', { enum: ['mail', 'whatsapp'] }).notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  payload: jsonb('payload'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
