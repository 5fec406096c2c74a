/**
 * /admin/reconciliation: per bank account, the money approved into it per day or month (Asia/Karachi)
 * beside the receipts still waiting, and one period's approved payments, each with a box to tick once it
 * is found on the bank statement (the ticks stay in this browser).
 */
import { useId, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Landmark, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { karachiDateOf } from '../../../../contract/business-time.ts';
import { formatPkr } from '../../../../contract/money.ts';
import { isCalendarDay, RECONCILIATION_MAX_DAYS, RECONCILIATION_MAX_MONTHS } from '../../../../contract/reconciliation.ts';
import { PageHeader, useLoadErrorToast } from '../../../components/page-parts.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatMonth } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import {
  reconciliationApi,
  reconciliationKeys,
  type ReconciliationAccount,
  type ReconciliationBy,
  type ReconciliationEntry,
  type ReconciliationFilter,
  type ReconciliationPeriod,
} from './reconciliation-api.ts';
import { useTicks } from './reconciliation-ticks.ts';

/** Wide enough for the tables; phones get cards. */
const TABLE_QUERY = '(min-width: 1024px)';

/** Today in Karachi, 'YYYY-MM-DD'. */
const karachiToday = karachiDateOf;

const dayCount = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
const monthCount = (from: string, to: string) => Number(to.slice(0, 4)) * 12 + Number(to.slice(5, 7)) - (Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7))) + 1;

type RangeError = 'dates' | 'order' | 'dayRange' | 'monthRange';
/** The same checks as the server's (contract/reconciliation.ts), so that a wrong range is said by the fields. */
function rangeError({ from, to, by }: ReconciliationFilter): { field: 'from' | 'to'; error: RangeError } | null {
  if (!isCalendarDay(from)) return { field: 'from', error: 'dates' };
  if (!isCalendarDay(to)) return { field: 'to', error: 'dates' };
  if (from > to) return { field: 'to', error: 'order' };
  if (by === 'day' && dayCount(from, to) > RECONCILIATION_MAX_DAYS) return { field: 'to', error: 'dayRange' };
  if (by === 'month' && monthCount(from, to) > RECONCILIATION_MAX_MONTHS) return { field: 'to', error: 'monthRange' };
  return null;
}

function usePeriodLabel() {
  const { i18n } = useTranslation('adminCatalog');
  return (period: string) => (period.length === 7 ? formatMonth(Number(period.slice(0, 4)), Number(period.slice(5, 7)), i18n.language) : formatDate(period, i18n.language));
}

function useAccountLabel() {
  const { t } = useTranslation('adminCatalog');
  return ({ bankAccount: a }: ReconciliationAccount) => {
    const label = t('reconciliation.accountOption', { bank: a.bankName, number: a.accountNumber, name: a.accountName });
    if (a.isDeleted) return t('reconciliation.accountDeleted', { account: label });
    return a.isActive ? label : t('reconciliation.accountInactive', { account: label });
  };
}

export function AdminReconciliationPage() {
  const { t } = useTranslation('adminCatalog');
  useDocumentTitle(t('reconciliation.pageTitle'));
  const today = karachiToday();
  const [filter, setFilter] = useState<ReconciliationFilter>({ from: `${today.slice(0, 8)}01`, to: today, by: 'day' });
  const [accountId, setAccountId] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const invalid = rangeError(filter);

  const report = useQuery({
    queryKey: reconciliationKeys.report(filter),
    queryFn: ({ signal }) => reconciliationApi.report(filter, signal),
    enabled: !invalid,
    placeholderData: keepPreviousData,
  });
  useLoadErrorToast(report.error, report.errorUpdatedAt, t('reconciliation.loadFailed'));

  const accounts = report.data?.accounts ?? [];
  const account = accounts.find((a) => a.bankAccount.id === accountId) ?? accounts[0];
  const by = report.data?.by ?? filter.by;

  const change = (next: Partial<ReconciliationFilter>) => {
    setFilter((current) => ({ ...current, ...next }));
    setSelected(null);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('reconciliation.title')}
        description={t('reconciliation.description')}
        actions={
          <Button variant="outline" onClick={() => void report.refetch()} disabled={report.isFetching || !!invalid} aria-busy={report.isFetching}>
            <RefreshCw aria-hidden className={report.isFetching ? 'animate-spin' : undefined} />
            {t('common.refresh')}
          </Button>
        }
      />

      <Filters
        filter={filter}
        invalid={invalid}
        accounts={accounts}
        accountId={account?.bankAccount.id ?? ''}
        onAccount={(id) => {
          setAccountId(id);
          setSelected(null);
        }}
        onChange={change}
      />

      {invalid ? null : report.isPending ? (
        <Spinner label={t('reconciliation.loading')} className="justify-center py-12" />
      ) : report.isError && !report.data ? (
        <LoadError message={getErrorMessage(report.error, t('reconciliation.loadFailed'))} onRetry={() => void report.refetch()} />
      ) : !account ? (
        <EmptyState headingLevel={2} icon={<Landmark />} title={t('reconciliation.noAccounts.title')} description={t('reconciliation.noAccounts.text')} />
      ) : account.periods.length === 0 ? (
        <EmptyState headingLevel={2} icon={<Landmark />} title={t('reconciliation.empty.title')} description={t('reconciliation.empty.text')} />
      ) : (
        <>
          <Periods account={account} selected={selected} onSelect={setSelected} />
          {selected && <Entries key={`${account.bankAccount.id}:${selected}`} bankAccountId={account.bankAccount.id} period={selected} by={by} />}
        </>
      )}
    </div>
  );
}

function Filters({
  filter,
  invalid,
  accounts,
  accountId,
  onAccount,
  onChange,
}: {
  filter: ReconciliationFilter;
  invalid: ReturnType<typeof rangeError>;
  accounts: ReconciliationAccount[];
  accountId: string;
  onAccount: (id: string) => void;
  onChange: (next: Partial<ReconciliationFilter>) => void;
}) {
  const { t } = useTranslation('adminCatalog');
  const accountLabel = useAccountLabel();
  const ids = { account: useId(), from: useId(), to: useId(), by: useId(), error: useId() };
  const errorOf = (field: 'from' | 'to') => (invalid?.field === field ? { 'aria-invalid': true, 'aria-describedby': ids.error } : {});
  return (
    <Card className="p-4">
      <fieldset>
        <legend className="sr-only">{t('reconciliation.filtersLabel')}</legend>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <div className="min-w-0 space-y-1.5">
            <Label htmlFor={ids.account}>{t('reconciliation.account')}</Label>
            <Select id={ids.account} value={accountId} onChange={(e) => onAccount(e.target.value)} disabled={accounts.length === 0}>
              {accounts.map((a) => (
                <option key={a.bankAccount.id} value={a.bankAccount.id}>
                  {accountLabel(a)}
                </option>
              ))}
            </Select>
          </div>
          <div className="min-w-0 space-y-1.5">
            <Label htmlFor={ids.from}>{t('reconciliation.from')}</Label>
            <Input id={ids.from} type="date" value={filter.from} max={filter.to || undefined} onChange={(e) => onChange({ from: e.target.value })} {...errorOf('from')} />
          </div>
          <div className="min-w-0 space-y-1.5">
            <Label htmlFor={ids.to}>{t('reconciliation.to')}</Label>
            <Input id={ids.to} type="date" value={filter.to} min={filter.from || undefined} onChange={(e) => onChange({ to: e.target.value })} {...errorOf('to')} />
          </div>
          <div className="min-w-0 space-y-1.5">
            <Label htmlFor={ids.by}>{t('reconciliation.by')}</Label>
            <Select id={ids.by} value={filter.by} onChange={(e) => onChange({ by: e.target.value as ReconciliationBy })}>
              <option value="day">{t('reconciliation.byDay')}</option>
              <option value="month">{t('reconciliation.byMonth')}</option>
            </Select>
          </div>
        </div>
        {invalid && (
          <p id={ids.error} role="alert" className="mt-3 text-sm text-destructive">
            {t(`reconciliation.errors.${invalid.error}`)}
          </p>
        )}
      </fieldset>
    </Card>
  );
}

function Periods({ account, selected, onSelect }: { account: ReconciliationAccount; selected: string | null; onSelect: (period: string) => void }) {
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

function Entries({ bankAccountId, period, by }: { bankAccountId: string; period: string; by: ReconciliationBy }) {
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
