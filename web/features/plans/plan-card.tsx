import { useId } from 'react';
import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import type { Plan } from './api.ts';
import { usePlanLabels } from './labels.ts';
import { PlanBenefits, PlanFacts } from './plan-facts.tsx';

/**
 * One plan on the Committee Plans tab (member document §2). With a pending request of this
 * member it says so and cannot be bought again until an admin has decided.
 */
export function PlanCard({ plan, hasPendingRequest }: { plan: Plan; hasPendingRequest: boolean }) {
  const { t } = useTranslation('memberPlans');
  const labels = usePlanLabels();
  const titleId = useId();
  const noticeId = useId();

  return (
    <Card className="flex h-full flex-col p-5" role="article" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="text-lg font-semibold">
          {plan.name}
        </h3>
        <div className="flex flex-wrap gap-1.5">
          <Badge tone="info">{labels.packageType(plan.packageType)}</Badge>
          {hasPendingRequest && <Badge tone="warning">{t('panel.paymentPending')}</Badge>}
        </div>
      </div>
      {plan.description && <p className="mt-2 text-sm text-muted-foreground">{plan.description}</p>}
      <div className="mt-4">
        <PlanFacts plan={plan} />
      </div>
      <div className="mt-4 flex-1">
        <PlanBenefits benefits={plan.benefits ?? []} />
      </div>
      <div className="mt-5">
        {hasPendingRequest ? (
          <>
            <p id={noticeId} className="mb-3 flex items-start gap-2 rounded-lg bg-warning/10 p-3 text-sm text-foreground">
              <Clock className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
              <span>{t('panel.underReview')}</span>
            </p>
            <Button className="w-full" disabled aria-describedby={noticeId}>
              {t('panel.requestPending')}
            </Button>
          </>
        ) : (
          <Button asChild className="w-full">
            <Link to={`/user/subscribe/${encodeURIComponent(plan.id)}`} aria-label={t('panel.subscribeLabel', { name: plan.name })}>
              {t('panel.subscribe')}
            </Link>
          </Button>
        )}
      </div>
    </Card>
  );
}
