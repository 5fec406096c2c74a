import { Clock, CreditCard, Trophy } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { formatPkr } from '../../../../contract/money.ts';
import type { GroupPayment, MemberGroup } from './api.ts';
import { useMemberPaymentLabels } from './labels.ts';
import { Facts } from '../../../components/ui/facts.tsx';
import { ReceiptButton } from './receipt-button.tsx';
import { instalmentStateOf, isPaid, isPayable, winnerOf } from './rules.ts';
import { MonthStateBadges } from './state-badge.tsx';
import { selectedPaymentOf, writeSelectedPayment } from './selected-payment.ts';
import { WinnerNextSteps } from './winner-next-steps.tsx';
import './screens-catalogue.ts';

interface MonthDetailsDialogProps {
  group: MemberGroup;
  payment: GroupPayment | null;
  currentUserId: string | undefined;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Month Details' (member document §2, My Groups tab): the month's state (RULES §6a), due date, amount,
 * payment date, receipt and rejection reason, and 'Pay Now' while the month is owed, overdue or
 * scheduled (paid ahead); not once it is paid or a receipt of it is under review.
 */
export function MonthDetailsDialog({ group, payment, currentUserId, onOpenChange }: MonthDetailsDialogProps) {
  const { t } = useTranslation('memberPayments');
  const labels = useMemberPaymentLabels();
  const open = payment !== null;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('details.title')}
      description={payment ? t('details.subtitle', { number: group.groupNumber, period: labels.period(payment.month, payment.year) }) : undefined}
    >
      {payment && <MonthDetails group={group} payment={payment} currentUserId={currentUserId} />}
    </Dialog>
  );
}

function MonthDetails({ group, payment, currentUserId }: { group: MemberGroup; payment: GroupPayment; currentUserId: string | undefined }) {
  const { t } = useTranslation('memberPayments');
  const labels = useMemberPaymentLabels();
  const navigate = useNavigate();
  const payable = isPayable(payment);
  const underReview = instalmentStateOf(payment) === 'UNDER_REVIEW';
  const winner = winnerOf(group.winners, payment);
  // A receipt is worth asking for once one was sent (or the month is paid); not for a month nobody paid yet.
  const showReceipt = isPaid(payment) || underReview || Boolean(payment.receiptUrl);

  function payNow() {
    writeSelectedPayment(selectedPaymentOf(group, payment));
    navigate(`/user/payment/${encodeURIComponent(payment.id)}`);
  }

  const facts = [
    { label: t('details.status'), value: <MonthStateBadges payment={payment} /> },
    { label: t('details.dueDate'), value: labels.date(payment.dueDate) || '—' },
    { label: t('details.amount'), value: formatPkr(payment.amount) },
    { label: t('details.paymentDate'), value: payment.paymentDate ? labels.date(payment.paymentDate) : t('details.notPaidYet') },
  ];

  return (
    <div className="space-y-4">
      <Facts facts={facts} className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm" />

      {payment.rejectionReason && (
        <p className="rounded-lg bg-destructive/10 p-3 text-sm">
          <span className="font-semibold text-destructive">{t('details.rejectionReason')}: </span>
          {payment.rejectionReason}
        </p>
      )}

      {underReview && (
        <p className="flex items-start gap-2 rounded-lg bg-primary-soft p-3 text-sm">
          <Clock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <span>{t('details.underReviewNote')}</span>
        </p>
      )}

      {winner && (
        <div className="rounded-lg bg-accent/10 p-3 text-sm">
          {winner.winnerId === currentUserId && <p className="mb-1 font-bold text-success">{t('groups.youWon')}</p>}
          <p className="flex items-center gap-2 font-semibold">
            <Trophy className="size-4 shrink-0 text-accent-text" aria-hidden />
            {t('groups.winner', { name: winner.winner?.name ?? '' })}
          </p>
          <p className="mt-1">{t('groups.winnerAmount', { amount: formatPkr(winner.amount) })}</p>
          <p className="text-muted-foreground">{t('groups.selectedOn', { date: labels.date(winner.selectedAt) })}</p>
        </div>
      )}
      {winner && winner.winnerId === currentUserId && <WinnerNextSteps />}

      {/* The dialog's own Close button (top corner) and Escape close it. */}
      <div className="flex flex-col gap-2 pt-2 empty:hidden sm:flex-row sm:flex-wrap sm:justify-end">
        {showReceipt && <ReceiptButton url={payment.receiptUrl} size="md" />}
        {payable && (
          <Button onClick={payNow}>
            <CreditCard aria-hidden />
            {t('details.payNow')}
          </Button>
        )}
      </div>
    </div>
  );
}
