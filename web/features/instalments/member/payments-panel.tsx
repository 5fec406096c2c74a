import { useId } from 'react';
import { CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DownloadButton } from '../../../components/download-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatCount, formatPkr } from '../../../../contract/money.ts';
import type { MemberPayment } from './api.ts';
import { useMemberPaymentLabels } from './labels.ts';
import { selectedFromNextDue } from './next-due-card.tsx';
import { Facts } from '../../../components/ui/facts.tsx';
import { ReceiptButton } from './receipt-button.tsx';
import { useMyGroups, useMyPayments, usePaymentSummary } from './queries.ts';
import { isPayable, reviewStatusOf, reviewStatusTone } from './rules.ts';
import { writeSelectedPayment } from './selected-payment.ts';
import './screens-catalogue.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';

/**
 * The dashboard's Payments tab (member document §2): Submit Payment, the counts, Payment History. The
 * counts are the server's (RULES §6a), from the same query as the dashboard's tiles: Total is paid +
 * pending, Approved is paid, Pending is under review + owed, shown split in those two.
 *
 * An instalment is paid one way only: from its month, on the payment page (bank transfer with a receipt,
 * member document §1). Submit Payment opens that page for the next instalment, as the month card's Pay
 * Now does, rather than a second form of its own that asked again for group, month and amount, and
 * offered Cash with a bank receipt.
 */
export function PaymentsPanel() {
  const { t } = useTranslation('memberPayments');
  const headingId = useId();
  const historyId = useId();
  const hintId = useId();
  const payments = useMyPayments();
  const summary = usePaymentSummary();
  const groups = useMyGroups();
  const counts = summary.data?.counts;
  const next = summary.data?.position?.nextDue ?? null;
  const payable = next !== null && isPayable({ status: '', state: next.state });
  const labels = useMemberPaymentLabels();

  const cards = [
    { key: 'total', label: t('payments.total'), value: counts?.total },
    { key: 'approved', label: t('payments.approved'), value: counts?.paid },
    {
      key: 'pending',
      label: t('payments.pending'),
      value: counts?.pending,
      split: counts && t('payments.pendingSplit', { underReview: formatCount(counts.underReview), owed: formatCount(counts.owed) }),
    },
  ];

  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          {t('payments.title')}
        </h2>
        <div className="flex flex-wrap gap-2">
          {/* The member's statement of all their groups, as a PDF (RULES §6a). */}
          <DownloadButton
            path="/payments/statement.pdf"
            fallbackName="statement.pdf"
            label={t('statement.downloadAll')}
            busyLabel={t('statement.downloading')}
            failedMessage={t('statement.failed')}
          />
          {next && payable && (
            <Button asChild>
              <Link
                to={`/user/payment/${encodeURIComponent(next.paymentId)}`}
                // The payment page reads the month from storage, as after the month card's 'Pay Now'.
                onClick={() => writeSelectedPayment(selectedFromNextDue(next, groups.data))}
                aria-describedby={hintId}
              >
                <CreditCard aria-hidden />
                {t('payments.submitPayment')}
              </Link>
            </Button>
          )}
        </div>
      </div>
      {summary.data && (
        <p id={hintId} className="-mt-4 text-sm text-muted-foreground">
          {next && payable
            ? t('payments.submitPaymentHint', { period: labels.period(next.month, next.year), number: next.groupNumber })
            : t('payments.payFromMonthHint')}
        </p>
      )}

      <dl className="grid grid-cols-3 gap-2 sm:gap-4">
        {cards.map((card) => (
          <Card key={card.key} className="p-3 sm:p-4">
            <dt className="text-xs text-muted-foreground sm:text-sm">{card.label}</dt>
            <dd className="text-xl font-bold sm:text-2xl">{card.value !== undefined ? formatCount(card.value) : summary.isPending ? '…' : '—'}</dd>
            {card.split && <dd className="mt-0.5 text-xs text-muted-foreground">{card.split}</dd>}
          </Card>
        ))}
      </dl>

      <section aria-labelledby={historyId}>
        <h3 id={historyId} className="text-lg font-semibold">
          {t('payments.historyTitle')}
        </h3>
        <div className="mt-3">
          {payments.isError && <LoadError compact message={t('payments.loadFailed')} onRetry={() => void payments.refetch()} retrying={payments.isFetching} />}
          {!payments.data ? (
            payments.isPending && <Spinner label={t('payments.loading')} className="py-6" />
          ) : payments.data.length === 0 ? (
            <EmptyState description={t('payments.empty')} />
          ) : (
            <ul className="space-y-3">
              {payments.data.map((payment) => (
                <li key={payment.id}>
                  <PaymentRow payment={payment} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </section>
  );
}

function PaymentRow({ payment }: { payment: MemberPayment }) {
  const { t } = useTranslation('memberPayments');
  const labels = useMemberPaymentLabels();
  const titleId = useId();
  const review = reviewStatusOf(payment);
  const period = labels.period(payment.month, payment.year);
  const planName = payment.group?.plan?.name ?? payment.plan?.name;
  const submitted = payment.submittedAt ?? payment.createdAt;

  const facts = [
    ...(payment.group?.groupNumber ? [{ label: t('payments.group'), value: t('payments.groupValue', { number: payment.group.groupNumber }) }] : []),
    ...(planName ? [{ label: t('payments.plan'), value: planName }] : []),
    { label: t('payments.amount'), value: formatPkr(payment.amount) },
    ...(payment.paymentMethod ? [{ label: t('payments.method'), value: labels.method(payment.paymentMethod) }] : []),
    ...(submitted ? [{ label: t('payments.submitted'), value: labels.date(submitted) }] : []),
  ];

  return (
    <Card className="p-4" role="article" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 id={titleId} className="font-semibold">
          {period || t('payments.noPeriod')}
        </h4>
        <Badge tone={reviewStatusTone[review]}>
          <span className="sr-only">{t('payments.status')}: </span>
          <span>{labels.review(payment)}</span>
        </Badge>
      </div>
      <Facts facts={facts} className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-5" />
      {review === 'rejected' && payment.rejectionReason && (
        <p className="mt-3 rounded-lg bg-destructive/10 p-3 text-sm">
          <span className="font-semibold text-destructive">{t('payments.rejectionReason')}: </span>
          {payment.rejectionReason}
        </p>
      )}
      {payment.receiptUrl && (
        <div className="mt-3">
          <ReceiptButton url={payment.receiptUrl} variant="link" className="px-0" />
        </div>
      )}
    </Card>
  );
}
