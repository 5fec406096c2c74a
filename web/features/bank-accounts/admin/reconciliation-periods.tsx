/** One account's approved and waiting money per period: a table on wide screens, cards on phones. */
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import type { ReconciliationAccount, ReconciliationPeriod } from './reconciliation-api.ts';
import { TABLE_QUERY, useAccountLabel, usePeriodLabel } from './reconciliation-labels.ts';

export function Periods({ account, selected, onSelect }: { account: ReconciliationAccount; selected: string | null; onSelect: (period: string) => void }) {
  const { t } = useTranslation('adminCatalog');
  const wide = useMediaQuery(TABLE_QUERY);
  const periodLabel = usePeriodLabel();
  const accountLabel = useAccountLabel();
  const label = t('reconciliation.periodsLabel', { account: accountLabel(account) });

  const showButton = (period: ReconciliationPeriod) =>
    period.approved.count > 0 ? (
      <Button
        variant={selected === period.period ? 'primary' : 'outline'}
        size="sm"
        aria-pressed={selected === period.period}
        aria-label={t('reconciliation.showPaymentsOf', { period: periodLabel(period.period) })}
        onClick={() => onSelect(period.period)}
      >
        {t('reconciliation.showPayments')}
      </Button>
    ) : null;

  if (!wide) {
    return (
      <section aria-label={label} className="space-y-3">
        <ul className="grid gap-3 sm:grid-cols-2">
          {account.periods.map((period) => (
            <li key={period.period}>
              <PeriodCard period={period} title={periodLabel(period.period)} action={showButton(period)} />
            </li>
          ))}
        </ul>
        <PeriodCard period={{ period: 'total', ...account.totals }} title={t('reconciliation.total')} />
      </section>
    );
  }
  const th = 'px-4 py-3 font-medium';
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-card">
      <table className="w-full text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="border-b border-border bg-muted/40 text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className={`${th} text-start`}>{t('reconciliation.columns.period')}</th>
            <th scope="col" className={`${th} text-end`}>{t('reconciliation.columns.approvedCount')}</th>
            <th scope="col" className={`${th} text-end`}>{t('reconciliation.columns.approvedAmount')}</th>
            <th scope="col" className={`${th} text-end`}>{t('reconciliation.columns.waitingCount')}</th>
            <th scope="col" className={`${th} text-end`}>{t('reconciliation.columns.waitingAmount')}</th>
            <th scope="col" className={`${th} text-end`}>{t('reconciliation.columns.payments')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {account.periods.map((period) => (
            <tr key={period.period} className={selected === period.period ? 'bg-primary/5' : undefined}>
              <th scope="row" className="px-4 py-3 text-start font-medium">{periodLabel(period.period)}</th>
              <td className="px-4 py-3 text-end tabular-nums">{period.approved.count}</td>
              <td className="px-4 py-3 text-end tabular-nums">{formatPkr(period.approved.amount)}</td>
              <td className="px-4 py-3 text-end tabular-nums">{period.waiting.count}</td>
              <td className="px-4 py-3 text-end tabular-nums">{formatPkr(period.waiting.amount)}</td>
              <td className="px-4 py-2 text-end">{showButton(period)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-border font-semibold">
          <tr>
            <th scope="row" className="px-4 py-3 text-start">{t('reconciliation.total')}</th>
            <td className="px-4 py-3 text-end tabular-nums">{account.totals.approved.count}</td>
            <td className="px-4 py-3 text-end tabular-nums">{formatPkr(account.totals.approved.amount)}</td>
            <td className="px-4 py-3 text-end tabular-nums">{account.totals.waiting.count}</td>
            <td className="px-4 py-3 text-end tabular-nums">{formatPkr(account.totals.waiting.amount)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function PeriodCard({ period, title, action }: { period: ReconciliationPeriod; title: string; action?: ReactNode }) {
  const { t } = useTranslation('adminCatalog');
  const titleId = useId();
  const figure = (label: string, value: string | number) => (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
  return (
    <Card className="h-full p-4">
      <article aria-labelledby={titleId} className="space-y-3 text-sm">
        <h3 id={titleId} className="font-semibold">
          {title}
        </h3>
        <dl className="grid grid-cols-2 gap-3">
          {figure(t('reconciliation.columns.approvedCount'), period.approved.count)}
          {figure(t('reconciliation.columns.approvedAmount'), formatPkr(period.approved.amount))}
          {figure(t('reconciliation.columns.waitingCount'), period.waiting.count)}
          {figure(t('reconciliation.columns.waitingAmount'), formatPkr(period.waiting.amount))}
        </dl>
        {action}
      </article>
    </Card>
  );
}
