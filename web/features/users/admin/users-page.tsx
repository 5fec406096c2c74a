/**
 * /admin/users (admin document §2 "User Management"): counters, a server-side search (debounced)
 * and status filter, a paged list, and the Edit User and Block/Unblock User dialogs.
 */
import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw, Search, UserX } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { USER_FILTERS, userMessages } from '../../../../contract/users.ts';
import { DownloadButton } from '../../../components/download-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { cn } from '../../../lib/cn.ts';
import { notify } from '../../../lib/toast.ts';
import { adminOverviewKey } from '../../../lib/query-keys.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { exportUsers, fetchUsers, resolveCnicClaim, setUserActive, setUserBlocked, updateUser, userKeys, type AdminUser, type UserFilter } from './api.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import type { CnicClaimDecision } from '../../../../contract/users.ts';
import { formatCnic } from './display.ts';
import { textOfAnswer } from '../../../lib/i18n.ts';
import { BlockUserDialog } from './block-user-dialog.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { EditUserDialog } from './edit-user-dialog.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { FilterField } from '../../../components/filter-field.tsx';
import { StatTile } from '../../../components/ui/stat-tile.tsx';
import { UserList, type UserAction } from './user-list.tsx';
import { totalLabel } from '../../../lib/paging.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** ?status=blocked (any case) opens the list filtered: the dashboard's Alerts card links here. */
function filterFrom(value: string | null): UserFilter {
  const upper = value?.trim().toUpperCase();
  return USER_FILTERS.find((filter) => filter === upper) ?? 'ALL';
}

export function AdminUsersPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.users.title'));
  const queryClient = useQueryClient();
  const { user: me, refresh: refreshMe } = useAuth();
  const [params] = useSearchParams();

  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const [status, setStatus] = useState<UserFilter>(() => filterFrom(params.get('status')));
  // A page belongs to the search and filter it was chosen under: a new one starts again at page 1.
  const [paging, setPaging] = useState({ page: 1, filterKey: '' });
  const filterKey = `${status}|${search}`;
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ page: next, filterKey });
  const query = { search, status, page };

  const users = useQuery({ queryKey: userKeys.list(query), queryFn: ({ signal }) => fetchUsers(query, signal), placeholderData: keepPreviousData });

  // 'Failed to fetch users' once per failed load (admin document §8).
  const toasted = useRef(0);
  useEffect(() => {
    if (users.error && users.errorUpdatedAt !== toasted.current) {
      toasted.current = users.errorUpdatedAt;
      notify.error(getErrorMessage(users.error, t('admin.users.toast.fetchFailed')));
    }
  }, [users.error, users.errorUpdatedAt, t]);

  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [blocking, setBlocking] = useState<AdminUser | null>(null);
  /** The active user the admin is deactivating: asked for a reason first, which the member reads at sign-in. */
  const [deactivating, setDeactivating] = useState<AdminUser | null>(null);
  /** A held CNIC the admin is deciding on, and what they chose. */
  const [deciding, setDeciding] = useState<{ user: AdminUser; decision: CnicClaimDecision } | null>(null);

  /** After any change: the list, its counters and the dashboard figures are read again. */
  async function changed(user: AdminUser) {
    await Promise.all([queryClient.invalidateQueries({ queryKey: userKeys.all }), queryClient.invalidateQueries({ queryKey: adminOverviewKey })]);
    // Editing oneself changes the name in the header too.
    if (user.id === me?.id) await refreshMe();
  }

  const toggleActive = useMutation({
    mutationFn: (user: AdminUser) => setUserActive(user.id, !user.isActive),
    onSuccess: (_answer, user) => {
      notify.success(user.isActive ? t('admin.users.toast.deactivated') : t('admin.users.toast.activated'));
      void changed(user);
    },
    onError: (error) => notify.error(getErrorMessage(error, t('admin.users.toast.statusFailed'))),
  });

  const decideCnic = useMutation({
    mutationFn: ({ user, decision }: { user: AdminUser; decision: CnicClaimDecision }) => resolveCnicClaim(user.id, decision),
    onSuccess: (_answer, { user, decision }) => {
      notify.success(
        textOfAnswer(
          decision === 'GRANT' ? { code: 'user.cnicClaimGranted', message: userMessages.cnicClaimGranted } : { code: 'user.cnicClaimDismissed', message: userMessages.cnicClaimDismissed },
        ),
      );
      setDeciding(null);
      void changed(user);
    },
    onError: (error) => notify.error(getErrorMessage(error, t('admin.users.cnicClaim.failed'))),
  });

  function onAction(action: UserAction, user: AdminUser) {
    if (action === 'edit') setEditing(user);
    else if (action === 'toggleBlock') setBlocking(user);
    else if (action === 'grantCnic') setDeciding({ user, decision: 'GRANT' });
    else if (action === 'dismissCnic') setDeciding({ user, decision: 'DISMISS' });
    else if (user.isActive) setDeactivating(user);
    else toggleActive.mutate(user);
  }
  const decidingClaim = deciding?.user.cnicClaim;

  const counters = users.data?.counters;
  const list = users.data?.users ?? [];
  const pagination = users.data?.pagination;
  const filtered = search !== '' || status !== 'ALL';

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold sm:text-3xl">{t('admin.users.title')}</h1>
          <p className="mt-1 text-muted-foreground">{t('admin.users.subtitle')}</p>
        </div>
        <Button
          variant="outline"
          onClick={() => void queryClient.invalidateQueries({ queryKey: userKeys.all })}
          disabled={users.isFetching}
          aria-busy={users.isFetching}
        >
          <RefreshCw aria-hidden className={cn(users.isFetching && 'animate-spin')} />
          {t('admin.users.refresh')}
        </Button>
      </div>

      <section aria-label={t('admin.users.counters.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile tone="success" label={t('admin.users.counters.active')} value={counters?.active ?? '–'} />
        <StatTile tone="warning" label={t('admin.users.counters.inactive')} value={counters?.inactive ?? '–'} />
        <StatTile tone="danger" label={t('admin.users.counters.blocked')} value={counters?.blocked ?? '–'} />
        <StatTile label={t('admin.users.counters.total')} value={counters?.total ?? '–'} />
      </section>

      <Card className="p-4">
        <form
          role="search"
          aria-label={t('admin.users.filtersLabel')}
          className="grid gap-3 sm:grid-cols-[1fr_14rem]"
          onSubmit={(event) => event.preventDefault()}
        >
          <FilterField label={t('admin.users.searchLabel')}>
            {(id) => (
              <div className="relative">
                <Search className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground" aria-hidden />
                <Input
                  id={id}
                  type="search"
                  className="ps-10"
                  value={searchText}
                  onChange={(event) => setSearchText(event.target.value)}
                  placeholder={t('admin.users.searchPlaceholder')}
                  autoComplete="off"
                  maxLength={100}
                />
              </div>
            )}
          </FilterField>
          <FilterField label={t('admin.users.filterLabel')}>
            {(id) => (
              <Select
                id={id}
                value={status}
                onChange={(event) => setStatus(event.target.value as UserFilter)}
              >
                {USER_FILTERS.map((filter) => (
                  <option key={filter} value={filter}>
                    {t(`admin.users.filters.${filter}`)}
                  </option>
                ))}
              </Select>
            )}
          </FilterField>
        </form>
      </Card>
      {/* Every user the search and filter match, not only this page. */}
      <div className="flex justify-end">
        <DownloadButton
          download={() => exportUsers({ search, status })}
          label={t('admin.users.export.download')}
          busyLabel={t('admin.users.export.downloading')}
          failedMessage={t('admin.users.export.failed')}
          aria-label={t('admin.users.export.label')}
          className="w-full sm:w-auto"
        />
      </div>

      {users.isPending ? (
        <Spinner label={t('admin.users.loading')} className="justify-center py-10" />
      ) : !users.data ? (
        <LoadError message={getErrorMessage(users.error, t('admin.users.toast.fetchFailed'))} retryLabel={t('admin.users.retry')} onRetry={() => void users.refetch()} />
      ) : list.length === 0 ? (
        <Card className="flex flex-col items-center px-6 py-12 text-center">
          <UserX className="mb-3 size-10 text-muted-foreground" aria-hidden />
          <h2 className="text-lg font-semibold">{t('admin.users.empty')}</h2>
          <p className="mt-1 text-muted-foreground">{filtered ? t('admin.users.emptyFiltered') : t('admin.users.emptyText')}</p>
        </Card>
      ) : (
        <div aria-busy={users.isFetching}>
          {pagination && (
            <p className="mb-2 text-sm text-muted-foreground" aria-live="polite">
              {t('admin.users.showing', {
                from: (pagination.page - 1) * pagination.limit + 1,
                to: (pagination.page - 1) * pagination.limit + list.length,
                total: totalLabel(pagination),
              })}
            </p>
          )}
          <UserList users={list} currentUserId={me?.id} busyUserId={toggleActive.isPending ? toggleActive.variables?.id : null} onAction={onAction} />
          {pagination && <Pager page={pagination.page} pages={pagination.pages} onPage={setPage} label={t('admin.users.pagination.label')} />}
        </div>
      )}

      <EditUserDialog
        user={editing}
        onOpenChange={(open) => !open && setEditing(null)}
        onSave={async (user, values) => {
          await updateUser(user.id, values);
          notify.success(t('admin.users.toast.updated'));
          setEditing(null);
          void changed(user);
        }}
      />
      <ConfirmDialog
        open={deciding !== null}
        onOpenChange={(open) => !open && setDeciding(null)}
        title={deciding?.decision === 'GRANT' ? t('admin.users.cnicClaim.grantTitle') : t('admin.users.cnicClaim.dismissTitle')}
        description={
          !deciding || !decidingClaim
            ? undefined
            : deciding.decision === 'DISMISS'
              ? t('admin.users.cnicClaim.dismissDescription', { name: deciding.user.name })
              : t(decidingClaim.heldBy ? 'admin.users.cnicClaim.grantDescription' : 'admin.users.cnicClaim.grantDescriptionFree', { name: deciding.user.name, cnic: formatCnic(decidingClaim.cnic) })
        }
        confirmLabel={deciding?.decision === 'GRANT' ? t('admin.users.cnicClaim.grant') : t('admin.users.cnicClaim.dismiss')}
        destructive={deciding?.decision === 'GRANT' && Boolean(decidingClaim?.heldBy)}
        busy={decideCnic.isPending}
        onConfirm={() => deciding && decideCnic.mutate(deciding)}
      />
      <ReasonDialog
        open={deactivating !== null}
        onOpenChange={(open) => !open && setDeactivating(null)}
        title={t('admin.users.deactivate.title')}
        description={deactivating ? t('admin.users.deactivate.description', { name: deactivating.name, email: deactivating.email }) : undefined}
        reasonLabel={t('admin.users.block.reason')}
        reasonHint={t('admin.users.block.reasonHint')}
        reasonRequiredMessage={t('admin.users.deactivate.reasonRequired')}
        confirmLabel={t('admin.users.deactivate.confirm')}
        failedMessage={t('admin.users.toast.statusFailed')}
        destructive
        onConfirm={async (reason) => {
          if (!deactivating) return;
          await setUserActive(deactivating.id, false, reason);
          notify.success(t('admin.users.toast.deactivated'));
          const user = deactivating;
          setDeactivating(null);
          void changed(user);
        }}
      />
      <BlockUserDialog
        user={blocking}
        onOpenChange={(open) => !open && setBlocking(null)}
        onConfirm={async (user, reason) => {
          await setUserBlocked(user.id, !user.isBlocked, reason);
          notify.success(user.isBlocked ? t('admin.users.toast.unblocked') : t('admin.users.toast.blocked'));
          setBlocking(null);
          void changed(user);
        }}
      />
    </div>
  );
}
