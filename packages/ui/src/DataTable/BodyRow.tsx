import type { Row } from '@tanstack/react-table';
import { memo, useState, type MouseEvent, type ReactNode } from 'react';
import { Avatar } from '../Avatar';
import { Badge } from '../Badge';
import { Icon } from '../Icon';
import * as styles from './DataTable.css';
import { BLANK_GROUP, isBlank, type ResolvedColumn, type TableIndex } from './model';
import type { DataTableTexts, DataTableUser } from './types';

/** Row actions; the DataTable keeps their identity stable so rows can skip re-rendering. */
export interface BodyRowActions {
  toggleRow: (id: string) => void;
  toggleGroup: (id: string) => void;
  copyText: (text: string) => void;
  /** The row's action (open it): a click or tap on the row, as Enter does from the keyboard. */
  activateRow: (id: string) => void;
}

/**
 * What inside a row handles a click itself (a link in a cell, the copy button, the checkbox):
 * a click there does what that element does, not the row's action.
 */
const OWN_CLICK = 'a[href], button, input, select, textarea, label, [role="button"], [role="link"], [role="checkbox"]';

/**
 * Whether a click on a row is meant as "open this row": not on an element that handles its own
 * click, and not the end of a drag that selected text in the row (copying a number from a list
 * must not open it).
 */
function isRowClick(e: MouseEvent<HTMLElement>): boolean {
  if (e.button !== 0 || e.defaultPrevented) return false;
  const target = e.target as Element;
  const own = target.closest?.(OWN_CLICK);
  if (own && e.currentTarget.contains(own)) return false;
  const selection = typeof window !== 'undefined' ? window.getSelection?.() : null;
  if (selection && !selection.isCollapsed && e.currentTarget.contains(selection.anchorNode)) return false;
  return true;
}

export interface BodyRowProps<TRow> {
  row: Row<TRow>;
  /** Position in the virtual list (data-index). */
  virtualIndex: number;
  /** Grid row index, 0-based (the two header rows are 0 and 1). */
  r: number;
  /** Offset from the top of the body in px. */
  top: number;
  /** The roving-focus column of this row, or -1 when the active cell is elsewhere. */
  activeCol: number;
  isSelected: boolean;
  selectable: boolean;
  /** Whether the table has a row action: a click or tap on a data row runs it. */
  actionable: boolean;
  /** 'collapsing' / 'expanding' while its group animates. */
  phase: 'collapsing' | 'expanding' | undefined;
  /** Group rows: whether the group shows its rows. */
  expanded: boolean;
  visible: readonly { column: ResolvedColumn<TRow>; width: number }[];
  columns: readonly ResolvedColumn<TRow>[];
  totalWidth: number;
  colCount: number;
  index: TableIndex<TRow>;
  texts: DataTableTexts;
  blankLabel: string;
  actions: BodyRowActions;
  /** The row element's ref: measures its height (see useRowSizes). */
  measureRow: (el: HTMLElement | null) => (() => void) | undefined;
}

function CopyIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
      focusable="false"
    >
      <path d="M9 9h11v11H9z" />
      <path d="M5 15H4V4h11v1" />
    </svg>
  );
}

function elementLabel(value: unknown): string {
  if (value && typeof value === 'object' && 'name' in value) return String(value.name);
  return String(value);
}

/** A cell's list of grouped elements: the first loadMoreLimit, then "show more" adds loadMoreSize. */
function GroupedElements<TRow>({
  column,
  values,
  texts,
}: {
  column: ResolvedColumn<TRow>;
  values: unknown[];
  texts: DataTableTexts;
}) {
  const [shown, setShown] = useState(column.loadMoreLimit);
  const hidden = values.length - shown;
  return (
    <ul className={styles.elements}>
      {values.slice(0, shown).map((v, i) => (
        <li key={i} className={styles.element}>
          {elementLabel(v)}
        </li>
      ))}
      {hidden > 0 ? (
        <li>
          <button
            type="button"
            tabIndex={-1}
            className={styles.linkButton}
            onClick={() => setShown(shown + column.loadMoreSize)}
          >
            {texts.showMore(hidden)}
          </button>
        </li>
      ) : null}
    </ul>
  );
}

function BodyRowImpl<TRow>({ measureRow, ...p }: BodyRowProps<TRow>) {
  const { row, r, activeCol, texts, index, actions } = p;
  const tabIndexOf = (c: number) => (c === activeCol ? 0 : -1);
  const grouped = row.getIsGrouped();
  let content: ReactNode;
  if (grouped) {
    const column = p.columns.find((c) => c.columnName === row.groupingColumnId);
    const value =
      row.groupingValue === BLANK_GROUP ? p.blankLabel : String(row.groupingValue ?? '');
    content = (
      <div
        role="gridcell"
        aria-colindex={1}
        aria-colspan={p.colCount}
        style={{ width: p.totalWidth }}
      >
        <button
          type="button"
          className={styles.groupToggle}
          data-cell={`${r}:0`}
          tabIndex={tabIndexOf(0)}
          aria-expanded={p.expanded}
          onClick={() => actions.toggleGroup(row.id)}
        >
          <Icon
            name="chevron-right"
            size="sm"
            className={styles.groupChevron({ expanded: p.expanded })}
          />
          <span>
            {column?.title}: {value}
          </span>{' '}
          <span className={styles.groupCount}>({row.getLeafRows().length})</span>
        </button>
      </div>
    );
  } else {
    const offset = p.selectable ? 1 : 0;
    content = (
      <>
        {p.selectable ? (
          <div
            role="gridcell"
            aria-colindex={1}
            className={styles.cell()}
            style={{ width: styles.selectCellWidth }}
          >
            <input
              type="checkbox"
              className={styles.checkbox}
              data-cell={`${r}:0`}
              tabIndex={tabIndexOf(0)}
              aria-label={texts.selectRow}
              checked={p.isSelected}
              onChange={() => actions.toggleRow(row.id)}
            />
          </div>
        ) : null}
        {p.visible.map(({ column, width }, i) => {
          const c = i + offset;
          const value = column.read(row.original);
          const text = index.text(column.columnName, row.index);
          const numeric = column.type === 'number' || column.type === 'money';
          // A number never breaks across lines ("159.350,64 ₼" split in two reads as two
          // figures): in a column narrower than it, it is cut at its end with an ellipsis, like a
          // noWrap column's text. A rendered number goes in the same cutting span too: bare, an
          // end-aligned flex cell would push its overflow out at the start and hide the leading
          // digits. Its tooltip is left out, as the column's text (say, minor units) may not be
          // what render draws.
          const noWrap = column.noWrap === true || numeric;
          const textClass = noWrap ? styles.cellTextNoWrap : styles.cellText;
          const tooltip = noWrap && text && !(numeric && column.render) ? text : undefined;
          let cell: ReactNode;
          if (column.render) {
            const drawn = column.render(value, row.original);
            cell = numeric ? <span className={textClass}>{drawn}</span> : drawn;
          } else if (isBlank(value)) cell = null;
          else if (column.groupedElements && Array.isArray(value))
            cell = <GroupedElements column={column} values={value} texts={texts} />;
          else if (column.type === 'status')
            cell = <Badge variant={column.statusVariant?.(value) ?? 'neutral'}>{text}</Badge>;
          else if (column.type === 'user') {
            const user = value as DataTableUser;
            cell = (
              <>
                {/* The name follows as text: the picture is decorative here. */}
                <span aria-hidden="true" style={{ display: 'contents' }}>
                  <Avatar
                    size="sm"
                    name={text}
                    src={typeof user === 'object' ? (user.imgPath ?? null) : null}
                  />
                </span>
                <span className={textClass}>{text}</span>
              </>
            );
          } else cell = <span className={textClass}>{text}</span>;
          return (
            <div
              key={column.columnName}
              role="gridcell"
              aria-colindex={c + 1}
              data-cell={`${r}:${c}`}
              tabIndex={tabIndexOf(c)}
              title={tooltip}
              className={styles.cell({ align: numeric ? 'end' : 'start', noWrap, numeric })}
              style={{ width }}
            >
              {cell}
              {column.copyToClipboard && text ? (
                <button
                  type="button"
                  tabIndex={-1}
                  className={styles.iconButton}
                  aria-label={texts.copy}
                  onClick={() => actions.copyText(text)}
                >
                  <CopyIcon />
                </button>
              ) : null}
            </div>
          );
        })}
      </>
    );
  }
  return (
    // The keyboard half of the row's action is the grid's: Enter on any of the row's cells (the
    // grid's onKeyDown), and focus moves by cell (roving tabindex), so the row itself takes none.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
    <div
      ref={measureRow}
      data-index={p.virtualIndex}
      data-key={p.row.id}
      role="row"
      aria-rowindex={r + 1}
      aria-selected={p.selectable && !grouped ? p.isSelected : undefined}
      data-selected={p.isSelected || undefined}
      data-state={p.phase}
      data-actionable={(p.actionable && !grouped) || undefined}
      onClick={
        p.actionable && !grouped
          ? (e) => {
              if (isRowClick(e)) actions.activateRow(row.id);
            }
          : undefined
      }
      className={styles.bodyRow}
      style={{ transform: `translateY(${p.top}px)`, width: p.totalWidth }}
    >
      {content}
    </div>
  );
}

/**
 * One virtualised body row (data row or group header). Memoised: while scrolling, rows that
 * stay in view keep their props and skip rendering; only rows entering the view render.
 */
export const BodyRow = memo(BodyRowImpl) as typeof BodyRowImpl;
