/** The shapes the chart and its drawing module (loaded on first use) share, apart from both. */

export type ChartTone = 'primary' | 'accent';

/** What the drawing module is given: plain rows, already labelled. */
export interface DrawingProps {
  kind: 'bar' | 'line';
  rows: { label: string; values: number[] }[];
  series: { label: string; tone: ChartTone }[];
  formatValue: (value: number) => string;
  formatTick: (value: number) => string;
  height: number;
}
