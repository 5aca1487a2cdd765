import nodemailer from 'nodemailer';
import type { MailConfig, SmtpConfig } from './config';
import { PermanentSendError, type OutboxMessage, type OutboxTransport } from './transport';

/** SMTP replies that mean our credentials or TLS are wrong, not the message: tried again after the admin fixes the settings. */
const CONFIGURATION_CODES = new Set([530, 534, 535, 538]);

/** What may follow the row id in a Message-ID of ours (a decide-by-reply token, lib/approvals/mail-tokens.ts). */
const MESSAGE_ID_TAG = /^[A-Za-z0-9-]{1,64}$/;

/**
 * The Message-ID of outbox row `id`: `<sd-outbox-{id}@{MAIL_DOMAIN}>`, or
 * `<sd-outbox-{id}.{tag}@{MAIL_DOMAIN}>` with a tag (payload.messageIdTag: the decide-by-reply
 * token, which a reply then carries back in In-Reply-To/References). Inbound mail matches replies on it.
 */
export const outboxMessageId = (id: number, domain: string, tag?: string | null): string =>
  tag && MESSAGE_ID_TAG.test(tag) ? `<sd-outbox-${id}.${tag}@${domain}>` : `<sd-outbox-${id}@${domain}>`;

/** The outbox row id and tag a Message-ID of ours names (`<sd-outbox-{id}[.{tag}]@{domain}>`), or null for someone else's. */
export function parseOutboxMessageId(messageId: string, domain: string): { id: number; tag: string | null } | null {
  const match = /^<?sd-outbox-(\d{1,10})(?:\.([A-Za-z0-9-]{1,64}))?@([^>]+)>?$/.exec(messageId.trim());
  if (!match || match[3]!.toLowerCase() !== domain.toLowerCase()) return null;
  return { id: Number(match[1]), tag: match[2] ?? null };
}

/** The outbox row id a Message-ID of ours names (`<sd-outbox-{id}@…>`, a tag allowed), or null for someone else's. */
export function outboxIdOf(messageId: string, domain: string): number | null {
  return parseOutboxMessageId(messageId, domain)?.id ?? null;
}

/** nodemailer's error with the server's reply code, as an error text `"<code> <message>"`. */
function sendError(error: unknown): Error {
  const e = error as { responseCode?: number; message?: string; response?: string };
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  const text = [code, e.response ?? e.message ?? String(error)].filter((x) => x !== null && x !== '').join(' ');
  // 5xx is final for this message (unknown recipient, refused content), except credentials and TLS.
  if (code !== null && code >= 500 && code < 600 && !CONFIGURATION_CODES.has(code)) return new PermanentSendError(text);
  return new Error(text);
}

/**
 * The mail transport: each outbox row becomes one SMTP message from MAIL_FROM to its recipient
 * with the plain `body` as the text part, `payload.html` (when given) as the HTML part,
 * `payload.lang` as Content-Language, `Auto-Submitted: auto-generated` (RFC 3834: no auto-replies
 * back) and the Message-ID {@link outboxMessageId} (with `payload.messageIdTag`), which it answers
 * as the provider's id; `Reply-To: mail.replyTo` when set (the help-desk mailbox), and
 * `In-Reply-To`/`References: payload.inReplyTo` for an answer to a mail we received. A 5xx reply
 * (other than AUTH/TLS ones) gives the row up at once; anything else is tried again.
 */
export function createSmtpTransport(mail: MailConfig & { smtp: SmtpConfig }): OutboxTransport {
  const { smtp } = mail;
  const transporter = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    requireTLS: smtp.requireStartTls,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    tls: { rejectUnauthorized: smtp.rejectUnauthorized, servername: smtp.host },
    connectionTimeout: smtp.timeoutMs,
    greetingTimeout: smtp.timeoutMs,
    socketTimeout: smtp.timeoutMs,
  });
  return {
    async send(message: OutboxMessage) {
      const tag = typeof message.payload?.messageIdTag === 'string' ? message.payload.messageIdTag : null;
      const messageId = outboxMessageId(message.id, mail.domain, tag);
      const html = typeof message.payload?.html === 'string' ? message.payload.html : undefined;
      const lang = message.payload?.lang;
      const inReplyTo = typeof message.payload?.inReplyTo === 'string' && /^<[^<>\s]{1,900}>$/.test(message.payload.inReplyTo) ? message.payload.inReplyTo : undefined;
      try {
        await transporter.sendMail({
          from: mail.from,
          to: message.recipient,
          subject: message.subject,
          text: message.body,
          ...(html ? { html } : {}),
          messageId,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          ...(inReplyTo ? { inReplyTo, references: inReplyTo } : {}),
          headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All', ...(lang ? { 'Content-Language': lang } : {}) },
        });
      } catch (error) {
        throw sendError(error);
      }
      return { providerMessageId: messageId };
    },
    async close() {
      transporter.close();
    },
  };
}
