import { lazy, Suspense, type ComponentProps } from 'react';
import type { LineChart as LineChartType } from '@servicedesk/ui/Chart';

/** `@servicedesk/ui/Chart`'s LineChart, loaded lazily with the chart library (see LazyBarChart). */
const LineChart = lazy(() => import('@servicedesk/ui/Chart').then((m) => ({ default: m.LineChart })));

/** LineChart (same props), loaded lazily; an empty box of its height holds the place meanwhile. */
export function LazyLineChart(props: ComponentProps<typeof LineChartType>) {
  return (
    <Suspense fallback={<div aria-hidden="true" style={{ minHeight: props.height ?? 280 }} />}>
      <LineChart {...props} />
    </Suspense>
  );
}
