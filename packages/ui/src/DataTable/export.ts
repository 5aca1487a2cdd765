/*
 * Export of exactly what the table shows: the rows that pass the filters and the search, in
 * the current sort order (grouped tables: group by group, collapsed groups included), and the
 * visible columns in their current order with their current headers.
 */
import type { Row, Table } from '@tanstack/react-table';
import type { Cell } from 'write-excel-file/universal';
import type { ResolvedColumn, TableIndex } from './model';

/** A snapshot of the current view, independent of React. */
export interface DataTableView<TRow> {
  /** Visible columns in display order. */
  columns: readonly ResolvedColumn<TRow>[];
  /** Rows of the view in display order, with their position in the data array. */
  rows: readonly { index: number; original: TRow }[];
  /** The cached texts the table shows. */
  index: TableIndex<TRow>;
}

/** The leaf rows of the table's current row model, in display order (groups flattened). */
export function viewRows<TRow>(table: Table<TRow>): { index: number; original: TRow }[] {
  const out: { index: number; original: TRow }[] = [];
  const walk = (rows: Row<TRow>[]) => {
    for (const row of rows) {
      if (row.getIsGrouped()) walk(row.subRows);
      else out.push({ index: row.index, original: row.original });
    }
  };
  // The sorted model holds the group tree before expansion flattens it.
  walk(table.getSortedRowModel().rows);
  return out;
}

/** Builds the view of a tanstack table instance and the DataTable's visible columns. */
export function getTableView<TRow>(
  table: Table<TRow>,
  columns: readonly ResolvedColumn<TRow>[],
  index: TableIndex<TRow>,
): DataTableView<TRow> {
  return { columns, rows: viewRows(table), index };
}

/**
 * A cell text made safe from formula injection (OWASP "CSV Injection"): text starting with `=`,
 * `+`, `-`, `@`, a tab or a carriage return would be taken for a formula by Excel, LibreOffice or
 * Google Sheets (`=HYPERLINK(…)`, `+cmd|…`, `@SUM(…)`), so it gets a leading `'` and stays text.
 * Every CSV this product writes passes its cells through here (a negative number shown as
 * `-5,00` becomes `'-5,00`: OWASP's trade-off — a spreadsheet shows it as text).
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * One CSV field (RFC 4180): formula-neutralised ({@link neutraliseFormula}), then quoted when it
 * holds a comma, quote, semicolon or line break or starts or ends with white space.
 */
export function csvField(text: string): string {
  const safe = neutraliseFormula(text);
  return /[",\r\n;]/.test(safe) || /^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The view as CSV text (RFC 4180: comma separated, CRLF line ends, fields with commas, quotes,
 * semicolons or line breaks quoted; text that a spreadsheet would run as a formula starts with `'`,
 * see {@link csvField}): a header line of column titles, then one line per row with exactly the
 * text each cell shows.
 */
export function viewToCsv<TRow>(view: DataTableView<TRow>): string {
  const lines = [view.columns.map((c) => csvField(c.title)).join(',')];
  const texts = view.columns.map((c) => view.index.column(c.columnName).text);
  for (const row of view.rows) {
    lines.push(texts.map((t) => csvField(t[row.index] ?? '')).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The view as a CSV Blob (UTF-8 with a byte-order mark, so Excel reads ə, ş, Cyrillic). */
export function exportCsv<TRow>(view: DataTableView<TRow>): Blob {
  return new Blob(['\uFEFF', viewToCsv(view)], { type: 'text/csv;charset=utf-8' });
}

/**
 * The view as an .xlsx Blob (one sheet, bold header row). Numbers and money stay numbers,
 * dates stay dates (with a date or date-time format) so Excel can compute with them; every
 * other cell is the text the table shows. write-excel-file is loaded on first use.
 */
export async function exportXlsx<TRow>(view: DataTableView<TRow>): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const header: Cell[] = view.columns.map((c) => ({ value: c.title, fontWeight: 'bold' }));
  const body: Cell[][] = view.rows.map((row) =>
    view.columns.map((c): Cell => {
      const text = view.index.text(c.columnName, row.index);
      if (text === '') return null;
      const value = c.read(row.original);
      if ((c.type === 'number' || c.type === 'money') && !c.groupedElements) {
        const n = Number(value);
        if (!Number.isNaN(n))
          return { value: n, type: Number, format: c.type === 'money' ? '#,##0.00' : undefined };
      }
      if ((c.type === 'date' || c.type === 'dateTime') && !c.groupedElements) {
        const d = value instanceof Date ? value : new Date(value as string);
        if (!Number.isNaN(d.getTime()))
          return {
            value: d,
            type: Date,
            format: c.type === 'date' ? 'dd.mm.yyyy' : 'dd.mm.yyyy hh:mm',
          };
      }
      return { value: text, type: String };
    }),
  );
  return writeXlsxFile([header, ...body], {
    columns: view.columns.map((c) => ({ width: Math.max(12, Math.round(c.minWidth / 8)) })),
  }).toBlob();
}

/** Saves a Blob as a download named `fileName` (an invisible link, clicked, then revoked). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
