import { useEffect, useId, useRef, useState } from 'react';
import { CircleCheck, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { lazyModule, prefetch, useLazyModule, usePrefetchOnceInUse } from '../../../lib/lazy-module.ts';
import { formatPkr } from '../../../../contract/money.ts';
import { Facts } from '../../../components/ui/facts.tsx';
import type { CommissionPayment } from './api.ts';
import { LevelBadge, useReferralLabels } from './labels.tsx';
import { useCommissionPayments } from './queries.ts';
import { commissionCapOf, splitCommissionPayments } from './rules.ts';
import './catalogue.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';

type CommissionTab = 'pending' | 'confirmed';

/**
 * The confirmation dialog is a module of its own (with the dialog library), fetched once the member
 * has started to use the page, when the pointer rests on a Confirm button or it gets focus, or
 * at the latest on the click, which opens the dialog once it is here.
 */
const confirmDialog = lazyModule(() => import('./commission-confirm-dialog.tsx'));
const prefetchOnceInUse = [confirmDialog];

/**
 * Commission (member document §2, §3 "Commission payment", §4): the payments the operator has sent,
 * in 'Pending Confirmation' and 'Confirmed'. Each pending one can be confirmed, with optional notes.
 */
export function CommissionSection() {
  const { t } = useTranslation('memberReferrals');
  const headingId = useId();
  const payments = useCommissionPayments();
  const [tab, setTab] = useState<CommissionTab>('pending');
  const [confirming, setConfirming] = useState<CommissionPayment | null>(null);
  const [refocus, setRefocus] = useState(false);
  const pendingTabRef = useRef<HTMLButtonElement>(null);
  const lists = splitCommissionPayments(payments.data ?? []);
  const dialog = useLazyModule(confirmDialog, confirming !== null);
  usePrefetchOnceInUse(prefetchOnceInUse);

  // A confirmed payment leaves the pending list, and with it the button that opened the dialog:
  // focus then goes to the 'Pending Confirmation' tab rather than being lost on the page. The dialog
  // gives focus back in a timer of its own when it closes; this one runs after it.
  useEffect(() => {
    if (!refocus || confirming) return;
    const timer = setTimeout(() => {
      setRefocus(false);
      const active = document.activeElement;
      if (!active || active === document.body) pendingTabRef.current?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [refocus, confirming]);

  const tabs: { value: CommissionTab; label: string; count: number }[] = [
    { value: 'pending', label: t('commission.pendingTab'), count: lists.pending.length },
    { value: 'confirmed', label: t('commission.confirmedTab'), count: lists.confirmed.length },
  ];

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h3 id={headingId} className="text-lg font-semibold">
          {t('commission.title')}
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">{t('commission.intro')}</p>
      </div>
      {payments.isError && <LoadError compact message={t('commission.loadFailed')} onRetry={() => void payments.refetch()} retrying={payments.isFetching} />}
      {!payments.data ? (
        payments.isPending && <Spinner label={t('commission.loading')} className="py-6" />
      ) : (
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value === 'confirmed' ? 'confirmed' : 'pending')}>
          <Tabs.List aria-label={t('commission.tabsLabel')} className="grid grid-cols-2 gap-1 rounded-xl bg-muted p-1">
            {tabs.map((item) => (
              <Tabs.Trigger
                key={item.value}
                ref={item.value === 'pending' ? pendingTabRef : undefined}
                value={item.value}
                className="flex items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm"
              >
                {item.label}
                {/* The tab's name stays exactly its label; the count is for the eye. */}
                <span aria-hidden className="rounded-full bg-primary/15 px-2 text-xs font-semibold text-primary">
                  {item.count}
                </span>
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="pending" className="mt-4">
            <PaymentList payments={lists.pending} empty={t('commission.emptyPending')} onConfirm={setConfirming} />
          </Tabs.Content>
          <Tabs.Content value="confirmed" className="mt-4">
            <PaymentList payments={lists.confirmed} empty={t('commission.emptyConfirmed')} />
          </Tabs.Content>
        </Tabs.Root>
      )}
      {dialog && (
        <dialog.ConfirmCommissionDialog
          payment={confirming}
          onClose={(confirmed) => {
            setConfirming(null);
            if (confirmed) setRefocus(true);
          }}
        />
      )}
    </section>
  );
}

function PaymentList({ payments, empty, onConfirm }: { payments: CommissionPayment[]; empty: string; onConfirm?: (payment: CommissionPayment) => void }) {
  if (payments.length === 0) return <EmptyState description={empty} />;
  return (
    <ul className="space-y-3">
      {payments.map((payment) => (
        <li key={payment.id}>
          <PaymentCard payment={payment} onConfirm={onConfirm} />
        </li>
      ))}
    </ul>
  );
}

/** 'PKR 2,500 from Bilal Ahmed': what a payment is called on its card and in the dialog. */
function usePaymentTitle() {
  const { t } = useTranslation('memberReferrals');
  return (payment: CommissionPayment) => t('commission.itemTitle', { amount: formatPkr(payment.amount), name: payment.referral?.referredUser?.name || t('commission.someone') });
}

function PaymentCard({ payment, onConfirm }: { payment: CommissionPayment; onConfirm?: (payment: CommissionPayment) => void }) {
  const { t } = useTranslation('memberReferrals');
  const labels = useReferralLabels();
  const title = usePaymentTitle();
  const titleId = useId();
  const facts = [
    ...(payment.committee?.name ? [{ label: t('commission.plan'), value: payment.committee.name }] : []),
    ...(payment.paymentMethod ? [{ label: t('commission.method'), value: labels.method(payment.paymentMethod) }] : []),
    ...(payment.transactionId ? [{ label: t('commission.transactionId'), value: payment.transactionId }] : []),
    ...(payment.paidAt ? [{ label: t('commission.paidOn'), value: labels.date(payment.paidAt) }] : []),
    ...(payment.userConfirmed && payment.confirmedAt ? [{ label: t('commission.confirmedOn'), value: labels.date(payment.confirmedAt) }] : []),
  ];

  return (
    <Card className="p-4" role="article" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={titleId} className="font-semibold break-words">
          {title(payment)}
        </h4>
        {payment.referral?.level !== undefined && <LevelBadge level={payment.referral.level} />}
      </div>
      <CapNote payment={payment} />
      <Facts facts={facts} className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4" />
      {payment.userConfirmed && payment.userNotes && (
        <p className="mt-3 rounded-lg bg-muted p-3 text-sm break-words">
          <span className="font-semibold">{t('commission.yourNotes')}: </span>
          {payment.userNotes}
        </p>
      )}
      {onConfirm && !payment.userConfirmed && (
        <div className="mt-4">
          <Button
            onPointerEnter={() => prefetch(confirmDialog)}
            onFocus={() => prefetch(confirmDialog)}
            onClick={() => onConfirm(payment)}
            className="w-full sm:w-auto"
          >
            <CircleCheck aria-hidden />
            {t('commission.confirm')}
          </Button>
        </div>
      )}
    </Card>
  );
}

/**
 * Beside the amount, when the rules' maximum or minimum per commission changed it (RULES §8): 'Capped
 * at the maximum of PKR 1,000 per commission (was PKR 1,250)', or 'Raised to the minimum of …'.
 */
function CapNote({ payment }: { payment: CommissionPayment }) {
  const { t } = useTranslation('memberReferrals');
  const cap = commissionCapOf(payment);
  if (!cap) return null;
  const amount = formatPkr(cap.bound);
  const text =
    cap.by === 'MAXIMUM'
      ? cap.uncapped !== null
        ? t('commission.capped.maximum', { amount, uncapped: formatPkr(cap.uncapped) })
        : t('commission.capped.maximumOnly', { amount })
      : cap.uncapped !== null
        ? t('commission.capped.minimum', { amount, uncapped: formatPkr(cap.uncapped) })
        : t('commission.capped.minimumOnly', { amount });
  return (
    <p className="mt-1 flex items-start gap-1.5 text-sm text-muted-foreground">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{text}</span>
    </p>
  );
}
