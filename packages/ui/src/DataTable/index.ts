export { DataTable, type DataTableExport, type DataTableProps } from './DataTable';
export {
  DEFAULT_LOAD_MORE_LIMIT,
  DEFAULT_LOAD_MORE_SIZE,
  DEFAULT_MIN_WIDTH,
  ROW_COLLAPSE_MS,
  emptyTableState,
  type DataTableColumn,
  type DataTableColumnSetting,
  type DataTableColumnSettings,
  type DataTableColumnType,
  type DataTableFormatters,
  type DataTableSort,
  type DataTableState,
  type DataTableStorage,
  type DataTableTexts,
  type DataTableUser,
  type StatusVariant,
} from './types';
export { TABLE_FILTERS_STORAGE_KEY, createWebTableStorage, useStoredTableState } from './storage';
export {
  downloadBlob,
  exportCsv,
  exportXlsx,
  getTableView,
  viewRows,
  viewToCsv,
  type DataTableView,
} from './export';
export {
  defaultNormalize,
  formatValue,
  resolveColumn,
  TableIndex,
  type FormatContext,
  type ResolvedColumn,
} from './model';
