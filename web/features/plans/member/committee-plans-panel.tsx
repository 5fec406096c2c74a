import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { fetchMyPlanRequests, fetchPlans, planQueryKeys } from './api.ts';
import { PaymentRequestList } from './payment-requests.tsx';
import { PlanCard } from './plan-card.tsx';
import { usePlanStandings } from './use-plan-standing.ts';
import './catalogue.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';

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

  const standings = usePlanStandings();

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
            <LoadError compact message={t('panel.loadFailed')} onRetry={() => void plans.refetch()} retrying={plans.isFetching} />
          ) : plans.data.length === 0 ? (
            <EmptyState description={t('panel.empty')} />
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {plans.data.map((plan) => (
                <li key={plan.id}>
                  <PlanCard plan={plan} standing={standings.standingOf(plan.id)} />
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
            <LoadError compact message={t('requests.loadFailed')} onRetry={() => void requests.refetch()} retrying={requests.isFetching} />
          ) : requests.data.length === 0 ? (
            <EmptyState description={t('requests.empty')} />
          ) : (
            <PaymentRequestList requests={requests.data} />
          )}
        </div>
      </section>
    </div>
  );
}
