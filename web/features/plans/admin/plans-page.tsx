import { useMemo, useState } from 'react';
import { ClipboardList, Plus, RefreshCw, SearchX } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { type Plan, planApi, planKeys } from './api.ts';
import { adminCatalogueKey } from '../../../lib/query-keys.ts';
import { filterPlans, type PlanStatusFilter } from './plan-rules.ts';
import { FilterSelect, PageHeader, SearchField, StatCounter, useLoadErrorToast } from '../../../components/page-parts.tsx';
import { PlanCard, type PlanAction } from './plan-card.tsx';
import { PlanDetailsDialog } from './plan-details-dialog.tsx';
import { PlanFormDialog } from './plan-form-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';

const statusFilters: PlanStatusFilter[] = ['all', 'active', 'inactive'];

/** /admin/committee-plans (admin document §2 "Committee Plans"). */
export function AdminCommitteePlansPage() {
  const { t } = useTranslation('adminCatalog');
  useDocumentTitle(t('plans.pageTitle'));
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<PlanStatusFilter>('all');
  const [form, setForm] = useState<{ open: boolean; plan: Plan | null }>({ open: false, plan: null });
  const [details, setDetails] = useState<Plan | null>(null);
  const [toggling, setToggling] = useState<Plan | null>(null);
  const [deleting, setDeleting] = useState<Plan | null>(null);

  // All plans are loaded (admins have a handful): the counters count them all, the search and filter narrow the grid.
  const plans = useQuery({ queryKey: planKeys.plans(), queryFn: ({ signal }) => planApi.listPlans(signal) });
  useLoadErrorToast(plans.error, plans.errorUpdatedAt, t('plans.toast.loadFailed'));

  const all = useMemo(() => plans.data ?? [], [plans.data]);
  const shown = useMemo(() => filterPlans(all, search, status), [all, search, status]);
  const activeCount = all.filter((p) => p.isActive).length;
  const filtered = search.trim() !== '' || status !== 'all';

  const replacePlan = (plan: Plan) =>
    queryClient.setQueryData<Plan[]>(planKeys.plans(), (list) => list?.map((p) => (p.id === plan.id ? plan : p)));

  const toggle = useMutation({
    mutationFn: (plan: Plan) => planApi.setPlanActive(plan.id, !plan.isActive),
    onSuccess: (saved, plan) => {
      notify.success(plan.isActive ? t('plans.toast.deactivated') : t('plans.toast.activated'));
      replacePlan(saved);
      void queryClient.invalidateQueries({ queryKey: adminCatalogueKey });
    },
    onError: (error) => notify.error(getErrorMessage(error, t('plans.toast.statusFailed'))),
    onSettled: () => setToggling(null),
  });

  const remove = useMutation({
    mutationFn: (plan: Plan) => planApi.deletePlan(plan.id),
    onSuccess: (_response, plan) => {
      notify.success(t('plans.toast.deleted'));
      queryClient.setQueryData<Plan[]>(planKeys.plans(), (list) => list?.filter((p) => p.id !== plan.id));
      void queryClient.invalidateQueries({ queryKey: adminCatalogueKey });
    },
    // A plan with groups or payments answers 409 with what to do instead: that message is shown.
    onError: (error) => notify.error(getErrorMessage(error, t('plans.toast.deleteFailed'))),
    onSettled: () => setDeleting(null),
  });

  async function refresh() {
    const result = await plans.refetch();
    if (!result.error) notify.success(t('common.refreshed'));
  }

  function onAction(action: PlanAction, plan: Plan) {
    if (action === 'view') setDetails(plan);
    else if (action === 'edit') setForm({ open: true, plan });
    else if (action === 'toggle') setToggling(plan);
    else setDeleting(plan);
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('plans.title')}
        description={t('plans.description')}
        actions={
          <>
            <Button variant="outline" onClick={refresh} disabled={plans.isFetching} aria-busy={plans.isFetching}>
              <RefreshCw aria-hidden className={plans.isFetching ? 'animate-spin' : undefined} />
              {t('common.refresh')}
            </Button>
            <Button onClick={() => setForm({ open: true, plan: null })}>
              <Plus aria-hidden />
              {t('plans.create')}
            </Button>
          </>
        }
      />

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCounter label={t('plans.counters.total')} value={all.length} />
        <StatCounter label={t('plans.counters.active')} value={activeCount} tone="text-success" />
        <StatCounter label={t('plans.counters.inactive')} value={all.length - activeCount} tone="text-muted-foreground" />
        <StatCounter label={t('plans.counters.showing')} value={shown.length} tone="text-primary" />
      </div>

      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchField label={t('plans.searchLabel')} placeholder={t('plans.searchPlaceholder')} value={search} onChange={(e) => setSearch(e.target.value)} />
        <FilterSelect label={t('common.statusFilter')} value={status} onChange={(e) => setStatus(e.target.value as PlanStatusFilter)}>
          {statusFilters.map((value) => (
            <option key={value} value={value}>
              {t(`plans.filters.${value}`)}
            </option>
          ))}
        </FilterSelect>
      </div>

      {plans.isPending ? (
        <Spinner label={t('plans.loading')} className="justify-center py-12" />
      ) : plans.isError && all.length === 0 ? (
        <LoadError message={getErrorMessage(plans.error, t('plans.toast.loadFailed'))} onRetry={() => void plans.refetch()} />
      ) : shown.length === 0 ? (
        filtered && all.length > 0 ? (
          <EmptyState headingLevel={2} icon={<SearchX />} title={t('plans.empty.filteredTitle')} description={t('plans.empty.filteredText')} />
        ) : (
          <EmptyState headingLevel={2} icon={<ClipboardList />} title={t('plans.empty.title')} description={t('plans.empty.text')} />
        )
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((plan) => (
            <PlanCard key={plan.id} plan={plan} onAction={onAction} />
          ))}
        </div>
      )}

      <PlanFormDialog open={form.open} plan={form.plan} onOpenChange={(open) => setForm((f) => ({ ...f, open }))} />
      <PlanDetailsDialog
        plan={details}
        onOpenChange={(open) => !open && setDetails(null)}
        onEdit={(plan) => {
          setDetails(null);
          setForm({ open: true, plan });
        }}
      />
      <ConfirmDialog
        open={toggling !== null}
        onOpenChange={(open) => !open && !toggle.isPending && setToggling(null)}
        title={toggling?.isActive ? t('plans.toggle.deactivateTitle') : t('plans.toggle.activateTitle')}
        description={
          toggling && (toggling.isActive ? t('plans.toggle.deactivateText', { name: toggling.name }) : t('plans.toggle.activateText', { name: toggling.name }))
        }
        confirmLabel={toggling?.isActive ? t('common.deactivate') : t('common.activate')}
        destructive={toggling?.isActive}
        busy={toggle.isPending}
        onConfirm={() => toggling && toggle.mutate(toggling)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title={t('plans.delete.title')}
        description={deleting && t('plans.delete.text', { name: deleting.name })}
        confirmLabel={t('plans.delete.confirm')}
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}
