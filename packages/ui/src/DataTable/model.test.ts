import { createTable, type TableOptionsResolved } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { viewToCsv } from './export';
import {
  BLANK_GROUP,
  TableIndex,
  applyColumnSettings,
  buildColumnDefs,
  createRowModels,
  toTanstackState,
  defaultNormalize,
  formatValue,
  resolveColumn,
  type FormatContext,
} from './model';
import { createWebTableStorage } from './storage';
import {
  DEFAULT_LOAD_MORE_SIZE,
  DEFAULT_MIN_WIDTH,
  emptyTableState,
  type DataTableColumn,
  type DataTableState,
} from './types';

type Row = Record<string, unknown>;
const ctx: FormatContext = {
  locale: 'en-GB',
  blankLabel: 'Blank',
  yes: 'Yes',
  no: 'No',
  normalize: defaultNormalize,
  t: (k) => ({ 'status.done': 'Done', 'h.city': 'City' })[k] ?? k,
};
const col = (c: Partial<DataTableColumn<Row>>) =>
  resolveColumn<Row>({ columnName: 'v', ...c }, ctx.t);

describe('DataTable model', () => {
  it('folds case and Azerbaijani letters by default', () => {
    expect(defaultNormalize('ŞƏKİ')).toBe('seki');
    expect(defaultNormalize('İsmayıllı Gəncə Göyçay Ağdam')).toBe('ismayilli gence goycay agdam');
  });

  it('fills the spec defaults: string type, min width 200, load-more size 100, header from the translation key', () => {
    const c = col({ translationKey: 'h.city' });
    expect(c.type).toBe('string');
    expect(c.minWidth).toBe(DEFAULT_MIN_WIDTH);
    expect(DEFAULT_MIN_WIDTH).toBe(200);
    expect(c.loadMoreSize).toBe(DEFAULT_LOAD_MORE_SIZE);
    expect(DEFAULT_LOAD_MORE_SIZE).toBe(100);
    expect(c.title).toBe('City');
    expect(col({ header: 'Name' }).title).toBe('Name');
    expect(col({}).title).toBe('v');
  });

  it('formats each type as the user reads it', () => {
    expect(formatValue(col({ type: 'number' }), 1234567, ctx)).toBe('1,234,567');
    expect(formatValue(col({ type: 'money' }), 12.5, ctx)).toBe('12.50');
    expect(
      formatValue(col({ type: 'money' }), 12.5, {
        ...ctx,
        formatters: { money: (n) => `${Number(n).toFixed(2)} ₼` },
      }),
    ).toBe('12.50 ₼');
    expect(formatValue(col({ type: 'date' }), '2026-03-05', ctx)).toBe('05/03/2026');
    expect(formatValue(col({ type: 'dateTime' }), new Date(2026, 2, 5, 14, 7), ctx)).toBe(
      '05/03/2026, 14:07',
    );
    expect(formatValue(col({ type: 'boolean' }), true, ctx)).toBe('Yes');
    expect(formatValue(col({ type: 'boolean' }), false, ctx)).toBe('No');
    expect(
      formatValue(col({ type: 'user' }), { name: 'Aysel Məmmədova', imgPath: null }, ctx),
    ).toBe('Aysel Məmmədova');
    expect(formatValue(col({ translate: true }), 'status.done', ctx)).toBe('Done');
    expect(formatValue(col({ groupedElements: true }), ['IT', { name: 'Ofis' }], ctx)).toBe(
      'IT, Ofis',
    );
    expect(formatValue(col({}), null, ctx)).toBe('');
    expect(formatValue(col({}), '   ', ctx)).toBe('');
  });

  it('orders saved columns first, appends new ones, and keeps widths above the minimum', () => {
    const columns = ['a', 'b', 'c'].map((n) => col({ columnName: n }));
    const out = applyColumnSettings(columns, {
      columns: [{ key: 'c', width: 50 }, { key: 'gone' }, { key: 'a', width: 320, hidden: true }],
    });
    expect(out.map((o) => [o.column.columnName, o.width, o.hidden])).toEqual([
      ['c', 200, false],
      ['a', 320, true],
      ['b', 200, false],
    ]);
  });

  it('caches folded texts with blanks read as the Blank label', () => {
    const data: Row[] = [{ v: 'Şəki' }, { v: null }];
    const index = new TableIndex(data, [col({})], ctx);
    expect(index.column('v').folded).toEqual(['seki', 'blank']);
    expect(index.text('v', 1)).toBe('');
  });

  it('quotes CSV fields that hold commas, quotes, semicolons or line breaks', () => {
    const columns = [
      col({ columnName: 'a', header: 'A' }),
      col({ columnName: 'b', header: 'B; b' }),
    ];
    const data: Row[] = [
      { a: 'say "hi"', b: 'x,y' },
      { a: 'line\nbreak', b: 'plain' },
    ];
    const index = new TableIndex(data, columns, ctx);
    const csv = viewToCsv({
      columns,
      index,
      rows: data.map((original, i) => ({ index: i, original })),
    });
    expect(csv).toBe('A,"B; b"\r\n"say ""hi""","x,y"\r\n"line\nbreak",plain\r\n');
  });

  it('reads back what it stored and ignores malformed storage', () => {
    localStorage.setItem('sd.tableFilters', '{not json');
    const storage = createWebTableStorage(localStorage);
    expect(storage.get('users')).toBeUndefined();
    const state = { filters: { name: 'ay' }, search: '', sorting: [], groupBy: null };
    storage.set('users', state);
    expect(createWebTableStorage(localStorage).get('users')).toEqual(state);
    localStorage.setItem('sd.tableFilters', JSON.stringify({ users: { filters: 'bad' } }));
    expect(storage.get('users')).toBeUndefined();
    localStorage.clear();
  });
});

describe('DataTable grouped row model', () => {
  const rows: Row[] = [
    { id: 1, city: 'Şəki', status: 'open' },
    { id: 2, city: '', status: 'done' },
    { id: 3, city: 'Bakı', status: 'open' },
    { id: 4, city: 'Şəki', status: 'done' },
  ];
  const columns = [col({ columnName: 'city' }), col({ columnName: 'status' })];
  const index = new TableIndex(rows, columns, ctx);
  const table = createTable<Row>({
    data: rows,
    columns: buildColumnDefs(columns, () => index),
    getRowId: (r: Row) => String(r.id),
    state: toTanstackState(emptyTableState),
    onStateChange: () => {},
    renderFallbackValue: null,
    ...createRowModels<Row>(),
    meta: { index, searchColumns: ['city', 'status'] },
    autoResetExpanded: false,
    groupedColumnMode: false,
  } as unknown as TableOptionsResolved<Row>);
  const show = (state: DataTableState) => {
    table.setOptions((prev) => ({ ...prev, state: { ...prev.state, ...toTanstackState(state) } }));
    return table
      .getRowModel()
      .rows.map((r) =>
        r.getIsGrouped()
          ? `${String(r.groupingValue)} (${r.subRows.length})`
          : `  ${r.id}@${r.depth}`,
      );
  };

  it('groups by the displayed text in order of first appearance, blanks apart, and ungroups', () => {
    expect(show({ ...emptyTableState, groupBy: 'city' })).toEqual([
      'Şəki (2)',
      '  1@1',
      '  4@1',
      `${BLANK_GROUP} (1)`,
      '  2@1',
      'Bakı (1)',
      '  3@1',
    ]);
    expect(show({ ...emptyTableState, groupBy: 'status', filters: { city: 'seki' } })).toEqual([
      'open (1)',
      '  1@1',
      'done (1)',
      '  4@1',
    ]);
    // Back to a flat list: every row at depth 0 again, also those filtered out while grouped.
    expect(show(emptyTableState)).toEqual(['  1@0', '  2@0', '  3@0', '  4@0']);
  });
});
