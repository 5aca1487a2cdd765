export {
  BarChart,
  DonutChart,
  LineChart,
  type CartesianChartProps,
  type ChartSeries,
  type DonutChartProps,
  type DonutSlice,
} from './charts';
export { chartColor, chartPalette } from './ChartFrame';
