import { z } from 'zod';
import { LIST_MAX_TAKE, LIST_DEFAULT_TAKE, LIST_SEARCH_MAX, LIST_CURSOR_MAX } from './plain/lists';
export { LIST_COUNT_CAP, LIST_MAX_TAKE, LIST_DEFAULT_TAKE, LIST_SEARCH_MAX, LIST_CURSOR_MAX } from './plain/lists';

/**
 * The base list query over the sort fields `sort` (default `defaultSort`, newest first):
 * `search` (trimmed, ≤ {@link LIST_SEARCH_MAX}), `sort`, `sortDir` (default desc), `skip` (≥ 0,
 * default 0) and `take` (1 … {@link LIST_MAX_TAKE}, default {@link LIST_DEFAULT_TAKE}), and
 * `after` (optional): the `nextCursor` of the previous page — the next page continues after its
 * last row ("load more", issue #44: as cheap however deep), with `skip` counted from there; a
 * list that pages by keyset answers 400 `invalidCursor` for a cursor not of its sort.
 * Extend it with the module's scope and filters: `baseListQuery(sortField, 'createdAt').extend({…})`.
 */
export function baseListQuery<S extends z.ZodEnum>(sort: S, defaultSort: z.output<S>) {
  return z.object({
    search: z.string().trim().max(LIST_SEARCH_MAX).optional(),
    sort: sort.default(defaultSort as never) as z.ZodDefault<S>,
    sortDir: z.enum(['asc', 'desc']).default('desc'),
    skip: z.number().int().min(0).default(0),
    take: z.number().int().min(1).max(LIST_MAX_TAKE).default(LIST_DEFAULT_TAKE),
    after: z.string().min(1).max(LIST_CURSOR_MAX).optional(),
  });
}

/**
 * A grid's answer: one page of `row`s; `total` = the matching rows, at most
 * {@link LIST_COUNT_CAP}; `totalCapped` = there are more than that (show "1000+"; load more until
 * a page comes back shorter than `take`). `nextCursor` (lists that page by keyset): the cursor of
 * the page's last row when the page is full — send it as `after` for the next page — else null.
 */
export function listResponse<R extends z.ZodType>(row: R) {
  return z.object({
    rows: z.array(row),
    total: z.number().int().nonnegative(),
    totalCapped: z.boolean(),
    nextCursor: z.string().nullable().optional(),
  });
}
