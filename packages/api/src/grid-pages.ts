import { infiniteQueryOptions, keepPreviousData, type QueryKey } from '@tanstack/react-query';

/** A page of a grid (contracts `listResponse`): its rows, the count (at most the cap), whether there are more, and the cursor after its last row. */
export interface GridPage {
  rows: unknown[];
  total: number;
  totalCapped: boolean;
  nextCursor?: string | null;
}

/**
 * Where a grid page starts: after the previous page's `nextCursor` (a keyset list, issue #44),
 * or `skip` rows in (the first page, or a list without cursors). Spread it into the list query.
 */
export type GridPageStart = { skip: number } | { after: string };

/** The page parameter the infinite query keeps: the rows loaded so far, and the cursor to go on from when the server gave one. */
export interface GridPageParam {
  skip: number;
  after?: string;
}

/** The start of a page in list-query terms: `after` when there is a cursor (its `skip` then counts from the cursor, so none is sent), else `skip`. */
export const gridPageStart = (param: GridPageParam): GridPageStart => (param.after ? { after: param.after } : { skip: param.skip });

/**
 * The next page's parameter after `last` (every page loaded so far in `pages`, of `take` rows):
 * none when a page came back empty, when every counted row is loaded, or — past the count cap
 * (`totalCapped`) — when a page came back shorter than `take`; else after the last page's
 * `nextCursor` (as cheap however deep, and rows inserted or updated meanwhile neither repeat nor
 * shift the next page) or, without one, at the number of rows loaded.
 */
export function nextGridPage<P extends GridPage>(take: number, last: P, pages: readonly P[]): GridPageParam | undefined {
  const loaded = pages.reduce((n, p) => n + p.rows.length, 0);
  if (last.rows.length === 0) return undefined;
  if (last.totalCapped ? last.rows.length < take : loaded >= last.total) return undefined;
  return last.nextCursor ? { skip: loaded, after: last.nextCursor } : { skip: loaded };
}

/**
 * Infinite query options of a grid read in pages of `take` rows (SPEC §9: 100 by default; "load
 * more" = `fetchNextPage`): `fetchPage(start, signal)` asks one page from `start`
 * ({@link GridPageStart}, spread into the list query); the next page per {@link nextGridPage}.
 * The previous pages stay on screen while a changed query loads.
 */
export function gridPages<P extends GridPage>(queryKey: QueryKey, take: number, fetchPage: (start: GridPageStart, signal: AbortSignal) => Promise<P>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ signal, pageParam }) => fetchPage(gridPageStart(pageParam), signal),
    initialPageParam: { skip: 0 } as GridPageParam,
    getNextPageParam: (last: P, pages: P[]) => nextGridPage(take, last, pages),
    placeholderData: keepPreviousData,
  });
}
