import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { vars } from '../theme/contract.css';
import * as styles from './Chart.css';
import { useObservedWidth } from '../internal/useObservedWidth';

/** Series colours in order: theme variables, so both themes apply (each readable on the surfaces). */
export const chartPalette = [
  vars.color.primary,
  vars.color.success,
  vars.color.warning,
  vars.color.danger,
  vars.color.info,
  vars.color.fgMuted,
];

/** The colour of series / slice `i` (wraps around the palette). */
export function chartColor(i: number): string {
  return chartPalette[i % chartPalette.length] ?? vars.color.primary;
}

/**
 * Width of an element, following resizes where ResizeObserver exists; null until the element has
 * been laid out with a width (inside a `display: none` parent it has none), so a chart is drawn
 * once at its real width instead of at a guess and again (a long task each on a phone). Where
 * ResizeObserver does not exist, `fallback`. The width is read in the observer's callbacks, never
 * while React commits (no forced layout).
 */
export function useElementWidth(fallback = 600) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useObservedWidth(ref, { fallback });
  return [ref, width] as const;
}

/**
 * Whether the element is in the viewport or within `margin` of it, from the first time it is (then
 * for good); true at once where IntersectionObserver does not exist. A chart further down a page is
 * drawn as it is scrolled near, not while the page loads (issue #19: on a phone the dashboard's two
 * charts drawn at once were its longest task).
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, margin = '200px') {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, near, margin]);
  return near;
}

/** A column of the accessible data table. */
export interface ChartTableColumn {
  key: string;
  label: string;
}

export interface ChartFrameProps {
  title: ReactNode;
  /** One-sentence summary read as the figure's description. */
  summary?: string;
  height: number;
  isEmpty: boolean;
  emptyText: ReactNode;
  /** Header of the first (category) column of the data table. */
  categoryLabel: string;
  categoryKey: string;
  columns: ChartTableColumn[];
  rows: Record<string, string | number>[];
  formatValue: (value: number) => string;
  children: (width: number) => ReactNode;
  legend?: ReactNode;
}

/**
 * The frame every chart shares: a <figure> named by its title, the drawing hidden from assistive
 * technology, and the same numbers as a visually hidden <table> (so screen readers get the
 * data, not an SVG). An empty data set shows `emptyText` instead of axes. The drawing is made once
 * the plot has its width and is near the viewport ({@link useElementWidth}, {@link useNearViewport});
 * the title, summary and table are there from the start.
 */
export function ChartFrame({
  title,
  summary,
  height,
  isEmpty,
  emptyText,
  categoryLabel,
  categoryKey,
  columns,
  rows,
  formatValue,
  children,
  legend,
}: ChartFrameProps) {
  const titleId = useId();
  const summaryId = useId();
  const [ref, width] = useElementWidth();
  const near = useNearViewport(ref);
  return (
    <figure
      className={styles.figure}
      aria-labelledby={titleId}
      aria-describedby={summary ? summaryId : undefined}
    >
      <figcaption id={titleId} className={styles.caption}>
        {title}
      </figcaption>
      {summary ? (
        <p id={summaryId} className={styles.visuallyHidden}>
          {summary}
        </p>
      ) : null}
      {isEmpty ? (
        <div className={styles.empty} style={{ height }}>
          {emptyText}
        </div>
      ) : (
        <>
          <div ref={ref} className={styles.plot} style={{ height }} aria-hidden="true">
            {width === null || !near ? null : children(width)}
          </div>
          {legend}
          <table className={styles.visuallyHidden}>
            <thead>
              <tr>
                <th scope="col">{categoryLabel}</th>
                {columns.map((c) => (
                  <th key={c.key} scope="col">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={`${String(row[categoryKey])}-${i}`}>
                  <th scope="row">{row[categoryKey]}</th>
                  {columns.map((c) => (
                    <td key={c.key}>{formatValue(Number(row[c.key] ?? 0))}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}

/** A visible legend (list of colour + label), hidden from AT since the table carries the data. */
export function ChartLegend({ items }: { items: { key: string; label: string; color: string }[] }) {
  return (
    <ul className={styles.legend} aria-hidden="true">
      {items.map((item) => (
        <li key={item.key}>
          <span className={styles.swatch} style={{ background: item.color }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
