import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Clock } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dashboardLink, MemberPageLayout } from '../../member-frame/index.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ReceiptField } from '../../../components/receipt-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, getErrorMessage, UnreadableAnswerError } from '../../../lib/api-client.ts';
import { formatPkr } from '../../../../contract/money.ts';
import { notify } from '../../../lib/toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  fetchActiveBankAccounts,
  fetchPlan,
  isAlreadyPendingError,
  planQueryKeys,
  subscribeToPlan,
  type BankAccount,
  type Plan,
  type SubscribeInput,
} from './api.ts';
import { BankAccountChoice } from './bank-account-choice.tsx';
import { usePlanLabels } from './labels.ts';
import { PlanBenefits, PlanFacts } from './plan-facts.tsx';
import type { PlanStanding } from './plan-status.ts';
import { checkReceiptFile, type ReceiptProblem } from '../../../lib/receipt-file.ts';
import { findTransferProblems, isTransferProblem, noTransferDetails, type TransferDetailsInput, type TransferProblem } from '../../../lib/transfer-details.ts';
import { usePlanStandings } from './use-plan-standing.ts';
import { AccountsCard, SendButton, TransferDetailsFields, TransferSteps, useTransferForm } from './transfer-form.tsx';
import './catalogue.ts';

/** After 'Request Already Pending' the member is taken back to the dashboard (member document §8). */
export const ALREADY_PENDING_REDIRECT_MS = 2_000;

/** What keeps the form from being sent, in the order the member meets the fields (member document §5). */
export type SubscribeProblem = 'account' | 'amount' | TransferProblem | ReceiptProblem;

export function findSubscribeProblems(input: {
  bankAccountId: string;
  monthlyAmount: number | null | undefined;
  receipt: File | null;
  transfer?: TransferDetailsInput;
  today?: string;
}): SubscribeProblem[] {
  const problems: SubscribeProblem[] = [];
  if (!input.bankAccountId) problems.push('account');
  const amount = input.monthlyAmount;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) problems.push('amount');
  problems.push(...findTransferProblems(input.transfer ?? noTransferDetails, input.today));
  const receiptProblem = checkReceiptFile(input.receipt);
  if (receiptProblem) problems.push(receiptProblem);
  return problems;
}

/** A plan id the server does not know (or will not show) is answered 404; a malformed one may be 400. */
function isPlanMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** /user/subscribe/:planId: buying a plan by bank transfer with a receipt (member document §2). */
export function SubscribePage() {
  const { t } = useTranslation('memberPlans');
  useDocumentTitle(t('subscribe.pageTitle'));
  const { planId = '' } = useParams();

  const plan = useQuery({ queryKey: planQueryKeys.plan(planId), queryFn: ({ signal }) => fetchPlan(planId, signal), enabled: planId !== '' });
  const accounts = useQuery({ queryKey: planQueryKeys.bankAccounts, queryFn: ({ signal }) => fetchActiveBankAccounts(signal) });
  const standings = usePlanStandings();
  const standing = standings.standingOf(planId);

  let content;
  if (!planId || (plan.isError && isPlanMissing(plan.error))) {
    content = <PlanNotFound />;
  } else if (plan.isPending) {
    content = <Spinner label={t('subscribe.loading')} className="py-10" />;
  } else if (plan.isError) {
    const message = plan.error instanceof UnreadableAnswerError ? t('subscribe.planMissing') : getErrorMessage(plan.error, t('subscribe.loadFailed'));
    content = <LoadProblem message={message} onRetry={() => void plan.refetch()} retrying={plan.isFetching} />;
  } else {
    content = (
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <PlanInfo plan={plan.data} />
          <Instructions amount={plan.data.monthlyAmount} />
        </div>
        <div>
          {!standings.known ? (
            <Spinner label={t('subscribe.loading')} className="py-6" />
          ) : standing.kind !== 'open' ? (
            // Joined or waiting for review: a second subscription would be a second payment.
            <AlreadyTaken standing={standing} />
          ) : accounts.isPending ? (
            <Spinner label={t('subscribe.loading')} className="py-6" />
          ) : accounts.isError ? (
            <LoadProblem
              message={getErrorMessage(accounts.error, t('subscribe.bankAccountsFailed'))}
              onRetry={() => void accounts.refetch()}
              retrying={accounts.isFetching}
            />
          ) : accounts.data.length === 0 ? (
            <NoBankAccounts />
          ) : (
            <SubscribeForm plan={plan.data} accounts={accounts.data} />
          )}
        </div>
      </div>
    );
  }

  return <MemberPageLayout title={t('subscribe.title')}>{content}</MemberPageLayout>;
}

function PlanInfo({ plan }: { plan: Plan }) {
  const { t } = useTranslation('memberPlans');
  const labels = usePlanLabels();
  return (
    <Card className="p-5">
      <p className="text-sm font-medium text-muted-foreground">{t('subscribe.planDetails')}</p>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">{plan.name}</h2>
        <Badge tone="info">{labels.packageType(plan.packageType)}</Badge>
      </div>
      {plan.description && <p className="mt-2 text-sm text-muted-foreground">{plan.description}</p>}
      <div className="mt-4">
        <PlanFacts plan={plan} />
      </div>
      <div className="mt-4">
        <PlanBenefits benefits={plan.benefits ?? []} headingLevel="h3" />
      </div>
    </Card>
  );
}

function Instructions({ amount }: { amount: number }) {
  const { t } = useTranslation('memberPlans');
  const steps = [t('subscribe.steps.select'), t('subscribe.steps.transfer', { amount: formatPkr(amount) }), t('subscribe.steps.upload'), t('subscribe.steps.submit')];
  return <TransferSteps title={t('subscribe.instructionsTitle')} steps={steps} warning={t('subscribe.sameAccountWarning')} />;
}

function SubscribeForm({ plan, accounts }: { plan: Plan; accounts: BankAccount[] }) {
  const { t } = useTranslation('memberPlans');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useTransferForm(
    ({ bankAccountId, receipt, transfer }) => findSubscribeProblems({ bankAccountId, monthlyAmount: plan.monthlyAmount, receipt, transfer }),
    (problem) => t(`receipt.${problem}`),
  );
  const [progress, setProgress] = useState<number | null>(null);
  const [alreadyPending, setAlreadyPending] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const submit = useMutation({
    mutationFn: (input: SubscribeInput) => subscribeToPlan(input, setProgress),
    onSettled: () => setProgress(null),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: planQueryKeys.myRequests });
      notify.success(t('subscribe.success'));
      navigate('/dashboard');
    },
    onError: (error) => {
      if (isAlreadyPendingError(error)) {
        setAlreadyPending(true);
        // The requests are read again only on the way out: read now, they would replace this form
        // (and its notice and timer) with the plan's 'under review' state before the member reads it.
        redirectTimer.current = setTimeout(() => {
          void queryClient.invalidateQueries({ queryKey: planQueryKeys.myRequests });
          navigate('/dashboard');
        }, ALREADY_PENDING_REDIRECT_MS);
        return;
      }
      form.setFormError(getErrorMessage(error, t('subscribe.submitFailed')));
    },
  });

  const busy = submit.isPending || alreadyPending;

  function problemText(problem: SubscribeProblem): string {
    if (problem === 'account') return t('subscribe.accountRequired');
    if (problem === 'amount') return t('subscribe.amountInvalid');
    if (isTransferProblem(problem)) return t(`transfer.problems.${problem}`);
    return t(`receipt.${problem}`);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const receipt = form.readyReceipt(problemText);
    if (receipt) submit.mutate({ plan, bankAccountId: form.bankAccountId, receipt, transfer: form.transfer });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-busy={submit.isPending || undefined}>
      {alreadyPending && (
        <div role="alert" className="rounded-xl border border-warning/50 bg-warning/10 p-4">
          <p className="flex items-center gap-2 font-semibold">
            <Clock className="size-5 shrink-0 text-warning" aria-hidden />
            {t('subscribe.alreadyPendingTitle')}
          </p>
          <p className="mt-1 text-sm">{t('subscribe.alreadyPendingMessage')}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t('subscribe.redirecting')}</p>
        </div>
      )}
      <FormAlert message={form.formError} />

      <AccountsCard title={t('subscribe.bankAccounts')} hint={t('subscribe.bankAccountsHint')}>
        {(names) => <BankAccountChoice accounts={accounts} value={form.bankAccountId} onChange={form.chooseAccount} disabled={busy} {...names} />}
      </AccountsCard>

      <Card className="space-y-5 p-5">
        <div className="rounded-lg bg-primary-soft p-4">
          <p className="text-sm text-muted-foreground">{t('subscribe.firstPayment')}</p>
          <p className="text-2xl font-bold text-primary">{formatPkr(plan.monthlyAmount)}</p>
          <p className="mt-1 text-xs text-muted-foreground">{t('subscribe.firstPaymentHint')}</p>
        </div>

        <TransferDetailsFields value={form.transfer} onChange={form.changeTransfer} problems={form.problems} disabled={busy} />

        <ReceiptField
          label={t('subscribe.receiptLabel')}
          hint={t('receipt.hint')}
          file={form.receipt}
          error={form.receiptError}
          disabled={busy}
          progress={submit.isPending ? (progress ?? 0) : null}
          onChange={form.chooseReceipt}
        />

        <SendButton
          label={t('subscribe.submit')}
          sendingLabel={t('subscribe.submitting')}
          sending={submit.isPending}
          busy={busy}
          blocked={form.problems.length > 0}
          missing={form.missing.map(problemText)}
        />
      </Card>
    </form>
  );
}

function AlreadyTaken({ standing }: { standing: Exclude<PlanStanding, { kind: 'open' }> }) {
  const { t } = useTranslation('memberPlans');
  const joined = standing.kind === 'joined';
  const Icon = joined ? CircleCheck : Clock;
  return (
    <Card className="p-6" role="status">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Icon className={joined ? 'size-5 shrink-0 text-success' : 'size-5 shrink-0 text-warning'} aria-hidden />
        {joined ? t('subscribe.joinedTitle') : t('subscribe.requestUnderReviewTitle')}
      </h2>
      <p className="mt-2 text-muted-foreground">{joined ? t('subscribe.joinedMessage', { number: standing.groupNumber }) : t('panel.underReview')}</p>
      <Button asChild className="mt-5">
        {joined ? (
          <Link to={dashboardLink('groups', standing.groupId)}>{t('panel.viewMyGroups')}</Link>
        ) : (
          <Link to={dashboardLink('plans')}>{t('panel.viewMyRequests')}</Link>
        )}
      </Button>
    </Card>
  );
}

function PlanNotFound() {
  const { t } = useTranslation('memberPlans');
  return (
    <Card className="mx-auto max-w-md p-8 text-center">
      <h2 className="text-xl font-semibold">{t('subscribe.notFoundTitle')}</h2>
      <p className="mt-2 text-muted-foreground">{t('subscribe.notFoundMessage')}</p>
      <Button asChild className="mt-6">
        <Link to="/dashboard">{t('subscribe.backToHome')}</Link>
      </Button>
    </Card>
  );
}

function NoBankAccounts() {
  const { t } = useTranslation('memberPlans');
  return (
    <Card className="p-6 text-center" role="status">
      <h2 className="text-lg font-semibold">{t('subscribe.noBankAccountsTitle')}</h2>
      <p className="mt-2 text-muted-foreground">{t('subscribe.noBankAccountsMessage')}</p>
    </Card>
  );
}

function LoadProblem({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation('memberPlans');
  return (
    <Card className="flex flex-col items-start gap-3 p-5">
      <p role="alert" className="flex items-center gap-2 font-medium">
        <CircleAlert className="size-5 shrink-0 text-destructive" aria-hidden />
        {message}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        {t('subscribe.retry')}
      </Button>
    </Card>
  );
}
