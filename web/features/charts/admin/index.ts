/**
 * The operator's month-by-month charts, each with a table view (admin side only). The drawing library
 * (recharts) is fetched on first use, inside the admin area: it never reaches a member's page.
 */
export { MonthChart, monthLabel, type ChartSeries, type ChartMonth, type MonthChartProps } from './month-chart.tsx';
