import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDataTable, infinitePages, type InfiniteList } from './AppDataTable';
import { ListRowCount } from './ListRowCount';

/**
 * A server-paged list as TanStack's infinite query answers it: pages of rows with the count of
 * the contracts list query (`total`, `totalCapped`: lib/lists), the state and the next-page calls.
 */
export interface PagedList<TRow> extends InfiniteList {
  data?: { pages: { rows: TRow[]; total?: number; totalCapped?: boolean }[] };
  isPending: boolean;
  isError: boolean;
}

/** The loaded rows of `list`, every page's in order (the same array while the pages are the same). */
export function usePagedRows<TRow>(list: PagedList<TRow>): TRow[] {
  return useMemo(() => list.data?.pages.flatMap((page) => page.rows) ?? [], [list.data]);
}

type TableProps<TRow> = Parameters<typeof AppDataTable<TRow>>[0];

/**
 * A list screen's grid over a server-paged `list`: the loaded rows in an AppDataTable (busy while
 * the first page loads, the next page fetched as the user scrolls to the end), or — when the list
 * failed — `errorText` as an alert (default `error.generic`); under it `footer` of the loaded
 * rows, by default the first page's count (ListRowCount: "100 of 2,345 rows", nothing when all
 * are shown). Every other prop is the AppDataTable's own.
 */
export function PagedDataTable<TRow>({
  list,
  errorText,
  footer,
  ...table
}: Omit<TableProps<TRow>, 'data' | 'isLoading' | 'hasMore' | 'onLoadMore' | 'isLoadingMore'> & {
  list: PagedList<TRow>;
  /** The alert shown instead of the grid when the list failed. @default t('error.generic') */
  errorText?: string;
  /** What stands under the grid, given the loaded rows. @default the first page's ListRowCount */
  footer?: (rows: TRow[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const rows = usePagedRows(list);
  const first = list.data?.pages[0];
  return (
    <>
      {list.isError ? (
        <p role="alert">{errorText ?? t('error.generic')}</p>
      ) : (
        <AppDataTable
          {...(table as TableProps<TRow>)}
          data={rows}
          isLoading={list.isPending}
          {...infinitePages(list)}
        />
      )}
      {footer ? (
        footer(rows)
      ) : (
        <ListRowCount
          shown={rows.length}
          total={first?.total ?? 0}
          capped={first?.totalCapped ?? false}
        />
      )}
    </>
  );
}
