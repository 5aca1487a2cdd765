import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
// The storage entry, not the DataTable barrel: pages that only remember filters (the dashboard's
// widgets) do not download the table itself (issue #19 bundle budgets).
import { createWebTableStorage } from '@servicedesk/ui/DataTable/storage';
import type { DataTableStorage, DataTableTexts } from '@servicedesk/ui/DataTable';

/**
 * The filter-memory keys of SPEC §2 "Named list screens": each list remembers its filters,
 * search, sort and grouping in `sd.tableFilters` under its own key (and its saved column order
 * under the same key through Layout/GetTableOrder/{key}). Add a list's key here when its
 * screen lands.
 */
export const tableKeys = {
  usersList: 'usersList',
  userTypes: 'userTypes',
  helpdeskRequests: 'helpdeskRequests',
  vendorInvoices: 'vendorInvoices',
  eInvoices: 'eInvoices',
  accountingPool: 'accountingPool',
  inventoryRequests: 'inventoryRequests',
  inventoryRequestProcessing: 'inventoryRequestProcessing',
  materialsCollapsed: 'materialsCollapsed',
  materialsWithElements: 'materialsWithElements',
  warehouseList: 'warehouseList',
  stockLevels: 'stockLevels',
  stockOperations: 'stockOperations',
  inventories: 'inventories',
  contracts: 'contracts',
  debtReports: 'debtReports',
  debtReportPaymentTypes: 'debtReportPaymentTypes',
  debtAgeing: 'debtAgeing',
  currencyRates: 'currencyRates',
  dislocationWagons: 'dislocationWagons',
  documentsUnfinished: 'documentsUnfinished',
  documentsJustFinished: 'documentsJustFinished',
  documentsJustFinishedForVendorInvoice: 'documentsJustFinishedForVendorInvoice',
  documentsFolder: 'documentsFolder',
  documentRegistry: 'documentRegistry',
} as const;

/** The one DataTableStorage of the app: localStorage `sd.tableFilters` (SPEC §3 "table filter cache"). */
export const tableStorage: DataTableStorage = createWebTableStorage();

/** Every text of a DataTable in the current language (common.json `table.*` and a few spec keys). */
export function useDataTableTexts(): DataTableTexts {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      search: t('table.search'),
      filterColumn: (column: string) => t('table.filterColumn', { column }),
      groupBy: t('table.groupBy'),
      noGrouping: t('table.noGrouping'),
      columns: t('table.columns'),
      moveColumnUp: (column: string) => t('table.moveColumnUp', { column }),
      moveColumnDown: (column: string) => t('table.moveColumnDown', { column }),
      exportCsv: t('table.exportCsv'),
      exportXlsx: t('table.exportXlsx'),
      loading: t('loading'),
      empty: t('table.empty'),
      noResults: t('table.noResults'),
      loadMore: t('loadMore'),
      showMore: (count: number) => t('table.showMore', { count }),
      copy: t('table.copy'),
      selectAll: t('table.selectAll'),
      selectRow: t('table.selectRow'),
      rowCount: (shown: number, total: number) => t('table.rowCount', { shown, total }),
      yes: t('yes'),
      no: t('no'),
    }),
    [t],
  );
}
