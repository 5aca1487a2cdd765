import { and, asc, inArray, isNull, lt, sql } from 'drizzle-orm';
import { formatDate, formatTime } from '@servicedesk/i18n/format';
import { notificationEventKindOf, type LanguageCode, type NotificationParams } from '@servicedesk/contracts';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { notificationDigestItems, notifications, outbox } from '../../db/schema';
import { recipientsOf } from './notifications.preferences';
import { renderTranslation } from './notifications.text';
import { absoluteLink } from './notifications.fanout';
import { escapeHtml } from '../../lib/outbox/mail-template';

/**
 * The latest digest instant at or before `now`: today's (or, before it, yesterday's) `hour`:00
 * in `timeZone`. The digest covers the notifications made before it.
 */
export function digestCutoff(now: Date, timeZone: string, hour: number): Date {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wallAsUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  const offset = wallAsUtc - Math.floor(now.getTime() / 1000) * 1000;
  let cutoff = Date.UTC(get('year'), get('month') - 1, get('day'), hour) - offset;
  if (cutoff > now.getTime()) cutoff -= 24 * 60 * 60 * 1000;
  return new Date(cutoff);
}

/** One line of a digest. */
export interface DigestEntry {
  key: string;
  params: NotificationParams | null;
  redirectUrl: string | null;
  createdAt: Date;
}

/**
 * The digest mail of one user in `lang` (issue #38): subject "{org}: {Daily digest} {date}",
 * an introduction, then each notification (time in the organisation's zone, its text, a link to
 * its record), oldest first, and the footer pointing at the profile's preferences.
 */
export function digestMail(config: AppConfig, lang: LanguageCode, day: Date, entries: readonly DigestEntry[]) {
  const org = config.mail.organisationName;
  const date = formatDate(day, lang);
  const tr = (key: string, params: NotificationParams = {}) => renderTranslation(lang, `notificationPrefs.${key}`, params);
  const subject = `${org}: ${tr('digest.subject', { date }).text}`;
  const intro = tr('digest.intro', { n: entries.length, date });
  const open = tr('mail.open');
  const footer = tr('mail.footer', { org });
  const profile = absoluteLink(config, '/user/profile');
  const lines = entries.map((e) => ({ time: formatTime(e.createdAt, lang), message: renderTranslation(lang, e.key, e.params), link: absoluteLink(config, e.redirectUrl) }));
  const body = [
    intro.text,
    '',
    ...lines.map((l) => `${l.time}  ${l.message.text}\n       ${l.link}`),
    '',
    '-- ',
    footer.text,
    profile,
    '',
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${lang}"><body style="font-family:Arial,sans-serif;color:#1f2937">`,
    `<p>${intro.html}</p><ul>`,
    ...lines.map((l) => `<li><span style="color:#6b7280">${escapeHtml(l.time)}</span> ${l.message.html} <a href="${escapeHtml(l.link)}">${open.html}</a></li>`),
    `</ul><hr><p style="color:#6b7280;font-size:12px">${footer.html} <a href="${escapeHtml(profile)}">${escapeHtml(profile)}</a></p>`,
    '</body></html>',
  ].join('');
  return { subject, body, html };
}

/**
 * The daily digest job (issue #38): claims every waiting digest item made before the latest
 * digest instant ({@link digestCutoff}, NOTIFICATION_DIGEST_HOUR in ORG_TIME_ZONE) in one
 * statement — so two instances never send one twice — and writes one mail per user with them,
 * in the user's language; inactive users' items are claimed and dropped. Items digested over 30
 * days ago are deleted. Answers how many digest mails were written.
 */
export async function sendDailyDigests(db: Db, config: AppConfig, now = new Date()): Promise<number> {
  const cutoff = digestCutoff(now, config.organisationTimeZone, config.notificationDelivery.digestHour);
  const written = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(notificationDigestItems)
      .set({ digestedAt: now })
      .where(and(isNull(notificationDigestItems.digestedAt), lt(notificationDigestItems.createdAt, cutoff)))
      .returning({ notificationId: notificationDigestItems.notificationId, userId: notificationDigestItems.userId });
    if (claimed.length === 0) return 0;
    const rows = await tx
      .select({ id: notifications.id, userId: notifications.userId, key: notifications.descKey, params: notifications.params, redirectUrl: notifications.redirectUrl, createdAt: notifications.createdAt })
      .from(notifications)
      .where(inArray(notifications.id, claimed.map((c) => c.notificationId)))
      .orderBy(asc(notifications.createdAt), asc(notifications.id));
    const recipients = await recipientsOf(tx, [...new Set(claimed.map((c) => c.userId))]);
    const mails = recipients
      .filter((r) => r.isActive && r.email)
      .map((r) => ({ r, entries: rows.filter((n) => n.userId === r.userId && notificationEventKindOf(n.key, n.redirectUrl) !== null) }))
      .filter(({ entries }) => entries.length > 0)
      .map(({ r, entries }) => {
        const mail = digestMail(config, r.language, cutoff, entries);
        return {
          channel: 'mail' as const,
          recipient: r.email,
          subject: mail.subject,
          body: mail.body,
          payload: { kind: 'digest', lang: r.language, html: mail.html, notificationIds: entries.map((e) => e.id) },
          createdAt: now,
          nextAttemptAt: now,
        };
      });
    if (mails.length > 0) await tx.insert(outbox).values(mails);
    return mails.length;
  });
  await db.delete(notificationDigestItems).where(lt(notificationDigestItems.digestedAt, sql`${now.toISOString()}::timestamptz - interval '30 days'`));
  return written;
}
