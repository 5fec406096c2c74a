/** Every receipt ever sent for one payment, with what became of it (RULES §6: no receipt is lost). */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { fetchReceiptHistory, paymentKeys, type AdminPayment, type PaymentReceipt } from './api.ts';
import { formatDateTime, formatPeriod, shortId } from './display.ts';
import { ViewReceiptButton, usePaymentMethodLabel } from './parts.tsx';
import { InfoItem } from '../../../components/info-item.tsx';

const outcomeKeys = { UNDER_REVIEW: 'underReview', ACCEPTED: 'accepted', REFUSED: 'refused', REPLACED: 'replaced' } as const;
const outcomeTones: Record<(typeof outcomeKeys)[keyof typeof outcomeKeys] | 'unknown', BadgeTone> = {
  underReview: 'warning',
  accepted: 'success',
  refused: 'danger',
  replaced: 'neutral',
  unknown: 'neutral',
};

export function outcomeKey(outcome: string | null | undefined) {
  return outcomeKeys[(outcome ?? '').toUpperCase() as keyof typeof outcomeKeys] ?? 'unknown';
}

type HistoryPayment = Pick<AdminPayment, 'id' | 'month' | 'year' | 'user'>;

export function ReceiptHistoryDialog({ payment, onOpenChange }: { payment: HistoryPayment | null; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation('adminPayments');
  return (
    <Dialog
      open={payment !== null}
      onOpenChange={onOpenChange}
      title={t('history.title')}
      description={
        payment
          ? t('history.description', {
              id: shortId(payment.id),
              name: payment.user.name,
              period: formatPeriod(payment.month, payment.year, i18n.language) || t('payment.planRequest'),
            })
          : undefined
      }
      className="sm:max-w-lg"
    >
      {payment && <HistoryList paymentId={payment.id} />}
    </Dialog>
  );
}

function HistoryList({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation('adminPayments');
  const history = useQuery({
    queryKey: paymentKeys.history(paymentId),
    queryFn: ({ signal }) => fetchReceiptHistory(paymentId, signal),
    // The receipt links in it are short-lived: read them afresh at each opening.
    staleTime: 0,
  });

  if (history.isPending) return <Spinner label={t('history.loading')} className="py-6" />;
  if (history.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
        <span>{getErrorMessage(history.error, t('history.failed'))}</span>
        <Button variant="outline" size="sm" onClick={() => void history.refetch()}>
          {t('actions.retry')}
        </Button>
      </div>
    );
  }
  if (history.data.length === 0) return <p className="text-sm text-muted-foreground">{t('history.empty')}</p>;
  return (
    <ol className="space-y-3" aria-label={t('history.listLabel')}>
      {history.data.map((receipt) => (
        <HistoryItem key={receipt.id} receipt={receipt} />
      ))}
    </ol>
  );
}

function HistoryItem({ receipt }: { receipt: PaymentReceipt }) {
  const { t, i18n } = useTranslation('adminPayments');
  const methodLabel = usePaymentMethodLabel();
  const key = outcomeKey(receipt.outcome);
  return (
    <li className="rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <time dateTime={receipt.submittedAt} className="text-sm font-medium">
          {formatDateTime(receipt.submittedAt, i18n.language)}
        </time>
        <Badge tone={outcomeTones[key]}>{t(`history.outcome.${key}`)}</Badge>
      </div>
      <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
        {receipt.fileName && <InfoItem label={t('history.file')}>{receipt.fileName}</InfoItem>}
        {receipt.paymentMethod && <InfoItem label={t('payment.method')}>{methodLabel(receipt.paymentMethod)}</InfoItem>}
        {receipt.reviewedAt && <InfoItem label={t('history.reviewedAt')}>{formatDateTime(receipt.reviewedAt, i18n.language)}</InfoItem>}
        {receipt.reason && (
          <InfoItem label={t('history.reason')} className="sm:col-span-2 [&_dd]:text-destructive">
            {receipt.reason}
          </InfoItem>
        )}
      </dl>
      {receipt.receiptUrl && (
        <div className="mt-2">
          <ViewReceiptButton url={receipt.receiptUrl} />
        </div>
      )}
    </li>
  );
}
