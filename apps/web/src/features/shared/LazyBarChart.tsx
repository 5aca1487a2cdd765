import { lazy, Suspense, type ComponentProps } from 'react';
import type { BarChart as BarChartType } from '@servicedesk/ui/Chart';

/**
 * The chart library (recharts, ~100 KB gzip) is downloaded only when a chart is rendered, i.e.
 * once its data is there (issue #19 bundle budgets): a page imports this instead of
 * `@servicedesk/ui/Chart`.
 */
const BarChart = lazy(() => import('@servicedesk/ui/Chart').then((m) => ({ default: m.BarChart })));

/**
 * `@servicedesk/ui/Chart`'s BarChart (same props), loaded lazily. Until the library arrives an
 * empty box of the chart's height (px, the chart's default 280) holds its place, so nothing
 * below it moves when it appears.
 */
export function LazyBarChart(props: ComponentProps<typeof BarChartType>) {
  return (
    <Suspense fallback={<div aria-hidden="true" style={{ minHeight: props.height ?? 280 }} />}>
      <BarChart {...props} />
    </Suspense>
  );
}
