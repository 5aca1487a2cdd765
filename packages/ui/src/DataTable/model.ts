/*
 * The DataTable's data model, free of React: reading and formatting values, the cached search
 * and sort keys, and the @tanstack/table-core column definitions that filter, sort and group
 * with them. The benchmark in bench/datatable drives exactly these functions.
 *
 * Why a cache: formatting a date and folding accents costs about a microsecond per value, which
 * on 100,000 rows is far over the 100 ms budget of a filter change. Each column's display text,
 * its folded (normalized) text and its sort key are computed once per data array and reused by
 * every later filter, search and sort, which then cost one `includes` or one `<` per row.
 */
import {
  createRow,
  getCoreRowModel,
  getExpandedRowModel,
  memo,
  type ColumnDef,
  type ColumnFiltersState,
  type Row,
  type RowModel,
  type Table,
} from '@tanstack/react-table';
import {
  DEFAULT_LOAD_MORE_LIMIT,
  DEFAULT_LOAD_MORE_SIZE,
  DEFAULT_MIN_WIDTH,
  type DataTableColumn,
  type DataTableColumnSettings,
  type DataTableColumnType,
  type DataTableFormatters,
  type DataTableState,
} from './types';

/** Id of the hidden column that carries the search box's text as a filter. */
export const SEARCH_COLUMN_ID = '__search';
/** Grouping value of empty cells; shown as the blankLabel. */
export const BLANK_GROUP = '\u0000blank';

/**
 * The default text folding: lowercase, Azerbaijani/Turkish letters to Latin (ə→e, ı/İ→i) and
 * every other diacritic stripped by NFD. The app passes @servicedesk/i18n's normalizeForSearch,
 * which does the same with a few more letters.
 */
export function defaultNormalize(text: string): string {
  return text
    .replace(/[əƏ]/g, 'e')
    .replace(/[ıIİ]/g, 'i')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

/** Everything besides the columns that decides a cell's text. */
export interface FormatContext {
  /** BCP 47 locale for numbers and dates. */
  locale: string;
  /** Translates i18n keys (header translationKey, `translate` columns). */
  t?: (key: string) => string;
  /** Overrides of the locale formats. */
  formatters?: DataTableFormatters;
  /** Text that stands for an empty value in filters and group headers. */
  blankLabel: string;
  /** Text of true and false in boolean columns. */
  yes: string;
  no: string;
  /** Text folding for search and sort. */
  normalize: (text: string) => string;
}

/** A column with its defaults filled in. */
export interface ResolvedColumn<TRow> extends DataTableColumn<TRow> {
  type: DataTableColumnType;
  minWidth: number;
  loadMoreLimit: number;
  loadMoreSize: number;
  /** The header text (translated). */
  title: string;
  read: (row: TRow) => unknown;
}

/** Fills a column's defaults (SPEC §9: min width 200, load-more size 100) and its header text. */
export function resolveColumn<TRow>(
  column: DataTableColumn<TRow>,
  t?: (key: string) => string,
): ResolvedColumn<TRow> {
  const name = column.columnName;
  return {
    ...column,
    type: column.type ?? 'string',
    minWidth: column.minWidth ?? DEFAULT_MIN_WIDTH,
    loadMoreLimit: column.loadMoreLimit ?? DEFAULT_LOAD_MORE_LIMIT,
    loadMoreSize: column.loadMoreSize ?? DEFAULT_LOAD_MORE_SIZE,
    title: column.translationKey && t ? t(column.translationKey) : (column.header ?? name),
    read: column.accessor ?? ((row: TRow) => (row as Record<string, unknown>)[name]),
  };
}

/** True for null, undefined, '', whitespace-only strings and empty lists. */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** A date-only value, `YYYY-MM-DD`. */
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string' || typeof value === 'number') {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
}

function elementText(value: unknown): string {
  if (value && typeof value === 'object' && 'name' in value) return String(value.name);
  return String(value);
}

const formatCache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cachedFormat<T extends Intl.NumberFormat | Intl.DateTimeFormat>(
  key: string,
  make: () => T,
): T {
  let f = formatCache.get(key);
  if (!f) {
    f = make();
    formatCache.set(key, f);
  }
  return f as T;
}

/**
 * The text a user sees in a cell (also what filters match and CSV exports). Blank values give
 * ''. Numbers and money use the locale (two decimals for money), dates dd.mm.yyyy-style by
 * locale, dateTime adds hours and minutes, booleans yes/no, users their name, grouped elements
 * their names joined by ", ", translate columns `t(value)`.
 */
export function formatValue<TRow>(
  column: ResolvedColumn<TRow>,
  value: unknown,
  ctx: FormatContext,
): string {
  if (isBlank(value)) return '';
  if (column.groupedElements && Array.isArray(value)) {
    return value.map((v) => formatScalar(column, v, ctx)).join(', ');
  }
  return formatScalar(column, value, ctx);
}

function formatScalar<TRow>(
  column: ResolvedColumn<TRow>,
  value: unknown,
  ctx: FormatContext,
): string {
  if (isBlank(value)) return '';
  const { locale, formatters } = ctx;
  switch (column.type) {
    case 'number': {
      const n = Number(value);
      if (Number.isNaN(n)) return String(value);
      if (formatters?.number) return formatters.number(n);
      return cachedFormat(`n|${locale}`, () => new Intl.NumberFormat(locale)).format(n);
    }
    case 'money': {
      const n = Number(value);
      if (Number.isNaN(n)) return String(value);
      if (formatters?.money) return formatters.money(n);
      return cachedFormat(
        `m|${locale}`,
        () => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      ).format(n);
    }
    case 'date':
    case 'dateTime': {
      const d = toDate(value);
      if (!d) return String(value);
      const custom = formatters?.[column.type];
      if (custom) return custom(d, value);
      // A date-only `YYYY-MM-DD` value is a calendar day: formatted in UTC, where `new Date()`
      // put it, it reads that day in every time zone (in the viewer's zone it slid to the day
      // before west of Greenwich).
      const calendar = typeof value === 'string' && CALENDAR_DATE.test(value);
      const withTime = column.type === 'dateTime' && !calendar;
      return cachedFormat(
        `${column.type}|${locale}|${calendar ? 'utc' : 'local'}`,
        () =>
          new Intl.DateTimeFormat(locale, {
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            ...(withTime ? { hour: '2-digit', minute: '2-digit', hour12: false } : {}),
            ...(calendar ? { timeZone: 'UTC' } : {}),
          }),
      ).format(d);
    }
    case 'boolean':
      return value === true || value === 'true' || value === 1 ? ctx.yes : ctx.no;
    case 'user':
      return elementText(value);
    default: {
      const text = elementText(value);
      return column.translate && ctx.t ? ctx.t(text) : text;
    }
  }
}

/** Sort key of a value: numbers for number/money/date/boolean, folded text for the rest. */
function sortKey<TRow>(
  column: ResolvedColumn<TRow>,
  value: unknown,
  text: string,
  folded: string,
): number | string | null {
  if (isBlank(value)) return null;
  switch (column.type) {
    case 'number':
    case 'money': {
      const n = Number(value);
      return Number.isNaN(n) ? folded : n;
    }
    case 'date':
    case 'dateTime':
      return toDate(value)?.getTime() ?? folded;
    case 'boolean':
      return text === '' ? null : value === true || value === 'true' || value === 1 ? 1 : 0;
    default:
      return folded;
  }
}

interface ColumnCache {
  text: string[];
  folded: string[];
  keys: (number | string | null)[];
}

/**
 * Per data array: each column's display text, folded text (blank → folded blankLabel, so
 * typing "blank" finds the empty cells, as they are grouped under that label) and sort key,
 * computed on first use and kept. Indexed by the row's position in `data` (tanstack's row.index).
 */
export class TableIndex<TRow> {
  private readonly cache = new Map<string, ColumnCache>();
  private readonly rowTexts = new Map<string, string[]>();
  private readonly columnsById: Map<string, ResolvedColumn<TRow>>;

  constructor(
    readonly data: readonly TRow[],
    columns: readonly ResolvedColumn<TRow>[],
    readonly ctx: FormatContext,
  ) {
    this.columnsById = new Map(columns.map((c) => [c.columnName, c]));
  }

  /** The cached texts and keys of one column (built on first call). */
  column(id: string): ColumnCache {
    let c = this.cache.get(id);
    if (c) return c;
    const column = this.columnsById.get(id);
    const n = this.data.length;
    // Filled with push: V8 keeps `new Array(n)` of this size in slow dictionary mode.
    c = { text: [], folded: [], keys: [] };
    const blankFolded = this.ctx.normalize(this.ctx.blankLabel);
    for (let i = 0; i < n; i++) {
      const value = column ? column.read(this.data[i] as TRow) : undefined;
      const text = column ? formatValue(column, value, this.ctx) : '';
      const folded = text === '' ? blankFolded : this.ctx.normalize(text);
      c.text.push(text);
      c.folded.push(folded);
      c.keys.push(column ? sortKey(column, value, text, folded) : null);
    }
    this.cache.set(id, c);
    return c;
  }

  private positions: Map<TRow, number> | null = null;
  private readonly orders = new Map<string, { sorted: Int32Array; rank: Int32Array }>();

  /**
   * The whole data's ascending order by one column, computed once per column: `sorted` lists
   * row positions (blanks last), `rank[i]` is row i's place in it. Any later sort of any subset
   * (after filters, inside groups, descending) is then a pass over `sorted` or an integer
   * comparison of ranks instead of a fresh comparison sort.
   */
  order(id: string): { sorted: Int32Array; rank: Int32Array } {
    let o = this.orders.get(id);
    if (o) return o;
    const keys = this.column(id).keys;
    const positions = Array.from({ length: keys.length }, (_, i) => i);
    positions.sort((a, b) => compareKeys(keys[a] ?? null, keys[b] ?? null, 1) || a - b);
    const sorted = Int32Array.from(positions);
    const rank = new Int32Array(sorted.length);
    for (let r = 0; r < sorted.length; r++) rank[sorted[r] as number] = r;
    o = { sorted, rank };
    this.orders.set(id, o);
    return o;
  }

  /** A row object's position in `data` (for tanstack callbacks that only get the original). */
  positionOf(row: TRow): number {
    if (!this.positions) {
      const positions = new Map<TRow, number>();
      this.data.forEach((r, i) => positions.set(r, i));
      this.positions = positions;
    }
    return this.positions.get(row) ?? -1;
  }

  private readonly groupCodes = new Map<string, { codes: Int32Array; values: string[] }>();

  /**
   * One column's grouping values as small integers, computed once per column: `values` lists
   * the distinct displayed texts (blank → BLANK_GROUP) in order of first appearance, `codes[i]`
   * is row i's place in it. Grouping is then an integer bucket per row, not a string hash.
   */
  groups(id: string): { codes: Int32Array; values: string[] } {
    let g = this.groupCodes.get(id);
    if (g) return g;
    const texts = this.column(id).text;
    const codes = new Int32Array(texts.length);
    const values: string[] = [];
    const seen = new Map<string, number>();
    for (let i = 0; i < texts.length; i++) {
      const text = texts[i] ?? '';
      const value = text === '' ? BLANK_GROUP : text;
      let code = seen.get(value);
      if (code === undefined) {
        code = values.length;
        values.push(value);
        seen.set(value, code);
      }
      codes[i] = code;
    }
    g = { codes, values };
    this.groupCodes.set(id, g);
    return g;
  }

  /** Whether a column's cache is already built. */
  has(id: string): boolean {
    return this.cache.has(id);
  }

  /** The display text of one cell. */
  text(id: string, index: number): string {
    return this.column(id).text[index] ?? '';
  }

  /** Each row's folded texts of the given columns joined by a separator (for the search box). */
  rowText(ids: readonly string[]): string[] {
    const sig = ids.join('\u0001');
    let texts = this.rowTexts.get(sig);
    if (texts) return texts;
    const cols = ids.map((id) => this.column(id).folded);
    texts = [];
    for (let i = 0; i < this.data.length; i++) {
      let s = '';
      for (const col of cols) s += `${col[i]}\u0001`;
      texts.push(s);
    }
    this.rowTexts.set(sig, texts);
    return texts;
  }
}

function firstLeafIndex<TRow>(row: Row<TRow>): number {
  let r = row;
  while (r.subRows.length > 0 && r.getIsGrouped()) r = r.subRows[0] as Row<TRow>;
  return r.index;
}

/** Blanks (null) last in either direction; numbers before texts. */
function compareKeys(a: number | string | null, b: number | string | null, dir: 1 | -1): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === typeof b) return (a < b ? -1 : 1) * dir;
  return (typeof a === 'number' ? -1 : 1) * dir;
}

/**
 * tanstack's filtered-row-model slot, written against the cached folded texts: one
 * `includes` per active filter per row and no per-row allocations (tanstack's generic version
 * builds filter bookkeeping objects on every row, which costs more than the match itself).
 * The search box rides on the hidden SEARCH_COLUMN_ID filter.
 */
export function createFilteredRowModel<TRow>(): (table: Table<TRow>) => () => RowModel<TRow> {
  return (table) =>
    memo(
      () => [
        table.getPreFilteredRowModel(),
        table.getState().columnFilters,
        metaOf(table).index,
        metaOf(table).searchColumns,
      ],
      (rowModel, columnFilters, index, searchIds) => {
        const tests: { texts: string[]; needle: string }[] = [];
        for (const f of columnFilters) {
          const needle = index.ctx.normalize(String(f.value ?? '')).trim();
          if (needle === '') continue;
          const texts =
            f.id === SEARCH_COLUMN_ID ? index.rowText(searchIds) : index.column(f.id).folded;
          tests.push({ texts, needle });
        }
        if (tests.length === 0) return rowModel;
        const rows: Row<TRow>[] = [];
        outer: for (const row of rowModel.rows) {
          for (const t of tests) if (!(t.texts[row.index] ?? '').includes(t.needle)) continue outer;
          rows.push(row);
        }
        // The unfiltered id map still finds every row that passed; building a new one would
        // cost a hash insert per row.
        return { rows, flatRows: rows, rowsById: rowModel.rowsById };
      },
      { key: 'getFilteredRowModel' },
    );
}

/**
 * tanstack's sorted-row-model slot, on the index's per-column order: a long flat list is
 * rebuilt by walking the precomputed order (linear), short lists and groups compare integer
 * ranks. Blanks stay last in both directions; groups sort by their first row. Leaf rows are
 * reused as they are (tanstack's generic version copies every row object before sorting).
 */
export function createSortedRowModel<TRow>(): (table: Table<TRow>) => () => RowModel<TRow> {
  return (table) =>
    memo(
      () => [table.getState().sorting, table.getPreSortedRowModel(), metaOf(table).index],
      (sorting, rowModel, index) => {
        const sort = sorting[0];
        if (!sort || rowModel.rows.length === 0) return rowModel;
        const { sorted, rank } = index.order(sort.id);
        const keys = index.column(sort.id).keys;
        const desc = sort.desc;
        const n = sorted.length;
        // tanstack v8 rows carry dozens of own properties, so every property read counts on
        // 100,000 rows: the leaf level reads only `index`, and never calls row methods.
        const rankAt = (i: number) => {
          const r = rank[i] as number;
          if (keys[i] === null) return n + r;
          return desc ? -r : r;
        };
        const sortLeaves = (rows: Row<TRow>[]): Row<TRow>[] => {
          if (rows.length <= 2000)
            return rows.slice().sort((a, b) => rankAt(a.index) - rankAt(b.index));
          // Long lists: walk the column's whole order once and keep the rows present.
          const slot = new Int32Array(n);
          for (let k = 0; k < rows.length; k++) slot[(rows[k] as Row<TRow>).index] = k + 1;
          const out: Row<TRow>[] = [];
          const blanks: Row<TRow>[] = [];
          for (let k = 0; k < n; k++) {
            const i = sorted[desc ? n - 1 - k : k] as number;
            const at = slot[i] as number;
            if (at === 0) continue;
            if (keys[i] === null) blanks.push(rows[at - 1] as Row<TRow>);
            else out.push(rows[at - 1] as Row<TRow>);
          }
          if (desc) blanks.reverse();
          for (const row of blanks) out.push(row);
          return out;
        };
        const groupDepth = table.getState().grouping.length;
        if (groupDepth === 0) {
          const rows = sortLeaves(rowModel.rows);
          return { rows, flatRows: rows, rowsById: rowModel.rowsById };
        }
        const flatRows: Row<TRow>[] = [];
        const sortLevel = (rows: Row<TRow>[], depth: number): Row<TRow>[] => {
          if (depth >= groupDepth) {
            const out = sortLeaves(rows);
            for (const row of out) flatRows.push(row);
            return out;
          }
          // Group rows (few): order by their first row, copy them so the grouped model's own
          // order stays intact, then sort their rows.
          const groups = rows
            .slice()
            .sort((a, b) => rankAt(firstLeafIndex(a)) - rankAt(firstLeafIndex(b)));
          return groups.map((row) => {
            const copy = Object.assign(
              Object.create(Object.getPrototypeOf(row) as object) as Row<TRow>,
              row,
            );
            flatRows.push(copy);
            copy.subRows = sortLevel(row.subRows, depth + 1);
            return copy;
          });
        };
        return { rows: sortLevel(rowModel.rows, 0), flatRows, rowsById: rowModel.rowsById };
      },
      { key: 'getSortedRowModel' },
    );
}

/**
 * tanstack's grouped-row-model slot, on the index's cached texts: rows are grouped by the
 * displayed text of the grouping column (blanks under BLANK_GROUP) read from the column cache
 * by `row.index`, instead of tanstack's per-row `getGroupingValue` call and cache. Group rows
 * are tanstack rows (`createRow`) with `groupingColumnId`, `groupingValue`, `subRows` and
 * `leafRows`, in order of first appearance, exactly as tanstack's version builds them; leaves
 * get their `depth` but no `parentId` (so `row.getParentRow()` is not available on leaves). The id map of the result chains to the ungrouped one (its
 * prototype) rather than copying 100,000 entries, and leaves are listed once in `flatRows`.
 * No aggregation: a group row's `getValue` answers only its grouping column(s).
 *
 * Measured on 100,000 rows (bench/datatable): a group-by change went from ~160–200 ms CPU with
 * tanstack's generic getGroupedRowModel to the figures in packages/ui/README.md.
 */
export function createGroupedRowModel<TRow>(): (table: Table<TRow>) => () => RowModel<TRow> {
  return (table) => {
    // Whether leaves carry a group's depth/parentId from an earlier grouping.
    let leavesMoved = false;
    return memo(
      () => [table.getState().grouping, table.getPreGroupedRowModel(), metaOf(table).index],
      (grouping, rowModel, index) => {
        const columns = grouping.filter((id) => table.getColumn(id));
        if (rowModel.rows.length === 0 || columns.length === 0) {
          if (leavesMoved) {
            for (const row of table.getCoreRowModel().rows) if (row.depth !== 0) row.depth = 0;
            leavesMoved = false;
          }
          return rowModel;
        }
        leavesMoved = true;
        const flatRows: Row<TRow>[] = [];
        const rowsById = Object.create(rowModel.rowsById) as Record<string, Row<TRow>>;
        const groupLevel = (rows: Row<TRow>[], depth: number, parentId?: string): Row<TRow>[] => {
          if (depth >= columns.length) {
            // Writes only where the value changes: leaves keep their depth between two
            // groupings, and a property write on a tanstack row is not free (writing each
            // leaf's parentId as tanstack does doubled the cost, so leaves get none).
            for (const row of rows) {
              if (row.depth !== depth) row.depth = depth;
              flatRows.push(row);
            }
            return rows;
          }
          const columnId = columns[depth] as string;
          const { codes, values } = index.groups(columnId);
          // Buckets by group code, then in order of first appearance among these rows.
          const buckets: (Row<TRow>[] | undefined)[] = new Array(values.length);
          const order: number[] = [];
          for (const row of rows) {
            const code = codes[row.index] as number;
            const bucket = buckets[code];
            if (bucket) bucket.push(row);
            else {
              buckets[code] = [row];
              order.push(code);
            }
          }
          const out: Row<TRow>[] = [];
          for (const code of order) {
            const value = values[code] as string;
            const leaves = buckets[code] as Row<TRow>[];
            const id = parentId ? `${parentId}>${columnId}:${value}` : `${columnId}:${value}`;
            const group = createRow(
              table,
              id,
              (leaves[0] as Row<TRow>).original,
              out.length,
              depth,
              undefined,
              parentId,
            );
            flatRows.push(group);
            rowsById[id] = group;
            const subRows = groupLevel(leaves, depth + 1, id);
            Object.assign(group, {
              groupingColumnId: columnId,
              groupingValue: value,
              subRows,
              leafRows: leaves,
              getValue: (colId: string) =>
                columns.includes(colId) ? (leaves[0] as Row<TRow>).getValue(colId) : undefined,
            });
            out.push(group);
          }
          return out;
        };
        const rows = groupLevel(rowModel.rows, 0);
        return { rows, flatRows, rowsById };
      },
      { key: 'getGroupedRowModel' },
    );
  };
}

/**
 * tanstack's expanded-row-model slot. The DataTable keeps every group open in tanstack's state
 * (`expanded: true`; it collapses groups itself), so the common case is "every row, depth
 * first": group rows and then their leaves, copied in blocks without reading any property of
 * the 100,000 leaves (tanstack's version calls `subRows?.length` on each). Any other expanded
 * state falls back to tanstack's getExpandedRowModel.
 */
export function createExpandedRowModel<TRow>(): (table: Table<TRow>) => () => RowModel<TRow> {
  return (table) => {
    const generic = getExpandedRowModel<TRow>()(table);
    return memo(
      () => [table.getState().expanded, table.getPreExpandedRowModel(), table.getState().grouping],
      (expanded, rowModel, grouping) => {
        if (expanded !== true || grouping.length === 0) return generic();
        const rows: Row<TRow>[] = [];
        const walk = (level: Row<TRow>[]) => {
          for (const row of level) {
            rows.push(row);
            const sub = row.subRows;
            if (sub.length === 0) continue;
            // Group rows have group rows or leaves below; leaves (no getSubRows) have none.
            if ((sub[0] as Row<TRow>).groupingColumnId === undefined)
              for (let i = 0; i < sub.length; i++) rows.push(sub[i] as Row<TRow>);
            else walk(sub);
          }
        };
        walk(rowModel.rows);
        return { rows, flatRows: rowModel.flatRows, rowsById: rowModel.rowsById };
      },
      { key: 'getExpandedRowModel' },
    );
  };
}

/**
 * The tanstack column definitions: every DataTable column plus the hidden search column.
 * Filtering and sorting run in createFilteredRowModel / createSortedRowModel on the cached
 * texts and keys; grouping groups by the displayed text, blanks under BLANK_GROUP.
 */
export function buildColumnDefs<TRow>(
  columns: readonly ResolvedColumn<TRow>[],
  getIndex: () => TableIndex<TRow>,
): ColumnDef<TRow, unknown>[] {
  const defs: ColumnDef<TRow, unknown>[] = columns.map((column) => ({
    id: column.columnName,
    accessorFn: (row: TRow) => column.read(row),
    enableSorting: column.isSortable !== false,
    enableColumnFilter: column.isFilterable !== false,
    enableGrouping: column.isGroupable !== false,
    getGroupingValue: (row: TRow) => {
      const index = getIndex();
      const text = index.text(column.columnName, index.positionOf(row));
      return text === '' ? BLANK_GROUP : text;
    },
  }));
  defs.push({
    id: SEARCH_COLUMN_ID,
    accessorFn: () => '',
    enableSorting: false,
    enableGrouping: false,
  });
  return defs;
}

/**
 * What the row models read besides tanstack's state, passed as the table's `meta` option:
 * tanstack creates each row-model function once per table, so they read these per call.
 */
export interface DataTableMeta<TRow> {
  /** The cached texts and keys of the current data. */
  index: TableIndex<TRow>;
  /** Columns the search box looks in (the visible ones). */
  searchColumns: readonly string[];
}

function metaOf<TRow>(table: Table<TRow>): DataTableMeta<TRow> {
  return table.options.meta as DataTableMeta<TRow>;
}

/** The tanstack row-model options of the DataTable (core, filtered, grouped, sorted, expanded); pass a DataTableMeta as `meta`. */
export function createRowModels<TRow>() {
  return {
    getCoreRowModel: getCoreRowModel<TRow>(),
    getFilteredRowModel: createFilteredRowModel<TRow>(),
    getSortedRowModel: createSortedRowModel<TRow>(),
    getGroupedRowModel: createGroupedRowModel<TRow>(),
    getExpandedRowModel: createExpandedRowModel<TRow>(),
  };
}

/** A DataTableState as tanstack state (the search text rides on the hidden search column). */
export function toTanstackState(state: DataTableState) {
  const columnFilters: ColumnFiltersState = Object.entries(state.filters)
    .filter(([, v]) => v.trim() !== '')
    .map(([id, value]) => ({ id, value }));
  if (state.search.trim() !== '') columnFilters.push({ id: SEARCH_COLUMN_ID, value: state.search });
  return {
    columnFilters,
    sorting: state.sorting,
    grouping: state.groupBy ? [state.groupBy] : [],
    // Every group starts open (the DataTable collapses groups itself, with an animation);
    // without grouping there is nothing to expand and tanstack skips the pass.
    expanded: state.groupBy ? (true as const) : {},
  };
}

/**
 * Applies saved settings (order, width, hidden) to the columns: saved columns first in their
 * saved order, then columns the settings do not know (new ones) in definition order. Widths
 * never go below the column's minimum.
 */
export function applyColumnSettings<TRow>(
  columns: readonly ResolvedColumn<TRow>[],
  settings: DataTableColumnSettings | undefined,
): { column: ResolvedColumn<TRow>; width: number; hidden: boolean }[] {
  const byKey = new Map(columns.map((c) => [c.columnName, c]));
  const out: { column: ResolvedColumn<TRow>; width: number; hidden: boolean }[] = [];
  const seen = new Set<string>();
  for (const s of settings?.columns ?? []) {
    const column = byKey.get(s.key);
    if (!column || seen.has(s.key)) continue;
    seen.add(s.key);
    out.push({
      column,
      width: Math.max(column.minWidth, s.width ?? column.width ?? column.minWidth),
      hidden: s.hidden ?? false,
    });
  }
  for (const column of columns) {
    if (seen.has(column.columnName)) continue;
    out.push({
      column,
      width: Math.max(column.minWidth, column.width ?? column.minWidth),
      hidden: column.hidden ?? false,
    });
  }
  return out;
}
