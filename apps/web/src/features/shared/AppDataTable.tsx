import { lazy, Suspense, useDeferredValue, useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useTableOrder } from '@servicedesk/api/global/get-table-order';
import { useUpdateTableOrder } from '@servicedesk/api/global/update-table-order';
import { normalizeForSearch } from '@servicedesk/i18n';
import type { DataTableProps } from '@servicedesk/ui/DataTable';
import { tableStorage, useDataTableTexts } from './data-table';
import * as s from './page.css';

/**
 * The grid itself (TanStack Table and Virtual, ~30 KB gzip) loads when a list first renders, in
 * parallel with the list's first request, instead of before the page's first paint (issue #19).
 */
const DataTable = lazy(() =>
  import('@servicedesk/ui/DataTable').then((m) => ({ default: m.DataTable as ComponentType<DataTableProps<unknown>> })),
);

/** What the app fills in for every list screen (see {@link AppDataTable}). */
type Filled = 'texts' | 'blankLabel' | 't' | 'locale' | 'normalize' | 'filterKey' | 'storage' | 'columnSettings' | 'onColumnSettingsChange';

/**
 * The design system's DataTable as a named list screen of the app uses it (SPEC §2 "Named list
 * screens"): texts, blank label and number/date formats in the interface language, search folded
 * with `normalizeForSearch` (ə/ı/İ and accents), filters/search/sort/grouping remembered in
 * `sd.tableFilters` under `tableKey` (one of `tableKeys`), and the column order and widths saved
 * for the user through Layout/GetTableOrder/{tableKey} and UpdateTableOrder. Every other prop is
 * the DataTable's own. `data` and `isLoading` are shown through `useDeferredValue`: a new answer's
 * rows render as a transition.
 */
export function AppDataTable<TRow>({ tableKey, data, isLoading, ...props }: Omit<DataTableProps<TRow>, Filled> & { tableKey: string }) {
  const { t, i18n } = useTranslation();
  // An answer reaches the grid in a transition (issue #19): TanStack Query hands it over as a
  // synchronous store update, which drew the grid's new rows in one long task; deferred, the update
  // commits without them and the rows render in time slices a tap or a keystroke can interrupt.
  const answer = useMemo(() => ({ data, isLoading }), [data, isLoading]);
  const shown = useDeferredValue(answer);
  const texts = useDataTableTexts();
  const order = useTableOrder(tableKey);
  const saveOrder = useUpdateTableOrder();
  const table = (
    <DataTable
      {...(props as Omit<DataTableProps<unknown>, Filled | 'data'>)}
      data={shown.data}
      isLoading={shown.isLoading}
      texts={texts}
      blankLabel={t('blank')}
      t={t}
      locale={i18n.language}
      normalize={normalizeForSearch}
      filterKey={tableKey}
      storage={tableStorage}
      columnSettings={order.data?.columns.length ? order.data : undefined}
      onColumnSettingsChange={(settings) => saveOrder.mutate({ key: tableKey, settings })}
    />
  );
  // Until the grid's code is there: a busy placeholder of the table's height.
  return <Suspense fallback={<div className={s.tablePlaceholder} aria-busy="true" />}>{table}</Suspense>;
}

/** The part of a TanStack infinite query a server-paged list reads (`useInfiniteQuery`'s result). */
export interface InfiniteList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The DataTable props that page a server list as the user scrolls to its end: `hasMore`, `onLoadMore`
 * (fetches the next page), `isLoadingMore`. Spread into an AppDataTable: `{...infinitePages(list)}`.
 */
export function infinitePages(list: InfiniteList): { hasMore: boolean; onLoadMore: () => void; isLoadingMore: boolean } {
  return { hasMore: list.hasNextPage, onLoadMore: () => void list.fetchNextPage(), isLoadingMore: list.isFetchingNextPage };
}
