import sanitizeHtml from 'sanitize-html';
import { NEWS_ALLOWED_ATTRIBUTES, NEWS_ALLOWED_SCHEMES, NEWS_ALLOWED_TAGS, NEWS_EXCERPT_LENGTH } from '@servicedesk/contracts';

/*
 * The server's sanitiser of news bodies (issue #18 "rich text, sanitised on the server and on the
 * client"): sanitize-html (htmlparser2, no DOM) with the contracts allow-list. The web sanitises
 * the stored body again with DOMPurify before showing it, so neither side trusts the other.
 */

const options: sanitizeHtml.IOptions = {
  allowedTags: [...NEWS_ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(NEWS_ALLOWED_ATTRIBUTES).map(([tag, attrs]) => [tag, [...attrs]])),
  allowedSchemes: [...NEWS_ALLOWED_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Script and style contents go with their tags; other removed tags keep their text.
  nonTextTags: ['script', 'style', 'textarea', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
  },
};

/** `html` with only the allowed tags, attributes and link schemes (contracts NEWS_ALLOWED_*); links open in a new tab without an opener. */
export function sanitizeNewsBody(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** The plain text of sanitised `html` (tags dropped, entities decoded, spaces collapsed), cut to the feed excerpt's length with an ellipsis. */
export function excerptOf(html: string, length = NEWS_EXCERPT_LENGTH): string {
  const text = sanitizeHtml(html.replace(/<\/(p|li|h2|h3|blockquote|pre)>|<br\s*\/?>/gi, ' '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...text];
  return chars.length <= length ? text : `${chars.slice(0, length - 1).join('').trimEnd()}…`;
}
