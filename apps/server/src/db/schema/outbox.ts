import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Where an outbox row is: waiting (or waiting again after a failed try), claimed by a sender, delivered, given up. */
export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** One administrator's retry of a failed row (outbox.retry_history). */
export interface OutboxRetryEntry {
  /** users.id of the administrator. */
  userId: number;
  /** ISO instant of the retry. */
  at: string;
  /** The row's last error and attempts when it was retried. */
  lastError: string | null;
  attempts: number;
}

/**
 * Messages for a transport (mail, WhatsApp), delivered by the sender job (lib/outbox/sender.ts,
 * issue #38). A row is `queued` until `next_attempt_at`; a sender claims it (`sending`,
 * `claimed_by` = its instance, `claimed_until` = the lease, `attempts` + 1) in one statement; then
 * `sent` (with `sent_at`, `message_id`) or back to `queued` with a later `next_attempt_at` and
 * `last_error`, or `failed` after the last try. A claim whose lease ran out (the instance died) is
 * claimed again. Rows of a channel without a transport stay queued.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['mail', 'whatsapp'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    payload: jsonb('payload'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('queued'),
    /** Tries so far (a claim counts as one). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** The provider's id of the sent message (mail: the Message-ID header, `<sd-outbox-{id}@{MAIL_DOMAIN}>`). */
    messageId: text('message_id'),
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    retryHistory: jsonb('retry_history').$type<OutboxRetryEntry[]>().notNull().default([]),
  },
  (t) => [
    check('outbox_status_check', sql`${t.status} IN ('queued', 'sending', 'sent', 'failed')`),
    index('outbox_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} IN ('queued', 'sending')`),
    index('outbox_status_idx').on(t.status, t.id),
  ],
);
