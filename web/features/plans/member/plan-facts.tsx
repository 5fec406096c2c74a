import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPkr } from '../../../../contract/money.ts';
import type { Plan } from './api.ts';
import './catalogue.ts';

/** Monthly amount, total, duration and size of a plan, as a description list. */
export function PlanFacts({ plan }: { plan: Plan }) {
  const { t } = useTranslation('memberPlans');
  const facts = [
    { label: t('plan.monthlyAmount'), value: formatPkr(plan.monthlyAmount), strong: true },
    { label: t('plan.totalAmount'), value: formatPkr(plan.totalAmount) },
    { label: t('plan.duration'), value: t('plan.durationMonths', { count: plan.duration }) },
    { label: t('plan.maxMembers'), value: formatCount(plan.maxMembers) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3">
      {facts.map((fact) => (
        <div key={fact.label} className="rounded-lg bg-muted/60 px-3 py-2">
          <dt className="text-xs text-muted-foreground">{fact.label}</dt>
          <dd className={fact.strong ? 'text-base font-bold text-primary' : 'text-sm font-semibold'}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The plan's benefits, or nothing when it lists none. */
export function PlanBenefits({ benefits, headingLevel = 'h4' }: { benefits: string[]; headingLevel?: 'h3' | 'h4' }) {
  const { t } = useTranslation('memberPlans');
  const list = benefits.filter((benefit) => benefit.trim().length > 0);
  if (list.length === 0) return null;
  const Heading = headingLevel;
  return (
    <div>
      <Heading className="text-sm font-semibold">{t('plan.benefits')}</Heading>
      <ul className="mt-2 space-y-1.5 text-sm">
        {list.map((benefit, index) => (
          <li key={`${index}-${benefit}`} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            <span>{benefit}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
