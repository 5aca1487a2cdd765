import { z } from 'zod';

/*
 * Inbound mail administration (/api/admin/inboundMail, issue #38): every message read from the
 * help-desk mailbox and what became of it — a request, a comment, a decision, ignored as a loop,
 * refused (unknown sender, a reply that decided nothing), or failed with its reason (kept in the
 * mailbox's Failed folder). Texts are translated on the client (area `adminOutbox`, `inbound.*`).
 */

export const inboundMailStatus = z.enum(['processing', 'processed', 'ignored', 'refused', 'failed']);
export type InboundMailStatusValue = z.infer<typeof inboundMailStatus>;

/** GET /api/admin/inboundMail query: a status (none = every one), a page of `pageSize` rows (newest first). */
export const inboundMailListQuery = z.object({
  status: inboundMailStatus.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type InboundMailListQuery = z.infer<typeof inboundMailListQuery>;

/** One message as the admin sees it (no body: it stays in the mailbox and on the record). */
export const inboundMailRow = z.object({
  id: z.number().int(),
  /** The Message-ID header, or null. */
  messageId: z.string().nullable(),
  fromAddress: z.string(),
  fromName: z.string().nullable(),
  subject: z.string(),
  status: inboundMailStatus,
  /** request | comment | decision | loop | unknownSender | notDecided | failed | interrupted | unreadable … */
  outcome: z.string().nullable(),
  /** Why it was ignored (the loop: bounce, ownMessage, autoSubmitted, precedence, autoReply), refused or failed (`code: message`). */
  reason: z.string().nullable(),
  /** The code `reason` was written from (mail.reasons.<code> or adminOutbox.inbound.reasons.<code> gives its text in the reader's language), or null. */
  reasonCode: z.string().nullable().default(null),
  /** The parameters of that text (fileName, maxMb, …). */
  reasonParams: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
  /** The ServiceDesk user it came from (a known address), or null. */
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The record it became or went to, with its page. */
  record: z.object({ kind: z.string(), id: z.number().int(), url: z.string().nullable() }).nullable(),
  /** The mailbox folder it was moved to. */
  folder: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** ISO instants: when it was read, and the message's own Date. */
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type InboundMailRow = z.infer<typeof inboundMailRow>;

/** GET /api/admin/inboundMail answer. */
export const inboundMailPage = z.object({
  rows: z.array(inboundMailRow),
  total: z.number().int(),
  counts: z.record(inboundMailStatus, z.number().int()),
  /** False when IMAP_HOST is not set: nothing is read. */
  configured: z.boolean(),
  /** The help-desk address (INBOUND_ADDRESS) and the folders, when configured. */
  address: z.string().nullable(),
  folders: z.object({ inbox: z.string(), processed: z.string(), failed: z.string() }).nullable(),
});
export type InboundMailPage = z.infer<typeof inboundMailPage>;
