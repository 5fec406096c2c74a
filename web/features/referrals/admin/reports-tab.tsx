/**
 * Reports (admin document §2 "Referral Management", §3 "Referral report item/summary"): filters, the
 * summary with its level breakdown, the referrals as a table or as cards, and a CSV export named
 * with the current date (admin document §9).
 */
import type { ReactNode } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Download, LayoutGrid, Table2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { notify } from '../../../lib/toast.ts';
import { exportReferralReport, fetchReferralReport, referralKeys, REPORT_PAGE_SIZE, type ReportFilters, type ReportItem, type ReportSummary } from './api.ts';
import { LevelBadge, Pager, StatTile, StatusBadge, TableFrame, TABLE_QUERY, tdClass, thClass, useErrorToast } from './parts.tsx';
import { FilterField } from '../../../components/filter-field.tsx';
import { InfoItem } from '../../../components/info-item.tsx';
import { downloadTextFile, formatDate, formatRatePercent, referralReportFileName, REFERRAL_STATUSES } from './rules.ts';
import { LevelSelect } from './tracking-tab.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';

export type ReportView = 'table' | 'cards';

/** Phones start with cards, wider screens with the table; the toggle switches either way. */
export function initialReportView(): ReportView {
  return typeof window.matchMedia === 'function' && window.matchMedia(TABLE_QUERY).matches ? 'table' : 'cards';
}

export function ReportsTab({
  filters,
  onFilters,
  view,
  onView,
}: {
  filters: ReportFilters;
  onFilters: (changes: Partial<ReportFilters>) => void;
  view: ReportView;
  onView: (view: ReportView) => void;
}) {
  const { t } = useTranslation('adminReferrals');
  const report = useQuery({ queryKey: referralKeys.report(filters), queryFn: ({ signal }) => fetchReferralReport(filters, signal), placeholderData: keepPreviousData });
  useErrorToast(report, t('toasts.reportsFailed'));
  const change = (changes: Partial<ReportFilters>) => onFilters({ ...changes, page: 1 });

  const exportCsv = useMutation({
    mutationFn: () => exportReferralReport(filters),
    onSuccess: (csv) => {
      downloadTextFile(referralReportFileName(), csv);
      notify.success(t('toasts.exportComplete'));
    },
    onError: (error) => notify.error(getErrorMessage(error, t('toasts.exportFailed'))),
  });

  const pages = report.data ? Math.max(1, Math.ceil(report.data.summary.totalReferrals / REPORT_PAGE_SIZE)) : 1;

  return (
    <div className="space-y-4">
      <Card className="space-y-4 p-4 sm:p-6">
        <h3 className="text-base font-semibold">{t('common.filters')}</h3>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <FilterField label={t('common.from')}>
            {(id) => <Input id={id} type="date" value={filters.startDate} max={filters.endDate || undefined} onChange={(event) => change({ startDate: event.target.value })} />}
          </FilterField>
          <FilterField label={t('common.to')}>
            {(id) => <Input id={id} type="date" value={filters.endDate} min={filters.startDate || undefined} onChange={(event) => change({ endDate: event.target.value })} />}
          </FilterField>
          <LevelSelect value={filters.level} onChange={(level) => change({ level })} />
          <FilterField label={t('common.status')}>
            {(id) => (
              <Select id={id} value={filters.status} onChange={(event) => change({ status: event.target.value as ReportFilters['status'] })}>
                <option value="all">{t('common.allStatuses')}</option>
                {REFERRAL_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`status.${status}`)}
                  </option>
                ))}
              </Select>
            )}
          </FilterField>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div role="group" aria-label={t('reports.view')} className="inline-flex rounded-lg border border-border p-1">
            <ViewButton active={view === 'table'} onClick={() => onView('table')} icon={<Table2 aria-hidden />} label={t('reports.tableView')} />
            <ViewButton active={view === 'cards'} onClick={() => onView('cards')} icon={<LayoutGrid aria-hidden />} label={t('reports.cardsView')} />
          </div>
          <Button variant="outline" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending} aria-busy={exportCsv.isPending}>
            <Download aria-hidden />
            {exportCsv.isPending ? t('reports.exporting') : t('reports.export')}
          </Button>
        </div>
      </Card>

      {report.isPending ? (
        <Spinner label={t('common.loading')} className="justify-center py-8" />
      ) : report.isError ? (
        <LoadError message={getErrorMessage(report.error, t('toasts.reportsFailed'))} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <Summary summary={report.data.summary} />
          {report.data.referrals.length === 0 ? (
            <EmptyState title={t('reports.emptyTitle')} description={t('reports.emptyText')} />
          ) : view === 'table' ? (
            <ReportTable items={report.data.referrals} />
          ) : (
            <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
              {report.data.referrals.map((item) => (
                <ReportCard key={item.id} item={item} />
              ))}
            </ul>
          )}
          <Pager page={filters.page} pages={pages} onPage={(page) => onFilters({ page })} label={t('reports.pages')} />
        </>
      )}
    </div>
  );
}

function ViewButton({ active, onClick, icon, label }: { active: boolean; onClick: () => void; icon: ReactNode; label: string }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={active}
      onClick={onClick}
      className={cn('min-h-9', active && 'bg-primary text-primary-foreground hover:bg-primary-hover')}
    >
      {icon}
      {label}
    </Button>
  );
}

function Summary({ summary }: { summary: ReportSummary }) {
  const { t } = useTranslation('adminReferrals');
  return (
    <section aria-label={t('reports.summary')}>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <StatTile label={t('stats.totalReferrals')} value={summary.totalReferrals} />
        <StatTile label={t('stats.totalCommission')} value={formatPkr(summary.totalCommission)} tone="info" />
        <StatTile label={t('stats.pendingCommission')} value={formatPkr(summary.pendingCommission)} tone="warning" />
        <StatTile label={t('stats.paidCommission')} value={formatPkr(summary.paidCommission)} tone="success" />
      </dl>
      <dl className="mt-3 grid grid-cols-3 gap-3">
        <StatTile label={t('common.levelN', { level: 1 })} value={summary.levelBreakdown.level1} />
        <StatTile label={t('common.levelN', { level: 2 })} value={summary.levelBreakdown.level2} />
        <StatTile label={t('common.levelN', { level: 3 })} value={summary.levelBreakdown.level3} />
      </dl>
    </section>
  );
}

function ReportTable({ items }: { items: ReportItem[] }) {
  const { t, i18n } = useTranslation('adminReferrals');
  return (
    <TableFrame label={t('reports.tableLabel')}>
      <thead className="border-b border-border">
        <tr>
          <th scope="col" className={thClass}>{t('reports.referrer')}</th>
          <th scope="col" className={thClass}>{t('reports.referred')}</th>
          <th scope="col" className={thClass}>{t('common.level')}</th>
          <th scope="col" className={thClass}>{t('common.status')}</th>
          <th scope="col" className={thClass}>{t('common.rate')}</th>
          <th scope="col" className={thClass}>{t('reports.commission')}</th>
          <th scope="col" className={thClass}>{t('reports.date')}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {items.map((item) => (
          <tr key={item.id}>
            <td className={tdClass}>
              <span className="block font-medium">{item.referrer.name}</span>
              <span className="block break-all text-muted-foreground">{item.referrer.email}</span>
            </td>
            <td className={tdClass}>
              <span className="block font-medium">{item.referredUser.name}</span>
              <span className="block break-all text-muted-foreground">{item.referredUser.email}</span>
            </td>
            <td className={tdClass}>
              <LevelBadge level={item.level} />
            </td>
            <td className={tdClass}>
              <StatusBadge status={item.status} />
            </td>
            <td className={tdClass}>{formatRatePercent(item.commissionRate, i18n.language)}</td>
            <td className={`${tdClass} font-semibold`}>{formatPkr(item.totalCommission)}</td>
            <td className={tdClass}>{formatDate(item.createdAt, i18n.language)}</td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}

function ReportCard({ item }: { item: ReportItem }) {
  const { t, i18n } = useTranslation('adminReferrals');
  return (
    <li>
      <Card className="h-full p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p className="text-lg font-bold">{formatPkr(item.totalCommission)}</p>
          <div className="flex flex-wrap gap-1">
            <LevelBadge level={item.level} />
            <StatusBadge status={item.status} />
          </div>
        </div>
        {/* A list of terms holds only its items (each a div of a term and its description): the grid places them. */}
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
          <InfoItem label={t('reports.referrer')} className="col-span-2">
            {item.referrer.name} <span className="break-all text-muted-foreground">({item.referrer.email})</span>
          </InfoItem>
          <InfoItem label={t('reports.referred')} className="col-span-2">
            {item.referredUser.name} <span className="break-all text-muted-foreground">({item.referredUser.email})</span>
          </InfoItem>
          <InfoItem label={t('common.rate')}>{formatRatePercent(item.commissionRate, i18n.language)}</InfoItem>
          <InfoItem label={t('reports.date')}>{formatDate(item.createdAt, i18n.language)}</InfoItem>
        </dl>
      </Card>
    </li>
  );
}
