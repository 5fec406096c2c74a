/** One period's approved payments, each with a box to tick once it is found on the bank statement. */
import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { useLoadErrorToast } from '../../../components/page-parts.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatMonth } from '../../../lib/format.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { reconciliationApi, reconciliationKeys, type ReconciliationBy, type ReconciliationEntry } from './reconciliation-api.ts';
import { TABLE_QUERY, usePeriodLabel } from './reconciliation-labels.ts';
import { useTicks } from './reconciliation-ticks.ts';

export function Entries({ bankAccountId, period, by }: { bankAccountId: string; period: string; by: ReconciliationBy }) {
  const { t } = useTranslation('adminCatalog');
  const periodLabel = usePeriodLabel();
  const wide = useMediaQuery(TABLE_QUERY);
  const [page, setPage] = useState(1);
  const headingId = useId();
  const filter = { bankAccountId, period, by, page };
  const entries = useQuery({
    queryKey: reconciliationKeys.entries(filter),
    queryFn: ({ signal }) => reconciliationApi.entries(filter, signal),
    placeholderData: keepPreviousData,
  });
  useLoadErrorToast(entries.error, entries.errorUpdatedAt, t('reconciliation.entries.loadFailed'));
  const ticks = useTicks(bankAccountId, period);
  const title = t('reconciliation.entries.title', { period: periodLabel(period) });
  const data = entries.data;

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={headingId} className="text-xl font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{t('reconciliation.entries.hint')}</p>
        </div>
        {ticks.count > 0 && (
          <Button variant="outline" size="sm" onClick={ticks.clear}>
            {t('reconciliation.entries.clear')}
          </Button>
        )}
      </div>
      {data && (
        <Card className="p-4" role="status" aria-live="polite">
          <p className="font-semibold">{t('reconciliation.entries.ticked', { ticked: ticks.count, total: data.totals.count })}</p>
          <p className="text-sm text-muted-foreground">{t('reconciliation.entries.tickedAmount', { amount: formatPkr(ticks.amount), total: formatPkr(data.totals.amount) })}</p>
        </Card>
      )}
      {entries.isPending ? (
        <Spinner label={t('reconciliation.entries.loading')} className="justify-center py-8" />
      ) : entries.isError && !data ? (
        <LoadError message={getErrorMessage(entries.error, t('reconciliation.entries.loadFailed'))} onRetry={() => void entries.refetch()} />
      ) : !data || data.entries.length === 0 ? (
        <p className="text-muted-foreground">{t('reconciliation.entries.empty')}</p>
      ) : (
        <>
          {wide ? (
            <EntriesTable entries={data.entries} label={t('reconciliation.entries.listLabel', { period: periodLabel(period) })} ticks={ticks} />
          ) : (
            <ul aria-label={t('reconciliation.entries.listLabel', { period: periodLabel(period) })} className="grid gap-3 sm:grid-cols-2">
              {data.entries.map((entry) => (
                <li key={entry.id}>
                  <EntryCard entry={entry} ticks={ticks} />
                </li>
              ))}
            </ul>
          )}
          <Pager page={data.pagination.page} pages={data.pagination.pages} onPage={setPage} label={t('reconciliation.entries.pager')} />
        </>
      )}
    </section>
  );
}

type Ticks = ReturnType<typeof useTicks>;

function useEntryText() {
  const { t, i18n } = useTranslation('adminCatalog');
  return {
    month: (entry: ReconciliationEntry) => (entry.month && entry.year ? formatMonth(entry.year, entry.month, i18n.language) : t('reconciliation.entries.none')),
    group: (entry: ReconciliationEntry) => (entry.groupNumber ? t('reconciliation.entries.groupValue', { number: entry.groupNumber }) : t('reconciliation.entries.none')),
    plan: (entry: ReconciliationEntry) => (entry.type === 'SUBSCRIPTION' ? `${entry.planName} · ${t('reconciliation.entries.planRequest')}` : entry.planName),
    tick: (entry: ReconciliationEntry) => t('reconciliation.entries.tick', { name: entry.memberName, amount: formatPkr(entry.amount), time: entry.approvedAtPkt }),
  };
}

function TickBox({ entry, ticks, label, id }: { entry: ReconciliationEntry; ticks: Ticks; label?: string; id?: string }) {
  return (
    <input
      id={id}
      type="checkbox"
      aria-label={label}
      className="size-5 shrink-0 cursor-pointer accent-primary"
      checked={ticks.isTicked(entry.id)}
      onChange={(e) => ticks.toggle(entry.id, entry.amount, e.target.checked)}
    />
  );
}

function EntriesTable({ entries, label, ticks }: { entries: ReconciliationEntry[]; label: string; ticks: Ticks }) {
  const { t } = useTranslation('adminCatalog');
  const text = useEntryText();
  const th = 'px-4 py-3 text-start font-medium';
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-card">
      <table className="w-full text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="border-b border-border bg-muted/40 text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className={th}>{t('reconciliation.entries.columns.ticked')}</th>
            <th scope="col" className={th}>{t('reconciliation.entries.columns.member')}</th>
            <th scope="col" className={th}>{t('reconciliation.entries.columns.plan')}</th>
            <th scope="col" className={th}>{t('reconciliation.entries.columns.group')}</th>
            <th scope="col" className={th}>{t('reconciliation.entries.columns.month')}</th>
            <th scope="col" className={`${th} text-end`}>{t('reconciliation.entries.columns.amount')}</th>
            <th scope="col" className={th}>{t('reconciliation.entries.columns.approvedAt')}</th>
            <th scope="col" className={th}>{t('reconciliation.entries.columns.reference')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {entries.map((entry) => (
            <tr key={entry.id} className={ticks.isTicked(entry.id) ? 'bg-success/5' : undefined}>
              <td className="px-4 py-3">
                <TickBox entry={entry} ticks={ticks} label={text.tick(entry)} />
              </td>
              <th scope="row" className="px-4 py-3 text-start font-medium">{entry.memberName}</th>
              <td className="px-4 py-3">{text.plan(entry)}</td>
              <td className="px-4 py-3">{text.group(entry)}</td>
              <td className="px-4 py-3">{text.month(entry)}</td>
              <td className="px-4 py-3 text-end tabular-nums">{formatPkr(entry.amount)}</td>
              <td className="px-4 py-3 whitespace-nowrap tabular-nums">{entry.approvedAtPkt}</td>
              <td className="max-w-56 px-4 py-3 break-all">{entry.reference ?? t('reconciliation.entries.none')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EntryCard({ entry, ticks }: { entry: ReconciliationEntry; ticks: Ticks }) {
  const { t } = useTranslation('adminCatalog');
  const text = useEntryText();
  const id = useId();
  const row = (label: string, value: string) => (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
  return (
    <Card className={ticks.isTicked(entry.id) ? 'h-full border-success/50 p-4' : 'h-full p-4'}>
      <article aria-labelledby={`${id}-name`} className="space-y-3 text-sm">
        <div className="flex min-h-11 items-center gap-3">
          <TickBox entry={entry} ticks={ticks} id={id} label={text.tick(entry)} />
          <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer py-2">
            <span id={`${id}-name`} className="block font-semibold">
              {entry.memberName}
            </span>
            <span className="block text-base font-bold tabular-nums">{formatPkr(entry.amount)}</span>
          </label>
        </div>
        <dl className="grid grid-cols-2 gap-3">
          {row(t('reconciliation.entries.columns.plan'), text.plan(entry))}
          {row(t('reconciliation.entries.columns.group'), text.group(entry))}
          {row(t('reconciliation.entries.columns.month'), text.month(entry))}
          {row(t('reconciliation.entries.columns.approvedAt'), entry.approvedAtPkt)}
          {row(t('reconciliation.entries.columns.reference'), entry.reference ?? t('reconciliation.entries.none'))}
        </dl>
      </article>
    </Card>
  );
}
