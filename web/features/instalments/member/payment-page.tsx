import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MemberPageLayout } from '../../member-frame/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatPkr } from '../../../../contract/money.ts';
import { notify } from '../../../lib/toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { memberPaymentKeys, submitInstalment, type InstalmentInput } from './api.ts';
import { useMemberPaymentLabels } from './labels.ts';
import { GroupPaymentBadges } from './parts.tsx';
import { useMyGroups } from './queries.ts';
import { instalmentNotes, isPaid, isPayable } from './rules.ts';
import { readSelectedPayment, writeSelectedPayment, type SelectedPayment } from './selected-payment.ts';
import {
  AccountsCard,
  BankAccountChoice,
  fetchActiveBankAccounts,
  PaymentReference,
  planQueryKeys,
  SendButton,
  TransferDetailsFields,
  TransferSteps,
  useTransferForm,
  type BankAccount,
} from '../../plans/member/index.ts';
import './screens-catalogue.ts';
import { ReceiptField } from '../../../components/receipt-field.tsx';
import { checkReceiptFile, type ReceiptProblem } from '../../../lib/receipt-file.ts';
import { findTransferProblems, isTransferProblem, noTransferDetails, type TransferDetailsInput, type TransferProblem } from '../../../lib/transfer-details.ts';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { PlanInfo } from './payment-plan-info.tsx';
import { CompletedCard, NotPayableCard, SubmittedCard, UnderReviewCard } from './payment-state-cards.tsx';

/** What keeps a monthly payment from being sent (member document §5 "Monthly payment page"), in form order. */
export type MonthlyPaymentProblem = 'account' | 'amount' | TransferProblem | ReceiptProblem;

export function findMonthlyPaymentProblems(input: { bankAccountId: string; amount: number; receipt: File | null; transfer?: TransferDetailsInput; today?: string }): MonthlyPaymentProblem[] {
  const problems: MonthlyPaymentProblem[] = [];
  if (!input.bankAccountId) problems.push('account');
  if (!Number.isFinite(input.amount) || input.amount <= 0) problems.push('amount');
  problems.push(...findTransferProblems(input.transfer ?? noTransferDetails, input.today));
  const receiptProblem = checkReceiptFile(input.receipt);
  if (receiptProblem) problems.push(receiptProblem);
  return problems;
}

/**
 * /user/payment/:paymentId: one month's payment (member document §2). The month comes from the
 * payload the dashboard's 'Pay Now' stored; without one the member goes back to the dashboard.
 */
export function PaymentPage() {
  const { t } = useTranslation('memberPayments');
  useDocumentTitle(t('page.pageTitle'));
  const { paymentId = '' } = useParams();
  const stored = useMemo(() => readSelectedPayment(paymentId), [paymentId]);

  let content: ReactNode;
  if (stored.kind === 'missing') content = <BackToDashboard />;
  else if (stored.kind === 'empty') content = <PaymentNotFound />;
  else content = <PaymentDetails key={stored.payment.paymentId} stored={stored.payment} />;

  return <MemberPageLayout title={t('page.title')}>{content}</MemberPageLayout>;
}

/** Nothing stored for this page: 'Failed to load payment details', then the dashboard. */
function BackToDashboard() {
  const { t } = useTranslation('memberPayments');
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return; // Development mode runs effects twice: one message, one redirect.
    done.current = true;
    notify.error(t('page.loadFailed'));
    navigate('/dashboard', { replace: true });
  }, [navigate, t]);
  return <Spinner label={t('page.redirecting')} className="py-6" />;
}

function PaymentNotFound() {
  const { t } = useTranslation('memberPayments');
  return (
    <Card className="mx-auto max-w-md p-8 text-center">
      <h2 className="text-xl font-semibold">{t('page.notFoundTitle')}</h2>
      <p className="mt-2 text-muted-foreground">{t('page.notFoundMessage')}</p>
      <Button asChild className="mt-6">
        <Link to="/dashboard">{t('page.backToDashboard')}</Link>
      </Button>
    </Card>
  );
}

function PaymentDetails({ stored }: { stored: SelectedPayment }) {
  const { t } = useTranslation('memberPayments');
  const labels = useMemberPaymentLabels();
  const [submitted, setSubmitted] = useState(false);

  // The stored payload may be old: the group is read again for the month's current state and a fresh receipt link.
  const groups = useMyGroups();
  const freshGroup = groups.data?.find((group) => group.id === stored.groupId);
  const freshPayment = freshGroup?.payments.find((payment) => payment.id === stored.paymentId);
  const payment: SelectedPayment = freshPayment
    ? {
        ...stored,
        amount: freshPayment.amount,
        status: freshPayment.status,
        underReview: Boolean(freshPayment.underReview),
        paymentDate: freshPayment.paymentDate ?? null,
        receiptUrl: freshPayment.receiptUrl ?? null,
        rejectionReason: freshPayment.rejectionReason ?? null,
        dueDate: freshPayment.dueDate ?? stored.dueDate,
        group: { ...stored.group, plan: freshGroup?.plan ?? stored.group.plan },
      }
    : stored;

  // The member's groups do not hold this month (any more): there is nothing to pay here.
  if (groups.isSuccess && !freshPayment) return <PaymentNotFound />;

  const period = labels.period(payment.month, payment.year);
  const payable = !submitted && isPayable(payment);

  let side: ReactNode;
  if (submitted) side = <SubmittedCard />;
  else if (isPaid(payment)) side = <CompletedCard payment={payment} />;
  else if (payment.underReview) side = <UnderReviewCard />;
  else if (!payable) side = <NotPayableCard payment={payment} />;

  return (
    <div className="space-y-6">
      <p className="-mt-4 text-lg font-medium text-muted-foreground">{t('page.subtitle', { number: payment.groupNumber, period })}</p>
      {groups.isError && <LoadError compact message={t('page.groupLoadFailed')} onRetry={() => void groups.refetch()} retrying={groups.isFetching} />}
      {payable ? (
        <MonthlyPaymentForm payment={payment} reference={freshPayment?.paymentReference} onSubmitted={() => setSubmitted(true)} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <PlanInfo payment={payment} />
          <div>{side}</div>
        </div>
      )}
    </div>
  );
}

function MonthlyPaymentForm({ payment, reference, onSubmitted }: { payment: SelectedPayment; reference: string | undefined; onSubmitted: () => void }) {
  const { t } = useTranslation('memberPayments');
  const { t: plans } = useTranslation('memberPlans');
  const labels = useMemberPaymentLabels();
  const queryClient = useQueryClient();
  const accounts = useQuery({ queryKey: planQueryKeys.bankAccounts, queryFn: ({ signal }) => fetchActiveBankAccounts(signal) });
  const form = useTransferForm(
    ({ bankAccountId, receipt, transfer }) => findMonthlyPaymentProblems({ bankAccountId, amount: payment.amount, receipt, transfer }),
    (problem) => t(`page.receipt.${problem}`),
  );
  const [progress, setProgress] = useState<number | null>(null);

  const submit = useMutation({
    mutationFn: (input: InstalmentInput) => submitInstalment(input, setProgress),
    onSettled: () => setProgress(null),
    onSuccess: () => {
      // A reload of this page now shows 'Under review' rather than the form again.
      writeSelectedPayment({ ...payment, underReview: true });
      void queryClient.invalidateQueries({ queryKey: memberPaymentKeys.all });
      onSubmitted();
    },
    // 409 'Payment already exists for this month.' and 400 answers say what is wrong: shown as they come.
    onError: (error) => form.setFormError(getErrorMessage(error, t('page.submitFailed'), t('page.submitUnexpected'))),
  });

  const busy = submit.isPending;

  function problemText(problem: MonthlyPaymentProblem): string {
    if (problem === 'account') return t('page.accountRequired');
    if (problem === 'amount') return t('page.amountInvalid');
    if (isTransferProblem(problem)) return plans(`transfer.problems.${problem}`);
    return t(`page.receipt.${problem}`);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const receipt = form.readyReceipt(problemText);
    if (!receipt) return;
    submit.mutate({
      groupId: payment.groupId,
      amount: payment.amount,
      month: payment.month,
      year: payment.year,
      paymentMethod: 'bank_transfer',
      bankAccountId: form.bankAccountId,
      notes: instalmentNotes(payment.groupNumber, payment.month, payment.year),
      receipt,
      transfer: form.transfer,
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6 lg:grid-cols-2" aria-busy={busy || undefined}>
      <div className="space-y-6">
        <PlanInfo payment={payment} />
        <AccountsCard title={t('page.bankAccounts')} hint={t('page.bankAccountsHint')}>
          {(names) => <BankAccounts query={accounts} value={form.bankAccountId} onChange={form.chooseAccount} disabled={busy} {...names} />}
        </AccountsCard>
        {reference && <PaymentReference reference={reference} />}
      </div>

      <div className="space-y-6">
        <Instructions amount={payment.amount} />
        <Card className="space-y-5 p-5">
          <FormAlert message={form.formError} />
          <div className="rounded-lg bg-primary-soft p-4">
            <p className="text-sm text-muted-foreground">{t('page.amountToPay')}</p>
            <p className="text-2xl font-bold text-primary">{formatPkr(payment.amount)}</p>
            {payment.dueDate && <p className="mt-1 text-xs text-muted-foreground">{t('page.dueOn', { date: labels.date(payment.dueDate) })}</p>}
            <div className="mt-2">
              <GroupPaymentBadges status={payment.status} underReview={payment.underReview} />
            </div>
            {payment.rejectionReason && (
              <p className="mt-2 text-sm">
                <span className="font-semibold text-destructive">{t('page.rejectionReason')}: </span>
                {payment.rejectionReason}
              </p>
            )}
          </div>

          <TransferDetailsFields value={form.transfer} onChange={form.changeTransfer} problems={form.problems} disabled={busy} />

          <ReceiptField
            label={t('page.receiptLabel')}
            hint={t('page.receiptHint')}
            file={form.receipt}
            error={form.receiptError}
            disabled={busy}
            progress={busy ? (progress ?? 0) : null}
            onChange={form.chooseReceipt}
          />

          <SendButton
            label={t('page.submit')}
            sendingLabel={t('page.submitting')}
            sending={busy}
            busy={busy}
            blocked={form.problems.length > 0}
            missing={form.missing.map(problemText)}
          />
        </Card>
      </div>
    </form>
  );
}

function BankAccounts(props: {
  query: { isPending: boolean; isError: boolean; isFetching: boolean; error: unknown; data: BankAccount[] | undefined; refetch: () => unknown };
  value: string;
  onChange: (id: string) => void;
  disabled: boolean;
  labelledBy: string;
  describedBy: string;
}) {
  const { t } = useTranslation('memberPayments');
  const { query } = props;
  if (query.isPending) return <Spinner label={t('page.bankAccountsLoading')} className="py-4" />;
  if (query.isError || !query.data) {
    return <LoadError compact message={getErrorMessage(query.error, t('page.bankAccountsFailed'))} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  if (query.data.length === 0) {
    return (
      <div role="status" className="rounded-lg bg-muted/60 p-4 text-center">
        <p className="font-semibold">{t('page.noBankAccountsTitle')}</p>
        <p className="mt-1 text-sm text-muted-foreground">{t('page.noBankAccountsMessage')}</p>
      </div>
    );
  }
  return (
    <BankAccountChoice
      accounts={query.data}
      value={props.value}
      onChange={props.onChange}
      disabled={props.disabled}
      labelledBy={props.labelledBy}
      describedBy={props.describedBy}
    />
  );
}

function Instructions({ amount }: { amount: number }) {
  const { t } = useTranslation('memberPayments');
  const steps = [t('page.steps.select'), t('page.steps.transfer', { amount: formatPkr(amount) }), t('page.steps.upload'), t('page.steps.submit')];
  return <TransferSteps title={t('page.instructionsTitle')} steps={steps} warning={t('page.sameAccountWarning')} />;
}
