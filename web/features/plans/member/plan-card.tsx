import { useId } from 'react';
import { CircleCheck, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { dashboardLink } from '../../member-frame/index.ts';
import type { Plan } from './api.ts';
import { usePlanLabels } from './labels.ts';
import { PlanBenefits, PlanFacts } from './plan-facts.tsx';
import type { PlanStanding } from './plan-status.ts';
import './catalogue.ts';

/**
 * One plan on the Committee Plans tab (member document §2). With a pending request of this
 * member it says so and cannot be bought again until an admin has decided; a plan the member has
 * joined says so and leads to their group instead of offering a second subscription.
 */
export function PlanCard({ plan, standing }: { plan: Plan; standing: PlanStanding }) {
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
          {standing.kind === 'pending' && <Badge tone="warning">{t('panel.paymentPending')}</Badge>}
          {standing.kind === 'joined' && <Badge tone="success">{t('panel.joined')}</Badge>}
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
        {standing.kind === 'joined' ? (
          <>
            <p className="mb-3 flex items-start gap-2 rounded-lg bg-success/10 p-3 text-sm text-foreground">
              <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
              <span>{t('panel.joinedNotice', { number: standing.groupNumber })}</span>
            </p>
            <Button asChild variant="outline" className="w-full">
              <Link to={dashboardLink('groups', standing.groupId)}>{t('panel.viewMyGroups')}</Link>
            </Button>
          </>
        ) : standing.kind === 'pending' ? (
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
