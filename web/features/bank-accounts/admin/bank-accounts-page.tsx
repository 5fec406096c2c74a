import { useState } from 'react';
import { Landmark, Plus, RefreshCw } from 'lucide-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { type BankAccount, type BankStatusFilter, bankAccountApi, bankAccountKeys } from './api.ts';
import { BankAccountCard, type BankAction } from './bank-account-card.tsx';
import { BankAccountFormDialog } from './bank-account-form-dialog.tsx';
import { FilterSelect, PageHeader, SearchField, useLoadErrorToast } from '../../../components/page-parts.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

const statusFilters: BankStatusFilter[] = ['all', 'active', 'inactive', 'default'];

/** /admin/bank-accounts (admin document §2 "Bank Accounts"). */
export function AdminBankAccountsPage() {
  const { t } = useTranslation('adminCatalog');
  useDocumentTitle(t('bank.pageTitle'));
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<BankStatusFilter>('all');
  const settledSearch = useDebouncedValue(search);
  const filter = { search: settledSearch.trim(), status };
  const [form, setForm] = useState<{ open: boolean; account: BankAccount | null }>({ open: false, account: null });
  const [deleting, setDeleting] = useState<BankAccount | null>(null);

  const accounts = useQuery({
    queryKey: bankAccountKeys.bankAccounts(filter),
    queryFn: ({ signal }) => bankAccountApi.listBankAccounts(filter, signal),
    placeholderData: keepPreviousData,
  });
  useLoadErrorToast(accounts.error, accounts.errorUpdatedAt, t('bank.toast.loadFailed'));

  const changed = () => void queryClient.invalidateQueries({ queryKey: bankAccountKeys.all });

  // Toggle and set-default show the server's own message (admin document §8).
  const toggle = useMutation({
    mutationFn: (account: BankAccount) => bankAccountApi.toggleBankAccount(account.id),
    onSuccess: (response, account) => {
      notify.success(response.message ?? (account.isActive ? t('bank.toast.deactivated') : t('bank.toast.activated')));
      changed();
    },
    onError: (error) => notify.error(getErrorMessage(error, t('bank.toast.toggleFailed'))),
  });
  const makeDefault = useMutation({
    mutationFn: (account: BankAccount) => bankAccountApi.setDefaultBankAccount(account.id),
    onSuccess: (response) => {
      notify.success(response.message ?? t('bank.toast.defaultSet'));
      changed();
    },
    onError: (error) => notify.error(getErrorMessage(error, t('bank.toast.defaultFailed'))),
  });
  const remove = useMutation({
    mutationFn: (account: BankAccount) => bankAccountApi.deleteBankAccount(account.id),
    onSuccess: () => {
      notify.success(t('bank.toast.deleted'));
      changed();
    },
    onError: (error) => notify.error(getErrorMessage(error, t('bank.toast.deleteFailed'))),
    onSettled: () => setDeleting(null),
  });

  function onAction(action: BankAction, account: BankAccount) {
    if (action === 'edit') setForm({ open: true, account });
    else if (action === 'toggle') toggle.mutate(account);
    else if (action === 'default') makeDefault.mutate(account);
    else setDeleting(account);
  }

  async function refresh() {
    const result = await accounts.refetch();
    if (!result.error) notify.success(t('common.refreshed'));
  }

  const list = accounts.data ?? [];
  const busyId = (toggle.isPending && toggle.variables?.id) || (makeDefault.isPending && makeDefault.variables?.id) || null;

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('bank.title')}
        description={t('bank.description')}
        actions={
          <>
            <Button variant="outline" onClick={refresh} disabled={accounts.isFetching} aria-busy={accounts.isFetching}>
              <RefreshCw aria-hidden className={accounts.isFetching ? 'animate-spin' : undefined} />
              {t('common.refresh')}
            </Button>
            <Button onClick={() => setForm({ open: true, account: null })}>
              <Plus aria-hidden />
              {t('bank.create')}
            </Button>
          </>
        }
      />

      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchField label={t('bank.searchLabel')} placeholder={t('bank.searchPlaceholder')} value={search} onChange={(e) => setSearch(e.target.value)} />
        <FilterSelect label={t('common.statusFilter')} value={status} onChange={(e) => setStatus(e.target.value as BankStatusFilter)}>
          {statusFilters.map((value) => (
            <option key={value} value={value}>
              {t(`bank.filters.${value}`)}
            </option>
          ))}
        </FilterSelect>
      </div>

      {accounts.isPending ? (
        <Spinner label={t('bank.loading')} className="justify-center py-12" />
      ) : accounts.isError && !accounts.data ? (
        <LoadError message={getErrorMessage(accounts.error, t('bank.toast.loadFailed'))} onRetry={() => void accounts.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState headingLevel={2} icon={<Landmark />} title={t('bank.empty.title')} description={t('bank.empty.text')} />
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((account) => (
            <BankAccountCard key={account.id} account={account} onAction={onAction} busy={busyId === account.id} />
          ))}
        </div>
      )}

      <BankAccountFormDialog open={form.open} account={form.account} onOpenChange={(open) => setForm((f) => ({ ...f, open }))} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title={t('bank.delete.title')}
        description={t('bank.delete.confirm')}
        confirmLabel={t('common.delete')}
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        {deleting && (
          <div className="space-y-3">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-muted/50 p-3 text-sm">
              <dt className="text-muted-foreground">{t('bank.delete.name')}</dt>
              <dd className="font-medium break-words">{deleting.accountName}</dd>
              <dt className="text-muted-foreground">{t('bank.delete.bank')}</dt>
              <dd className="font-medium break-words">{deleting.bankName}</dd>
              <dt className="text-muted-foreground">{t('bank.delete.number')}</dt>
              <dd className="font-mono font-medium break-all">{deleting.accountNumber}</dd>
              <dt className="text-muted-foreground">{t('bank.delete.payments')}</dt>
              <dd className="font-medium">{deleting._count.payments}</dd>
            </dl>
            {/* RULES §10: an account payments refer to is kept hidden, so no payment loses its history. */}
            {deleting._count.payments > 0 && <p className="text-sm text-muted-foreground">{t('bank.delete.historyKept')}</p>}
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}
