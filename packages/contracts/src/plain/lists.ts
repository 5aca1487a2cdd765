/*
 * The zod-free half of ../lists.ts (codes, limits and pure rules), which re-exports all of it:
 * client code that needs only these does not load zod and the schemas with its first paint
 * (issue #19's bundle budgets). Never import zod or a schema here (test/plain.test.ts).
 */

/*
 * The base list query and answer every module's grid shares (issue #11 "a list query builder"):
 * free-text search, sort field and direction, page (skip/take) and a capped count. A module
 * extends the query with its filters and scope, and names its row; the server renders the page
 * as JSON in one SQL statement (apps/server/src/lib/lists/list-page.ts).
 */

/**
 * Most matching rows a grid counts exactly: counting all of 100,000 rows on every page costs more
 * than the page itself, so beyond this the answer says "more than" (`totalCapped`).
 */
export const LIST_COUNT_CAP = 1000;

/** Largest page of a grid (rows). */
export const LIST_MAX_TAKE = 500;

/** Default page of a grid (rows; SPEC §9). */
export const LIST_DEFAULT_TAKE = 100;

/** Longest free-text search term (characters, trimmed). */
export const LIST_SEARCH_MAX = 100;

/** Longest list cursor (`after`, a page's `nextCursor`: base64url of its last row's sort keys). */
export const LIST_CURSOR_MAX = 400;
