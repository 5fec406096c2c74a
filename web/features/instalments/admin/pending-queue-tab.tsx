/** Pending Queue: instalment receipts waiting for a decision, oldest first (admin document §2). */
import { useId, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Check, History, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { AdminPayment, PaymentPage } from './api.ts';
import { formatDateTime, formatPeriod, shortId } from './display.ts';
import { ReceiptHistoryDialog } from './history-dialog.tsx';
import { LedgerLink, Pager, StatusBadges, ViewReceiptButton, useClampPage, usePaymentMethodLabel } from './parts.tsx';
import { InfoItem } from '../../../components/info-item.tsx';
import { ApprovePaymentDialog, RejectPaymentDialog } from './review-dialogs.tsx';
import { TransferFacts } from './transfer-facts.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';

/** The queue is read by the page (its count is the tab's badge) and handed in here. */
export function PendingQueueTab({ queue, page, onPage }: { queue: UseQueryResult<PaymentPage>; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('adminPayments');
  const [approving, setApproving] = useState<AdminPayment | null>(null);
  const [rejecting, setRejecting] = useState<AdminPayment | null>(null);
  const [viewingHistory, setViewingHistory] = useState<AdminPayment | null>(null);
  const payments = queue.data?.payments ?? [];
  useClampPage(page, queue.data, onPage);

  return (
    <section aria-label={t('queue.label')} aria-busy={queue.isFetching}>
      <p className="mb-4 text-sm text-muted-foreground">{t('queue.intro')}</p>
      {queue.isPending ? (
        <Spinner label={t('queue.loading')} className="justify-center py-12" />
      ) : queue.isError && !queue.data ? (
        <LoadError message={t('toasts.queueFailed')} onRetry={() => void queue.refetch()} />
      ) : payments.length === 0 ? (
        <EmptyState title={t('queue.emptyTitle')} description={t('queue.emptyText')} />
      ) : (
        <ul className="space-y-4">
          {payments.map((payment) => (
            <QueueItem
              key={payment.id}
              payment={payment}
              onApprove={() => setApproving(payment)}
              onReject={() => setRejecting(payment)}
              onHistory={() => setViewingHistory(payment)}
            />
          ))}
        </ul>
      )}
      {queue.data && payments.length > 0 && <Pager page={page} pages={queue.data.pagination.pages} onPage={onPage} />}

      <ApprovePaymentDialog payment={approving} open={approving !== null} onOpenChange={(open) => !open && setApproving(null)} />
      <RejectPaymentDialog payment={rejecting} open={rejecting !== null} onOpenChange={(open) => !open && setRejecting(null)} />
      <ReceiptHistoryDialog payment={viewingHistory} onOpenChange={(open) => !open && setViewingHistory(null)} />
    </section>
  );
}

function QueueItem({ payment, onApprove, onReject, onHistory }: { payment: AdminPayment; onApprove: () => void; onReject: () => void; onHistory: () => void }) {
  const { t, i18n } = useTranslation('adminPayments');
  const methodLabel = usePaymentMethodLabel();
  const nameId = useId();
  const periodId = useId();
  const period = formatPeriod(payment.month, payment.year, i18n.language);
  return (
    <li>
      <Card className="p-4 sm:p-5">
        <article aria-labelledby={`${nameId} ${periodId}`}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 id={nameId} className="text-lg font-semibold break-words">
                {payment.user.name}
              </h3>
              <p className="text-sm break-all text-muted-foreground">{payment.user.email}</p>
            </div>
            <div className="flex flex-col items-end gap-1">
              <StatusBadges status={payment.status} underReview={payment.underReview} />
              <span className="font-mono text-xs text-muted-foreground">{t('queue.idValue', { id: shortId(payment.id) })}</span>
            </div>
          </div>

          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm lg:grid-cols-5">
            <InfoItem label={t('payment.planAndGroup')} className="col-span-2 lg:col-span-1">
              {payment.group ? t('payment.planGroup', { plan: payment.plan?.name ?? payment.group.plan.name, number: payment.group.groupNumber }) : payment.plan?.name}
            </InfoItem>
            <InfoItem label={t('payment.period')}>
              <span id={periodId}>{period || t('payment.planRequest')}</span>
            </InfoItem>
            <InfoItem label={t('payment.amount')}>
              <span className="font-semibold">{formatPkr(payment.amount)}</span>
            </InfoItem>
            <InfoItem label={t('payment.method')}>{methodLabel(payment.paymentMethod)}</InfoItem>
            <InfoItem label={t('payment.submitted')}>
              {payment.submittedAt ? <time dateTime={payment.submittedAt}>{formatDateTime(payment.submittedAt, i18n.language)}</time> : '–'}
            </InfoItem>
          </dl>
          {/* What to look for in the bank's statement. */}
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm lg:grid-cols-5">
            <TransferFacts payment={payment} />
          </dl>
          {payment.notes && (
            <dl className="mt-3 text-sm">
              <InfoItem label={t('payment.memberNotes')}>{payment.notes}</InfoItem>
            </dl>
          )}

          <div className="mt-4 flex flex-wrap gap-2 border-t border-border pt-4">
            <Button size="sm" onClick={onApprove}>
              <Check aria-hidden />
              {t('actions.approve')}
            </Button>
            <Button size="sm" variant="destructive" onClick={onReject}>
              <X aria-hidden />
              {t('actions.reject')}
            </Button>
            {payment.receiptUrl ? <ViewReceiptButton url={payment.receiptUrl} /> : <span className="self-center text-sm text-muted-foreground">{t('queue.noReceipt')}</span>}
            <Button size="sm" variant="ghost" onClick={onHistory}>
              <History aria-hidden />
              {t('actions.history')}
            </Button>
            <LedgerLink userId={payment.userId} name={payment.user.name} />
          </div>
        </article>
      </Card>
    </li>
  );
}
