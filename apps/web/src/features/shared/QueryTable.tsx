import type { ReactNode } from 'react';
import * as table from '@servicedesk/ui/SimpleTable';
import { QueryStates, type ListQuery } from './QueryStates';

/** One column of a {@link QueryTable}: its header text and what one row shows in its cell. */
export interface QueryColumn<T> {
  /** The header cell's text (already translated). */
  header: string;
  cell: (row: T) => ReactNode;
  /** A figure column: tabular digits on one line (SimpleTable's `numeric`). */
  numeric?: boolean;
}

/**
 * A short list's plain table (SimpleTable look) behind {@link QueryStates}: "Loading…", the
 * generic error, the `empty` state, else a scrolling table named `label` with one header cell
 * and one cell a column in `columns`, one row an item (keyed by `rowKey`, tagged `rowTestId`).
 */
export function QueryTable<T>({
  query,
  empty,
  label,
  columns,
  rowKey,
  rowTestId,
}: {
  query: ListQuery<T>;
  empty: string;
  label: string;
  columns: QueryColumn<T>[];
  rowKey: (row: T) => string | number;
  rowTestId?: string;
}) {
  return (
    <QueryStates query={query} empty={empty}>
      {(rows) => (
        <div className={table.tableWrap}>
          <table className={table.table} aria-label={label}>
            <thead>
              <tr>
                {columns.map((column, i) => (
                  <th key={i} className={table.th}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} data-testid={rowTestId}>
                  {columns.map((column, i) => (
                    <td key={i} className={column.numeric ? `${table.td} ${table.numeric}` : table.td}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </QueryStates>
  );
}
