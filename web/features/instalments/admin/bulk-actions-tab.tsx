/**
 * Bulk Actions (admin document §2, §4, §5): select instalments, then approve, reject (with a reason)
 * or mark them overdue in one transaction. Moves the server refuses are left as they are and
 * reported apart (RULES §6).
 */
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarX, Check, X } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { notify, showToast } from '../../../lib/toast.ts';
import { bulkChangeStatus, fetchPayments, paymentKeys, type AdminStatus, type BulkResult, type PaymentFilters } from './api.ts';
import { groupRefusals } from './display.ts';
import { PaymentFiltersForm } from './payment-filters.tsx';
import { PaymentList, type Selection } from './payment-list.tsx';
import { Pager, RECEIPT_LINK_REFRESH_MS, useClampPage, useErrorToast } from './parts.tsx';
import { ReasonDialog } from './review-dialogs.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';

type BulkDialog = 'none' | 'noSelection' | AdminStatus;

interface BulkActionsTabProps {
  filters: PaymentFilters;
  onFilters: (changes: Partial<PaymentFilters>) => void;
  /** Back to what the tab opens with: the receipts under review. */
  onClear: () => void;
  /** Kept by the page: the tab's badge counts it, and it survives moving between tabs and pages. */
  selected: ReadonlySet<string>;
  onSelectedChange: (selected: ReadonlySet<string>) => void;
}

/** The bulk list holds instalments only: the server refuses bulk moves of plan requests. */
const bulkListFilters = (filters: PaymentFilters): PaymentFilters => ({ ...filters, type: 'instalment' });

export function BulkActionsTab({ filters, onFilters, onClear, selected, onSelectedChange }: BulkActionsTabProps) {
  const { t } = useTranslation('adminPayments');
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<BulkDialog>('none');
  const listFilters = bulkListFilters(filters);

  const list = useQuery({
    queryKey: paymentKeys.list('bulk', listFilters),
    queryFn: ({ signal }) => fetchPayments(listFilters, signal),
    placeholderData: keepPreviousData,
    refetchInterval: RECEIPT_LINK_REFRESH_MS,
  });
  useErrorToast(list, t('toasts.paymentsFailed'));
  useClampPage(filters.page, list.data, (page) => onFilters({ page }));

  const selection: Selection = {
    selected,
    set: (ids, checked) => {
      const next = new Set(selected);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      onSelectedChange(next);
    },
  };

  const mutation = useMutation({
    mutationFn: ({ status, notes }: { status: AdminStatus; notes?: string }) => bulkChangeStatus([...selected], status, notes),
    onSuccess: async (result) => {
      announceBulkResult(result, t);
      onSelectedChange(new Set());
      setDialog('none');
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    },
    onError: (error) => notify.error(getErrorMessage(error, t('toasts.bulkFailed'))),
  });

  /** With nothing selected, say so ('No Selection') instead of asking to confirm. */
  const open = (status: AdminStatus) => setDialog(selected.size === 0 ? 'noSelection' : status);
  const close = (isOpen: boolean) => !isOpen && !mutation.isPending && setDialog('none');
  const run = (status: AdminStatus) => (notes: string) => mutation.mutate({ status, notes: notes || undefined });

  const payments = list.data?.payments ?? [];
  const pagination = list.data?.pagination;
  const count = selected.size;

  return (
    <div className="space-y-4">
      <Card className="p-4">
        <div className="flex flex-col gap-3 xl:flex-row xl:items-center xl:justify-between">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <p className="text-sm font-medium" aria-live="polite">
              {t('bulk.selectedCount', { count })}
            </p>
            {count > 0 && (
              <Button variant="link" size="sm" className="h-auto px-0" onClick={() => onSelectedChange(new Set())}>
                {t('bulk.clearSelection')}
              </Button>
            )}
          </div>
          <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
            <Button onClick={() => open('paid')}>
              <Check aria-hidden />
              {t('bulk.approveSelected')}
            </Button>
            <Button variant="destructive" onClick={() => open('rejected')}>
              <X aria-hidden />
              {t('bulk.rejectSelected')}
            </Button>
            <Button variant="outline" onClick={() => open('overdue')}>
              <CalendarX aria-hidden />
              {t('bulk.markOverdue')}
            </Button>
          </div>
        </div>
        <p className="mt-3 text-sm text-muted-foreground">{t('bulk.intro')}</p>
      </Card>

      <PaymentFiltersForm
        filters={filters}
        onChange={onFilters}
        onClear={onClear}
        label={t('filters.label')}
        showType={false}
        memberName={filters.userId ? payments.find((payment) => payment.userId === filters.userId)?.user.name : undefined}
      />

      <section aria-label={t('bulk.listLabel')} aria-busy={list.isFetching}>
        {list.isPending ? (
          <Spinner label={t('all.loading')} className="justify-center py-12" />
        ) : list.isError && !list.data ? (
          <LoadError message={t('toasts.paymentsFailed')} onRetry={() => void list.refetch()} />
        ) : payments.length === 0 ? (
          <EmptyState title={t('all.emptyTitle')} description={t('all.emptyFiltered')} />
        ) : (
          <PaymentList payments={payments} label={t('bulk.listLabel')} selection={selection} show="state" />
        )}
        {pagination && payments.length > 0 && <Pager page={filters.page} pages={pagination.pages} onPage={(page) => onFilters({ page })} />}
      </section>

      <Dialog open={dialog === 'noSelection'} onOpenChange={close} title={t('bulk.noSelectionTitle')} description={t('bulk.noSelectionText')}>
        <div className="flex justify-end">
          <DialogClose asChild>
            <Button>{t('bulk.ok')}</Button>
          </DialogClose>
        </div>
      </Dialog>

      <ReasonDialog
        open={dialog === 'paid'}
        onOpenChange={close}
        title={t('bulk.approveTitle')}
        description={
          <>
            {t('bulk.approveText', { count })} <strong className="font-semibold text-foreground">{t('review.irreversible')}</strong>
          </>
        }
        label={t('bulk.notes')}
        submitLabel={t('bulk.approveConfirm')}
        busyLabel={t('bulk.updating')}
        busy={mutation.isPending}
        onSubmit={run('paid')}
      />
      <ReasonDialog
        open={dialog === 'rejected'}
        onOpenChange={close}
        title={t('bulk.rejectTitle')}
        description={t('bulk.rejectText', { count })}
        label={t('review.reason')}
        placeholder={t('review.reasonPlaceholder')}
        required
        submitLabel={t('bulk.rejectConfirm')}
        busyLabel={t('bulk.updating')}
        destructive
        busy={mutation.isPending}
        onSubmit={run('rejected')}
      />
      <ReasonDialog
        open={dialog === 'overdue'}
        onOpenChange={close}
        title={t('bulk.overdueTitle')}
        description={t('bulk.overdueText', { count })}
        label={t('bulk.notes')}
        submitLabel={t('bulk.overdueConfirm')}
        busyLabel={t('bulk.updating')}
        busy={mutation.isPending}
        onSubmit={run('overdue')}
      />
    </div>
  );
}

/**
 * 'Updated N payments successfully'; when some were refused, a second line says how many were left
 * unchanged and why (one toast: the app shows one at a time). When every one was refused, the title
 * says so, never 'Updated 0 payments successfully'.
 */
export function announceBulkResult(result: BulkResult, t: TFunction<'adminPayments'>) {
  const title = result.count > 0 || result.refusedCount <= 0 ? t('toasts.bulkUpdated', { count: result.count }) : t('toasts.bulkNoneUpdated', { count: result.refusedCount });
  if (result.refusedCount <= 0) {
    notify.success(title);
    return;
  }
  const reasons = groupRefusals(result.refused)
    .map(({ reason, count }) => t('toasts.refusedReason', { reason, count }))
    .join(' ');
  const description = t('toasts.bulkRefused', { count: result.refusedCount, reasons });
  showToast(result.count > 0 ? 'success' : 'warning', title, { description });
}
