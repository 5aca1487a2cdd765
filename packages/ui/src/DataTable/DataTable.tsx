import { useReactTable, type Row } from '@tanstack/react-table';
import { elementScroll, useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import { flushSync } from 'react-dom';
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent as ReactFocusEvent,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Dialog as RACDialog, DialogTrigger, Popover } from 'react-aria-components';
import { Button } from '../Button';
import { Icon } from '../Icon';
import { Select } from '../Select';
import { TextField } from '../TextField';
import { BodyRow, type BodyRowActions } from './BodyRow';
import * as styles from './DataTable.css';
import { downloadBlob, exportCsv, exportXlsx, getTableView, type DataTableView } from './export';
import {
  TableIndex,
  applyColumnSettings,
  buildColumnDefs,
  defaultNormalize,
  resolveColumn,
  createRowModels,
  toTanstackState,
  type FormatContext,
  type ResolvedColumn,
} from './model';
import { useStoredTableState } from './storage';
import { useObservedWidth } from '../internal/useObservedWidth';
import { useRowSizes } from './rowSizes';
import {
  ROW_COLLAPSE_MS,
  type DataTableColumn,
  type DataTableColumnSettings,
  type DataTableFormatters,
  type DataTableState,
  type DataTableStorage,
  type DataTableTexts,
} from './types';

/** A file the export buttons produced. */
export interface DataTableExport {
  format: 'csv' | 'xlsx';
  fileName: string;
  blob: Blob;
}

export interface DataTableProps<TRow> {
  /** Accessible name of the grid, already translated (or use aria-labelledby). */
  'aria-label'?: string;
  /** Id of the element that names the grid. @default undefined */
  'aria-labelledby'?: string;
  /** The rows. Keep the array identity stable between renders: caches are per array. */
  data: readonly TRow[];
  /** Column definitions (SPEC §2). */
  columns: readonly DataTableColumn<TRow>[];
  /** Stable id of a row (selection keys, React keys). */
  getRowId: (row: TRow, index: number) => string;
  /** Every text of the table, already translated. */
  texts: DataTableTexts;
  /** Label of empty values in group headers and filters (SPEC §2 "grouped under the label Blank"). */
  blankLabel: string;
  /** Translates translationKey headers and `translate` columns. @default undefined */
  t?: (key: string) => string;
  /** Locale for numbers and dates. @default 'az' */
  locale?: string;
  /** Custom formats, e.g. money through @servicedesk/i18n formatMoney. @default the locale's */
  formatters?: DataTableFormatters;
  /** Folds text for search and sort; pass @servicedesk/i18n normalizeForSearch. @default defaultNormalize (lowercase, ə/ı/İ and diacritics folded) */
  normalize?: (text: string) => string;
  /** Controlled state (filters, search, sort, grouping). @default undefined (stored or internal) */
  state?: DataTableState;
  /** Initial state when nothing is stored or controlled (e.g. grouped by status). @default no filter, sort or grouping */
  defaultState?: DataTableState;
  /** Called with every state change. @default undefined */
  onStateChange?: (state: DataTableState) => void;
  /** Key the filters are remembered under (e.g. 'helpdeskRequests'); needs `storage`. @default undefined */
  filterKey?: string;
  /** Where filters are remembered (createWebTableStorage() → localStorage 'sd.tableFilters'). @default undefined */
  storage?: DataTableStorage;
  /** Saved column order, widths and visibility (Layout/GetTableOrder/{key}). @default definition order */
  columnSettings?: DataTableColumnSettings;
  /** Called with all columns' order, width and visibility after the user changes one (send to Layout/UpdateTableOrder/{key}). @default undefined */
  onColumnSettingsChange?: (settings: DataTableColumnSettings) => void;
  /** Shows the loading skeleton instead of rows. @default false */
  isLoading?: boolean;
  /** 'multiple' adds a checkbox column. @default 'none' */
  selectionMode?: 'none' | 'multiple';
  /** Controlled selected row ids. @default undefined */
  selectedKeys?: ReadonlySet<string>;
  /** Called with the new selection. @default undefined */
  onSelectionChange?: (keys: Set<string>) => void;
  /** The row's action (usually: open it), run by a click or tap on the row and by Enter on it. @default undefined */
  onRowAction?: (row: TRow) => void;
  /** Whether the server has more rows: shows the load-more button. @default false */
  hasMore?: boolean;
  /** Load-more button press (fetch the next page, SPEC §9 size 100). @default undefined */
  onLoadMore?: () => void;
  /** The load-more button shows as pending. @default false */
  isLoadingMore?: boolean;
  /** Height of the scrolling area (CSS length or px). @default 480 */
  height?: number | string;
  /** Estimated row height in px before rows are measured. @default 45 */
  rowHeight?: number;
  /** File name (without extension) of exports. @default 'export' */
  exportFileName?: string;
  /** Receives exported files instead of the browser downloading them. @default undefined */
  onExport?: (file: DataTableExport) => void;
  /** Called after a cell's text was copied. @default undefined */
  onCopy?: (text: string) => void;
  /** Shows the search box, group-by select, column settings and export buttons. @default true */
  showToolbar?: boolean;
  /** Replaces the empty-state text. @default texts.empty / texts.noResults */
  emptyState?: ReactNode;
}

const GROUP_NONE = '__none';
const HEAD_ROWS = 2;

/**
 * The scroll area's size (px) before the browser has laid it out: a numeric `height` as given, a CSS
 * length (e.g. "min(70vh, 640px)") as the default 480 px — with the overscan, 16 rows of 45 px, which
 * cover the areas lists use; the first ResizeObserver entry sets the real size. Not the window's
 * height: reading `innerHeight` during a render forces a layout too.
 */
function firstRect(height: number | string): Rect {
  return { width: 0, height: typeof height === 'number' ? height : 480 };
}

/**
 * The virtualiser's scroll-area size, from ResizeObserver callbacks only (issue #19): tanstack's
 * default reads `clientWidth`/`clientHeight` as soon as it attaches, inside React's commit, which
 * forced a layout of the whole page in the list's longest task on phones. The observer's callbacks
 * run after the browser's own layout, before the frame is painted; until the first one the size is
 * {@link firstRect}. Without ResizeObserver (jsdom) the size is read once, as tanstack does.
 */
function observeScrollRect(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void): (() => void) | undefined {
  const element = instance.scrollElement;
  if (!element) return undefined;
  const read = () => cb({ width: Math.round(element.clientWidth), height: Math.round(element.clientHeight) });
  if (typeof ResizeObserver === 'undefined') {
    read();
    return undefined;
  }
  const observer = new ResizeObserver(read);
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
}

/** Scrollers the virtualiser has been attached to (see {@link scrollScroller}). */
const attachedScrollers = new WeakSet<Element>();

/**
 * tanstack's element scroll, without the scroll to the top it makes when it first attaches to a
 * scroller (issue #19): a scroller just mounted is at the top already, and `scrollTo` forced a
 * layout of the whole page inside React's commit. Every later scroll, and a first one to anywhere
 * but the top, goes through.
 */
function scrollScroller(offset: number, options: { adjustments?: number; behavior?: ScrollBehavior }, instance: Virtualizer<HTMLDivElement, Element>): void {
  const element = instance.scrollElement;
  if (element && !attachedScrollers.has(element)) {
    attachedScrollers.add(element);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
}

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/**
 * The list table of SPEC §2 "Named list screens": typed columns, per-column filters and a
 * search box (case- and accent-insensitive through `normalize`), sort, grouping with
 * collapsible groups (300 ms), remembered filters (filterKey + storage), saved column order,
 * width and visibility (columnSettings / onColumnSettingsChange), row selection, a keyboard
 * grid (arrows, Home/End, Ctrl+Home/End, PageUp/PageDown, Space selects, Ctrl+C copies,
 * Shift+←/→ on a header resizes), virtualised rows (100,000 rows scroll smoothly), loading
 * skeleton, empty state, load more, and CSV/XLSX export of exactly the current view.
 */
export function DataTable<TRow>(props: DataTableProps<TRow>) {
  const {
    data,
    columns,
    getRowId,
    texts,
    blankLabel,
    t,
    locale = 'az',
    formatters,
    normalize = defaultNormalize,
    isLoading = false,
    selectionMode = 'none',
    height = 480,
    rowHeight = 45,
    exportFileName = 'export',
    showToolbar = true,
  } = props;

  // ---- state: controlled > stored under filterKey > internal
  const [storedState, setStoredState] = useStoredTableState(
    props.filterKey,
    props.storage,
    props.defaultState,
  );
  const state = props.state ?? storedState;
  const { onStateChange } = props;
  const setState = useCallback(
    (next: DataTableState) => {
      setStoredState(next);
      onStateChange?.(next);
    },
    [setStoredState, onStateChange],
  );
  // Typing stays responsive: the row model follows the deferred state.
  const modelState = useDeferredValue(state);

  // ---- columns and their saved layout
  const resolved = useMemo(() => columns.map((c) => resolveColumn(c, t)), [columns, t]);
  const [settings, setSettings] = useState(props.columnSettings);
  const [settingsProp, setSettingsProp] = useState(props.columnSettings);
  if (settingsProp !== props.columnSettings) {
    setSettingsProp(props.columnSettings);
    setSettings(props.columnSettings);
  }
  const layout = useMemo(() => applyColumnSettings(resolved, settings), [resolved, settings]);
  const visible = useMemo(() => layout.filter((l) => !l.hidden), [layout]);
  const visibleColumns = useMemo(() => visible.map((l) => l.column), [visible]);
  const { onColumnSettingsChange } = props;
  const changeLayout = useCallback(
    (next: { key: string; width: number; hidden: boolean }[]) => {
      const value: DataTableColumnSettings = { columns: next };
      setSettings(value);
      onColumnSettingsChange?.(value);
    },
    [onColumnSettingsChange],
  );
  const layoutEntries = () =>
    layout.map((l) => ({ key: l.column.columnName, width: l.width, hidden: l.hidden }));

  // ---- the model
  const ctx: FormatContext = useMemo(
    () => ({ locale, t, formatters, blankLabel, yes: texts.yes, no: texts.no, normalize }),
    [locale, t, formatters, blankLabel, texts.yes, texts.no, normalize],
  );
  const index = useMemo(() => new TableIndex(data, resolved, ctx), [data, resolved, ctx]);
  const searchIds = useMemo(() => visibleColumns.map((c) => c.columnName), [visibleColumns]);
  const columnDefs = useMemo(() => buildColumnDefs(resolved, () => index), [resolved, index]);
  const [rowModels] = useState(() => createRowModels<TRow>());
  const meta = useMemo(() => ({ index, searchColumns: searchIds }), [index, searchIds]);
  // tanstack memoises its row models on the identity of each state part: keep them stable.
  const tanstackState = useMemo(() => toTanstackState(modelState), [modelState]);
  // The React Compiler is not used here; tanstack's instance is read fresh on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<TRow>({
    data: data as TRow[],
    columns: columnDefs,
    getRowId,
    state: tanstackState,
    ...rowModels,
    meta,
    autoResetExpanded: false,
    groupedColumnMode: false,
  });

  // Build the caches of visible columns in idle slices, so the first filter or sort is fast too.
  useEffect(() => {
    let cancelled = false;
    const ids = visibleColumns.map((c) => c.columnName);
    let i = 0;
    // Texts of each visible column first, then each sortable column's order.
    const sortable = visibleColumns.filter((c) => c.isSortable !== false).map((c) => c.columnName);
    const step = () => {
      if (cancelled) return;
      while (i < ids.length && index.has(ids[i] as string)) i++;
      if (i < ids.length) index.column(ids[i] as string);
      else if (i - ids.length < sortable.length) index.order(sortable[i++ - ids.length] as string);
      else return;
      setTimeout(step, 16);
    };
    const id = setTimeout(step, 50);
    return () => {
      cancelled = true;
      clearTimeout(id);
    };
  }, [index, visibleColumns]);

  // ---- grouping: collapse state and the flat list of rendered rows
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [animating, setAnimating] = useState<ReadonlyMap<string, 'collapsing' | 'expanding'>>(
    () => new Map(),
  );
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((id) => clearTimeout(id));
  }, []);
  const setAnimation = (id: string, phase: 'collapsing' | 'expanding' | null) =>
    setAnimating((prev) => {
      const next = new Map(prev);
      if (phase) next.set(id, phase);
      else next.delete(id);
      return next;
    });
  const toggleGroup = (id: string) => {
    const isCollapsed = collapsed.has(id) || animating.get(id) === 'collapsing';
    const pending = timers.current.get(id);
    if (pending) clearTimeout(pending);
    const finish = (fn: () => void) => {
      if (prefersReducedMotion()) {
        fn();
        setAnimation(id, null);
        return;
      }
      timers.current.set(
        id,
        setTimeout(() => {
          timers.current.delete(id);
          fn();
          setAnimation(id, null);
        }, ROW_COLLAPSE_MS),
      );
    };
    if (isCollapsed) {
      setCollapsed((prev) => {
        const next = new Set(prev);
        next.delete(id);
        return next;
      });
      setAnimation(id, prefersReducedMotion() ? null : 'expanding');
      finish(() => undefined);
    } else {
      setAnimation(id, prefersReducedMotion() ? null : 'collapsing');
      finish(() =>
        setCollapsed((prev) => {
          const next = new Set(prev);
          next.add(id);
          return next;
        }),
      );
    }
  };

  const modelRows = table.getRowModel().rows;
  const flat = useMemo(() => {
    const out: { row: Row<TRow>; group: string | null }[] = [];
    let skipDepth = -1;
    let group: string | null = null;
    for (const row of modelRows) {
      if (skipDepth >= 0 && row.depth > skipDepth) continue;
      skipDepth = -1;
      if (row.getIsGrouped()) {
        group = row.id;
        if (collapsed.has(row.id)) skipDepth = row.depth;
      }
      out.push({ row, group: row.getIsGrouped() ? null : group });
    }
    return out;
  }, [modelRows, collapsed]);
  const shownCount = table.getFilteredRowModel().rows.length;

  // ---- selection
  const [innerSelected, setInnerSelected] = useState<ReadonlySet<string>>(() => new Set());
  const selected = props.selectedKeys ?? innerSelected;
  const { onSelectionChange } = props;
  const setSelected = (next: Set<string>) => {
    setInnerSelected(next);
    onSelectionChange?.(next);
  };
  const selectable = selectionMode === 'multiple';
  const toggleRow = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const leafIds = () => table.getFilteredRowModel().rows.map((r) => r.id);
  const selectedInView = selectable ? leafIds().filter((id) => selected.has(id)).length : 0;
  const allSelected = shownCount > 0 && selectedInView === shownCount;
  const toggleAll = () => {
    const next = new Set(selected);
    const ids = leafIds();
    if (allSelected) ids.forEach((id) => next.delete(id));
    else ids.forEach((id) => next.add(id));
    setSelected(next);
  };

  // ---- virtualisation
  const scrollRef = useRef<HTMLDivElement>(null);
  // The header rows' height (px), the rows' scroll margin: followed by a ResizeObserver, whose entries
  // come after the browser's own layout; reading offsetHeight in a layout effect forced a layout of
  // the whole page inside the commit of every list (issue #19). The first entry arrives before the
  // frame is painted and is committed at once (flushSync), so the rows never show misplaced.
  const [headNode, headRef] = useState<HTMLDivElement | null>(null);
  const [headHeight, setHeadHeight] = useState(0);
  useLayoutEffect(() => {
    if (!headNode) return undefined;
    if (typeof ResizeObserver === 'undefined') {
      setHeadHeight(headNode.offsetHeight);
      return undefined;
    }
    const observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.borderBoxSize?.[0];
      const height = Math.round(box ? box.blockSize : headNode.offsetHeight);
      flushSync(() => setHeadHeight(height));
    });
    observer.observe(headNode);
    return () => observer.disconnect();
  }, [headNode]);
  const virtualizer = useVirtualizer({
    count: isLoading ? 0 : flat.length,
    getScrollElement: () => scrollRef.current,
    initialRect: firstRect(height),
    observeElementRect: observeScrollRect,
    scrollToFn: scrollScroller,
    estimateSize: () => rowHeight,
    overscan: 5,
    scrollMargin: headHeight,
    scrollPaddingStart: headHeight,
    getItemKey: (i) => flat[i]?.row.id ?? i,
    // Rows are measured by useRowSizes (by row key, from ResizeObserver entries), not by tanstack.
  });
  const items = virtualizer.getVirtualItems();
  const measureRow = useRowSizes(virtualizer, items);

  // ---- keyboard grid
  const colOffset = selectable ? 1 : 0;
  const colCount = visibleColumns.length + colOffset;
  const rowCount = HEAD_ROWS + flat.length;
  const [active, setActive] = useState({ row: 0, col: 0 });
  const pendingFocus = useRef(false);
  const gridRef = useRef<HTMLDivElement>(null);
  const isGroupRow = (r: number) =>
    r >= HEAD_ROWS && flat[r - HEAD_ROWS]?.row.getIsGrouped() === true;
  const effectiveCol = (r: number, c: number) => (isGroupRow(r) ? 0 : Math.min(c, colCount - 1));
  const activeRow = Math.min(active.row, Math.max(rowCount - 1, 0));
  const activeKey = `${activeRow}:${effectiveCol(activeRow, active.col)}`;
  const tabIndexOf = (r: number, c: number) => (`${r}:${c}` === activeKey ? 0 : -1);
  const activeRendered =
    activeRow < HEAD_ROWS || items.some((v) => v.index === activeRow - HEAD_ROWS);

  useLayoutEffect(() => {
    if (!pendingFocus.current) return;
    const el = gridRef.current?.querySelector<HTMLElement>(`[data-cell="${activeKey}"]`);
    if (el) {
      pendingFocus.current = false;
      el.focus({ preventScroll: activeRow >= HEAD_ROWS });
    }
  });

  const moveTo = (row: number, col: number) => {
    const r = Math.max(0, Math.min(row, rowCount - 1));
    const c = Math.max(0, Math.min(col, colCount - 1));
    setActive({ row: r, col: c });
    pendingFocus.current = true;
    if (r >= HEAD_ROWS) virtualizer.scrollToIndex(r - HEAD_ROWS, { align: 'auto' });
  };

  const onGridFocus = (e: ReactFocusEvent<HTMLDivElement>) => {
    if (e.target === gridRef.current) {
      // The active row was scrolled away and the grid itself took the Tab: bring it back.
      moveTo(activeRow, active.col);
      return;
    }
    const cell = (e.target as HTMLElement).closest<HTMLElement>('[data-cell]');
    const [r, c] = (cell?.dataset.cell ?? '').split(':').map(Number);
    if (r === undefined || c === undefined || Number.isNaN(r) || Number.isNaN(c)) return;
    if (r !== active.row || (c !== active.col && !isGroupRow(r))) setActive({ row: r, col: c });
  };

  const copyText = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      props.onCopy?.(text);
    } catch {
      // Clipboard refused (no permission): nothing to announce beyond not calling onCopy.
    }
  };

  const resizeColumn = (key: string, delta: number) => {
    changeLayout(
      layoutEntries().map((e) => {
        if (e.key !== key) return e;
        const min = layout.find((l) => l.column.columnName === key)?.column.minWidth ?? 0;
        return { ...e, width: Math.min(2000, Math.max(min, e.width + delta)) };
      }),
    );
  };

  const onGridKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    const inText = target instanceof HTMLInputElement && target.type !== 'checkbox';
    const r = activeRow;
    const c = effectiveCol(r, active.col);
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / rowHeight) - 2);
    const ctrl = e.ctrlKey || e.metaKey;
    let handled = true;
    switch (e.key) {
      case 'ArrowUp':
        moveTo(r - 1, active.col);
        break;
      case 'ArrowDown':
        moveTo(r + 1, active.col);
        break;
      case 'ArrowLeft':
      case 'ArrowRight': {
        if (inText) {
          handled = false;
          break;
        }
        const dir = e.key === 'ArrowRight' ? 1 : -1;
        if (e.shiftKey && r === 0 && c >= colOffset) {
          const col = visibleColumns[c - colOffset];
          if (col) resizeColumn(col.columnName, dir * 20);
          break;
        }
        if (!isGroupRow(r)) moveTo(r, c + dir);
        break;
      }
      case 'Home':
        if (inText) handled = false;
        else moveTo(ctrl ? HEAD_ROWS : r, 0);
        break;
      case 'End':
        if (inText) handled = false;
        else moveTo(ctrl ? rowCount - 1 : r, colCount - 1);
        break;
      case 'PageDown':
        moveTo(r + page, active.col);
        break;
      case 'PageUp':
        moveTo(Math.max(r - page, r >= HEAD_ROWS ? HEAD_ROWS : 0), active.col);
        break;
      case ' ':
        if (inText || target instanceof HTMLButtonElement || target instanceof HTMLInputElement) {
          handled = false;
        } else if (selectable && r >= HEAD_ROWS && !isGroupRow(r)) {
          const entry = flat[r - HEAD_ROWS];
          if (entry) toggleRow(entry.row.id);
        } else handled = false;
        break;
      case 'Enter':
        if (
          r >= HEAD_ROWS &&
          !isGroupRow(r) &&
          props.onRowAction &&
          !(target instanceof HTMLButtonElement)
        ) {
          const entry = flat[r - HEAD_ROWS];
          if (entry) props.onRowAction(entry.row.original);
        } else handled = false;
        break;
      case 'c':
      case 'C': {
        const entry = flat[r - HEAD_ROWS];
        const col = visibleColumns[c - colOffset];
        if (ctrl && !inText && entry && col && !entry.row.getIsGrouped()) {
          void copyText(index.text(col.columnName, entry.row.index));
        } else handled = false;
        break;
      }
      default:
        handled = false;
    }
    if (handled) e.preventDefault();
  };

  // ---- export
  const view = (): DataTableView<TRow> => getTableView(table, visibleColumns, index);
  const runExport = async (format: 'csv' | 'xlsx') => {
    const v = view();
    const blob = format === 'csv' ? exportCsv(v) : await exportXlsx(v);
    const file = { format, blob, fileName: `${exportFileName}.${format}` };
    if (props.onExport) props.onExport(file);
    else downloadBlob(blob, file.fileName);
  };

  // ---- state helpers
  const setFilter = (key: string, value: string) => {
    const filters = { ...state.filters };
    if (value === '') delete filters[key];
    else filters[key] = value;
    setState({ ...state, filters });
  };
  const toggleSort = (key: string) => {
    const current = state.sorting.find((s) => s.id === key);
    const sorting = !current
      ? [{ id: key, desc: false }]
      : current.desc
        ? []
        : [{ id: key, desc: true }];
    setState({ ...state, sorting });
  };

  // ---- column resize with the pointer
  const [resizing, setResizing] = useState<string | null>(null);
  const startResize =
    (key: string, width: number, min: number) => (e: ReactPointerEvent<HTMLDivElement>) => {
      e.preventDefault();
      e.stopPropagation();
      const startX = e.clientX;
      const el = e.currentTarget;
      el.setPointerCapture?.(e.pointerId);
      setResizing(key);
      let latest = width;
      const header = el.parentElement;
      const onMove = (ev: PointerEvent) => {
        latest = Math.min(2000, Math.max(min, width + ev.clientX - startX));
        if (header) header.style.width = `${latest}px`;
      };
      const onUp = () => {
        el.removeEventListener('pointermove', onMove);
        el.removeEventListener('pointerup', onUp);
        setResizing(null);
        if (latest !== width)
          changeLayout(layoutEntries().map((x) => (x.key === key ? { ...x, width: latest } : x)));
      };
      el.addEventListener('pointermove', onMove);
      el.addEventListener('pointerup', onUp);
    };

  // Rows and the toolbar get stable handlers that call the latest ones: a memoised row or
  // toolbar then skips re-rendering while the grid scrolls, yet never acts on old state.
  const latest = useRef<BodyRowActions & { runExport: (format: 'csv' | 'xlsx') => void }>(null);
  useLayoutEffect(() => {
    latest.current = {
      toggleRow,
      toggleGroup,
      copyText: (text) => void copyText(text),
      activateRow: (id) => {
        const entry = flat.find((f) => f.row.id === id);
        if (entry && !entry.row.getIsGrouped()) props.onRowAction?.(entry.row.original);
      },
      runExport: (format) => void runExport(format),
    };
  });
  const handlers = useMemo(
    () => ({
      toggleRow: (id: string) => latest.current?.toggleRow(id),
      toggleGroup: (id: string) => latest.current?.toggleGroup(id),
      copyText: (text: string) => latest.current?.copyText(text),
      activateRow: (id: string) => latest.current?.activateRow(id),
      runExport: (format: 'csv' | 'xlsx') => latest.current?.runExport(format),
    }),
    [],
  );

  const totalWidth =
    visible.reduce((sum, l) => sum + l.width, 0) + (selectable ? styles.selectCellWidth : 0);
  const sortOf = (key: string) => state.sorting.find((s) => s.id === key);
  const groupable = useMemo(
    () => visibleColumns.filter((c) => c.isGroupable !== false),
    [visibleColumns],
  );
  const hasFilters =
    Object.values(modelState.filters).some((v) => v.trim() !== '') ||
    modelState.search.trim() !== '';

  const headerCells = visible.map(({ column, width }, i) => {
    const c = i + colOffset;
    const sort = sortOf(column.columnName);
    const sortable = column.isSortable !== false;
    return (
      <div
        key={column.columnName}
        role="columnheader"
        aria-colindex={c + 1}
        aria-sort={sort ? (sort.desc ? 'descending' : 'ascending') : sortable ? 'none' : undefined}
        className={styles.headerCell}
        style={{ width }}
      >
        <button
          type="button"
          className={styles.sortButton}
          data-cell={`0:${c}`}
          tabIndex={tabIndexOf(0, c)}
          disabled={!sortable}
          onClick={() => toggleSort(column.columnName)}
        >
          <span>{column.title}</span>
          {sortable ? (
            <Icon
              name="arrow-up"
              size="sm"
              className={styles.sortIcon({ dir: sort ? (sort.desc ? 'desc' : 'asc') : 'none' })}
            />
          ) : null}
        </button>
        <div
          aria-hidden="true"
          className={styles.resizeHandle}
          data-resizing={resizing === column.columnName || undefined}
          onPointerDown={startResize(column.columnName, width, column.minWidth)}
        />
      </div>
    );
  });

  const filterCells = visible.map(({ column, width }, i) => {
    const c = i + colOffset;
    return (
      <div
        key={column.columnName}
        role="gridcell"
        aria-colindex={c + 1}
        className={styles.filterCell}
        style={{ width }}
      >
        {column.isFilterable !== false ? (
          <input
            type="search"
            className={styles.filterInput}
            data-cell={`1:${c}`}
            tabIndex={tabIndexOf(1, c)}
            aria-label={texts.filterColumn(column.title)}
            placeholder={column.placeholder}
            value={state.filters[column.columnName] ?? ''}
            onChange={(e) => setFilter(column.columnName, e.target.value)}
          />
        ) : (
          <span data-cell={`1:${c}`} tabIndex={tabIndexOf(1, c)} />
        )}
      </div>
    );
  });

  // The toolbar (RAC fields and buttons) is the costliest part outside the rows: keep the same
  // element while scrolling so React skips it.
  const toolbar = useMemo(
    () =>
      showToolbar ? (
        <div className={styles.toolbar}>
          <TextField
            label={texts.search}
            type="search"
            value={state.search}
            onChange={(search) => setState({ ...state, search })}
          />
          {groupable.length > 0 ? (
            <Select
              label={texts.groupBy}
              items={[
                { id: GROUP_NONE, label: texts.noGrouping },
                ...groupable.map((c) => ({ id: c.columnName, label: c.title })),
              ]}
              selectedKey={state.groupBy ?? GROUP_NONE}
              onSelectionChange={(key) =>
                setState({
                  ...state,
                  groupBy: key === GROUP_NONE || key === null ? null : String(key),
                })
              }
            />
          ) : null}
          <div className={styles.toolbarEnd}>
            <span role="status" className={styles.count}>
              {isLoading ? texts.loading : texts.rowCount(shownCount, data.length)}
            </span>
            <ColumnSettingsButton texts={texts} layout={layout} onChange={changeLayout} />
            <Button
              variant="secondary"
              size="sm"
              onPress={() => handlers.runExport('csv')}
              isDisabled={isLoading}
            >
              {texts.exportCsv}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onPress={() => handlers.runExport('xlsx')}
              isDisabled={isLoading}
            >
              {texts.exportXlsx}
            </Button>
          </div>
        </div>
      ) : null,
    [
      showToolbar,
      texts,
      state,
      setState,
      groupable,
      isLoading,
      shownCount,
      data.length,
      layout,
      changeLayout,
      handlers,
    ],
  );

  // With a search or a column filter set, say that nothing matches — also when the rows are filtered
  // by the server (a list's data is then empty too): "no data yet" would hide the filter's part.
  const emptyText = hasFilters ? texts.noResults : texts.empty;

  return (
    <div className={styles.root}>
      {toolbar}
      <div
        ref={scrollRef}
        className={styles.scroller}
        style={{ height }}
        data-datatable-scroller=""
      >
        <div
          ref={gridRef}
          role="grid"
          aria-label={props['aria-label']}
          aria-labelledby={props['aria-labelledby']}
          aria-rowcount={isLoading ? -1 : rowCount + (flat.length === 0 ? 1 : 0)}
          aria-colcount={colCount}
          aria-busy={isLoading || undefined}
          aria-multiselectable={selectable || undefined}
          tabIndex={activeRendered ? -1 : 0}
          className={styles.grid}
          style={{ width: totalWidth }}
          onKeyDown={onGridKeyDown}
          onFocus={onGridFocus}
        >
          <div role="rowgroup" ref={headRef} className={styles.head}>
            <div role="row" aria-rowindex={1} className={styles.headRow}>
              {selectable ? (
                <div
                  role="columnheader"
                  aria-colindex={1}
                  className={styles.headerCell}
                  style={{ width: styles.selectCellWidth }}
                >
                  <input
                    type="checkbox"
                    className={styles.checkbox}
                    data-cell="0:0"
                    tabIndex={tabIndexOf(0, 0)}
                    aria-label={texts.selectAll}
                    checked={allSelected}
                    ref={(el) => {
                      if (el) el.indeterminate = selectedInView > 0 && !allSelected;
                    }}
                    onChange={toggleAll}
                  />
                </div>
              ) : null}
              {headerCells}
            </div>
            <div role="row" aria-rowindex={2} className={styles.headRow}>
              {selectable ? (
                <div
                  role="gridcell"
                  aria-colindex={1}
                  className={styles.filterCell}
                  style={{ width: styles.selectCellWidth }}
                >
                  <span data-cell="1:0" tabIndex={tabIndexOf(1, 0)} />
                </div>
              ) : null}
              {filterCells}
            </div>
          </div>
          <div
            role="rowgroup"
            style={{
              position: 'relative',
              height: isLoading || flat.length === 0 ? undefined : virtualizer.getTotalSize(),
            }}
          >
            {isLoading
              ? Array.from({ length: 8 }, (_, i) => (
                  <div key={i} role="row" className={styles.row}>
                    {visible.map(({ column, width }) => (
                      <div
                        key={column.columnName}
                        role="gridcell"
                        className={styles.cell()}
                        style={{ width }}
                      >
                        <span className={styles.skeletonBar} aria-hidden="true" />
                      </div>
                    ))}
                  </div>
                ))
              : null}
            {!isLoading && flat.length === 0 ? (
              <EmptyRow scroller={scrollRef} colCount={colCount}>
                {props.emptyState ?? emptyText}
              </EmptyRow>
            ) : null}
            {!isLoading
              ? items.map((v) => {
                  const entry = flat[v.index];
                  if (!entry) return null;
                  const { row, group } = entry;
                  const r = v.index + HEAD_ROWS;
                  const phase = group
                    ? animating.get(group)
                    : row.getIsGrouped()
                      ? animating.get(row.id)
                      : undefined;
                  return (
                    <BodyRow<TRow>
                      key={v.key}
                      row={row}
                      virtualIndex={v.index}
                      r={r}
                      top={v.start - virtualizer.options.scrollMargin}
                      activeCol={r === activeRow ? effectiveCol(r, active.col) : -1}
                      isSelected={selectable && !row.getIsGrouped() && selected.has(row.id)}
                      selectable={selectable}
                      actionable={props.onRowAction !== undefined}
                      phase={row.getIsGrouped() ? undefined : phase}
                      expanded={
                        row.getIsGrouped()
                          ? phase === 'collapsing'
                            ? false
                            : phase === 'expanding'
                              ? true
                              : !collapsed.has(row.id)
                          : true
                      }
                      visible={visible}
                      columns={resolved}
                      totalWidth={totalWidth}
                      colCount={colCount}
                      index={index}
                      texts={texts}
                      blankLabel={blankLabel}
                      actions={handlers}
                      measureRow={measureRow}
                    />
                  );
                })
              : null}
          </div>
        </div>
      </div>
      {props.hasMore ? (
        <div className={styles.footer}>
          <Button variant="secondary" onPress={props.onLoadMore} isPending={props.isLoadingMore}>
            {texts.loadMore}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The row that says the table is empty (or that nothing matches its filters). Its cell spans the
 * columns but is as wide as the scroll area's visible part and sticks at its left edge, so the text
 * is centred in what the user sees — not across the columns' full width (1,440 px on the equipment
 * list), which put it off screen on a phone. The width comes from a ResizeObserver ('100%' before it).
 */
function EmptyRow({ scroller, colCount, children }: { scroller: RefObject<HTMLDivElement | null>; colCount: number; children: ReactNode }) {
  const width = useObservedWidth(scroller, { sync: true });
  return (
    <div role="row" aria-rowindex={HEAD_ROWS + 1} className={styles.row}>
      <div
        role="gridcell"
        aria-colindex={1}
        aria-colspan={colCount}
        className={`${styles.cell()} ${styles.emptyCell}`}
        style={{ width: width ?? '100%' }}
      >
        <div className={styles.message}>{children}</div>
      </div>
    </div>
  );
}

/** The column-settings popover: show/hide each column and move it earlier or later. */
function ColumnSettingsButton<TRow>({
  texts,
  layout,
  onChange,
}: {
  texts: DataTableTexts;
  layout: { column: ResolvedColumn<TRow>; width: number; hidden: boolean }[];
  onChange: (next: { key: string; width: number; hidden: boolean }[]) => void;
}) {
  const entries = layout.map((l) => ({
    key: l.column.columnName,
    width: l.width,
    hidden: l.hidden,
  }));
  const move = (i: number, dir: -1 | 1) => {
    const next = [...entries];
    const [item] = next.splice(i, 1);
    if (!item) return;
    next.splice(i + dir, 0, item);
    onChange(next);
  };
  const visibleCount = entries.filter((e) => !e.hidden).length;
  return (
    <DialogTrigger>
      <Button variant="secondary" size="sm">
        {texts.columns}
      </Button>
      <Popover placement="bottom end">
        <RACDialog aria-label={texts.columns} className={styles.settingsPanel}>
          {layout.map((l, i) => (
            <div key={l.column.columnName} className={styles.settingsItem}>
              <label className={styles.settingsLabel}>
                <input
                  type="checkbox"
                  className={styles.checkbox}
                  checked={!l.hidden}
                  disabled={!l.hidden && visibleCount === 1}
                  onChange={() =>
                    onChange(entries.map((e, j) => (j === i ? { ...e, hidden: !e.hidden } : e)))
                  }
                />
                {l.column.title}
              </label>
              <Button
                variant="ghost"
                size="sm"
                aria-label={texts.moveColumnUp(l.column.title)}
                isDisabled={i === 0}
                onPress={() => move(i, -1)}
              >
                <Icon name="arrow-up" size="sm" />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={texts.moveColumnDown(l.column.title)}
                isDisabled={i === layout.length - 1}
                onPress={() => move(i, 1)}
              >
                <Icon name="chevron-down" size="sm" />
              </Button>
            </div>
          ))}
        </RACDialog>
      </Popover>
    </DialogTrigger>
  );
}
