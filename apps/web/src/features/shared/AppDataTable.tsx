import { useTranslation } from 'react-i18next';
import { useTableOrder } from '@servicedesk/api/global/get-table-order';
import { useUpdateTableOrder } from '@servicedesk/api/global/update-table-order';
import { normalizeForSearch } from '@servicedesk/i18n';
import { DataTable, type DataTableProps } from '@servicedesk/ui/DataTable';
import { tableStorage, useDataTableTexts } from './data-table';

/** What the app fills in for every list screen (see {@link AppDataTable}). */
type Filled = 'texts' | 'blankLabel' | 't' | 'locale' | 'normalize' | 'filterKey' | 'storage' | 'columnSettings' | 'onColumnSettingsChange';

/**
 * The design system's DataTable as a named list screen of the app uses it (SPEC §2 "Named list
 * screens"): texts, blank label and number/date formats in the interface language, search folded
 * with `normalizeForSearch` (ə/ı/İ and accents), filters/search/sort/grouping remembered in
 * `sd.tableFilters` under `tableKey` (one of `tableKeys`), and the column order and widths saved
 * for the user through Layout/GetTableOrder/{tableKey} and UpdateTableOrder. Every other prop is
 * the DataTable's own.
 */
export function AppDataTable<TRow>({ tableKey, ...props }: Omit<DataTableProps<TRow>, Filled> & { tableKey: string }) {
  const { t, i18n } = useTranslation();
  const texts = useDataTableTexts();
  const order = useTableOrder(tableKey);
  const saveOrder = useUpdateTableOrder();
  return (
    <DataTable<TRow>
      {...props}
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
}
