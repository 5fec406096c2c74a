/**
 * The dashboard's trends (admin document §2 "Admin dashboard"): money collected against money due, and
 * members joining a group, month by month over the last 12 months (GET /api/admin/dashboard/series).
 * Each chart has its table view (charts feature).
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { MonthChart } from '../../charts/admin/index.ts';
import { useMonthlySeries } from './use-monthly-series.ts';

export function DashboardCharts() {
  const { t } = useTranslation();
  const headingId = useId();
  const series = useMonthlySeries();

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('admin.overview.charts.title')}
      </h2>
      {series.isPending ? (
        <Card className="p-6">
          <Spinner label={t('admin.overview.charts.loading')} className="justify-center py-6" />
        </Card>
      ) : series.isError ? (
        <LoadError
          compact
          message={getErrorMessage(series.error, t('admin.overview.charts.loadFailed'))}
          retryLabel={t('admin.overview.charts.retry')}
          retrying={series.isFetching}
          onRetry={() => void series.refetch()}
        />
      ) : (
        <div className="grid gap-4 xl:grid-cols-2">
          <Card className="min-w-0 p-4 sm:p-6">
            <MonthChart
              title={t('admin.overview.charts.collection')}
              description={t('admin.overview.charts.collectionDescription')}
              unit="pkr"
              months={series.data}
              series={[
                { label: t('admin.overview.charts.due'), tone: 'accent', value: (month) => month.due },
                { label: t('admin.overview.charts.collected'), tone: 'primary', value: (month) => month.collected },
              ]}
            />
          </Card>
          <Card className="min-w-0 p-4 sm:p-6">
            <MonthChart
              title={t('admin.overview.charts.joining')}
              description={t('admin.overview.charts.joiningDescription')}
              unit="count"
              months={series.data}
              series={[{ label: t('admin.overview.charts.joined'), tone: 'primary', value: (month) => month.joined }]}
            />
          </Card>
        </div>
      )}
    </section>
  );
}
