import type { ReactNode } from 'react';
import {
  Bar,
  BarChart as RBarChart,
  CartesianGrid,
  Cell,
  Line,
  LineChart as RLineChart,
  Pie,
  PieChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { vars } from '../theme/contract.css';
import * as styles from './Chart.css';
import { ChartFrame, ChartLegend, chartColor } from './ChartFrame';

/** A value series of a bar or line chart: the data key and its translated name. */
export interface ChartSeries {
  key: string;
  label: string;
}

interface CommonProps {
  /** Heading of the chart, also the figure's accessible name. */
  title: ReactNode;
  /** One sentence read after the title, e.g. "Requests per month, most in March (42)". @default undefined */
  summary?: string;
  /** Height of the drawing in px. @default 280 */
  height?: number;
  /** Shown instead of the drawing when there is no data (or every value is 0). */
  emptyText: ReactNode;
  /** Formats values for tooltips and the data table (e.g. formatMoney). @default Intl number format */
  formatValue?: (value: number) => string;
}

export interface CartesianChartProps extends CommonProps {
  /** Rows: one per category (x axis), with a number per series key. */
  data: Record<string, string | number>[];
  /** The key of the category in each row, e.g. "month". */
  categoryKey: string;
  /** Header of the category column in the data table, e.g. "Month". */
  categoryLabel: string;
  /** The series drawn, in order (colours from the theme palette). */
  series: ChartSeries[];
}

const defaultFormat = (n: number) => new Intl.NumberFormat().format(n);

const reducedMotion = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function isEmptyCartesian(data: Record<string, string | number>[], series: ChartSeries[]) {
  return data.length === 0 || data.every((row) => series.every((s) => !Number(row[s.key] ?? 0)));
}

function ThemedTooltip({
  active,
  payload,
  label,
  formatValue,
}: {
  active?: boolean;
  payload?: readonly { dataKey?: unknown; name?: unknown; value?: unknown }[];
  label?: unknown;
  formatValue: (n: number) => string;
}) {
  if (!active || !payload?.length) return null;
  return (
    <div className={styles.tooltip}>
      {label !== undefined ? <strong>{String(label)}</strong> : null}
      {payload.map((p) => (
        <div key={String(p.dataKey ?? p.name)}>
          {String(p.name)}: {formatValue(Number(p.value ?? 0))}
        </div>
      ))}
    </div>
  );
}

const axisTick = { fill: vars.color.fgMuted, fontSize: 12 };

/**
 * The frame of a bar or line chart: its title, summary and height, the empty state when no series
 * has a value, the data table behind it (a category column and one per series, values through
 * `formatValue`) and a legend when there is more than one series.
 */
function cartesianFrame({ title, summary, height, emptyText, formatValue, data, categoryKey, categoryLabel, series }: Required<Pick<CartesianChartProps, 'height' | 'formatValue'>> & CartesianChartProps) {
  return {
    title,
    summary,
    height,
    isEmpty: isEmptyCartesian(data, series),
    emptyText,
    categoryLabel,
    categoryKey,
    columns: series,
    rows: data,
    formatValue,
    legend: series.length > 1 ? <ChartLegend items={series.map((s, i) => ({ ...s, color: chartColor(i) }))} /> : undefined,
  };
}

/** The grid and axes of a bar or line chart over `categoryKey` (whole numbers on the value axis). */
function cartesianAxes(categoryKey: string) {
  return (
    <>
      <CartesianGrid vertical={false} stroke={vars.color.border} strokeDasharray="3 3" />
      <XAxis dataKey={categoryKey} tick={axisTick} stroke={vars.color.border} />
      <YAxis tick={axisTick} stroke={vars.color.border} allowDecimals={false} />
    </>
  );
}

/** Vertical bars per category, one bar per series (or stacked). Dashboard counts per status / month. */
export function BarChart({
  title,
  summary,
  height = 280,
  emptyText,
  formatValue = defaultFormat,
  data,
  categoryKey,
  categoryLabel,
  series,
  stacked = false,
}: CartesianChartProps & {
  /** Whether series stack in one bar per category. @default false */
  stacked?: boolean;
}) {
  return (
    <ChartFrame {...cartesianFrame({ title, summary, height, emptyText, formatValue, data, categoryKey, categoryLabel, series })}>
      {(width) => (
        <RBarChart width={width} height={height} data={data} accessibilityLayer={false}>
          {cartesianAxes(categoryKey)}
          <Tooltip
            cursor={{ fill: vars.color.bg }}
            content={(p) => (
              <ThemedTooltip
                active={p.active}
                payload={p.payload}
                label={p.label}
                formatValue={formatValue}
              />
            )}
          />
          {series.map((s, i) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={chartColor(i)}
              stackId={stacked ? 'stack' : undefined}
              radius={stacked ? 0 : [4, 4, 0, 0]}
              isAnimationActive={!reducedMotion()}
            />
          ))}
        </RBarChart>
      )}
    </ChartFrame>
  );
}

/** Lines over an ordered category (time), one per series. Dashboard trends. */
export function LineChart({
  title,
  summary,
  height = 280,
  emptyText,
  formatValue = defaultFormat,
  data,
  categoryKey,
  categoryLabel,
  series,
}: CartesianChartProps) {
  return (
    <ChartFrame {...cartesianFrame({ title, summary, height, emptyText, formatValue, data, categoryKey, categoryLabel, series })}>
      {(width) => (
        <RLineChart width={width} height={height} data={data} accessibilityLayer={false}>
          {cartesianAxes(categoryKey)}
          <Tooltip
            content={(p) => (
              <ThemedTooltip
                active={p.active}
                payload={p.payload}
                label={p.label}
                formatValue={formatValue}
              />
            )}
          />
          {series.map((s, i) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.label}
              stroke={chartColor(i)}
              strokeWidth={2}
              dot={{ r: 3, fill: chartColor(i) }}
              isAnimationActive={!reducedMotion()}
            />
          ))}
        </RLineChart>
      )}
    </ChartFrame>
  );
}

/** One slice of a donut. */
export interface DonutSlice {
  id: string;
  label: string;
  value: number;
}

export interface DonutChartProps extends CommonProps {
  /** The slices (colours from the theme palette in order). */
  data: DonutSlice[];
  /** Header of the category column of the data table, e.g. "Status". */
  categoryLabel: string;
  /** Header of the value column of the data table, e.g. "Requests". */
  valueLabel: string;
  /** Whether the total is written in the hole. @default true */
  showTotal?: boolean;
}

/** Shares of a whole (requests per status), with a legend and the total in the middle. */
export function DonutChart({
  title,
  summary,
  height = 240,
  emptyText,
  formatValue = defaultFormat,
  data,
  categoryLabel,
  valueLabel,
  showTotal = true,
}: DonutChartProps) {
  const total = data.reduce((sum, d) => sum + d.value, 0);
  const rows = data.map((d) => ({ label: d.label, value: d.value }));
  return (
    <ChartFrame
      title={title}
      summary={summary}
      height={height}
      isEmpty={total === 0}
      emptyText={emptyText}
      categoryLabel={categoryLabel}
      categoryKey="label"
      columns={[{ key: 'value', label: valueLabel }]}
      rows={rows}
      formatValue={formatValue}
      legend={
        <ChartLegend
          items={data.map((d, i) => ({
            key: d.id,
            label: `${d.label} (${formatValue(d.value)})`,
            color: chartColor(i),
          }))}
        />
      }
    >
      {(width) => (
        <>
          <PieChart width={width} height={height} accessibilityLayer={false}>
            <Pie
              data={data}
              dataKey="value"
              nameKey="label"
              innerRadius="60%"
              outerRadius="90%"
              stroke={vars.color.surface}
              // The drawing is aria-hidden (the table carries the data): keep the slices out of the tab order.
              rootTabIndex={-1}
              isAnimationActive={!reducedMotion()}
            >
              {data.map((d, i) => (
                <Cell key={d.id} fill={chartColor(i)} />
              ))}
            </Pie>
            <Tooltip
              content={(p) => (
                <ThemedTooltip
                  active={p.active}
                  payload={p.payload}
                  label={p.label}
                  formatValue={formatValue}
                />
              )}
            />
          </PieChart>
          {showTotal ? <div className={styles.center}>{formatValue(total)}</div> : null}
        </>
      )}
    </ChartFrame>
  );
}
