/** Small pieces shared by the plan-request list and the payment detail page. */
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { paymentMethodKey, planRequestStatus, statusTone } from './display.ts';

/**
 * The request's status (admin document §4): 'Pending' on the list, 'Pending Review' on the detail
 * page; 'Approved', 'Rejected' or 'Unknown' on both.
 */
export function StatusBadge({ status, pendingLabel = 'short', className }: { status: string; pendingLabel?: 'short' | 'review'; className?: string }) {
  const { t } = useTranslation('adminRequests');
  const shown = planRequestStatus(status);
  const text = shown === 'pending' && pendingLabel === 'review' ? t('status.pendingReview') : t(`status.${shown}`);
  return (
    <Badge tone={statusTone[shown]} className={cn('shrink-0', className)}>
      {text}
    </Badge>
  );
}

/** 'Bank Transfer' for BANK_TRANSFER; a method the catalogue does not know is shown as sent. */
export function usePaymentMethodLabel() {
  const { t } = useTranslation('adminRequests');
  return (method: string) => {
    const key = paymentMethodKey(method);
    return key ? t(`methods.${key}`) : method;
  };
}

/** Signed receipt links live 10 minutes (docs/decisions/006): pages re-read payments well before. */
export const RECEIPT_LINK_REFRESH_MS = 5 * 60_000;
