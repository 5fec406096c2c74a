/**
 * /admin/groups/:id/arrears: who owes what in a group, month by month (RULES §6a). The group, its totals
 * (owed, overdue, under review, paid, scheduled, collection rate), what each state means, and the grid
 * (arrears-grid.tsx), a page of members at a time. Read from GET /api/admin/groups/{id}/arrears; every
 * figure is the server's, and the group's totals and month totals are over all its members, whatever the page.
 */
import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GroupArrears } from '../../../../contract/figures.ts';
import { formatPkr } from '../../../../contract/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { FigureTiles, StateLegend } from '../../instalments/admin/index.ts';
import { Pager } from '../../../components/ui/pager.tsx';
import { groupApi, groupKeys } from './api.ts';
import { ArrearsGrid } from './arrears-grid.tsx';
import { formatDate } from '../../../lib/format.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';

export function AdminGroupArrearsPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('adminCatalog');
  const [page, setPage] = useState(1);
  const arrears = useQuery({
    queryKey: groupKeys.groupArrears(id, page),
    queryFn: ({ signal }) => groupApi.groupArrears(id, page, signal),
    // The page shown stays until the next one arrives, so that the grid does not blink away.
    placeholderData: keepPreviousData,
  });
  const title = arrears.data ? t('groups.card.title', { plan: arrears.data.group.planName, number: arrears.data.group.groupNumber }) : undefined;
  useDocumentTitle(title ? t('groups.arrears.documentTitle', { group: title }) : t('groups.arrears.title'));

  return (
    <div className="space-y-6">
      <Link to="/admin" className="inline-flex min-h-11 items-center gap-2 rounded text-sm font-medium text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
        {t('groups.arrears.backToDashboard')}
      </Link>
      {arrears.isPending ? (
        <Spinner label={t('groups.arrears.loading')} className="justify-center py-12" />
      ) : arrears.isError && !arrears.data ? (
        <>
          <h1 className="text-2xl font-bold sm:text-3xl">{t('groups.arrears.title')}</h1>
          <LoadError message={getErrorMessage(arrears.error, t('groups.arrears.loadFailed'))} onRetry={() => void arrears.refetch()} />
        </>
      ) : (
        <ArrearsView arrears={arrears.data} title={title ?? ''} refreshing={arrears.isFetching} onRefresh={() => void arrears.refetch()} onPage={setPage} />
      )}
    </div>
  );
}

function ArrearsView({
  arrears,
  title,
  refreshing,
  onRefresh,
  onPage,
}: {
  arrears: GroupArrears;
  title: string;
  refreshing: boolean;
  onRefresh: () => void;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation('adminCatalog');
  const totalsId = useId();
  const gridId = useId();
  const { group, pagination } = arrears;
  const first = (pagination.page - 1) * pagination.limit + 1;
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words sm:text-3xl">{t('groups.arrears.heading', { group: title })}</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {t('groups.arrears.period', {
              start: formatDate(group.startDate, i18n.language),
              end: formatDate(group.endDate, i18n.language),
              monthly: formatPkr(group.monthlyAmount),
            })}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">{t('groups.arrears.asOf', { date: formatDate(arrears.asOf, i18n.language) })}</p>
        </div>
        <Button variant="outline" onClick={onRefresh} disabled={refreshing} aria-busy={refreshing}>
          <RefreshCw aria-hidden className={cn(refreshing && 'animate-spin')} />
          {t('common.refresh')}
        </Button>
      </div>

      <section aria-labelledby={totalsId} className="space-y-3">
        <h2 id={totalsId} className="text-lg font-semibold">
          {t('groups.arrears.groupTotals')}
        </h2>
        <FigureTiles figures={arrears.figures} label={t('groups.arrears.groupTotals')} />
      </section>

      <section aria-labelledby={gridId} className="space-y-3">
        <h2 id={gridId} className="text-lg font-semibold">
          {t('groups.arrears.gridTitle')}
        </h2>
        <Card className="min-w-0 space-y-4 p-3 sm:p-4">
          <StateLegend />
          {pagination.pages > 1 && arrears.members.length > 0 && (
            <p className="text-sm text-muted-foreground">
              {t('groups.arrears.membersShown', { from: first, to: first + arrears.members.length - 1, total: pagination.total })}
            </p>
          )}
          <ArrearsGrid arrears={arrears} label={t('groups.arrears.gridLabel', { group: title })} />
          <Pager page={pagination.page} pages={pagination.pages} onPage={onPage} label={t('groups.arrears.pages')} />
        </Card>
      </section>
    </>
  );
}
