/**
 * Statistics (admin document §2 "Statistics tab"): totals by status, the monthly breakdown (first
 * 6 rows), by committee (first 5) and summary insights. Amounts and rows leave cancelled selections
 * out (server/winners/winner-service.ts winnerStatistics).
 */
import type { ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { fetchStatistics, winnerKeys, type Committee, type StatisticsFilters, type WinnerStatistics } from './api.ts';
import { COMMITTEE_ROWS, lastTenYears, monthName, MONTHLY_ROWS, successRate, totalPrizeMoney } from './display.ts';
import { FilterField } from '../../../components/filter-field.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { MonthChart } from '../../charts/admin/index.ts';
import { useMonthlySeries } from '../../overview/admin/index.ts';

interface StatisticsTabProps {
  committees: Committee[];
  filters: StatisticsFilters;
  onFilters: (changes: Partial<StatisticsFilters>) => void;
}

export function StatisticsTab({ committees, filters, onFilters }: StatisticsTabProps) {
  const { t } = useTranslation('adminWinners');
  const years = lastTenYears();
  const statistics = useQuery({
    queryKey: winnerKeys.statistics(filters),
    queryFn: ({ signal }) => fetchStatistics(filters, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="space-y-4">
      <Card className="p-4">
        <form role="search" aria-label={t('statistics.filtersLabel')} onSubmit={(event) => event.preventDefault()} className="grid gap-3 sm:grid-cols-2">
          <FilterField label={t('statistics.committee')}>
            {(id) => (
              <Select id={id} value={filters.committeeId} onChange={(event) => onFilters({ committeeId: event.target.value })}>
                <option value="">{t('statistics.allCommittees')}</option>
                {committees.map((committee) => (
                  <option key={committee.id} value={committee.id}>
                    {committee.name}
                  </option>
                ))}
              </Select>
            )}
          </FilterField>
          <FilterField label={t('statistics.year')}>
            {(id) => (
              <Select id={id} value={String(filters.year)} onChange={(event) => onFilters({ year: Number(event.target.value) })}>
                {years.map((year) => (
                  <option key={year} value={year}>
                    {year}
                  </option>
                ))}
              </Select>
            )}
          </FilterField>
        </form>
      </Card>

      <div aria-busy={statistics.isFetching}>
        {statistics.isPending ? (
          <Spinner label={t('statistics.loading')} className="justify-center py-12" />
        ) : statistics.isError && !statistics.data ? (
          <LoadError message={t('statistics.empty')} retryLabel={t('statistics.retry')} onRetry={() => void statistics.refetch()} />
        ) : !statistics.data ? (
          <Card className="p-8 text-center text-muted-foreground">{t('statistics.empty')}</Card>
        ) : (
          <StatisticsView statistics={statistics.data} />
        )}
      </div>

      <PrizesChart />
    </div>
  );
}

/**
 * The prizes paid to each month's winners over the last 12 months, all committees (GET
 * /api/admin/dashboard/series, `paidOut`), with its table view. The filters above do not apply.
 */
function PrizesChart() {
  const { t } = useTranslation('adminWinners');
  const series = useMonthlySeries();
  if (series.isPending) return <Spinner label={t('statistics.prizesChart.loading')} className="justify-center py-8" />;
  if (series.isError) {
    return (
      <LoadError
        compact
        message={getErrorMessage(series.error, t('statistics.prizesChart.loadFailed'))}
        retryLabel={t('statistics.prizesChart.retry')}
        retrying={series.isFetching}
        onRetry={() => void series.refetch()}
      />
    );
  }
  return (
    <Card className="p-4 sm:p-6">
      <MonthChart
        title={t('statistics.prizesChart.title')}
        description={t('statistics.prizesChart.description')}
        unit="pkr"
        months={series.data}
        series={[{ label: t('statistics.prizesChart.paidOut'), tone: 'primary', value: (month) => month.paidOut }]}
      />
    </Card>
  );
}

function StatisticsView({ statistics }: { statistics: WinnerStatistics }) {
  const { t, i18n } = useTranslation('adminWinners');
  const { total, monthly, byCommittee } = statistics;
  return (
    <div className="space-y-4">
      <section aria-label={t('statistics.cardsLabel')}>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <CountCard label={t('statistics.total')} value={total.winners} className="text-primary" />
          <CountCard label={t('statistics.paid')} value={total.paid} className="text-success" />
          <CountCard label={t('statistics.pending')} value={total.pending} className="text-warning" />
          <CountCard label={t('statistics.cancelled')} value={total.cancelled} className="text-destructive" />
        </dl>
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={t('statistics.monthly')}>
          {monthly.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('statistics.monthlyEmpty')}</p>
          ) : (
            <SimpleTable
              caption={t('statistics.monthly')}
              headers={[t('statistics.columns.month'), t('statistics.columns.year'), t('statistics.columns.winners'), t('statistics.columns.totalAmount')]}
              rows={monthly.slice(0, MONTHLY_ROWS).map((row) => ({
                key: `${row.year}-${row.month}`,
                cells: [monthName(row.month, i18n.language), row.year, row.winnerCount, formatPkr(row.totalAmount)],
              }))}
            />
          )}
        </Panel>

        <Panel title={t('statistics.byCommittee')}>
          {byCommittee.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('statistics.committeeEmpty')}</p>
          ) : (
            <SimpleTable
              caption={t('statistics.byCommittee')}
              headers={[t('statistics.columns.committee'), t('statistics.columns.winners'), t('statistics.columns.totalAmount')]}
              rows={byCommittee.slice(0, COMMITTEE_ROWS).map((row, index) => ({
                key: row.committeeId ?? `${row.committeeName}-${index}`,
                cells: [row.committeeName, row.winnerCount, formatPkr(row.totalAmount)],
              }))}
            />
          )}
        </Panel>
      </div>

      <Panel title={t('statistics.insights')}>
        <dl className="grid gap-4 sm:grid-cols-3">
          <Insight label={t('statistics.prizeMoney')} value={formatPkr(totalPrizeMoney(monthly))} />
          <Insight label={t('statistics.activeMonths')} value={monthly.length} />
          <Insight
            label={t('statistics.successRate')}
            value={t('statistics.successRateValue', { rate: successRate(total.paid, total.winners) })}
            hint={t('statistics.successRateHint')}
          />
        </dl>
      </Panel>
    </div>
  );
}

function CountCard({ label, value, className }: { label: string; value: number; className?: string }) {
  return (
    <Card className="p-4">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className={cn('mt-1 text-2xl font-bold sm:text-3xl', className)}>{value}</dd>
    </Card>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-4 sm:p-6">
      <section aria-label={title}>
        <h3 className="mb-3 text-lg font-semibold">{title}</h3>
        {children}
      </section>
    </Card>
  );
}

function Insight({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="rounded-xl bg-muted/50 p-4">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-xl font-bold">{value}</dd>
      {hint && <dd className="mt-1 text-xs text-muted-foreground">{hint}</dd>}
    </div>
  );
}

function SimpleTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: { key: string; cells: ReactNode[] }[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            {headers.map((header, index) => (
              <th key={header} scope="col" className={cn('px-2 py-2 font-medium', index === 0 ? 'text-start' : 'text-end')}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                <td key={index} className={cn('px-2 py-2', index === 0 ? 'text-start font-medium' : 'text-end whitespace-nowrap')}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
