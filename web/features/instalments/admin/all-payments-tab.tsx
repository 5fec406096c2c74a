/** All Payments: every payment, filtered and paged on the server (admin document §2). */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowUpRight, Check, History, X } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components/download-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { allPaymentsDefaults, exportPayments, fetchPayments, paymentKeys, sameFilters, type AdminPayment, type PaymentFilters } from './api.ts';
import { canReview, isSubscription } from './display.ts';
import { ReceiptHistoryDialog } from './history-dialog.tsx';
import { PaymentFiltersForm } from './payment-filters.tsx';
import { PaymentList } from './payment-list.tsx';
import { LedgerLink, Pager, RECEIPT_LINK_REFRESH_MS, ActionButton, ViewReceiptButton, useClampPage, useErrorToast } from './parts.tsx';
import { ApprovePaymentDialog, RejectPaymentDialog } from './review-dialogs.tsx';
import { totalLabel } from '../../../lib/paging.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';

export function AllPaymentsTab({ filters, onFilters, onClear }: { filters: PaymentFilters; onFilters: (changes: Partial<PaymentFilters>) => void; onClear: () => void }) {
  const { t } = useTranslation('adminPayments');
  const [approving, setApproving] = useState<AdminPayment | null>(null);
  const [rejecting, setRejecting] = useState<AdminPayment | null>(null);
  const [viewingHistory, setViewingHistory] = useState<AdminPayment | null>(null);

  const list = useQuery({
    queryKey: paymentKeys.list('all', filters),
    queryFn: ({ signal }) => fetchPayments(filters, signal),
    placeholderData: keepPreviousData,
    refetchInterval: RECEIPT_LINK_REFRESH_MS,
  });
  useErrorToast(list, t('toasts.paymentsFailed'));
  useClampPage(filters.page, list.data, (page) => onFilters({ page }));

  const payments = list.data?.payments ?? [];
  const pagination = list.data?.pagination;
  const filtered = !sameFilters(filters, allPaymentsDefaults());
  const memberName = filters.userId ? payments.find((payment) => payment.userId === filters.userId)?.user.name : undefined;

  return (
    <div className="space-y-4">
      <PaymentFiltersForm filters={filters} onChange={onFilters} onClear={onClear} label={t('filters.label')} memberName={memberName} />
      {/* Every payment the filters match, not only this page (the server's CSV export). */}
      <div className="flex justify-end">
        <DownloadButton
          download={() => exportPayments(filters)}
          label={t('export.download')}
          busyLabel={t('export.downloading')}
          failedMessage={t('export.paymentsFailed')}
          aria-label={t('export.payments')}
          className="w-full sm:w-auto"
        />
      </div>

      <section aria-label={t('all.label')} aria-busy={list.isFetching}>
        {pagination && payments.length > 0 && <p className="mb-3 text-sm text-muted-foreground">{t('all.count', { count: pagination.total, total: totalLabel(pagination) })}</p>}
        {list.isPending ? (
          <Spinner label={t('all.loading')} className="justify-center py-12" />
        ) : list.isError && !list.data ? (
          <LoadError message={t('toasts.paymentsFailed')} onRetry={() => void list.refetch()} />
        ) : payments.length === 0 ? (
          <EmptyState title={t('all.emptyTitle')} description={filtered ? t('all.emptyFiltered') : t('all.emptyText')} />
        ) : (
          <PaymentList
            payments={payments}
            label={t('all.label')}
            show="state"
            actions={(payment, compact) => (
              <>
                {canReview(payment) && (
                  <>
                    <ActionButton variant="primary" icon={<Check aria-hidden />} label={t('actions.approve')} onClick={() => setApproving(payment)} />
                    <ActionButton variant="destructive" icon={<X aria-hidden />} label={t('actions.reject')} onClick={() => setRejecting(payment)} />
                  </>
                )}
                <ViewReceiptButton url={payment.receiptUrl} iconOnly={compact} />
                <ActionButton icon={<History aria-hidden />} label={t('actions.history')} iconOnly={compact} onClick={() => setViewingHistory(payment)} />
                <LedgerLink userId={payment.userId} name={payment.user.name} iconOnly={compact} />
                {isSubscription(payment) && (
                  <Button variant="outline" size="sm" asChild className={cn(compact && 'w-9 px-0')}>
                    <Link
                      to={`/admin/payment-detail/${encodeURIComponent(payment.id)}`}
                      aria-label={compact ? t('actions.openPlanRequest') : undefined}
                      title={compact ? t('actions.openPlanRequest') : undefined}
                    >
                      <ArrowUpRight aria-hidden />
                      {!compact && t('actions.openPlanRequest')}
                    </Link>
                  </Button>
                )}
              </>
            )}
          />
        )}
        {pagination && payments.length > 0 && <Pager page={filters.page} pages={pagination.pages} onPage={(page) => onFilters({ page })} />}
      </section>

      <ApprovePaymentDialog payment={approving} open={approving !== null} onOpenChange={(open) => !open && setApproving(null)} />
      <RejectPaymentDialog payment={rejecting} open={rejecting !== null} onOpenChange={(open) => !open && setRejecting(null)} />
      <ReceiptHistoryDialog payment={viewingHistory} onOpenChange={(open) => !open && setViewingHistory(null)} />
    </div>
  );
}
