/** Reports: summary, paid, pending and defaulters, computed by the server (admin document §2, §7). */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { DownloadButton } from '../../../components/download-button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  exportDefaulters,
  fetchPlanOptions,
  fetchReport,
  PAGE_SIZE,
  paymentKeys,
  type PendingReportSummary,
  type Report,
  type ReportFilters,
  type ReportType,
} from './api.ts';
import { filterYears } from './display.ts';
import { MonthSelect, YearSelect } from './payment-filters.tsx';
import { PaymentList } from './payment-list.tsx';
import { LedgerLink, Pager, RECEIPT_LINK_REFRESH_MS, ViewReceiptButton, useErrorToast } from './parts.tsx';
import { FilterField } from '../../../components/filter-field.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { DefaultersList } from './report-defaulters-list.tsx';
import { PlanBreakdown, SummaryCards } from './report-summary.tsx';

export { SummaryCards };

export const REPORT_TYPES: ReportType[] = ['summary', 'paid', 'pending', 'defaulters'];

export function ReportsTab({ filters, onFilters }: { filters: ReportFilters; onFilters: (changes: Partial<ReportFilters>) => void }) {
  const { t, i18n } = useTranslation('adminPayments');
  const report = useQuery({
    queryKey: paymentKeys.report(filters),
    queryFn: ({ signal }) => fetchReport(filters, signal),
    // Keep showing the last page of the same report while the next loads; never another report's shape.
    placeholderData: (previous) => (previous?.reportType === filters.reportType ? previous : undefined),
    refetchInterval: RECEIPT_LINK_REFRESH_MS,
  });
  useErrorToast(report, t('toasts.reportsFailed'));
  const plans = useQuery({ queryKey: paymentKeys.plans, queryFn: ({ signal }) => fetchPlanOptions(signal), staleTime: 5 * 60_000 });
  useErrorToast(plans, t('toasts.plansFailed'));

  const set = (changes: Partial<ReportFilters>) => onFilters({ ...changes, page: 1 });

  return (
    <div className="space-y-4">
      <Card className="p-4">
        <form role="search" aria-label={t('reports.filtersLabel')} onSubmit={(event) => event.preventDefault()} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <FilterField label={t('reports.type')}>
            {(id) => (
              <Select id={id} value={filters.reportType} onChange={(event) => set({ reportType: event.target.value as ReportType })}>
                {REPORT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`reports.types.${type}`)}
                  </option>
                ))}
              </Select>
            )}
          </FilterField>
          <FilterField label={t('filters.plan')}>
            {(id) => (
              <Select id={id} value={filters.planId} onChange={(event) => set({ planId: event.target.value })}>
                <option value="">{t('filters.allPlans')}</option>
                {plans.data?.map((plan) => (
                  <option key={plan.id} value={plan.id}>
                    {plan.isActive ? plan.name : t('filters.inactivePlan', { name: plan.name })}
                  </option>
                ))}
              </Select>
            )}
          </FilterField>
          <MonthSelect value={filters.month} onChange={(month) => set({ month })} language={i18n.language} />
          <YearSelect value={filters.year} onChange={(year) => set({ year })} years={filterYears()} />
        </form>
      </Card>
      {/* The defaulters report has a CSV export: every defaulter under these filters, not only this page. */}
      {filters.reportType === 'defaulters' && (
        <div className="flex justify-end">
          <DownloadButton
            download={() => exportDefaulters(filters)}
            label={t('export.download')}
            busyLabel={t('export.downloading')}
            failedMessage={t('export.defaultersFailed')}
            aria-label={t('export.defaulters')}
            className="w-full sm:w-auto"
          />
        </div>
      )}

      <section aria-label={t(`reports.types.${filters.reportType}`)} aria-busy={report.isFetching}>
        {report.isPending ? (
          <Spinner label={t('reports.loading')} className="justify-center py-12" />
        ) : report.isError && !report.data ? (
          <LoadError message={t('toasts.reportsFailed')} onRetry={() => void report.refetch()} />
        ) : (
          <ReportView report={report.data} page={filters.page} onPage={(page) => onFilters({ page })} />
        )}
      </section>
    </div>
  );
}

function ReportView({ report, page, onPage }: { report: Report; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('adminPayments');
  const pages = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));
  switch (report.reportType) {
    case 'summary':
      return (
        <div className="space-y-4">
          <SummaryCards summary={report.summary} label={t('reports.summaryLabel')} />
          <PlanBreakdown rows={report.byPlan} />
        </div>
      );
    case 'defaulters':
      return (
        <div className="space-y-3">
          <ReportTotals text={t('reports.defaultersTotal', { count: report.total })} amountLabel={t('reports.totalOverdue')} amount={report.totalAmount} />
          {report.defaulters.length === 0 ? (
            <EmptyState title={t('reports.noDefaulters')} description={t('reports.noDefaultersText')} />
          ) : (
            <DefaultersList defaulters={report.defaulters} />
          )}
          {report.defaulters.length > 0 && <Pager page={page} pages={pages(report.total)} onPage={onPage} />}
        </div>
      );
    default:
      return (
        <div className="space-y-3">
          <ReportTotals
            text={t('reports.paymentsTotal', { count: report.total })}
            amountLabel={t(report.reportType === 'paid' ? 'reports.totalPaid' : 'reports.totalPending')}
            amount={report.totalAmount}
          />
          {report.reportType === 'pending' && report.summary && <PendingSplit summary={report.summary} />}
          {report.payments.length === 0 ? (
            <EmptyState title={t('reports.noPayments')} description={t('reports.noPaymentsText')} />
          ) : (
            <PaymentList
              payments={report.payments}
              label={t(`reports.types.${report.reportType}`)}
              show="state"
              actions={(payment, compact) => (
                <>
                  <ViewReceiptButton url={payment.receiptUrl} iconOnly={compact} />
                  <LedgerLink userId={payment.userId} name={payment.user.name} iconOnly={compact} />
                </>
              )}
            />
          )}
          {report.payments.length > 0 && <Pager page={page} pages={pages(report.total)} onPage={onPage} />}
        </div>
      );
  }
}

/**
 * The PENDING report's line split as the server counted it over the same rows (RULES §6a): pending is
 * under review plus owed, and overdue is the part of owed past the grace day. Never recounted here.
 */
function PendingSplit({ summary }: { summary: PendingReportSummary }) {
  const { t } = useTranslation('adminPayments');
  const parts = [
    { key: 'pending', value: summary.pending, tone: 'text-foreground' },
    { key: 'underReview', value: summary.underReview, tone: 'text-primary' },
    { key: 'owed', value: summary.owed, tone: 'text-warning' },
    { key: 'overdue', value: summary.overdue, tone: 'text-destructive' },
  ] as const;
  return (
    <dl aria-label={t('reports.pendingSplit.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {parts.map((part) => (
        <Card key={part.key} className="p-3 sm:p-4">
          <dt className="text-sm font-medium text-muted-foreground">{t(`reports.pendingSplit.${part.key}`)}</dt>
          <dd className={cn('mt-1 text-xl font-bold tabular-nums', part.tone)}>{part.value.count}</dd>
          <dd className="text-sm font-medium text-foreground">{formatPkr(part.value.amount)}</dd>
          <dd className="mt-1 text-xs text-muted-foreground">{t(`reports.pendingSplit.hints.${part.key}`)}</dd>
        </Card>
      ))}
    </dl>
  );
}

function ReportTotals({ text, amountLabel, amount }: { text: string; amountLabel: string; amount: number }) {
  return (
    <Card className="flex flex-wrap items-center justify-between gap-2 p-4">
      <p className="text-sm text-muted-foreground">{text}</p>
      <p className="text-sm">
        {amountLabel} <span className="text-lg font-bold text-foreground">{formatPkr(amount)}</span>
      </p>
    </Card>
  );
}
