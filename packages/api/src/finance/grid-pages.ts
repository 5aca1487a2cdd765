import { infiniteQueryOptions, keepPreviousData, type QueryKey } from '@tanstack/react-query';

/** A page of a finance grid (contracts listResponse). */
interface Page {
  rows: unknown[];
  total: number;
  totalCapped: boolean;
}

/**
 * Infinite query options of a finance grid: pages of `take` rows (default 100, SPEC §9), the next
 * asked from where the loaded rows end, none once every matching row is loaded.
 */
export function gridPages<P extends Page>(queryKey: QueryKey, take: number, fetchPage: (skip: number, signal: AbortSignal) => Promise<P>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ signal, pageParam }) => fetchPage(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: P, pages: P[]) => {
      const loaded = pages.reduce((n, p) => n + p.rows.length, 0);
      if (last.rows.length === 0) return undefined;
      if (last.totalCapped) return last.rows.length === take ? loaded : undefined;
      return loaded < last.total ? loaded : undefined;
    },
    placeholderData: keepPreviousData,
  });
}
