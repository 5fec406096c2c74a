/** Small pieces shared by the groups, the payments list and the payment page (and receipt-button.tsx). */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { useMemberPaymentLabels } from './labels.ts';
import { groupPaymentStatus, groupPaymentStatusTone } from './rules.ts';
import './catalogue.ts';

/** A month's status badge, followed by 'Under review' while a receipt waits for a decision. */
export function GroupPaymentBadges({ status, underReview, id }: { status: string; underReview?: boolean; id?: string }) {
  const { t } = useTranslation('memberPayments');
  const labels = useMemberPaymentLabels();
  return (
    <span id={id} className="inline-flex flex-wrap gap-1.5">
      <Badge tone={groupPaymentStatusTone[groupPaymentStatus(status)]}>{labels.status(status)}</Badge>
      {underReview && <Badge tone="info">{t('status.underReview')}</Badge>}
    </span>
  );
}

/**
 * Gives focus back to the control that opened a dialog once it closes. The shared dialog returns
 * focus only to a Radix trigger; these dialogs are opened by ordinary buttons (a month card, the
 * Submit Payment button), so keyboard and screen-reader users would otherwise land on the page body.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    remember(element: HTMLElement | null) {
      opener.current = element;
    },
    restore() {
      const element = opener.current;
      // After the dialog has gone (its focus trap would take focus back while it is there).
      setTimeout(() => {
        if (element?.isConnected) element.focus();
      }, 0);
    },
  };
}
