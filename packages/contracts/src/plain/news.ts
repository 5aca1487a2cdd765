/*
 * The zod-free half of ../news.ts (codes, limits and pure rules), which re-exports all of it:
 * client code that needs only these does not load zod and the schemas with its first paint
 * (issue #19's bundle budgets). Never import zod or a schema here (test/plain.test.ts).
 */

/*
 * News (issue #18, DOMAIN.md "News, schedules, dashboard"; SPEC §7 catalogue: news list, detail,
 * comment, like, read, liked users, save, delete). Every call lives under /api/news. Instants are
 * ISO 8601 UTC strings. The body is HTML: the server keeps only the tags and attributes of
 * {@link NEWS_ALLOWED_TAGS} (sanitised on save), the client sanitises again before showing it.
 */

/** Longest title (characters). */
export const NEWS_TITLE_MAX = 200;

/** Longest body HTML (characters, before sanitising). */
export const NEWS_BODY_MAX = 100_000;

/** The feed's page (posts per "load more"). */
export const NEWS_FEED_PAGE = 10;

/** Length of a feed excerpt (characters of the body's text). */
export const NEWS_EXCERPT_LENGTH = 280;

/** The rich-text tags a body may hold (everything else is removed, its text kept). */
export const NEWS_ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'a', 'code', 'pre'] as const;

/** Attributes allowed per tag; links get `rel="noopener noreferrer"` and `target="_blank"` from the server. */
export const NEWS_ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = { a: ['href', 'title', 'target', 'rel'] };

/** URL schemes a link may use. */
export const NEWS_ALLOWED_SCHEMES = ['http', 'https', 'mailto'] as const;

/**
 * A post's state for its author and editors: `scheduled` (publishAt in the future), `published`,
 * `expired` (unpublishAt passed). Readers only ever get `published` posts.
 */
export const NEWS_STATES = ['scheduled', 'published', 'expired'] as const;
