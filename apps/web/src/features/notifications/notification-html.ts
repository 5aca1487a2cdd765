import DOMPurify from 'dompurify';
import type { TFunction } from 'i18next';
import type { Notification } from '@servicedesk/contracts';

/** The tags a notification text may use (bold/italic/line breaks); everything else is stripped. */
const ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'br', 'span'];

type Translate = TFunction;

/**
 * The text of a notification (SPEC §3: desc with jsonData "shown as translated HTML"): the
 * translation of `desc` with `jsonData` interpolated — parameter values HTML-escaped — then
 * sanitised with DOMPurify (only b/strong/i/em/br/span, no attributes), so neither a translation
 * nor a parameter can ever inject script or event handlers.
 */
export function notificationHtml(t: Translate, n: Pick<Notification, 'desc' | 'jsonData'>): string {
  const text = t(n.desc, { ...(n.jsonData ?? {}), interpolation: { escapeValue: true } });
  return DOMPurify.sanitize(text, { ALLOWED_TAGS, ALLOWED_ATTR: [] });
}
