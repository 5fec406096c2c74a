import { useId, type ReactNode } from 'react';
import { CircleCheck, CircleX, Clock, CreditCard, Hourglass } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CountAndAmount, NextDue } from '../../../../contract/figures.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatPkr } from '../../../../contract/money.ts';
import type { GroupPayment, MemberGroup, MemberPosition, OpenPlanRequest, SummaryFigures } from './api.ts';
import { useMemberPaymentLabels } from './labels.ts';
import { useMyGroups, useOpenPlanRequests, usePaymentSummary } from './queries.ts';
import { isPayable, refusedMonthsOf } from './rules.ts';
import { selectedPaymentOf, writeSelectedPayment, type SelectedPayment } from './selected-payment.ts';
import { StateBadge } from './state-badge.tsx';
import './catalogue.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';

/**
 * The top of the member's dashboard (RULES §6a): the next instalment (the earliest owed one, else the
 * next scheduled one) with its month, group, amount, due date and how late or near it is, and 'Pay
 * Now'; then what the member owes now, has paid, and what remains of the cycle, in counts and PKR.
 * Owed and overdue are said in words ('Owed', 'Overdue') as well as in colour. The figures are the
 * server's, from the same query as the summary tiles and the Payments tab.
 */
export function NextDueCard() {
  const { t } = useTranslation('memberPayments');
  const headingId = useId();
  const summary = usePaymentSummary();
  const groups = useMyGroups();
  const openRequests = useOpenPlanRequests().data ?? [];
  const position = summary.data?.position;

  // An answer without the member's position (an older server): the tiles still show the counts.
  if (summary.data && !position) return null;

  const next = position?.nextDue ?? null;
  const refused = refusedMonthsOf(groups.data);
  // A ring, not a border: the card's own border stays, and the two never compete.
  const frame = next?.state === 'OVERDUE' || refused.length > 0 ? 'ring-2 ring-destructive' : next?.state === 'OWED' ? 'ring-2 ring-warning' : undefined;

  return (
    <section aria-labelledby={headingId} className="mt-6">
      <Card className={cn('p-4 sm:p-6', frame)}>
        <h2 id={headingId} className="text-lg font-semibold">
          {t('nextDue.title')}
        </h2>
        {!position ? (
          summary.isError ? (
            <div className="mt-3">
              <LoadError compact message={t('nextDue.loadFailed')} onRetry={() => void summary.refetch()} retrying={summary.isFetching} />
            </div>
          ) : (
            <Spinner label={t('nextDue.loading')} className="py-6" />
          )
        ) : (
          <>
            {/* What needs the member first: a refused receipt, then the next month, then a request being checked. */}
            {refused.length > 0 && <RefusedReceipts refused={refused} nextPaymentId={next?.paymentId} />}
            {next ? <NextInstalment next={next} /> : openRequests.length === 0 && <NothingDue />}
            {openRequests.map((request) => (
              <PlanRequestBeingChecked key={request.id} request={request} />
            ))}
            {/* A member with no instalment at all (no group yet) needs no row of zeros. */}
            {position.paid.count + position.remaining.count + position.owed.count > 0 && summary.data && (
              <PositionFigures position={position} counts={summary.data.counts} amounts={summary.data.amounts} />
            )}
          </>
        )}
      </Card>
    </section>
  );
}

function NextInstalment({ next }: { next: NextDue }) {
  const { t } = useTranslation('memberPayments');
  const labels = useMemberPaymentLabels();
  const groups = useMyGroups();
  const periodId = useId();
  const dueId = useId();
  const period = labels.period(next.month, next.year);
  const late = next.daysLate > 0;
  const latenessTone = !late ? undefined : next.state === 'OVERDUE' ? 'text-destructive' : next.state === 'OWED' ? 'text-warning' : undefined;

  return (
    <div className="mt-3">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="min-w-0">
          <h3 id={periodId} className="text-xl font-bold">
            {period}
          </h3>
          <p className="text-sm break-words text-muted-foreground">{t('nextDue.group', { number: next.groupNumber, plan: next.planName })}</p>
        </div>
        <StateBadge state={next.state} size="md" />
      </div>
      <p className="mt-3 text-3xl font-bold break-words">{formatPkr(next.amount)}</p>
      <p id={dueId} className="mt-1 text-sm">
        <span>{t('nextDue.dueOn', { date: labels.date(next.dueDate) })}</span>
        <span aria-hidden> · </span>
        <span className={cn('font-semibold', latenessTone)}>{labels.lateness(next.daysLate)}</span>
      </p>
      {isPayable({ status: '', state: next.state }) && (
        <Button asChild size="lg" className="mt-4 w-full sm:w-auto">
          <Link
            to={`/user/payment/${encodeURIComponent(next.paymentId)}`}
            // The payment page reads the month from storage, as after the month card's 'Pay Now'.
            onClick={() => writeSelectedPayment(selectedFromNextDue(next, groups.data))}
            aria-describedby={`${periodId} ${dueId}`}
          >
            <CreditCard aria-hidden />
            {t('nextDue.payNow')}
          </Link>
        </Button>
      )}
    </div>
  );
}

/**
 * Each month whose receipt was refused: which month, the administrator's reason, and what to do (a new
 * receipt; the month is owed until one is approved). The next month's own 'Pay Now' is below it; any
 * other refused month gets its own way to the payment page.
 */
function RefusedReceipts({ refused, nextPaymentId }: { refused: { group: MemberGroup; payment: GroupPayment }[]; nextPaymentId: string | undefined }) {
  const { t } = useTranslation('memberPayments');
  const labels = useMemberPaymentLabels();
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className="mt-3 rounded-xl border-2 border-destructive bg-destructive/10 p-3">
      <h3 id={headingId} className="flex items-center gap-2 font-semibold text-destructive">
        <CircleX className="size-5 shrink-0" aria-hidden />
        {t('nextDue.refused.title', { count: refused.length })}
      </h3>
      <ul className="mt-2 space-y-3">
        {refused.map(({ group, payment }) => (
          <li key={payment.id} className="text-sm">
            <p className="font-semibold break-words">{t('nextDue.refused.month', { period: labels.period(payment.month, payment.year), number: group.groupNumber })}</p>
            {payment.rejectionReason && <p className="break-words">{t('nextDue.refused.reason', { reason: payment.rejectionReason })}</p>}
            <p>{payment.id === nextPaymentId ? t('nextDue.refused.whatToDoBelow') : t('nextDue.refused.whatToDo')}</p>
            {payment.id !== nextPaymentId && (
              <Button asChild size="sm" variant="outline" className="mt-2 w-full sm:w-auto">
                <Link to={`/user/payment/${encodeURIComponent(payment.id)}`} onClick={() => writeSelectedPayment(selectedPaymentOf(group, payment))}>
                  {t('nextDue.refused.sendNew', { period: labels.period(payment.month, payment.year) })}
                </Link>
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A plan bought and not yet decided: that an administrator is checking the payment (or waits for its
 * receipt), for which plan, and what approval brings (RULES §5: a group, and this payment as the first month).
 */
function PlanRequestBeingChecked({ request }: { request: OpenPlanRequest }) {
  const { t } = useTranslation('memberPayments');
  const labels = useMemberPaymentLabels();
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className="mt-3 rounded-xl border-2 border-primary/50 bg-primary-soft p-3 text-sm">
      <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold">
        <Hourglass className="size-5 shrink-0 text-primary" aria-hidden />
        {request.hasReceipt ? t('nextDue.request.checkingTitle') : t('nextDue.request.receiptTitle')}
      </h3>
      <p className="mt-1 break-words">{t('nextDue.request.plan', { plan: request.plan.name, amount: formatPkr(request.amount), date: labels.date(request.createdAt) })}</p>
      <p className="mt-1">{request.hasReceipt ? t('nextDue.request.checking') : t('nextDue.request.sendReceipt')}</p>
      <p className="mt-1">{t('nextDue.request.next')}</p>
    </div>
  );
}

function NothingDue() {
  const { t } = useTranslation('memberPayments');
  return (
    <div className="mt-3">
      <p className="flex items-center gap-2 text-lg font-semibold">
        <CircleCheck className="size-5 shrink-0 text-success" aria-hidden />
        {t('nextDue.nothingDue')}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">{t('nextDue.nothingDueHint')}</p>
    </div>
  );
}

/**
 * Owed now (full width on a phone; framed and named in words when something is owed), Paid and
 * Remaining in your cycle; three in a row on wider screens.
 */
function PositionFigures({ position, counts, amounts }: { position: MemberPosition; counts: SummaryFigures; amounts: SummaryFigures }) {
  const { t } = useTranslation('memberPayments');
  const owes = position.owed.count > 0;
  const overdue = counts.overdue > 0;
  const owedFrame = !owes ? 'border border-border' : overdue ? 'border-2 border-destructive bg-destructive/10' : 'border-2 border-warning bg-warning/10';

  return (
    <>
      <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure
          label={t('nextDue.owedNow')}
          value={position.owed}
          className={cn('col-span-2 sm:col-span-1', owedFrame)}
          badge={owes ? <StateBadge state={overdue ? 'OVERDUE' : 'OWED'} /> : undefined}
          extra={overdue ? <span className="font-semibold text-destructive">{t('nextDue.overdueLine', { count: counts.overdue, amount: formatPkr(amounts.overdue) })}</span> : undefined}
        />
        <Figure label={t('nextDue.paid')} value={position.paid} className="border border-border" />
        <Figure label={t('nextDue.remaining')} value={position.remaining} className="border border-border" />
      </dl>
      {counts.underReview > 0 && (
        <p className="mt-3 flex items-start gap-2 text-sm">
          <Clock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <span>{t('nextDue.underReview', { count: counts.underReview, amount: formatPkr(amounts.underReview) })}</span>
        </p>
      )}
    </>
  );
}

function Figure({ label, value, className, badge, extra }: { label: string; value: CountAndAmount; className?: string; badge?: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation('memberPayments');
  return (
    <div className={cn('min-w-0 rounded-xl p-3', className)}>
      <dt className="flex flex-wrap items-center justify-between gap-2 text-sm font-medium">
        <span>{label}</span>
        {badge}
      </dt>
      <dd className="mt-1 text-lg font-bold break-words sm:text-xl">{formatPkr(value.amount)}</dd>
      <dd className="text-sm text-muted-foreground">{t('nextDue.instalments', { count: value.count })}</dd>
      {extra && <dd className="mt-1 text-sm">{extra}</dd>}
    </div>
  );
}

/**
 * What the payment page needs of the next instalment: the month as My Groups knows it, or, before the
 * groups are read, what the summary says of it (the page reads the group again either way).
 */
export function selectedFromNextDue(next: NextDue, groups: readonly MemberGroup[] | undefined): SelectedPayment {
  const group = groups?.find((candidate) => candidate.id === next.groupId);
  const payment = group?.payments.find((candidate) => candidate.id === next.paymentId);
  if (group && payment) return selectedPaymentOf(group, payment);
  return {
    paymentId: next.paymentId,
    groupId: next.groupId,
    groupNumber: next.groupNumber,
    month: next.month,
    year: next.year,
    amount: next.amount,
    status: next.state === 'OVERDUE' ? 'OVERDUE' : 'PENDING',
    dueDate: next.dueDate,
    paymentDate: null,
    underReview: false,
    receiptUrl: null,
    rejectionReason: null,
    group: { id: next.groupId, groupNumber: next.groupNumber, plan: group?.plan ?? { name: next.planName, monthlyAmount: next.amount, duration: 0, totalAmount: 0 } },
  };
}
