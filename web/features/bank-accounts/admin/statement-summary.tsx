/**
 * The account's statement per transfer day or month: "N of M matched, K open", and the approved payments
 * into the account that no line matches (how many, how much). A table on wide screens, cards on phones.
 */
import { useId } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { useLoadErrorToast } from '../../../components/page-parts.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { TABLE_QUERY, usePeriodLabel } from './reconciliation-labels.ts';
import { statementApi, statementKeys, type StatementSummary as Summary, type SummaryFilter } from './statement-api.ts';

type Period = Omit<Summary['periods'][number], 'period'>;

function usePeriodText() {
  const { t } = useTranslation('adminCatalog');
  return {
    matched: (p: Period) => t('reconciliation.summary.matched', { matched: p.matched, lines: p.lines, open: p.open }),
    withoutLine: (p: Period) => t('reconciliation.summary.withoutLine', { count: p.approvedWithoutLine.count, amount: formatPkr(p.approvedWithoutLine.amount) }),
  };
}

export function StatementSummary({ filter }: { filter: SummaryFilter }) {
  const { t } = useTranslation('adminCatalog');
  const headingId = useId();
  const wide = useMediaQuery(TABLE_QUERY);
  const periodLabel = usePeriodLabel();
  const summary = useQuery({ queryKey: statementKeys.summary(filter), queryFn: ({ signal }) => statementApi.summary(filter, signal), placeholderData: keepPreviousData });
  useLoadErrorToast(summary.error, summary.errorUpdatedAt, t('reconciliation.summary.loadFailed'));
  const data = summary.data;
  const label = t('reconciliation.summary.label', { by: t(`reconciliation.summary.by.${filter.by}`) });

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-lg font-semibold">
        {t('reconciliation.summary.title')}
      </h3>
      {summary.isPending ? (
        <Spinner label={t('reconciliation.summary.loading')} className="justify-center py-6" />
      ) : summary.isError && !data ? (
        <LoadError compact message={getErrorMessage(summary.error, t('reconciliation.summary.loadFailed'))} onRetry={() => void summary.refetch()} />
      ) : !data || data.periods.length === 0 ? (
        <p className="text-muted-foreground">{t('reconciliation.summary.empty')}</p>
      ) : wide ? (
        <SummaryTable data={data} label={label} periodLabel={periodLabel} />
      ) : (
        <ul aria-label={label} className="grid gap-3 sm:grid-cols-2">
          {data.periods.map((period) => (
            <li key={period.period}>
              <SummaryCard title={periodLabel(period.period)} period={period} />
            </li>
          ))}
          <li>
            <SummaryCard title={t('reconciliation.total')} period={data.totals} />
          </li>
        </ul>
      )}
    </section>
  );
}

function SummaryTable({ data, label, periodLabel }: { data: Summary; label: string; periodLabel: (period: string) => string }) {
  const { t } = useTranslation('adminCatalog');
  const text = usePeriodText();
  const th = 'px-4 py-3 text-start font-medium';
  const row = (title: string, period: Period) => (
    <>
      <th scope="row" className="px-4 py-3 text-start font-medium">{title}</th>
      <td className="px-4 py-3">{text.matched(period)}</td>
      <td className="px-4 py-3 tabular-nums">{period.approvedWithoutLine.count}</td>
      <td className="px-4 py-3 text-end tabular-nums">{formatPkr(period.approvedWithoutLine.amount)}</td>
    </>
  );
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-card">
      <table className="w-full text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="border-b border-border bg-muted/40 text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className={th}>{t('reconciliation.columns.period')}</th>
            <th scope="col" className={th}>{t('reconciliation.summary.columns.lines')}</th>
            <th scope="col" className={th}>{t('reconciliation.summary.columns.withoutLine')}</th>
            <th scope="col" className={`${th} text-end`}>{t('reconciliation.summary.columns.withoutLineAmount')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {data.periods.map((period) => (
            <tr key={period.period}>{row(periodLabel(period.period), period)}</tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-border font-semibold">
          <tr>{row(t('reconciliation.total'), data.totals)}</tr>
        </tfoot>
      </table>
    </div>
  );
}

function SummaryCard({ title, period }: { title: string; period: Period }) {
  const text = usePeriodText();
  const id = useId();
  return (
    <Card className="h-full p-4">
      <article aria-labelledby={id} className="space-y-1 text-sm">
        <h4 id={id} className="font-semibold">
          {title}
        </h4>
        <p>{text.matched(period)}</p>
        <p className="text-muted-foreground">{text.withoutLine(period)}</p>
      </article>
    </Card>
  );
}
