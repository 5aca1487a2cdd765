import { z } from 'zod';

/*
 * The outbox administration (/api/admin/outbox, issue #38): the messages the server sends (mail,
 * WhatsApp) with their delivery state, and the retry of a failed one. Texts are translated on the
 * client (area `adminOutbox`).
 */

export const outboxStatus = z.enum(['queued', 'sending', 'sent', 'failed']);
export type OutboxStatusValue = z.infer<typeof outboxStatus>;

/** GET /api/admin/outbox query: a status (none = every one), a page of `pageSize` rows (newest first). */
export const outboxListQuery = z.object({
  status: outboxStatus.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type OutboxListQuery = z.infer<typeof outboxListQuery>;

/** One administrator's retry of a row. */
export const outboxRetry = z.object({
  userId: z.number().int(),
  /** "First Last" of the administrator, or their email when the name is empty. */
  userName: z.string(),
  /** ISO instant. */
  at: z.string(),
  /** The error the row had when it was retried. */
  lastError: z.string().nullable(),
  attempts: z.number().int(),
});

/** One outbox row as the admin sees it (no body: it may carry a password link). */
export const outboxRow = z.object({
  id: z.number().int(),
  channel: z.enum(['mail', 'whatsapp']),
  recipient: z.string(),
  subject: z.string(),
  /** payload.kind: passwordReset, accountCreated, adminReset, a notification event, digest… */
  kind: z.string().nullable(),
  status: outboxStatus,
  attempts: z.number().int(),
  /** ISO instants. */
  createdAt: z.string(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  /** The last failed try's error (the reason of a failed row). */
  lastError: z.string().nullable(),
  /** The provider's message id (mail: the Message-ID header). */
  messageId: z.string().nullable(),
  retries: z.array(outboxRetry),
});
export type OutboxRow = z.infer<typeof outboxRow>;

/** GET /api/admin/outbox answer: a page of rows, the total for the filter, the count per status, and which channels can send. */
export const outboxPage = z.object({
  rows: z.array(outboxRow),
  total: z.number().int(),
  counts: z.record(outboxStatus, z.number().int()),
  /** False when SMTP_HOST is not set: mail rows stay queued. */
  mailConfigured: z.boolean(),
});
export type OutboxPage = z.infer<typeof outboxPage>;
