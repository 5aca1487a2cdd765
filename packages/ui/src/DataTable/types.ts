import type { ReactNode } from 'react';

/** How a column's values are read, shown, filtered, sorted and exported (SPEC §2). @default 'string' */
export type DataTableColumnType =
  'string' | 'number' | 'money' | 'date' | 'dateTime' | 'status' | 'user' | 'boolean';

/** Colour families of a status column (the ui Badge variants). */
export type StatusVariant = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** A value of a `user` column: a name, or an object with a name and an optional photo URL. */
export type DataTableUser = string | { name: string; imgPath?: string | null };

/** SPEC §9: a column's "load more" reveals 100 more grouped elements by default. */
export const DEFAULT_LOAD_MORE_SIZE = 100;
/** SPEC §9: minimum column width in CSS pixels. */
export const DEFAULT_MIN_WIDTH = 200;
/** Grouped elements shown in a cell before the "show more" button. */
export const DEFAULT_LOAD_MORE_LIMIT = 3;
/** SPEC §9: collapsing table rows animates for 300 ms. */
export const ROW_COLLAPSE_MS = 300;

/**
 * One column of a DataTable: every field SPEC §2 lists ("placeholder, column name, grouped
 * elements, load-more limit, load-more size, minimum width, copy-to-clipboard flag, no-wrap flag,
 * translate flag, type (default string) and translation key") plus a few typed extras.
 */
export interface DataTableColumn<TRow> {
  /** Column name: the row field the column reads, and its id in filters, settings and exports. */
  columnName: string;
  /** Reads the value when it is not simply `row[columnName]`. @default (row) => row[columnName] */
  accessor?: (row: TRow) => unknown;
  /** Header text, already translated; used when there is no translationKey (or no `t`). @default columnName */
  header?: string;
  /** i18n key of the header text, passed to the table's `t` prop. @default undefined */
  translationKey?: string;
  /** Hint shown inside the column's filter box, already translated. @default undefined */
  placeholder?: string;
  /** Value type: decides formatting, filtering, sorting, alignment and the XLSX cell type. @default 'string' */
  type?: DataTableColumnType;
  /** The value is a list (string[] or objects with `name`) shown as a list in the cell. @default false */
  groupedElements?: boolean;
  /** How many grouped elements a cell shows before its "show more" button. @default 3 */
  loadMoreLimit?: number;
  /** How many more grouped elements each "show more" press reveals. @default 100 (SPEC §9) */
  loadMoreSize?: number;
  /** Minimum (and initial) width in CSS pixels. @default 200 (SPEC §9) */
  minWidth?: number;
  /** Initial width in CSS pixels when the user saved none. @default minWidth */
  width?: number;
  /** Shows a copy button in each cell that writes the cell's text to the clipboard (Ctrl+C works too). @default false */
  copyToClipboard?: boolean;
  /** Keeps the cell on one line, cutting it with an ellipsis (the full text in a tooltip); number and money cells always do. @default false */
  noWrap?: boolean;
  /** The values are i18n keys: the cell shows `t(value)`. @default false */
  translate?: boolean;
  /** Hidden until the user shows it from the column menu. @default false */
  hidden?: boolean;
  /** Whether the header sorts on press. @default true */
  isSortable?: boolean;
  /** Whether the column has a filter box. @default true */
  isFilterable?: boolean;
  /** Whether rows can be grouped by this column. @default true */
  isGroupable?: boolean;
  /** Status columns: the badge colour for a value. @default () => 'neutral' */
  statusVariant?: (value: unknown) => StatusVariant;
  /** Custom cell content; filters, sorting and exports still use the column's text. @default undefined */
  render?: (value: unknown, row: TRow) => ReactNode;
}

/** One column's saved layout (the body of Layout/UpdateTableOrder/{key}, contracts `TableSettings`). */
export interface DataTableColumnSetting {
  /** The column's columnName. */
  key: string;
  /** Width in CSS pixels. */
  width?: number;
  /** Whether the user hid the column. */
  hidden?: boolean;
}

/** Column order (array order), widths and visibility, as sent to Layout/UpdateTableOrder/{key}. */
export interface DataTableColumnSettings {
  columns: DataTableColumnSetting[];
}

/** Sort of one column. */
export interface DataTableSort {
  /** The column's columnName. */
  id: string;
  /** Descending when true. */
  desc: boolean;
}

/** What a user set on a table and gets back after a reload (filters, search, sort, grouping). */
export interface DataTableState {
  /** Per-column filter text by columnName; empty texts are dropped. */
  filters: Record<string, string>;
  /** The search box text (matches any visible column). */
  search: string;
  /** At most one sorted column. */
  sorting: DataTableSort[];
  /** The columnName rows are grouped by, or null. */
  groupBy: string | null;
}

/** The empty state: no filter, no search, no sort, no grouping. */
export const emptyTableState: DataTableState = {
  filters: {},
  search: '',
  sorting: [],
  groupBy: null,
};

/** Where table states are kept per table key (e.g. localStorage `sd.tableFilters`). */
export interface DataTableStorage {
  /** The state saved under `key`, or undefined. */
  get(key: string): DataTableState | undefined;
  /** Saves `state` under `key`. */
  set(key: string, state: DataTableState): void;
}

/**
 * Formats values of one type; override the locale defaults (e.g. @servicedesk/i18n formatMoney,
 * formatDate). Dates get the parsed Date and the cell's own value (`raw`): a `YYYY-MM-DD` date-only
 * value is a calendar day, to format without a time-zone shift.
 */
export type DataTableFormatters = Partial<
  Record<'number' | 'money', (value: number) => string> &
    Record<'date' | 'dateTime', (value: Date, raw: unknown) => string>
>;

/** Every visible or announced text of a DataTable, already translated. */
export interface DataTableTexts {
  /** Label of the search box. */
  search: string;
  /** Accessible name of a column's filter box, e.g. (c) => `Filter ${c}`. */
  filterColumn: (column: string) => string;
  /** Label of the group-by select. */
  groupBy: string;
  /** The group-by option that turns grouping off. */
  noGrouping: string;
  /** The column-settings button. */
  columns: string;
  /** Accessible name of the "move left" button of a column in the column settings. */
  moveColumnUp: (column: string) => string;
  /** Accessible name of the "move right" button of a column in the column settings. */
  moveColumnDown: (column: string) => string;
  /** The CSV export button. */
  exportCsv: string;
  /** The XLSX export button. */
  exportXlsx: string;
  /** Announced while loading (the skeleton is shown). */
  loading: string;
  /** Shown when there are no rows at all. */
  empty: string;
  /** Shown when filters hide every row. */
  noResults: string;
  /** The table's load-more button (server paging). */
  loadMore: string;
  /** A cell's button revealing more grouped elements; `count` is how many stay hidden. */
  showMore: (count: number) => string;
  /** Accessible name of a cell's copy button. */
  copy: string;
  /** Accessible name of the select-all checkbox. */
  selectAll: string;
  /** Accessible name of a row's checkbox. */
  selectRow: string;
  /** Count line, e.g. (shown, total) => `${shown} of ${total} rows`. */
  rowCount: (shown: number, total: number) => string;
  /** Text of a true boolean. */
  yes: string;
  /** Text of a false boolean. */
  no: string;
}
