/*
 * The zod-free half of ../translations.ts (codes, limits and pure rules), which re-exports all of it:
 * client code that needs only these does not load zod and the schemas with its first paint
 * (issue #19's bundle budgets). Never import zod or a schema here (test/plain.test.ts).
 */

/*
 * Translation editing (issue #5, SPEC §7 "translation editing" and "Translation files"): an admin
 * overrides any shipped key of any language; GET /assets/i18n/{lang}.json serves the shipped
 * tree with the overrides merged over it, so a reload shows an edit. Keys are dotted paths of
 * the merged tree (`errors.forbidden`, `sessionHasExpired`).
 */

/** Longest override text, in characters. */
export const TRANSLATION_VALUE_MAX_LENGTH = 4000;

/** Default and largest page of GET /api/admin/translations. */
export const TRANSLATIONS_PAGE_SIZE = 50;

export const TRANSLATIONS_PAGE_MAX = 500;

/**
 * The `{{placeholders}}` of a text, sorted and unique: `"Hi {{name}}, {{count, number}}"` →
 * `['count', 'name']` (i18next interpolation; a format after the comma is ignored). An override
 * must keep exactly the placeholders of its shipped text (client and server both check).
 */
export function placeholdersOf(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)) if (m[1]) names.add(m[1]);
  return [...names].sort();
}

/** The only markup a translation may carry (the notification texts use it), without attributes. */
export const TRANSLATION_ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'br', 'span'] as const;

/**
 * The markup of `text` a translation may not carry: any tag outside TRANSLATION_ALLOWED_TAGS,
 * any tag with attributes, comments and other `<!…>`/`<?…>` constructs — as written, e.g.
 * `['<script>', '<b onclick="x">']`. Empty when the text is fine. A lone `<` (as in "a < b")
 * is text, not markup.
 */
export function disallowedMarkup(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/<(!|\?|\/?[a-zA-Z][\w-]*)([^>]*)>?/g)) {
    const name = (m[1] ?? '').replace('/', '').toLowerCase();
    const attributes = (m[2] ?? '').replace(/\/\s*$/, '').trim();
    const allowed = (TRANSLATION_ALLOWED_TAGS as readonly string[]).includes(name) && attributes === '' && m[0].endsWith('>');
    if (!allowed) found.push(m[0]);
  }
  return found;
}
