import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import * as s from './ScheduleGrid.css';

/** One day column: its ISO date (the key), the texts of its header, and whether it is a day off for everyone. */
export interface ScheduleGridDay {
  day: string;
  /** The day of the month as shown ("1"). */
  label: string;
  /** The short weekday ("B.e.", "Mon"). */
  weekday: string;
  /** The full date for screen readers ("Monday, 1 February 2027"). */
  fullLabel: string;
  /** Saturday/Sunday or a public holiday: shaded. */
  off: boolean;
}

/** One person row. */
export interface ScheduleGridPerson {
  id: number | string;
  name: string;
  /** A second line (position, "lead"). @default undefined */
  detail?: string;
}

/** What a cell shows: its kind (colours it), the short text ("9–18", "R") and the long one; screen readers hear "<person>, <day>: <text>, <label>" (the visible text first: WCAG 2.5.3). */
export interface ScheduleGridCell {
  kind: 'work' | 'remote' | 'vacation' | 'sick' | 'dayOff';
  text: string;
  label: string;
}

/** A cell's address. */
export interface ScheduleGridPosition {
  personId: number | string;
  day: string;
}

export interface ScheduleGridProps {
  /** The grid's accessible name ("IT support, February 2027"). */
  label: string;
  days: ScheduleGridDay[];
  people: ScheduleGridPerson[];
  /** Filled cells by `${personId}:${day}`; a missing key is an empty cell. */
  cells: Readonly<Record<string, ScheduleGridCell>>;
  /** Text of the names column header ("Employee"). */
  peopleHeader: string;
  /** The coverage row: people present per day (same order as `days`), the minimum, its header and a day's warning text. @default undefined */
  coverage?: { values: readonly number[]; min: number; label: string; underLabel: (value: number, min: number) => string };
  /** Called with the selected cells (row by row) whenever the selection changes. */
  onSelectionChange?: (cells: ScheduleGridPosition[]) => void;
  /** Enter on the grid (e.g. paint the selection with the current kind). @default undefined */
  onActivate?: (cells: ScheduleGridPosition[]) => void;
  /** Delete / Backspace on the grid (e.g. clear the selection). @default undefined */
  onClear?: (cells: ScheduleGridPosition[]) => void;
}

interface Point {
  row: number;
  col: number;
}

/** The rectangle between two points, as row and column ranges. */
const rangeOf = (a: Point, b: Point) => ({ r0: Math.min(a.row, b.row), r1: Math.max(a.row, b.row), c0: Math.min(a.col, b.col), c1: Math.max(a.col, b.col) });

interface RowProps {
  person: ScheduleGridPerson;
  row: number;
  days: ScheduleGridDay[];
  cells: Readonly<Record<string, ScheduleGridCell>>;
  /** The focused column in this row, or -1. */
  focusCol: number;
  /** The selected columns of this row (inclusive), or -1/-1. */
  selFrom: number;
  selTo: number;
  /** Whether the grid's tab stop is in this row (the focused cell). */
  onPointerDownCell: (row: number, col: number, event: PointerEvent) => void;
  onPointerEnterCell: (row: number, col: number, event: PointerEvent) => void;
}

/** One person's row: memoised, so a selection change re-renders only the rows it touches (200 × 31 stays smooth). */
const Row = memo(function Row({ person, row, days, cells, focusCol, selFrom, selTo, onPointerDownCell, onPointerEnterCell }: RowProps) {
  return (
    <tr aria-rowindex={row + 2}>
      <th scope="row" role="rowheader" className={s.rowHeader}>
        {person.name}
        {person.detail ? <span className={s.detail}>{person.detail}</span> : null}
      </th>
      {days.map((d, col) => {
        const cell = cells[`${person.id}:${d.day}`];
        const selected = col >= selFrom && col <= selTo;
        const classes = [s.cell, cell ? s.kind[cell.kind] : d.off ? s.offDay : ''].filter(Boolean).join(' ');
        return (
          <td
            key={d.day}
            role="gridcell"
            aria-colindex={col + 2}
            aria-selected={selected}
            aria-label={`${person.name}, ${d.fullLabel}: ${cell ? `${cell.text}, ${cell.label}` : '—'}`}
            tabIndex={col === focusCol ? 0 : -1}
            data-row={row}
            data-col={col}
            className={classes}
            onPointerDown={(event) => onPointerDownCell(row, col, event)}
            onPointerEnter={(event) => onPointerEnterCell(row, col, event)}
          >
            {cell?.text ?? ''}
          </td>
        );
      })}
    </tr>
  );
});

/**
 * The staff schedule's month grid (issue #18): people as rows, days as columns, weekends and
 * holidays shaded, a coverage row with a warning under the minimum. ARIA grid pattern with one
 * tab stop: arrows move the focused cell (Home/End to the row's ends, Ctrl+Home/End to the
 * grid's), Shift+arrows extend a rectangular selection from where it started, Ctrl+A selects all,
 * Enter calls `onActivate`, Delete/Backspace `onClear`, Escape collapses the selection. With the
 * mouse: press and drag paints a rectangle. Selected cells carry `aria-selected="true"`. Rows are
 * memoised: 200 people × 31 days re-render only the touched rows. Texts come in as props.
 */
export function ScheduleGrid({ label, days, people, cells, peopleHeader, coverage, onSelectionChange, onActivate, onClear }: ScheduleGridProps) {
  const [anchor, setAnchor] = useState<Point>({ row: 0, col: 0 });
  const [focus, setFocus] = useState<Point>({ row: 0, col: 0 });
  const dragging = useRef(false);
  const table = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);

  const rows = people.length;
  const cols = days.length;
  const clamp = useCallback((p: Point): Point => ({ row: Math.max(0, Math.min(rows - 1, p.row)), col: Math.max(0, Math.min(cols - 1, p.col)) }), [rows, cols]);

  const selection = useCallback((): ScheduleGridPosition[] => {
    if (rows === 0 || cols === 0) return [];
    const { r0, r1, c0, c1 } = rangeOf(anchor, focus);
    const out: ScheduleGridPosition[] = [];
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) out.push({ personId: people[r]!.id, day: days[c]!.day });
    return out;
  }, [anchor, focus, people, days, rows, cols]);

  const report = useRef(onSelectionChange);
  useEffect(() => {
    report.current = onSelectionChange;
  }, [onSelectionChange]);
  useEffect(() => {
    report.current?.(selection());
  }, [selection]);

  // Keyboard moves put DOM focus on the new cell after it rendered as the tab stop.
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    table.current?.querySelector<HTMLElement>(`td[data-row="${focus.row}"][data-col="${focus.col}"]`)?.focus();
  }, [focus]);

  useEffect(() => {
    const stop = () => {
      dragging.current = false;
    };
    window.addEventListener('pointerup', stop);
    window.addEventListener('pointercancel', stop);
    return () => {
      window.removeEventListener('pointerup', stop);
      window.removeEventListener('pointercancel', stop);
    };
  }, []);

  const onPointerDownCell = useCallback((row: number, col: number, event: PointerEvent) => {
    if (event.button !== 0) return;
    dragging.current = true;
    (event.currentTarget as HTMLElement).releasePointerCapture?.(event.pointerId);
    if (event.shiftKey) setFocus({ row, col });
    else {
      setAnchor({ row, col });
      setFocus({ row, col });
    }
  }, []);
  const onPointerEnterCell = useCallback((row: number, col: number, event: PointerEvent) => {
    if (dragging.current && (event.buttons & 1) === 1) setFocus({ row, col });
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    const key = event.key;
    const ctrl = event.ctrlKey || event.metaKey;
    let next: Point | null = null;
    if (key === 'ArrowRight') next = { row: focus.row, col: focus.col + 1 };
    else if (key === 'ArrowLeft') next = { row: focus.row, col: focus.col - 1 };
    else if (key === 'ArrowDown') next = { row: focus.row + 1, col: focus.col };
    else if (key === 'ArrowUp') next = { row: focus.row - 1, col: focus.col };
    else if (key === 'Home') next = ctrl ? { row: 0, col: 0 } : { row: focus.row, col: 0 };
    else if (key === 'End') next = ctrl ? { row: rows - 1, col: cols - 1 } : { row: focus.row, col: cols - 1 };
    else if (key === 'PageDown') next = { row: focus.row + 10, col: focus.col };
    else if (key === 'PageUp') next = { row: focus.row - 10, col: focus.col };
    if (next) {
      event.preventDefault();
      const target = clamp(next);
      moveFocus.current = true;
      setFocus(target);
      if (!event.shiftKey) setAnchor(target);
      return;
    }
    if (ctrl && key.toLowerCase() === 'a') {
      event.preventDefault();
      setAnchor({ row: 0, col: 0 });
      setFocus({ row: rows - 1, col: cols - 1 });
      moveFocus.current = true;
    } else if (key === 'Escape') {
      setAnchor(focus);
    } else if (key === 'Enter' && onActivate) {
      event.preventDefault();
      onActivate(selection());
    } else if ((key === 'Delete' || key === 'Backspace') && onClear) {
      event.preventDefault();
      onClear(selection());
    }
  };

  const { r0, r1, c0, c1 } = rangeOf(anchor, focus);
  return (
    <div className={s.wrap}>
      <table
        ref={table}
        role="grid"
        aria-label={label}
        aria-multiselectable="true"
        aria-rowcount={rows + 1 + (coverage ? 1 : 0)}
        aria-colcount={cols + 1}
        className={s.grid}
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col" role="columnheader" className={s.corner}>
              {peopleHeader}
            </th>
            {days.map((d, col) => (
              <th key={d.day} scope="col" role="columnheader" aria-colindex={col + 2} className={[s.colHeader, d.off ? s.offDay : ''].join(' ')} aria-label={d.fullLabel}>
                {d.label}
                <span className={s.weekday} aria-hidden="true">
                  {d.weekday}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {people.map((person, row) => (
            <Row
              key={person.id}
              person={person}
              row={row}
              days={days}
              cells={cells}
              focusCol={row === focus.row ? focus.col : -1}
              selFrom={row >= r0 && row <= r1 ? c0 : -1}
              selTo={row >= r0 && row <= r1 ? c1 : -1}
              onPointerDownCell={onPointerDownCell}
              onPointerEnterCell={onPointerEnterCell}
            />
          ))}
        </tbody>
        {coverage ? (
          <tfoot>
            <tr aria-rowindex={rows + 2}>
              <th scope="row" role="rowheader" className={[s.rowHeader, s.total].join(' ')}>
                {coverage.label}
              </th>
              {days.map((d, col) => {
                const value = coverage.values[col] ?? 0;
                const under = value < coverage.min;
                return (
                  <td
                    key={d.day}
                    role="gridcell"
                    aria-colindex={col + 2}
                    className={[s.cell, s.total, under ? s.under : d.off ? s.offDay : ''].join(' ')}
                    aria-label={under ? coverage.underLabel(value, coverage.min) : String(value)}
                    data-under={under || undefined}
                    data-testid={`coverage-${d.day}`}
                  >
                    {value}
                  </td>
                );
              })}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
