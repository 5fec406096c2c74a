/** What the payment page shows in place of the form: sent, paid, under review, or not payable. */
import { useEffect, useRef, type ReactNode } from 'react';
import { CircleCheck, Clock, Info } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useMemberPaymentLabels } from './labels.ts';
import { GroupPaymentBadges } from './parts.tsx';
import { ReceiptButton } from './receipt-button.tsx';
import type { SelectedPayment } from './selected-payment.ts';

/**
 * The month's state in place of the form. With `takeFocus` (after a submit replaced the form) its
 * heading takes focus, so keyboard and screen-reader users are not left on a control that is gone.
 */
function StateCard({ icon, title, children, tone, takeFocus }: { icon: ReactNode; title: string; children: ReactNode; tone: 'success' | 'info' | 'neutral'; takeFocus?: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) headingRef.current?.focus();
  }, [takeFocus]);
  const ring = tone === 'success' ? 'border-success/40' : tone === 'info' ? 'border-primary/40' : 'border-border';
  return (
    <Card className={`p-6 text-center ${ring}`}>
      <div className="flex justify-center">{icon}</div>
      <h2 ref={headingRef} tabIndex={-1} className="mt-3 text-xl font-semibold focus:outline-none">
        {title}
      </h2>
      <div className="mt-2 space-y-4 text-muted-foreground">{children}</div>
    </Card>
  );
}
export function SubmittedCard() {
  const { t } = useTranslation('memberPayments');
  return (
    <StateCard tone="success" takeFocus icon={<CircleCheck className="size-12 text-success" aria-hidden />} title={t('page.submittedTitle')}>
      <p role="status">{t('page.submittedMessage')}</p>
      <Button asChild>
        <Link to="/dashboard">{t('page.backToDashboard')}</Link>
      </Button>
    </StateCard>
  );
}
export function CompletedCard({ payment }: { payment: SelectedPayment }) {
  const { t } = useTranslation('memberPayments');
  const labels = useMemberPaymentLabels();
  return (
    <StateCard tone="success" icon={<CircleCheck className="size-12 text-success" aria-hidden />} title={t('page.completedTitle')}>
      <p>{payment.paymentDate ? t('page.paidOn', { amount: formatPkr(payment.amount), date: labels.date(payment.paymentDate) }) : t('page.completedMessage', { amount: formatPkr(payment.amount) })}</p>
      <div className="flex flex-col justify-center gap-2 sm:flex-row">
        <ReceiptButton url={payment.receiptUrl} size="md" variant="primary" />
        <Button variant="outline" asChild>
          <Link to="/dashboard">{t('page.backToDashboard')}</Link>
        </Button>
      </div>
    </StateCard>
  );
}
export function UnderReviewCard() {
  const { t } = useTranslation('memberPayments');
  return (
    <StateCard tone="info" icon={<Clock className="size-12 text-primary" aria-hidden />} title={t('page.underReviewTitle')}>
      <p>{t('page.underReviewMessage')}</p>
      <Button variant="outline" asChild>
        <Link to="/dashboard">{t('page.backToDashboard')}</Link>
      </Button>
    </StateCard>
  );
}
export function NotPayableCard({ payment }: { payment: SelectedPayment }) {
  const { t } = useTranslation('memberPayments');
  return (
    <StateCard tone="neutral" icon={<Info className="size-12 text-muted-foreground" aria-hidden />} title={t('page.notPayableTitle')}>
      <div className="flex justify-center">
        <GroupPaymentBadges status={payment.status} underReview={payment.underReview} />
      </div>
      <p>{t('page.notPayableMessage')}</p>
      <Button variant="outline" asChild>
        <Link to="/dashboard">{t('page.backToDashboard')}</Link>
      </Button>
    </StateCard>
  );
}
