/**
 * A group's collection per month (the group details dialog's Statistics tab): what each month's
 * instalments came to once due, and what of it was collected (RULES §6a), from GET
 * /api/admin/groups/{id}/ledger. Months whose due date has not come are left out: nothing is due in them yet.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { MonthChart } from '../../charts/admin/index.ts';
import { groupApi, groupKeys } from './api.ts';

export function GroupCollectionChart({ groupId }: { groupId: string }) {
  const { t } = useTranslation('adminCatalog');
  const ledger = useQuery({ queryKey: groupKeys.groupLedger(groupId), queryFn: ({ signal }) => groupApi.groupLedger(groupId, signal) });

  if (ledger.isPending) return <Spinner label={t('groups.collectionChart.loading')} className="justify-center py-6" />;
  if (ledger.isError) {
    return (
      <LoadError
        compact
        message={getErrorMessage(ledger.error, t('groups.collectionChart.loadFailed'))}
        retryLabel={t('groups.collectionChart.retry')}
        retrying={ledger.isFetching}
        onRetry={() => void ledger.refetch()}
      />
    );
  }
  const months = ledger.data.months.filter((month) => !month.scheduled);
  return (
    <MonthChart
      title={t('groups.collectionChart.title')}
      description={t('groups.collectionChart.description')}
      unit="pkr"
      months={months}
      series={[
        { label: t('groups.collectionChart.due'), tone: 'accent', value: (month) => month.due },
        { label: t('groups.collectionChart.collected'), tone: 'primary', value: (month) => month.collected },
      ]}
      emptyText={t('groups.collectionChart.empty')}
      className="rounded-xl border border-border p-3 sm:p-4"
    />
  );
}
