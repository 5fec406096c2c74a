import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import type { Plan } from './api.ts';
import { formatDate } from '../../../lib/format.ts';
import { packageLabelKey } from './plan-rules.ts';
import { Figure } from '../../../components/page-parts.tsx';

/** Everything about one plan, with every benefit (the card shows at most 4). */
export function PlanDetailsDialog({ plan, onOpenChange, onEdit }: { plan: Plan | null; onOpenChange: (open: boolean) => void; onEdit: (plan: Plan) => void }) {
  const { t, i18n } = useTranslation('adminCatalog');
  return (
    <Dialog open={plan !== null} onOpenChange={onOpenChange} title={t('plans.details.title')} className="sm:max-w-2xl">
      {plan && (
        <div className="space-y-5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="text-xl font-semibold break-words">{plan.name}</h3>
              <p className="text-sm text-muted-foreground">{t(`plans.packageLabels.${packageLabelKey(plan.packageType)}`)}</p>
            </div>
            <Badge tone={plan.isActive ? 'success' : 'neutral'}>{plan.isActive ? t('common.active') : t('common.inactive')}</Badge>
          </div>
          {plan.description && <p className="text-sm whitespace-pre-line">{plan.description}</p>}
          <dl className="grid grid-cols-2 gap-3 rounded-xl bg-muted/50 p-3 sm:grid-cols-3">
            <Figure label={t('plans.card.monthly')}>{formatPkr(plan.monthlyAmount)}</Figure>
            <Figure label={t('plans.card.total')}>{formatPkr(plan.totalAmount)}</Figure>
            <Figure label={t('plans.card.duration')}>{t('plans.card.months', { n: plan.duration })}</Figure>
            <Figure label={t('plans.card.maxMembers')}>{plan.maxMembers}</Figure>
            <Figure label={t('plans.details.groups')}>{plan.groupCount}</Figure>
            <Figure label={t('plans.details.members')}>{plan.currentMembers}</Figure>
            <Figure label={t('plans.details.created')}>{formatDate(plan.createdAt, i18n.language)}</Figure>
            {plan.creator && <Figure label={t('plans.details.createdBy')}>{plan.creator.name}</Figure>}
          </dl>
          <div>
            <h4 className="text-sm font-medium">{t('plans.card.benefits')}</h4>
            {plan.benefits.length === 0 ? (
              <p className="mt-1 text-sm text-muted-foreground">{t('plans.details.noBenefits')}</p>
            ) : (
              <ul className="mt-2 space-y-1.5 text-sm">
                {plan.benefits.map((benefit, index) => (
                  <li key={index} className="flex items-start gap-2">
                    <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                    <span className="min-w-0 break-words">{benefit}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{t('common.close')}</Button>
            </DialogClose>
            <Button onClick={() => onEdit(plan)}>{t('plans.card.edit')}</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
