import { buildLocale, formatDate, isCalendarDate, type LanguageCode, type TranslationTree } from '@servicedesk/i18n';
import type { NotificationParams } from '@servicedesk/contracts';
import { escapeHtml } from '../../lib/outbox/mail-template';

/** A text in both forms a message needs: plain (mail text part, WhatsApp) and HTML (mail HTML part). */
export interface RenderedText {
  text: string;
  html: string;
}

const locales = new Map<LanguageCode, TranslationTree>();

/** The merged translation tree of `lang` (built once per language and kept). */
function localeOf(lang: LanguageCode): TranslationTree {
  let tree = locales.get(lang);
  if (!tree) {
    tree = buildLocale(lang);
    locales.set(lang, tree);
  }
  return tree;
}

/** The translation of a dotted key in `lang` (az when that language lacks it), or null. */
export function translationOf(lang: LanguageCode, key: string): string | null {
  for (const code of [lang, 'az'] as const) {
    let node: unknown = localeOf(code);
    for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    if (typeof node === 'string') return node;
  }
  return null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The plain text of a translation's HTML (its `<b>` and other tags dropped, entities decoded). */
export function plainOf(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|[a-z]+);/gi, (all, name: string) => (name.startsWith('#') ? String.fromCharCode(Number(name.slice(1))) : (ENTITIES[name.toLowerCase()] ?? all)));
}

/**
 * Fills `{{placeholders}}` of translation `key` in `lang` with `params` and answers it in both
 * forms: HTML (the translation's own markup such as `<b>`, the values escaped) and plain text. A
 * calendar-date value (`YYYY-MM-DD`) is written as that day in `lang` (az "01.12.2026"), as the
 * bell shows it (apps/web notification-html.ts). A key without a translation answers the key
 * itself (never thrown: a message is still sent).
 */
export function renderTranslation(lang: LanguageCode, key: string, params: NotificationParams | null | undefined): RenderedText {
  const template = translationOf(lang, key) ?? key;
  const value = (name: string) => {
    const v = params?.[name];
    if (isCalendarDate(v)) return formatDate(v, lang);
    return v === null || v === undefined ? '' : String(v);
  };
  const html = template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => escapeHtml(value(name)));
  // The translation's own markup is dropped around the values, never from them (a title "<jam>" stays).
  const text = template
    .split(/(\{\{\s*[\w.]+\s*\}\})/)
    .map((part, i) => (i % 2 === 1 ? value(part.replace(/[{}\s]/g, '')) : plainOf(part)))
    .join('');
  return { html, text };
}
