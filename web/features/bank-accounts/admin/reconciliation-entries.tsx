/**
 * One period's approved payments, each with a box to tick once it is found on the bank statement: the
 * ticks are the server's, shared by every administrator, each saying who ticked it and when.
 */
import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatPkr, fromPaisa, toPaisa } from '../../../../contract/money.ts';
import { useLoadErrorToast } from '../../../components/page-parts.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { reconciliationApi, reconciliationKeys, type ReconciliationBy, type ReconciliationEntriesPage, type ReconciliationEntry } from './reconciliation-api.ts';
import { EntryReferences, TickBox, TickedBy, useEntryText, type OnTick } from './reconciliation-entry-parts.tsx';
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
  const { onTick, shown } = useTicks(filter);
  const title = t('reconciliation.entries.title', { period: periodLabel(period) });
  const data = shown(entries.data);
  const label = t('reconciliation.entries.listLabel', { period: periodLabel(period) });

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="text-xl font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{t('reconciliation.entries.hint')}</p>
      </div>
      {data && <TickedSummary data={data} />}
      {entries.isPending ? (
        <Spinner label={t('reconciliation.entries.loading')} className="justify-center py-8" />
      ) : entries.isError && !data ? (
        <LoadError message={getErrorMessage(entries.error, t('reconciliation.entries.loadFailed'))} onRetry={() => void entries.refetch()} />
      ) : !data || data.entries.length === 0 ? (
        <p className="text-muted-foreground">{t('reconciliation.entries.empty')}</p>
      ) : (
        <>
          {wide ? (
            <EntriesTable entries={data.entries} label={label} onTick={onTick} />
          ) : (
            <ul aria-label={label} className="grid gap-3 sm:grid-cols-2">
              {data.entries.map((entry) => (
                <li key={entry.id}>
                  <EntryCard entry={entry} onTick={onTick} />
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

/** "1 of 1 ticked" and the money ticked: of the whole period when it fits one page, else of the page shown. */
function TickedSummary({ data }: { data: ReconciliationEntriesPage }) {
  const { t } = useTranslation('adminCatalog');
  const ticked = data.entries.filter((entry) => entry.tick !== null);
  const amount = fromPaisa(ticked.reduce((sum, entry) => sum + toPaisa(entry.amount), 0));
  const onePage = data.pagination.pages <= 1;
  const total = onePage ? data.totals : { count: data.entries.length, amount: fromPaisa(data.entries.reduce((sum, entry) => sum + toPaisa(entry.amount), 0)) };
  const suffix = onePage ? '' : 'OnPage';
  return (
    <Card className="p-4" role="status" aria-live="polite">
      <p className="font-semibold">{t(`reconciliation.entries.ticked${suffix}`, { ticked: ticked.length, total: total.count })}</p>
      <p className="text-sm text-muted-foreground">{t(`reconciliation.entries.tickedAmount${suffix}`, { amount: formatPkr(amount), total: formatPkr(total.amount) })}</p>
    </Card>
  );
}

function EntriesTable({ entries, label, onTick }: { entries: ReconciliationEntry[]; label: string; onTick: OnTick }) {
  const { t } = useTranslation('adminCatalog');
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
            <EntryRow key={entry.id} entry={entry} onTick={onTick} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EntryRow({ entry, onTick }: { entry: ReconciliationEntry; onTick: OnTick }) {
  const text = useEntryText();
  const tickedById = useId();
  return (
    <tr className={entry.tick ? 'bg-success/5' : undefined}>
      <td className="px-4 py-3">
        <TickBox entry={entry} onTick={onTick} label={text.tick(entry)} tickedById={tickedById} />
        <TickedBy entry={entry} id={tickedById} />
      </td>
      <th scope="row" className="px-4 py-3 text-start font-medium">{entry.memberName}</th>
      <td className="px-4 py-3">{text.plan(entry)}</td>
      <td className="px-4 py-3">{text.group(entry)}</td>
      <td className="px-4 py-3">{text.month(entry)}</td>
      <td className="px-4 py-3 text-end tabular-nums">{formatPkr(entry.amount)}</td>
      <td className="px-4 py-3 whitespace-nowrap tabular-nums">{entry.approvedAtPkt}</td>
      <td className="max-w-64 px-4 py-3">
        <EntryReferences entry={entry} />
      </td>
    </tr>
  );
}

function EntryCard({ entry, onTick }: { entry: ReconciliationEntry; onTick: OnTick }) {
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
    <Card className={entry.tick ? 'h-full border-success/50 p-4' : 'h-full p-4'}>
      <article aria-labelledby={`${id}-name`} className="space-y-3 text-sm">
        <div className="flex min-h-11 items-center gap-3">
          <TickBox entry={entry} onTick={onTick} id={id} label={text.tick(entry)} tickedById={`${id}-ticked`} />
          <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer py-2">
            <span id={`${id}-name`} className="block font-semibold">
              {entry.memberName}
            </span>
            <span className="block text-base font-bold tabular-nums">{formatPkr(entry.amount)}</span>
            <TickedBy entry={entry} id={`${id}-ticked`} />
          </label>
        </div>
        <dl className="grid grid-cols-2 gap-3">
          {row(t('reconciliation.entries.columns.plan'), text.plan(entry))}
          {row(t('reconciliation.entries.columns.group'), text.group(entry))}
          {row(t('reconciliation.entries.columns.month'), text.month(entry))}
          {row(t('reconciliation.entries.columns.approvedAt'), entry.approvedAtPkt)}
          <div className="col-span-2 min-w-0">
            <dt className="text-xs text-muted-foreground">{t('reconciliation.entries.columns.reference')}</dt>
            <dd>
              <EntryReferences entry={entry} />
            </dd>
          </div>
        </dl>
      </article>
    </Card>
  );
}
