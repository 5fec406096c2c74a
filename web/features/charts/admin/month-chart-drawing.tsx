/**
 * The drawing of a MonthChart (month-chart.tsx), with recharts: loaded on first use only, so that the
 * library stays out of the admin area's first load and out of every member's page. The drawing is an
 * image to assistive technology (its frame gives it role="img" and a summary); the numbers are in the
 * table view, so the chart itself takes no focus (no accessibility layer) and its tooltip is for a pointer.
 */
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DrawingProps } from './drawing-props.ts';

/** The theme's colours (web/styles.css), each at least 3:1 against the card in both themes. */
const toneColour = { primary: 'var(--primary)', accent: 'var(--accent-text)' } as const;

const tick = { fill: 'var(--muted-foreground)', fontSize: 12 };

export default function MonthChartDrawing({ kind, rows, series, formatValue, formatTick, height }: DrawingProps) {
  const data = rows.map((row) => ({ label: row.label, ...Object.fromEntries(row.values.map((value, index) => [`s${index}`, value])) }));
  const Chart = kind === 'line' ? LineChart : BarChart;
  return (
    <ResponsiveContainer width="100%" height={height} minWidth={200} initialDimension={{ width: 320, height }}>
      <Chart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="3 3" />
        <XAxis dataKey="label" tick={tick} tickLine={false} axisLine={{ stroke: 'var(--border)' }} interval="preserveStartEnd" minTickGap={8} />
        <YAxis tick={tick} tickLine={false} axisLine={false} tickFormatter={(value: number) => formatTick(value)} width={56} allowDecimals={false} />
        <Tooltip
          formatter={(value) => formatValue(Number(value))}
          cursor={{ fill: 'var(--muted)', opacity: 0.6 }}
          contentStyle={{ background: 'var(--card)', border: '1px solid var(--border)', borderRadius: 8, color: 'var(--card-foreground)' }}
          labelStyle={{ color: 'var(--card-foreground)', fontWeight: 600 }}
          itemStyle={{ color: 'var(--card-foreground)' }}
        />
        {series.map((s, index) =>
          kind === 'line' ? (
            <Line key={s.label} type="monotone" dataKey={`s${index}`} name={s.label} stroke={toneColour[s.tone]} strokeWidth={2} dot={{ r: 3, fill: toneColour[s.tone] }} isAnimationActive={false} />
          ) : (
            <Bar key={s.label} dataKey={`s${index}`} name={s.label} fill={toneColour[s.tone]} radius={[3, 3, 0, 0]} maxBarSize={28} isAnimationActive={false} />
          ),
        )}
      </Chart>
    </ResponsiveContainer>
  );
}
