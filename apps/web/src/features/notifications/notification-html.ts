import type { TFunction } from 'i18next';
import type DOMPurify from 'dompurify';
import type { Notification } from '@servicedesk/contracts';
import { formatDate, isCalendarDate } from '@servicedesk/i18n';

/** The tags a notification text may use (bold/italic/line breaks); everything else is stripped. */
const ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'br', 'span'];

type Translate = TFunction;
type Purify = typeof DOMPurify;

let purify: Purify | null = null;
let loading: Promise<void> | null = null;

/**
 * Loads DOMPurify (~11 KB gzip) once; the bell starts it when it mounts, after the shell's first
 * paint (issue #19: it is not part of the first load). Resolves when {@link notificationHtml} sanitises.
 */
export function loadNotificationSanitizer(): Promise<void> {
  loading ??= import('dompurify').then((m) => {
    purify = m.default;
  });
  return loading;
}

/** Whether DOMPurify has loaded (so {@link notificationHtml} keeps the allowed markup). */
export const notificationSanitizerReady = (): boolean => purify !== null;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The text of a notification (SPEC §3: desc with jsonData "shown as translated HTML"): the
 * translation of `desc` with `jsonData` interpolated — a calendar-date value (`YYYY-MM-DD`, e.g.
 * a substitution's days, a contract's end) formatted as that day in `lang` (az "01.12.2026"), the
 * one date format of every page; every value HTML-escaped — then
 * sanitised with DOMPurify (only b/strong/i/em/br/span, no attributes), so neither a translation
 * nor a parameter can ever inject script or event handlers. Until DOMPurify has loaded
 * ({@link loadNotificationSanitizer}) the answer is the text without any markup, escaped: never
 * unsanitised HTML.
 */
export function notificationHtml(t: Translate, n: Pick<Notification, 'desc' | 'jsonData'>, lang: string): string {
  const params = Object.fromEntries(Object.entries(n.jsonData ?? {}).map(([key, value]) => [key, isCalendarDate(value) ? formatDate(value, lang) : value]));
  const text = t(n.desc, { ...params, interpolation: { escapeValue: true } });
  if (purify) return purify.sanitize(text, { ALLOWED_TAGS, ALLOWED_ATTR: [] });
  // An inert document: nothing in it runs or loads.
  return escapeHtml(new DOMParser().parseFromString(text, 'text/html').body.textContent ?? '');
}
