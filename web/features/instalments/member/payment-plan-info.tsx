import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPkr } from '../../../../contract/money.ts';
import { Card } from '../../../components/ui/card.tsx';
import { fetchPlan, planQueryKeys } from '../../plans/member/index.ts';
import type { SelectedPayment } from './selected-payment.ts';

/** Name, monthly payment, duration, max members and description (the last two when the plan can be read). */
export function PlanInfo({ payment }: { payment: SelectedPayment }) {
  const { t } = useTranslation('memberPayments');
  const plan = payment.group.plan;
  const planId = plan.id ?? '';
  // Only the plan's own page knows its size and description; without it the card shows what the group says.
  const details = useQuery({ queryKey: planQueryKeys.plan(planId), queryFn: ({ signal }) => fetchPlan(planId, signal), enabled: planId !== '', retry: false });
  const maxMembers = details.data?.maxMembers;
  const description = details.data?.description;

  const facts = [
    { label: t('page.monthlyPayment'), value: formatPkr(plan.monthlyAmount), strong: true },
    ...(plan.duration > 0 ? [{ label: t('page.duration'), value: t('page.durationMonths', { count: plan.duration }) }] : []),
    ...(maxMembers ? [{ label: t('page.maxMembers'), value: formatCount(maxMembers) }] : []),
    ...(plan.totalAmount > 0 ? [{ label: t('page.totalAmount'), value: formatPkr(plan.totalAmount) }] : []),
  ];

  return (
    <Card className="p-5">
      <p className="text-sm font-medium text-muted-foreground">{t('page.planTitle')}</p>
      <h2 className="mt-1 text-xl font-semibold">{plan.name || details.data?.name}</h2>
      {description && <p className="mt-2 text-sm text-muted-foreground">{description}</p>}
      <dl className="mt-4 grid grid-cols-2 gap-3">
        {facts.map((fact) => (
          <div key={fact.label} className="rounded-lg bg-muted/60 px-3 py-2">
            <dt className="text-xs text-muted-foreground">{fact.label}</dt>
            <dd className={fact.strong ? 'text-base font-bold text-primary' : 'text-sm font-semibold'}>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
