import { buildLocale, type TranslationTree } from '@servicedesk/i18n';
import type { LanguageCode } from '@servicedesk/contracts';
import type { MailConfig } from './config';

/**
 * Mail templates (issue #38): a message kind's texts live in the `mail` translation area
 * (packages/i18n/src/locales/{az,en,ru,tr}/mail.json) under `mail.<kind>`: `subject`, `action`
 * (the button's label, when the message has a link) and any other keys — the paragraphs, in the
 * file's order. `{{name}}` marks take the params; `{{organisation}}` is ORG_NAME. The HTML part
 * escapes every text and param; links are absolute (PUBLIC_URL).
 *
 * Adding a kind: add `mail.<kind>` to the four mail.json files, then
 * `renderMail(config.mail, port, { kind, lang, params, link })` and queue subject / text (body) /
 * html (payload.html) / lang (payload.lang).
 */

/** What one message says in one language: plain subject, plain text part, HTML part. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  lang: LanguageCode;
  /** The absolute link the message carries, when it has one. */
  url?: string;
}

export interface MailInput {
  /** The key under `mail.` (passwordReset, accountCreated, adminReset, …). */
  kind: string;
  lang: LanguageCode;
  params?: Record<string, string | number>;
  /** An app path (`/auth/reset-password?token=…`) or an absolute URL; the button and the text's link. */
  link?: string;
}

const locales = new Map<LanguageCode, TranslationTree>();
function mailTexts(lang: LanguageCode): TranslationTree {
  let tree = locales.get(lang);
  if (!tree) {
    tree = (buildLocale(lang).mail as TranslationTree | undefined) ?? {};
    locales.set(lang, tree);
  }
  return tree;
}

/** `text` with &, <, >, " and ' as entities (for text and attribute values). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const interpolate = (template: string, params: Record<string, string | number>, escape: (s: string) => string) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) => (name in params ? escape(String(params[name])) : all));

/** The base every link starts with: PUBLIC_URL, else http://localhost:PORT. */
export const publicBase = (mail: MailConfig, port: number): string => mail.publicUrl ?? `http://localhost:${port}`;

/** `link` made absolute against {@link publicBase} (an absolute http(s) URL stays as it is). */
export function absoluteUrl(mail: MailConfig, port: number, link: string): string {
  if (/^https?:\/\//i.test(link)) return link;
  return `${publicBase(mail, port)}${link.startsWith('/') ? '' : '/'}${link}`;
}

/** Renders `mail.<kind>` in `lang` (az's text where `lang` lacks the kind); throws for an unknown kind. */
export function renderMail(mail: MailConfig, port: number, input: MailInput): RenderedMail {
  const texts = (mailTexts(input.lang)[input.kind] ?? mailTexts('az')[input.kind]) as Record<string, string> | undefined;
  const common = mailTexts(input.lang);
  if (!texts || typeof texts.subject !== 'string') throw new Error(`mail template "${input.kind}" has no subject in the mail translation area`);
  const params = { organisation: mail.organisationName, ...input.params };
  const plain = (s: string) => interpolate(s, params, (x) => x);
  const html = (s: string) => interpolate(escapeHtml(s), params, escapeHtml);
  const url = input.link ? absoluteUrl(mail, port, input.link) : undefined;
  const paragraphs = Object.entries(texts).filter(([key, value]) => key !== 'subject' && key !== 'action' && typeof value === 'string').map(([, value]) => value);
  const footer = typeof common.footer === 'string' ? common.footer : '';
  const linkHint = typeof common.linkHint === 'string' ? common.linkHint : '';
  const action = typeof texts.action === 'string' ? texts.action : '';

  const text = [
    ...paragraphs.map(plain),
    ...(url ? [`${plain(action)}: ${url}`] : []),
    '-- ',
    plain(footer),
  ].join('\n\n');

  const safeUrl = url ? escapeHtml(url) : '';
  const htmlBody = [
    '<!doctype html>',
    `<html lang="${input.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${html(texts.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px"><tr><td style="padding:24px">',
    `<p style="margin:0 0 16px;font-size:18px;font-weight:bold">${escapeHtml(mail.organisationName)}</p>`,
    ...paragraphs.map((p) => `<p style="margin:0 0 12px;font-size:15px;line-height:1.5">${html(p)}</p>`),
    ...(url
      ? [
          `<p style="margin:20px 0"><a href="${safeUrl}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${html(action)}</a></p>`,
          `<p style="margin:0 0 12px;font-size:13px;color:#4b5563">${html(linkHint)}<br><a href="${safeUrl}" style="color:#1d4ed8;word-break:break-all">${safeUrl}</a></p>`,
        ]
      : []),
    `<hr style="border:none;border-top:1px solid #e5e7eb;margin:20px 0"><p style="margin:0;font-size:12px;color:#6b7280">${html(footer)}</p>`,
    '</td></tr></table></body></html>',
  ].join('\n');

  return { subject: plain(texts.subject), text, html: htmlBody, lang: input.lang, ...(url ? { url } : {}) };
}
