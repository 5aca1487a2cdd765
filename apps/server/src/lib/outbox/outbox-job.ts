import type { FastifyInstance } from 'fastify';
import { scheduleOutboxSender, type OutboxSender } from './sender';
import { createSmtpTransport } from './smtp';
import { defaultTransports } from './transport';

/**
 * The outbox at start (app.ts): with SMTP_HOST, the SMTP transport is registered for `mail`
 * (and closed and removed when the app closes); the sender job runs either way — without any
 * transport it claims nothing, so rows stay queued and `npm start` works as without mail.
 */
export function registerOutbox(app: FastifyInstance): OutboxSender {
  const mail = app.deps.config.mail;
  if (mail.smtp) {
    // Replies come back to the help-desk mailbox when inbound mail is on (MAIL_REPLY_TO overrides).
    const smtp = createSmtpTransport({ ...mail, smtp: mail.smtp, replyTo: mail.replyTo ?? app.deps.config.inboundMail?.address ?? null });
    defaultTransports.register('mail', smtp);
    app.addHook('onClose', async () => {
      if (defaultTransports.get('mail') === smtp) defaultTransports.unregister('mail');
      await smtp.close?.();
    });
  }
  return scheduleOutboxSender(app, defaultTransports);
}
