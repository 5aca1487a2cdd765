import nodemailer from 'nodemailer';
import type { MailConfig, SmtpConfig } from './config';
import { PermanentSendError, type OutboxMessage, type OutboxTransport } from './transport';

/** SMTP replies that mean our credentials or TLS are wrong, not the message: tried again after the admin fixes the settings. */
const CONFIGURATION_CODES = new Set([530, 534, 535, 538]);

/** The Message-ID of outbox row `id`: `<sd-outbox-{id}@{MAIL_DOMAIN}>` (inbound mail matches replies on it). */
export const outboxMessageId = (id: number, domain: string): string => `<sd-outbox-${id}@${domain}>`;

/** The outbox row id a Message-ID of ours names (`<sd-outbox-{id}@…>`), or null for someone else's. */
export function outboxIdOf(messageId: string, domain: string): number | null {
  const match = /^<?sd-outbox-(\d+)@([^>]+)>?$/.exec(messageId.trim());
  return match && match[2]!.toLowerCase() === domain.toLowerCase() ? Number(match[1]) : null;
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
 * back) and the Message-ID {@link outboxMessageId}, which it answers as the provider's id. A 5xx
 * reply (other than AUTH/TLS ones) gives the row up at once; anything else is tried again.
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
      const messageId = outboxMessageId(message.id, mail.domain);
      const html = typeof message.payload?.html === 'string' ? message.payload.html : undefined;
      const lang = message.payload?.lang;
      try {
        await transporter.sendMail({
          from: mail.from,
          to: message.recipient,
          subject: message.subject,
          text: message.body,
          ...(html ? { html } : {}),
          messageId,
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
