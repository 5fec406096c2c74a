/**
 * A month-by-month chart for the operator, with its table view: the months along the bottom, one or two
 * series as bars (or lines), a legend in words (never colour alone), and "Show as table", a toggle button
 * (aria-pressed) that puts a table of the same numbers, with a caption and headers, in place of the
 * drawing. The drawing is an image with a summary (role="img", aria-label); the numbers are in the table.
 *
 * The drawing (recharts) is fetched on first use (month-chart-drawing.tsx): the table, the legend and the
 * toggle are here at once, and if the drawing cannot be fetched the table still carries everything.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { lazyModule, useLazyModule } from '../../../lib/lazy-module.ts';
import type { ChartTone } from './drawing-props.ts';
import { formatMonth } from '../../../lib/format.ts';

export type ChartMonth = { year: number; month: number };

/** The theme colour a series is drawn in: primary (green) and accent (amber), told apart by the legend's words too. */

export interface ChartSeries<M extends ChartMonth> {
  label: string;
  tone: ChartTone;
  value: (month: M) => number;
}

export interface MonthChartProps<M extends ChartMonth> {
  /** The chart's heading, and its table's caption. */
  title: string;
  /** The heading's level where the chart sits (2 on a page, 3 inside a card or dialog). */
  headingLevel?: 2 | 3 | 4;
  description?: string;
  kind?: 'bar' | 'line';
  /** 'pkr': amounts, shown as "PKR 5,000"; 'count': whole numbers. */
  unit: 'pkr' | 'count';
  /** Oldest first. */
  months: readonly M[];
  /** One or two series, in the order of the legend, the bars and the table's columns. */
  series: readonly ChartSeries<M>[];
  /** Shown in place of the chart when there are no months. */
  emptyText?: string;
  className?: string;
}


const drawing = lazyModule(() => import('./month-chart-drawing.tsx'));

const HEIGHT = 240;

/** "Mar 26": a month as the chart's axis shows it ("March 2026" in full). */
export function monthLabel({ year, month }: ChartMonth, language: string, style: 'short' | 'long' = 'short'): string {
  return formatMonth(year, month, language, style === 'short' ? 'axis' : 'long');
}

const swatch: Record<ChartTone, string> = { primary: 'bg-primary', accent: 'bg-accent-text' };

export function MonthChart<M extends ChartMonth>({ title, headingLevel = 3, description, kind = 'bar', unit, months, series, emptyText, className }: MonthChartProps<M>) {
  const { t, i18n } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  const tableId = useId();
  const loaded = useLazyModule(drawing, months.length > 0 && !asTable);
  const Heading = `h${headingLevel}` as const;

  const language = i18n.language;
  const count = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const compact = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
  const formatValue = unit === 'pkr' ? formatPkr : (value: number) => count.format(value);
  const formatTick = unit === 'pkr' ? (value: number) => compact.format(value) : (value: number) => count.format(value);
  const rows = months.map((month) => ({
    key: `${month.year}-${month.month}`,
    label: monthLabel(month, language),
    longLabel: monthLabel(month, language, 'long'),
    values: series.map((s) => s.value(month)),
  }));
  const seriesNames = new Intl.ListFormat(language, { type: 'conjunction' }).format(series.map((s) => s.label));
  const summary =
    rows.length > 0
      ? t('admin.charts.summary', { kind: t(`admin.charts.kinds.${kind}`), series: seriesNames, from: rows[0].longLabel, to: rows[rows.length - 1].longLabel })
      : '';

  return (
    <section aria-labelledby={headingId} data-month-chart="" className={cn('min-w-0 space-y-3', className)}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Heading id={headingId} className={cn('font-semibold', headingLevel === 2 ? 'text-lg' : 'text-base')}>
            {title}
          </Heading>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {rows.length > 0 && (
          // The button names what it will show next, so the open table offers the chart back (no pressed
          // state as well: a name that changes says it already).
          <Button variant="outline" size="sm" aria-controls={asTable ? tableId : undefined} onClick={() => setAsTable((on) => !on)}>
            {asTable ? t('admin.charts.showChart') : t('admin.charts.showTable')}
          </Button>
        )}
      </div>

      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{emptyText ?? t('admin.charts.empty')}</p>
      ) : asTable ? (
        // On a narrow screen the table may scroll sideways: its box takes focus, so a keyboard can scroll it.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a labelled scrolling region must take focus so that a keyboard can scroll it
        <div id={tableId} role="region" aria-label={t('admin.charts.tableLabel', { title })} tabIndex={0} className="overflow-x-auto rounded-lg">
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="border-b border-border text-muted-foreground">
              <tr>
                <th scope="col" className="px-2 py-2 text-start font-medium">
                  {t('admin.charts.month')}
                </th>
                {series.map((s) => (
                  <th key={s.label} scope="col" className="px-2 py-2 text-end font-medium">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row" className="px-2 py-2 text-start font-medium">
                    {row.longLabel}
                  </th>
                  {row.values.map((value, index) => (
                    <td key={index} className="px-2 py-2 text-end whitespace-nowrap tabular-nums">
                      {formatValue(value)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={t('admin.charts.legend')}>
            {series.map((s) => (
              <li key={s.label} className="flex items-center gap-2">
                <span className={cn('size-3 shrink-0 rounded-sm', swatch[s.tone])} aria-hidden />
                {s.label}
              </li>
            ))}
          </ul>
          <div role="img" aria-label={summary} className="w-full" style={{ minHeight: HEIGHT }}>
            {loaded ? (
              <loaded.default kind={kind} rows={rows} series={series.map(({ label, tone }) => ({ label, tone }))} formatValue={formatValue} formatTick={formatTick} height={HEIGHT} />
            ) : (
              // The drawing's code is on its way: a quiet placeholder of the same size (the table is ready meanwhile).
              <div className="animate-pulse rounded-lg bg-muted/50" style={{ height: HEIGHT }} />
            )}
          </div>
        </>
      )}
    </section>
  );
}
