import { useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { fetchMyPlanRequests, fetchPlans, planQueryKeys } from './api.ts';
import { PaymentRequestList } from './payment-requests.tsx';
import { PlanCard } from './plan-card.tsx';
import { isPendingRequest } from './plan-status.ts';

/**
 * Receipt links are signed for 10 minutes (docs/decisions/006-receipt-links.md): the list is read
 * again well before they expire, so 'View Receipt' keeps working on a page left open.
 */
const REQUESTS_REFRESH_MS = 5 * 60_000;

/** The dashboard's Committee Plans tab: the plans to buy, then the member's own requests. */
export function CommitteePlansPanel() {
  const { t } = useTranslation('memberPlans');
  const plansHeadingId = useId();
  const requestsHeadingId = useId();

  const plans = useQuery({ queryKey: planQueryKeys.plans, queryFn: ({ signal }) => fetchPlans(signal) });
  const requests = useQuery({
    queryKey: planQueryKeys.myRequests,
    queryFn: ({ signal }) => fetchMyPlanRequests(signal),
    refetchInterval: REQUESTS_REFRESH_MS,
  });

  const pendingPlanIds = new Set((requests.data ?? []).filter((request) => isPendingRequest(request.status)).map((request) => request.planId ?? request.plan?.id));

  return (
    <div className="space-y-8">
      <section aria-labelledby={plansHeadingId}>
        <h2 id={plansHeadingId} className="text-xl font-semibold">
          {t('panel.title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('panel.subtitle')}</p>
        <div className="mt-4">
          {plans.isPending ? (
            <Spinner label={t('panel.loading')} className="py-6" />
          ) : plans.isError ? (
            <LoadError message={t('panel.loadFailed')} onRetry={() => void plans.refetch()} retrying={plans.isFetching} />
          ) : plans.data.length === 0 ? (
            <EmptyState>{t('panel.empty')}</EmptyState>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {plans.data.map((plan) => (
                <li key={plan.id}>
                  <PlanCard plan={plan} hasPendingRequest={pendingPlanIds.has(plan.id)} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <section aria-labelledby={requestsHeadingId}>
        <h2 id={requestsHeadingId} className="text-xl font-semibold">
          {t('requests.title')}
        </h2>
        <div className="mt-4">
          {requests.isPending ? (
            <Spinner label={t('requests.loading')} className="py-6" />
          ) : requests.isError ? (
            <LoadError message={t('requests.loadFailed')} onRetry={() => void requests.refetch()} retrying={requests.isFetching} />
          ) : requests.data.length === 0 ? (
            <EmptyState>{t('requests.empty')}</EmptyState>
          ) : (
            <PaymentRequestList requests={requests.data} />
          )}
        </div>
      </section>
    </div>
  );
}

function LoadError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation('memberPlans');
  return (
    <Card className="flex flex-col items-start gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
      <p role="alert" className="flex items-center gap-2 font-medium">
        <CircleAlert className="size-5 shrink-0 text-destructive" aria-hidden />
        {message}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        {t('panel.retry')}
      </Button>
    </Card>
  );
}

function EmptyState({ children }: { children: ReactNode }) {
  return <Card className="p-6 text-center text-muted-foreground">{children}</Card>;
}
