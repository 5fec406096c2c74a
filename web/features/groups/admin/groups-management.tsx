import { useState } from 'react';
import { BellRing, FolderSearch, Plus } from 'lucide-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, getErrorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { type Group, type GroupStatusFilter, groupApi, groupKeys } from './api.ts';
import { adminCatalogueKey } from '../../../lib/query-keys.ts';
import { groupDeleteCheck } from './group-rules.ts';
import { GroupCard, type GroupAction } from './group-card.tsx';
import { GroupDetailsDialog } from './group-details-dialog.tsx';
import { GroupFormDialog } from './group-form-dialog.tsx';
import { ReminderSettingsDialog } from './reminder-settings-dialog.tsx';
import { FilterSelect, SearchField, useLoadErrorToast } from '../../../components/page-parts.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

const statusFilters: GroupStatusFilter[] = ['all', 'active', 'inactive'];

/** The dashboard's Groups Management card (admin document §2): search, filter, the group cards and their dialogs. */
export function GroupsManagement() {
  const { t } = useTranslation('adminCatalog');
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<GroupStatusFilter>('all');
  const settledSearch = useDebouncedValue(search);
  const filter = { search: settledSearch.trim(), status };

  const [form, setForm] = useState<{ open: boolean; group: Group | null }>({ open: false, group: null });
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);
  // Why a group cannot be deleted: its members (known here), or the server's refusal (one joined it once).
  const [refused, setRefused] = useState<{ group: Group; message?: string } | null>(null);
  const [reminderSettings, setReminderSettings] = useState(false);
  /** The active group the admin is deactivating: asked to confirm it, with a reason for the audit log. */
  const [deactivating, setDeactivating] = useState<Group | null>(null);

  // Searched and filtered by the server (groups may be many), at most 50 (admin document §9).
  const groups = useQuery({
    queryKey: groupKeys.groups(filter),
    queryFn: ({ signal }) => groupApi.listGroups(filter, signal),
    placeholderData: keepPreviousData,
  });
  useLoadErrorToast(groups.error, groups.errorUpdatedAt, t('groups.toast.loadFailed'));

  const toggle = useMutation({
    mutationFn: (group: Group) => groupApi.updateGroup(group.id, { isActive: !group.isActive }),
    onSuccess: (_response, group) => {
      notify.success(group.isActive ? t('groups.toast.deactivated') : t('groups.toast.activated'));
      void queryClient.invalidateQueries({ queryKey: adminCatalogueKey });
    },
    onError: (error) => notify.error(getErrorMessage(error, t('groups.toast.statusFailed'))),
  });

  const remove = useMutation({
    mutationFn: (group: Group) => groupApi.deleteGroup(group.id),
    onSuccess: () => {
      notify.success(t('groups.toast.deleted'));
      void queryClient.invalidateQueries({ queryKey: adminCatalogueKey });
    },
    onError: (error, group) => {
      // A refusal (members joined it, or it keeps their history) is said where the refusal of a group with members is.
      if (error instanceof ApiError && error.status === 409) {
        // Members joined since the list was read: said in this screen's words, with the server's count.
        const members = error.code === 'group.hasMembers' ? Number(/\d+/.exec(error.message)?.[0] ?? group.currentMembers) : null;
        setRefused({ group, message: members !== null ? t('groups.delete.hasMembers', { n: members }) : getErrorMessage(error, t('groups.toast.deleteFailed')) });
        void queryClient.invalidateQueries({ queryKey: adminCatalogueKey });
      } else notify.error(getErrorMessage(error, t('groups.toast.deleteFailed')));
    },
    onSettled: () => setDeleting(null),
  });

  function onAction(action: GroupAction, group: Group) {
    if (action === 'view') setDetailsId(group.id);
    else if (action === 'edit') setForm({ open: true, group });
    else if (action === 'toggle' && group.isActive) setDeactivating(group);
    else if (action === 'toggle') toggle.mutate(group);
    // A group with members is refused here, without asking the server (admin document §5); one that had
    // members keeps their history, and the server refuses it.
    else if (groupDeleteCheck(group).allowed) setDeleting(group);
    else setRefused({ group });
  }

  const list = groups.data ?? [];
  const filtered = filter.search !== '' || status !== 'all';

  return (
    <Card className="p-3 sm:p-6">
      <section aria-labelledby="groups-management-title" className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h2 id="groups-management-title" className="text-xl font-semibold">
              {t('groups.title')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('groups.description')}</p>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button variant="outline" onClick={() => setReminderSettings(true)}>
              <BellRing aria-hidden />
              {t('groups.reminderSettings.open')}
            </Button>
            <Button onClick={() => setForm({ open: true, group: null })}>
              <Plus aria-hidden />
              {t('groups.create')}
            </Button>
          </div>
        </div>

        <div className="flex flex-col gap-3 sm:flex-row">
          <SearchField label={t('groups.searchLabel')} placeholder={t('groups.searchPlaceholder')} value={search} onChange={(e) => setSearch(e.target.value)} />
          <FilterSelect label={t('common.statusFilter')} value={status} onChange={(e) => setStatus(e.target.value as GroupStatusFilter)}>
            {statusFilters.map((value) => (
              <option key={value} value={value}>
                {t(`groups.filters.${value}`)}
              </option>
            ))}
          </FilterSelect>
        </div>

        {groups.isPending ? (
          <Spinner label={t('groups.loading')} className="justify-center py-10" />
        ) : groups.isError && !groups.data ? (
          <LoadError message={getErrorMessage(groups.error, t('groups.toast.loadFailed'))} onRetry={() => void groups.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState headingLevel={2} icon={<FolderSearch />} title={t('groups.empty.title')} description={filtered ? t('groups.empty.filteredText') : t('groups.empty.text')} />
        ) : (
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
            {list.map((group) => (
              <GroupCard key={group.id} group={group} onAction={onAction} busy={toggle.isPending && toggle.variables?.id === group.id} />
            ))}
          </div>
        )}
      </section>

      <GroupFormDialog open={form.open} group={form.group} onOpenChange={(open) => setForm((f) => ({ ...f, open }))} />
      <GroupDetailsDialog groupId={detailsId} onOpenChange={(open) => !open && setDetailsId(null)} />
      <ReminderSettingsDialog open={reminderSettings} onOpenChange={setReminderSettings} />
      <ReasonDialog
        open={deactivating !== null}
        onOpenChange={(open) => !open && setDeactivating(null)}
        title={t('groups.deactivate.title')}
        description={deactivating ? t('groups.deactivate.description', { number: deactivating.groupNumber, plan: deactivating.plan.name }) : undefined}
        reasonLabel={t('groups.deactivate.reason')}
        reasonHint={t('groups.deactivate.reasonHint')}
        reasonRequiredMessage={t('groups.deactivate.reasonRequired')}
        confirmLabel={t('groups.deactivate.confirm')}
        failedMessage={t('groups.toast.statusFailed')}
        destructive
        onConfirm={async (reason) => {
          if (!deactivating) return;
          await groupApi.updateGroup(deactivating.id, { isActive: false, reason });
          notify.success(t('groups.toast.deactivated'));
          setDeactivating(null);
          void queryClient.invalidateQueries({ queryKey: adminCatalogueKey });
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title={t('groups.delete.title')}
        description={t('groups.delete.confirm')}
        confirmLabel={t('common.delete')}
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
      <Dialog open={refused !== null} onOpenChange={(open) => !open && setRefused(null)} title={t('groups.delete.refusedTitle')}>
        <p role="alert" className="text-sm">
          {refused && (refused.message ?? t('groups.delete.hasMembers', { n: refused.group.currentMembers }))}
        </p>
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button variant="outline">{t('common.ok')}</Button>
          </DialogClose>
        </div>
      </Dialog>
    </Card>
  );
}
