import { lazy, Suspense, useDeferredValue, useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useTableOrder } from '@servicedesk/api/global/get-table-order';
import { useUpdateTableOrder } from '@servicedesk/api/global/update-table-order';
import { formatDate, formatDateTime, isCalendarDate, normalizeForSearch } from '@servicedesk/i18n';
import type { DataTableFormatters, DataTableProps } from '@servicedesk/ui/DataTable';
import { tableStorage, useDataTableTexts } from './data-table';
import * as s from './page.css';

/**
 * The grid itself (TanStack Table and Virtual, ~30 KB gzip) loads when a list first renders, in
 * parallel with the list's first request, instead of before the page's first paint (issue #19).
 */
const DataTable = lazy(() =>
  import('@servicedesk/ui/DataTable').then((m) => ({ default: m.DataTable as ComponentType<DataTableProps<unknown>> })),
);

/** A busy placeholder of the table's height, until the grid has rendered the first time. */
const placeholder = <div className={s.tablePlaceholder} aria-busy="true" />;

/**
 * The list columns' date formats are the kit's (@servicedesk/i18n): a `date` column shows a
 * `YYYY-MM-DD` calendar day as that day in every time zone, an instant as its day in the
 * organisation's time zone; a `dateTime` column the instant's date and time there.
 */
function useKitDateFormatters(lang: string): DataTableFormatters {
  return useMemo(
    () => ({
      date: (value: Date, raw: unknown) => formatDate(isCalendarDate(raw) ? raw : value, lang),
      dateTime: (value: Date, raw: unknown) => formatDateTime(isCalendarDate(raw) ? raw : value, lang),
    }),
    [lang],
  );
}

/** What the app fills in for every list screen (see {@link AppDataTable}). */
type Filled = 'texts' | 'blankLabel' | 't' | 'locale' | 'normalize' | 'filterKey' | 'storage' | 'columnSettings' | 'onColumnSettingsChange';

/**
 * The design system's DataTable as a named list screen of the app uses it (SPEC §2 "Named list
 * screens"): texts, blank label and number/date formats in the interface language, search folded
 * with `normalizeForSearch` (ə/ı/İ and accents), filters/search/sort/grouping remembered in
 * `sd.tableFilters` under `tableKey` (one of `tableKeys`), and the column order and widths saved
 * for the user through Layout/GetTableOrder/{tableKey} and UpdateTableOrder. Every other prop is
 * the DataTable's own. The grid renders only in transitions (time slices a tap or a keystroke can
 * interrupt), never in the synchronous render of a query's answer: see {@link AppDataTable}'s body.
 */
export function AppDataTable<TRow>({
  tableKey,
  data,
  isLoading,
  filtered = false,
  ...props
}: Omit<DataTableProps<TRow>, Filled> & {
  tableKey: string;
  /**
   * Whether the page's own filters (a filter bar outside the table) narrow the rows: an empty table
   * then says that nothing matches the filters (`table.noResults`), as it does for its own search and
   * column filters, instead of "nothing here yet". @default false
   */
  filtered?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const texts = useDataTableTexts();
  const order = useTableOrder(tableKey);
  const saveOrder = useUpdateTableOrder();
  const formatters = useKitDateFormatters(i18n.language);
  const table = (
    <DataTable
      {...(props as Omit<DataTableProps<unknown>, Filled | 'data'>)}
      emptyState={props.emptyState ?? (filtered ? texts.noResults : undefined)}
      data={data}
      formatters={props.formatters ? { ...formatters, ...props.formatters } : formatters}
      isLoading={isLoading}
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
  // The grid as a deferred element (issue #19): TanStack Query hands every answer over as a
  // synchronous store update (the list's rows, the saved column order), and React never time-slices
  // those — the grid's first mount and each new page of rows were one long task on a phone. Deferred,
  // the update's own render keeps the grid's last element (same element, so React skips it) and the
  // grid renders in a transition after; its first mount too (a busy placeholder first).
  const shown = useDeferredValue(table, placeholder);
  // Until the grid's code is there: the same placeholder.
  return <Suspense fallback={placeholder}>{shown}</Suspense>;
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
