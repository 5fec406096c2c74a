/**
 * /admin/reconciliation: per bank account, its bank statement (imported here, its lines matched to the
 * members' payments and the matched receipts approved), the money approved into it per day or month
 * (Asia/Karachi) beside the receipts still waiting, and one period's approved payments, each with a box
 * to tick once it is found on the bank statement (ticks kept on the server, shared by every admin).
 */
import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Landmark, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { karachiDateOf } from '../../../../contract/business-time.ts';
import { PageHeader, useLoadErrorToast } from '../../../components/page-parts.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { reconciliationApi, reconciliationKeys, type ReconciliationFilter } from './reconciliation-api.ts';
import { Entries } from './reconciliation-entries.tsx';
import { Filters, rangeError } from './reconciliation-filters.tsx';
import { Periods } from './reconciliation-periods.tsx';
import { StatementSection } from './statement-section.tsx';

/** Today in Karachi, 'YYYY-MM-DD'. */
const karachiToday = karachiDateOf;
export function AdminReconciliationPage() {
  const { t } = useTranslation('adminCatalog');
  useDocumentTitle(t('reconciliation.pageTitle'));
  const today = karachiToday();
  const [filter, setFilter] = useState<ReconciliationFilter>({ from: `${today.slice(0, 8)}01`, to: today, by: 'day' });
  const [accountId, setAccountId] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const invalid = rangeError(filter);
  const approvedId = useId();

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
      ) : (
        <>
          <StatementSection account={account} filter={filter} />
          <section aria-labelledby={approvedId} className="space-y-4">
            <div>
              <h2 id={approvedId} className="text-xl font-semibold">
                {t('reconciliation.approvedTitle')}
              </h2>
              <p className="text-sm text-muted-foreground">{t('reconciliation.approvedHint')}</p>
            </div>
            {account.periods.length === 0 ? (
              <EmptyState icon={<Landmark />} title={t('reconciliation.empty.title')} description={t('reconciliation.empty.text')} />
            ) : (
              <Periods account={account} selected={selected} onSelect={setSelected} />
            )}
          </section>
          {selected && <Entries key={`${account.bankAccount.id}:${selected}`} bankAccountId={account.bankAccount.id} period={selected} by={by} />}
        </>
      )}
    </div>
  );
}
