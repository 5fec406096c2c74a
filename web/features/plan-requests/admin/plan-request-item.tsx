/** One plan request in the list: who asked for which plan, its receipt, and Approve, Reject and View details. */
import { useId } from 'react';
import { AlertTriangle, Check, Eye, X } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { WITHDRAWN_BY_MEMBER } from '../../../../contract/plan-requests.ts';
import { InfoItem } from '../../../components/info-item.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TransferFacts } from '../../instalments/admin/index.ts';
import type { PlanPayment } from './api.ts';
import { contactOf, formatDateTime, hasReceipt, isPending } from './display.ts';
import { StatusBadge, usePaymentMethodLabel } from './parts.tsx';
import { ReceiptPreview } from './receipt-preview.tsx';

export function PlanRequestItem({ payment, onApprove, onReject }: { payment: PlanPayment; onApprove: () => void; onReject: () => void }) {
  const { t, i18n } = useTranslation('adminRequests');
  const methodLabel = usePaymentMethodLabel();
  const headingId = useId();
  const requesterId = useId();
  const warningId = useId();
  const pending = isPending(payment);
  const withReceipt = hasReceipt(payment);

  return (
    <li>
      <Card className="p-4 sm:p-5">
        <article aria-labelledby={`${headingId} ${requesterId}`}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h2 id={headingId} className="text-lg font-semibold break-words">
                {payment.plan.name}
              </h2>
              <p id={requesterId} className="text-sm text-muted-foreground">{t('request.requestedBy', { name: payment.user.name })}</p>
            </div>
            <StatusBadge status={payment.status} />
          </div>

          <dl className="mt-4 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
            <InfoItem label={t('request.monthlyFee')}>{formatPkr(payment.plan.monthlyAmount)}</InfoItem>
            <InfoItem label={t('request.paymentMethod')}>{methodLabel(payment.paymentMethod)}</InfoItem>
            <InfoItem label={t('request.requestDate')}>
              <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt, i18n.language)}</time>
            </InfoItem>
            <InfoItem label={t('request.contact')} className="[&_dd]:break-all">
              {contactOf(payment.user)}
            </InfoItem>
          </dl>

          <dl className="mt-3 grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
            <TransferFacts payment={payment} />
          </dl>

          <div className="mt-4">
            <h3 className="mb-2 text-sm font-medium">{t('request.receipt')}</h3>
            {withReceipt ? (
              <ReceiptPreview payment={payment} variant="list" />
            ) : (
              <p id={warningId} role="note" className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm text-foreground">
                <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
                {t('request.noReceiptWarning')}
              </p>
            )}
          </div>

          {(payment.notes || payment.group || payment.rejectionReason) && (
            <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
              {payment.notes && <InfoItem label={t('request.notes')}>{payment.notes}</InfoItem>}
              {payment.group && <InfoItem label={t('request.assignedGroup')}>{t('request.groupValue', { number: payment.group.groupNumber })}</InfoItem>}
              {payment.rejectionReason && (
                <InfoItem label={t('request.rejectionReason')} className="sm:col-span-2 [&_dd]:text-destructive">
                  {payment.rejectionReason === WITHDRAWN_BY_MEMBER ? t('request.withdrawnByMember') : <bdi>{payment.rejectionReason}</bdi>}
                </InfoItem>
              )}
            </dl>
          )}

          <div className="mt-4 flex flex-wrap gap-2 border-t border-border pt-4">
            {pending && (
              <>
                <Button onClick={onApprove} disabled={!withReceipt} aria-describedby={withReceipt ? undefined : warningId}>
                  <Check aria-hidden />
                  {t('request.approve')}
                </Button>
                <Button variant="destructive" onClick={onReject}>
                  <X aria-hidden />
                  {t('request.reject')}
                </Button>
              </>
            )}
            <Button variant="outline" asChild>
              <Link to={`/admin/payment-detail/${encodeURIComponent(payment.id)}`}>
                <Eye aria-hidden />
                {t('request.viewDetails')}
              </Link>
            </Button>
          </div>
        </article>
      </Card>
    </li>
  );
}
