/** /admin/plan-requests (admin document §2 "Plan Requests"). */
import { useEffect, useEffectEvent, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AlertTriangle, ChevronLeft, ChevronRight, Inbox, RefreshCw } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components/download-button.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FilterField } from '../../../components/filter-field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { notify } from '../../../lib/toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  exportPlanRequests,
  fetchPlanOptions,
  fetchPlanPayments,
  requestKeys,
  type PlanPayment,
  type PlanPaymentFilters,
  type PlanRequestStatusFilter,
} from './api.ts';
import { RECEIPT_LINK_REFRESH_MS } from './parts.tsx';
import { PlanRequestItem } from './plan-request-item.tsx';
import { StatCards } from './plan-request-stat-cards.tsx';
import { ApproveDialog, RejectDialog } from './review-dialogs.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

const STATUS_FILTERS: PlanRequestStatusFilter[] = ['all', 'pending', 'approved', 'rejected'];

/** The filters live in the address, so that Back from a request's details returns to the same view. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const filters: PlanPaymentFilters = {
    status: STATUS_FILTERS.find((s) => s === statusParam) ?? 'all',
    planId: params.get('plan') ?? '',
    search: params.get('q') ?? '',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
  const update = (changes: Partial<PlanPaymentFilters>) => {
    const next = { ...filters, page: 1, ...changes };
    const search = new URLSearchParams();
    if (next.status !== 'all') search.set('status', next.status);
    if (next.planId) search.set('plan', next.planId);
    if (next.search) search.set('q', next.search);
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search, { replace: true });
  };
  return [filters, update] as const;
}

export function PlanRequestsPage() {
  const { t } = useTranslation('adminRequests');
  useDocumentTitle(t('planRequests.pageTitle'));
  const [filters, setFilters] = useFilters();
  const [searchText, setSearchText] = useState(filters.search);
  const settledSearch = useDebouncedValue(searchText.trim(), 300);
  const [approving, setApproving] = useState<PlanPayment | null>(null);
  const [rejecting, setRejecting] = useState<PlanPayment | null>(null);

  // Only a settled change of the typed text moves the filter.
  const applySearch = useEffectEvent((search: string) => {
    if (search !== filters.search) setFilters({ search });
  });
  useEffect(() => {
    applySearch(settledSearch);
  }, [settledSearch]);

  const list = useQuery({
    queryKey: requestKeys.list(filters),
    queryFn: ({ signal }) => fetchPlanPayments(filters, signal),
    placeholderData: keepPreviousData,
    refetchInterval: RECEIPT_LINK_REFRESH_MS,
  });
  const plans = useQuery({ queryKey: requestKeys.plans, queryFn: ({ signal }) => fetchPlanOptions(signal) });

  useEffect(() => {
    if (list.isError) notify.error(getErrorMessage(list.error, t('planRequests.loadFailed')));
  }, [list.isError, list.error, list.errorUpdatedAt, t]);
  useEffect(() => {
    if (plans.isError) notify.error(getErrorMessage(plans.error, t('planRequests.plansFailed')));
  }, [plans.isError, plans.error, t]);

  async function refresh() {
    const [listResult] = await Promise.all([list.refetch(), plans.refetch()]);
    // A failure is already announced by the effect above.
    if (!listResult.isError) notify.success(t('planRequests.refreshed'));
  }

  const counts = list.data?.counts;
  const payments = list.data?.payments ?? [];
  const pagination = list.data?.pagination;
  const filtered = filters.status !== 'all' || Boolean(filters.planId) || Boolean(filters.search);

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold sm:text-3xl">{t('planRequests.title')}</h1>
            {counts && counts.pending > 0 && <Badge tone="warning">{t('planRequests.pendingBadge', { count: counts.pending })}</Badge>}
          </div>
          <p className="mt-1 text-sm text-muted-foreground">{t('planRequests.subtitle')}</p>
        </div>
        <Button variant="outline" onClick={() => void refresh()} disabled={list.isFetching} aria-busy={list.isFetching}>
          <RefreshCw aria-hidden className={cn(list.isFetching && 'animate-spin')} />
          {t('planRequests.refresh')}
        </Button>
      </div>

      <StatCards counts={counts} />

      <Card className="mt-6 p-4">
        <form role="search" aria-label={t('planRequests.filters.label')} onSubmit={(event) => event.preventDefault()} className="grid gap-3 sm:grid-cols-3">
          <FilterField label={t('planRequests.filters.search')}>
            {(id) => (
              <Input
                id={id}
                type="search"
                value={searchText}
                onChange={(event) => setSearchText(event.target.value)}
                placeholder={t('planRequests.filters.searchPlaceholder')}
                maxLength={100}
              />
            )}
          </FilterField>
          <FilterField label={t('planRequests.filters.plan')}>
            {(id) => (
              <Select id={id} value={filters.planId} onChange={(event) => setFilters({ planId: event.target.value })}>
                <option value="">{t('planRequests.filters.allPlans')}</option>
                {plans.data?.map((plan) => (
                  <option key={plan.id} value={plan.id}>
                    {plan.isActive ? plan.name : t('planRequests.filters.inactivePlan', { name: plan.name })}
                  </option>
                ))}
              </Select>
            )}
          </FilterField>
          <FilterField label={t('planRequests.filters.status')}>
            {(id) => (
              <Select id={id} value={filters.status} onChange={(event) => setFilters({ status: event.target.value as PlanRequestStatusFilter })}>
                {STATUS_FILTERS.map((status) => (
                  <option key={status} value={status}>
                    {t(`planRequests.filters.${status}`)}
                  </option>
                ))}
              </Select>
            )}
          </FilterField>
        </form>
      </Card>
      {/* Every request the filters match, not only this page. */}
      <div className="mt-4 flex justify-end">
        <DownloadButton
          download={() => exportPlanRequests(filters)}
          label={t('planRequests.export.download')}
          busyLabel={t('planRequests.export.downloading')}
          failedMessage={t('planRequests.export.failed')}
          aria-label={t('planRequests.export.label')}
          className="w-full sm:w-auto"
        />
      </div>

      <section aria-label={t('planRequests.listLabel')} aria-busy={list.isFetching} className="mt-6">
        {list.isPending ? (
          <Spinner label={t('planRequests.loading')} className="justify-center py-12" />
        ) : list.isError && !list.data ? (
          <Card className="flex flex-col items-center gap-3 p-8 text-center">
            <AlertTriangle className="size-10 text-destructive" aria-hidden />
            <p className="font-medium">{t('planRequests.loadFailed')}</p>
            <Button variant="outline" onClick={() => void list.refetch()}>
              {t('planRequests.retry')}
            </Button>
          </Card>
        ) : payments.length === 0 ? (
          <Card className="flex flex-col items-center gap-2 p-8 text-center">
            <Inbox className="size-10 text-muted-foreground" aria-hidden />
            <h2 className="text-lg font-semibold">{t('planRequests.empty.title')}</h2>
            <p className="text-sm text-muted-foreground">{filtered ? t('planRequests.empty.filtered') : t('planRequests.empty.none')}</p>
          </Card>
        ) : (
          <ul className="space-y-4">
            {payments.map((payment) => (
              <PlanRequestItem key={payment.id} payment={payment} onApprove={() => setApproving(payment)} onReject={() => setRejecting(payment)} />
            ))}
          </ul>
        )}

        {pagination && pagination.pages > 1 && payments.length > 0 && (
          <nav aria-label={t('planRequests.pagination.label')} className="mt-6 flex items-center justify-between gap-2">
            <Button variant="outline" size="sm" disabled={filters.page <= 1} onClick={() => setFilters({ page: filters.page - 1 })}>
              <ChevronLeft aria-hidden className="rtl:rotate-180" />
              {t('planRequests.pagination.previous')}
            </Button>
            <span className="text-sm text-muted-foreground">{t('planRequests.pagination.page', { page: pagination.page, pages: pagination.pages })}</span>
            <Button variant="outline" size="sm" disabled={filters.page >= pagination.pages} onClick={() => setFilters({ page: filters.page + 1 })}>
              {t('planRequests.pagination.next')}
              <ChevronRight aria-hidden className="rtl:rotate-180" />
            </Button>
          </nav>
        )}
      </section>

      <ApproveDialog payment={approving} open={approving !== null} onOpenChange={(open) => !open && setApproving(null)} />
      <RejectDialog payment={rejecting} open={rejecting !== null} onOpenChange={(open) => !open && setRejecting(null)} />
    </>
  );
}
