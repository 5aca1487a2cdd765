import {
  isWithinQuietHours,
  minutesOfDay,
  notificationEventKindOf,
  type LanguageCode,
  type NotificationEventKind,
  type NotificationParams,
  type QuietHours,
} from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { notificationDigestItems, outbox } from '../../db/schema';
import type { AppConfig } from '../../config';
import { recipientsOf, type Recipient } from './notifications.preferences';
import { renderTranslation, translationOf } from './notifications.text';
import { absoluteUrl, escapeHtml } from '../../lib/outbox/mail-template';
import { issueDecisionToken } from '../../lib/approvals/mail-tokens';

/** A WhatsApp-reachable number: `994` + 9 digits (SPEC §2 phone prompt). */
export const WHATSAPP_NUMBER = /^994\d{9}$/;

/** The wall-clock minute of the day (0..1439) of `at` in `timeZone`. */
export function wallClockMinute(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/**
 * When a WhatsApp notice made at `now` may go: null when `now` is outside the quiet hours (at
 * once), else the instant the quiet hours end (their `to` in `timeZone`, today or tomorrow).
 * Counted in wall-clock minutes: in a zone with daylight saving a night over the change ends an
 * hour off (Asia/Baku has none).
 */
export function quietHoursEnd(now: Date, quiet: QuietHours | null, timeZone: string): Date | null {
  const minute = wallClockMinute(now, timeZone);
  if (!quiet || !isWithinQuietHours(quiet, minute)) return null;
  const wait = (minutesOfDay(quiet.to) - minute + 1440) % 1440;
  const startOfMinute = Math.floor(now.getTime() / 60_000) * 60_000;
  return new Date(startOfMinute + wait * 60_000);
}

/** `path` (an app path such as /home/helpdesk/requests/7) as an absolute link (PUBLIC_URL, lib/outbox/mail-template); the home page when null. */
export const absoluteLink = (config: AppConfig, path: string | null): string => absoluteUrl(config.mail, config.port, path ?? '/');

const t = (lang: LanguageCode, key: string, params: NotificationParams = {}) => renderTranslation(lang, `notificationPrefs.${key}`, params);

/** A notification as the fan-out and the digest render it. */
export interface NotificationToSend {
  notificationId: number;
  key: string;
  params: NotificationParams | null;
  redirectUrl: string | null;
}

/**
 * The mail of one notification in `lang` (issue #38): subject "{org}: {text}", the text, a link
 * to the record (absolute, PUBLIC_URL) and a footer pointing at the profile's preferences; HTML
 * and plain text. With `replyToken` (a "your turn to approve" mail while inbound mail is on,
 * lib/approvals/mail-tokens.ts) it also says how to decide by replying, carries the token in a
 * reference line and asks the transport to put it in the Message-ID (`payload.messageIdTag`).
 */
export function notificationMail(config: AppConfig, lang: LanguageCode, n: NotificationToSend, event: NotificationEventKind, replyToken: string | null = null) {
  const message = renderTranslation(lang, n.key, n.params);
  const link = absoluteLink(config, n.redirectUrl);
  const profile = absoluteLink(config, '/user/profile');
  const org = config.mail.organisationName;
  const open = t(lang, 'mail.open');
  const footer = t(lang, 'mail.footer', { org });
  const reply = replyToken ? { hint: t(lang, 'mail.replyToDecide'), reference: t(lang, 'mail.reference', { token: replyToken }) } : null;
  const subject = `${org}: ${message.text}`.slice(0, 200);
  const replyText = reply ? `${reply.hint.text}\n${reply.reference.text}\n\n` : '';
  const body = `${message.text}\n\n${open.text}: ${link}\n\n${replyText}-- \n${footer.text}\n${profile}\n`;
  const html = [
    `<!doctype html><html lang="${lang}"><body style="font-family:Arial,sans-serif;color:#1f2937">`,
    `<p>${message.html}</p>`,
    `<p><a href="${escapeHtml(link)}">${open.html}</a></p>`,
    ...(reply ? [`<p>${reply.hint.html}<br><span style="color:#6b7280;font-size:12px">${reply.reference.html}</span></p>`] : []),
    `<hr><p style="color:#6b7280;font-size:12px">${footer.html} <a href="${escapeHtml(profile)}">${escapeHtml(profile)}</a></p>`,
    '</body></html>',
  ].join('');
  return { subject, body, payload: { kind: 'notification', event, lang, html, notificationId: n.notificationId, ...(replyToken ? { messageIdTag: replyToken } : {}) } };
}

/** The WhatsApp notice of one notification in `lang`: the text and the record's link on one line (the template's {{1}}). */
export function notificationWhatsApp(config: AppConfig, lang: LanguageCode, n: NotificationToSend, event: NotificationEventKind) {
  const message = renderTranslation(lang, n.key, n.params);
  return {
    subject: translationOf(lang, `notificationPrefs.events.${event}`) ?? event,
    body: `${message.text} ${absoluteLink(config, n.redirectUrl)}`,
    payload: { kind: 'notification', event, lang, notificationId: n.notificationId },
  };
}

/** What the fan-out wrote for one notify() call (tests and logs). */
export interface FanOutResult {
  mails: number;
  whatsapps: number;
  digestItems: number;
}

/**
 * Writes the outbox rows of freshly created notifications by each recipient's preferences
 * (issue #38): the notification's event kind (notificationEventKindOf; none → the app only);
 * mail `immediate` → a mail row in the recipient's language, `digest` → a digest item for the
 * daily digest, `never` → nothing (an approval mail carries a decide-by-reply token while inbound
 * mail is on); WhatsApp on and a 994… number → a whatsapp row, due at once or
 * when the quiet hours end (`next_attempt_at`). Inactive users get nothing outside the app. One
 * query for the recipients, one insert per table, in one transaction.
 */
export async function fanOut(
  db: Db,
  config: AppConfig,
  created: readonly { id: number; userId: number }[],
  key: string,
  params: NotificationParams | null,
  redirectUrl: string | null,
  now = new Date(),
): Promise<FanOutResult> {
  const result: FanOutResult = { mails: 0, whatsapps: 0, digestItems: 0 };
  const event = notificationEventKindOf(key, redirectUrl);
  if (!event || created.length === 0) return result;
  const recipients = new Map<number, Recipient>((await recipientsOf(db, created.map((c) => c.userId))).map((r) => [r.userId, r]));
  const mails: (typeof outbox.$inferInsert)[] = [];
  const whatsapps: (typeof outbox.$inferInsert)[] = [];
  const digest: (typeof notificationDigestItems.$inferInsert)[] = [];
  for (const row of created) {
    const r = recipients.get(row.userId);
    if (!r || !r.isActive) continue;
    const choice = r.preferences.events[event];
    const n: NotificationToSend = { notificationId: row.id, key, params, redirectUrl };
    if (choice.mail === 'immediate' && r.email) {
      // Decide by reply: only when replies are read (inbound mail on) and a step waits.
      const replyToken = event === 'approvalWaiting' && config.inboundMail ? await issueDecisionToken(db, config, r.userId, redirectUrl) : null;
      mails.push({ channel: 'mail', recipient: r.email, ...notificationMail(config, r.language, n, event, replyToken), createdAt: now, nextAttemptAt: now });
    } else if (choice.mail === 'digest') {
      digest.push({ notificationId: row.id, userId: r.userId, createdAt: now });
    }
    if (choice.whatsapp && r.phone && WHATSAPP_NUMBER.test(r.phone)) {
      const due = quietHoursEnd(now, r.preferences.quietHours, config.organisationTimeZone) ?? now;
      whatsapps.push({ channel: 'whatsapp', recipient: r.phone, ...notificationWhatsApp(config, r.language, n, event), createdAt: now, nextAttemptAt: due });
    }
  }
  if (mails.length + whatsapps.length + digest.length === 0) return result;
  await db.transaction(async (tx) => {
    if (mails.length + whatsapps.length > 0) await tx.insert(outbox).values([...mails, ...whatsapps]);
    if (digest.length > 0) await tx.insert(notificationDigestItems).values(digest).onConflictDoNothing();
  });
  return { mails: mails.length, whatsapps: whatsapps.length, digestItems: digest.length };
}
