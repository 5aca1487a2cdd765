import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/*
 * Inbound mail (issue #38): the help-desk mailbox read over IMAP (modules/inboundMail), the
 * cluster-wide turn of jobs that hold it across network calls (lib/jobs.ts claimJobLease), the
 * once-a-day refusal of unknown senders, and the single-use tokens of decide-by-reply
 * (lib/approvals/mail-tokens.ts). Migration 0040.
 */

/** Where a message ended: turned into something, deliberately left alone, answered with a refusal, or failed (kept in the Failed folder). */
export const INBOUND_MAIL_STATUSES = ['processing', 'processed', 'ignored', 'refused', 'failed'] as const;
export type InboundMailStatus = (typeof INBOUND_MAIL_STATUSES)[number];

/**
 * One message read from the help-desk mailbox, whatever became of it. `message_key` is its
 * Message-ID (or `sha256:<hex>` of the source when it has none) and unique, so a message seen
 * again — its move to the Processed folder failed, or two readers overlapped — is never handled
 * twice. `outcome` says what it became (`request`, `comment`, `decision`, `refusal`, `loop`,
 * `notUnderstood`, …), `reason` why it was ignored, refused or failed (the admin reads it on the
 * Outbox page's inbound tab), `record_kind` / `record_id` the record it went to, `folder` where
 * the message was moved. `details` holds what else is worth showing (watchers added, files, the
 * decision).
 */
export const inboundMail = pgTable(
  'inbound_mail',
  {
    id: serial('id').primaryKey(),
    messageKey: text('message_key').notNull(),
    /** The Message-ID header as sent (with its angle brackets), null when the message had none. */
    messageId: text('message_id'),
    /** The sender's address, lower case. */
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name'),
    subject: text('subject').notNull().default(''),
    /** The message's own Date header. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Bytes of the source as the mailbox reported them. */
    sizeBytes: integer('size_bytes'),
    status: text('status', { enum: INBOUND_MAIL_STATUSES }).notNull().default('processing'),
    outcome: text('outcome'),
    reason: text('reason'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    recordKind: text('record_kind'),
    recordId: integer('record_id'),
    folder: text('folder'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inbound_mail_message_key_idx').on(t.messageKey),
    index('inbound_mail_status_idx').on(t.status, t.id),
    index('inbound_mail_message_id_idx').on(t.messageId),
    check('inbound_mail_status_check', sql`${t.status} IN ('processing', 'processed', 'ignored', 'refused', 'failed')`),
  ],
);

/** An unknown address was answered with the polite refusal on `day` (Baku calendar day): at most one a day per address. */
export const inboundMailRefusals = pgTable(
  'inbound_mail_refusals',
  {
    address: text('address').notNull(),
    day: date('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.address, t.day] })],
);

/**
 * The turn of a job that must run on one instance at a time across the cluster and holds it over
 * network calls (an advisory transaction lock would keep a transaction open meanwhile, which
 * PGlite cannot share): `holder` has it until `until` (lib/jobs.ts claimJobLease).
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});

/**
 * A decide-by-reply token (lib/approvals/mail-tokens.ts): issued with the "your turn to approve"
 * mail to `user_id` for the pending step `step_id` of approval `approval_id`; its text is
 * `SDA-{id}-{hmac}` (signed, so ids cannot be guessed). `used_at` makes it single-use; a decision
 * that the engine refused gives it back (used_at null again).
 */
export const approvalMailTokens = pgTable(
  'approval_mail_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    approvalId: integer('approval_id').notNull(),
    stepId: integer('step_id').notNull(),
    recordKind: text('record_kind').notNull(),
    recordId: integer('record_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** inbound_mail.id of the reply that used it. */
    usedByInboundId: integer('used_by_inbound_id'),
  },
  (t) => [index('approval_mail_tokens_step_idx').on(t.stepId, t.userId)],
);
