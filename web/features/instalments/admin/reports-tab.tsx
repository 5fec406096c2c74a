/** Reports: summary, paid, pending and defaulters, computed by the server (admin document §2, §7). */
import { useId } from 'react';
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
  type Defaulter,
  type PaymentsSummary,
  type PendingReportSummary,
  type PlanReportRow,
  type Report,
  type ReportFilters,
  type ReportType,
} from './api.ts';
import { filterYears, formatDay } from './display.ts';
import { MonthSelect, YearSelect } from './payment-filters.tsx';
import { PaymentList } from './payment-list.tsx';
import { LedgerLink, Pager, RECEIPT_LINK_REFRESH_MS, TABLET_QUERY, ViewReceiptButton, useErrorToast } from './parts.tsx';
import { FilterField } from '../../../components/filter-field.tsx';
import { InfoItem } from '../../../components/info-item.tsx';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';

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

/** Counts and PKR amounts by state (admin document §3 "Payments summary"); used by the page header too. */
export function SummaryCards({ summary, label, className }: { summary: PaymentsSummary | undefined; label: string; className?: string }) {
  const { t } = useTranslation('adminPayments');
  const cards = [
    { key: 'total', count: summary?.counts.total, amount: summary?.amounts.total, tone: 'text-foreground' },
    { key: 'paid', count: summary?.counts.paid, amount: summary?.amounts.paid, tone: 'text-success' },
    { key: 'pending', count: summary?.counts.pending, amount: summary?.amounts.pending, tone: 'text-warning' },
    { key: 'underReview', count: summary?.counts.underReview, amount: summary?.amounts.underReview, tone: 'text-primary' },
    { key: 'owed', count: summary?.counts.owed, amount: summary?.amounts.owed, tone: 'text-warning' },
    { key: 'overdue', count: summary?.counts.overdue, amount: summary?.amounts.overdue, tone: 'text-destructive' },
  ] as const;
  // Owed is counted by newer servers only: left out rather than shown as a dash.
  const shown = cards.filter((card) => card.key !== 'owed' || summary === undefined || card.count !== undefined);
  return (
    <dl aria-label={label} className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3', shown.length > 5 ? 'xl:grid-cols-6' : 'lg:grid-cols-5', className)}>
      {shown.map((card) => (
        <Card key={card.key} className="p-3 sm:p-4">
          <dt className="text-sm text-muted-foreground">{t(`summary.${card.key}`)}</dt>
          <dd className={cn('mt-1 text-xl font-bold sm:text-2xl', card.tone)}>{card.count ?? '–'}</dd>
          {card.amount !== undefined && <dd className="mt-0.5 text-sm font-medium text-muted-foreground">{formatPkr(card.amount)}</dd>}
          <dd className="mt-1 text-xs text-muted-foreground">{t(`summary.hints.${card.key}`)}</dd>
        </Card>
      ))}
    </dl>
  );
}

function PlanBreakdown({ rows }: { rows: PlanReportRow[] }) {
  const { t } = useTranslation('adminPayments');
  const headingId = useId();
  const isDesktop = useMediaQuery(TABLET_QUERY);
  if (rows.length === 0) return <EmptyState title={t('reports.noPayments')} description={t('reports.noPaymentsText')} />;
  const cell = (value: { count: number; amount: number }) => (
    <>
      <span className="font-medium">{value.count}</span>
      <span className="block text-xs text-muted-foreground">{formatPkr(value.amount)}</span>
    </>
  );
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 font-semibold">
        {t('reports.byPlan')}
      </h3>
      {isDesktop ? (
        <div className="overflow-x-auto rounded-2xl border border-border bg-card">
          <table className="w-full text-sm">
            <thead className="border-b border-border bg-muted/40 text-xs tracking-wide text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-4 py-3 text-start font-medium">{t('reports.plan')}</th>
                <th scope="col" className="px-4 py-3 text-end font-medium">{t('summary.paid')}</th>
                <th scope="col" className="px-4 py-3 text-end font-medium">{t('summary.pending')}</th>
                <th scope="col" className="px-4 py-3 text-end font-medium">{t('summary.overdue')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((row) => (
                <tr key={row.planId}>
                  <th scope="row" className="px-4 py-3 text-start font-medium">{row.planName}</th>
                  <td className="px-4 py-3 text-end">{cell(row.paid)}</td>
                  <td className="px-4 py-3 text-end">{cell(row.pending)}</td>
                  <td className="px-4 py-3 text-end">{cell(row.overdue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul className="space-y-3">
          {rows.map((row) => (
            <li key={row.planId}>
              <Card className="p-4">
                <h4 className="font-semibold">{row.planName}</h4>
                <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
                  <InfoItem label={t('summary.paid')}>{cell(row.paid)}</InfoItem>
                  <InfoItem label={t('summary.pending')}>{cell(row.pending)}</InfoItem>
                  <InfoItem label={t('summary.overdue')}>{cell(row.overdue)}</InfoItem>
                </dl>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DefaultersList({ defaulters }: { defaulters: Defaulter[] }) {
  const { t, i18n } = useTranslation('adminPayments');
  const isDesktop = useMediaQuery(TABLET_QUERY);
  const key = (d: Defaulter, index: number) => d.userId ?? `${d.user.email}-${index}`;
  if (isDesktop) {
    return (
      <div className="overflow-x-auto rounded-2xl border border-border bg-card">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('reports.types.defaulters')}</caption>
          <thead className="border-b border-border bg-muted/40 text-xs tracking-wide text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 text-start font-medium">{t('payment.member')}</th>
              <th scope="col" className="px-4 py-3 text-start font-medium">{t('reports.contact')}</th>
              <th scope="col" className="px-4 py-3 text-end font-medium">{t('reports.overdueCount')}</th>
              <th scope="col" className="px-4 py-3 text-end font-medium">{t('reports.overdueAmount')}</th>
              <th scope="col" className="px-4 py-3 text-start font-medium">{t('reports.oldestDue')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {defaulters.map((d, index) => (
              <tr key={key(d, index)}>
                <th scope="row" className="px-4 py-3 text-start font-medium">
                  <span className="block">{d.user.name}</span>
                  {d.userId && <LedgerLink userId={d.userId} name={d.user.name} />}
                </th>
                <td className="px-4 py-3">
                  <div className="break-all">{d.user.email}</div>
                  <div className="text-muted-foreground">{d.user.phone || t('reports.noPhone')}</div>
                </td>
                <td className="px-4 py-3 text-end">{d.overdueCount}</td>
                <td className="px-4 py-3 text-end font-medium text-destructive">{formatPkr(d.overdueAmount)}</td>
                <td className="px-4 py-3">{formatDay(d.oldestDueDate, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <ul className="space-y-3" aria-label={t('reports.types.defaulters')}>
      {defaulters.map((d, index) => (
        <li key={key(d, index)}>
          <Card className="p-4">
            <h4 className="font-semibold">{d.user.name}</h4>
            <p className="text-sm break-all text-muted-foreground">{d.user.email}</p>
            <p className="text-sm text-muted-foreground">{d.user.phone || t('reports.noPhone')}</p>
            <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
              <InfoItem label={t('reports.overdueCount')}>{d.overdueCount}</InfoItem>
              <InfoItem label={t('reports.overdueAmount')}>
                <span className="font-medium text-destructive">{formatPkr(d.overdueAmount)}</span>
              </InfoItem>
              <InfoItem label={t('reports.oldestDue')}>{formatDay(d.oldestDueDate, i18n.language)}</InfoItem>
            </dl>
            {d.userId && (
              <div className="mt-3 border-t border-border pt-3">
                <LedgerLink userId={d.userId} name={d.user.name} />
              </div>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}
