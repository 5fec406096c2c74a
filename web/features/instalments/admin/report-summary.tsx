/** The summary report's figures: counts and amounts by state, and the same split plan by plan. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { InfoItem } from '../../../components/info-item.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { cn } from '../../../lib/cn.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import type { PaymentsSummary, PlanReportRow } from './api.ts';
import { TABLET_QUERY } from './parts.tsx';

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
export function PlanBreakdown({ rows }: { rows: PlanReportRow[] }) {
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
