import { useId } from 'react';
import { CircleCheck, EllipsisVertical, Eye, Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { MenuContent, MenuItem, MenuSeparator } from '../../../components/ui/menu.tsx';
import type { Plan } from './api.ts';
import { cardBenefits, packageLabelKey } from './plan-rules.ts';
import { Figure } from '../../../components/page-parts.tsx';

export type PlanAction = 'view' | 'edit' | 'toggle' | 'delete';

/** One plan in the grid: figures, at most 4 benefits, and its menu (admin document §2 "Committee Plans"). */
export function PlanCard({ plan, onAction }: { plan: Plan; onAction: (action: PlanAction, plan: Plan) => void }) {
  const { t } = useTranslation('adminCatalog');
  const titleId = useId();
  const { shown, more } = cardBenefits(plan.benefits);
  return (
    <Card role="article" aria-labelledby={titleId} className="flex min-w-0 flex-col p-5">
      <div className="flex items-start gap-2">
        <h2 id={titleId} className="min-w-0 flex-1 text-lg font-semibold break-words">
          {plan.name}
        </h2>
        {/* Not modal: the items open dialogs, which must get focus next. */}
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger asChild>
            <Button variant="ghost" size="icon" className="-me-2 -mt-2 shrink-0" aria-label={t('plans.card.actions', { name: plan.name })}>
              <EllipsisVertical aria-hidden />
            </Button>
          </DropdownMenu.Trigger>
          <MenuContent>
            <MenuItem onSelect={() => onAction('view', plan)}>
              <Eye aria-hidden />
              {t('plans.card.viewDetails')}
            </MenuItem>
            <MenuItem onSelect={() => onAction('edit', plan)}>
              <Pencil aria-hidden />
              {t('plans.card.edit')}
            </MenuItem>
            <MenuItem onSelect={() => onAction('toggle', plan)}>
              {plan.isActive ? <PowerOff aria-hidden /> : <Power aria-hidden />}
              {plan.isActive ? t('common.deactivate') : t('common.activate')}
            </MenuItem>
            <MenuSeparator />
            <MenuItem onSelect={() => onAction('delete', plan)} className="text-destructive [&_svg]:text-destructive">
              <Trash2 aria-hidden />
              {t('common.delete')}
            </MenuItem>
          </MenuContent>
        </DropdownMenu.Root>
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted-foreground">{t(`plans.packageLabels.${packageLabelKey(plan.packageType)}`)}</span>
        <Badge tone={plan.isActive ? 'success' : 'neutral'}>{plan.isActive ? t('common.active') : t('common.inactive')}</Badge>
      </div>

      {plan.description && <p className="mt-2 line-clamp-2 text-sm text-muted-foreground">{plan.description}</p>}

      <dl className="mt-4 grid grid-cols-2 gap-3 rounded-xl bg-muted/50 p-3">
        <Figure label={t('plans.card.monthly')}>{formatPkr(plan.monthlyAmount)}</Figure>
        <Figure label={t('plans.card.total')}>{formatPkr(plan.totalAmount)}</Figure>
        <Figure label={t('plans.card.duration')}>{t('plans.card.months', { n: plan.duration })}</Figure>
        <Figure label={t('plans.card.maxMembers')}>{plan.maxMembers}</Figure>
      </dl>

      {shown.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-medium">{t('plans.card.benefits')}</h3>
          <ul className="mt-2 space-y-1.5 text-sm">
            {shown.map((benefit, index) => (
              <li key={index} className="flex items-start gap-2">
                <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                <span className="min-w-0 break-words">{benefit}</span>
              </li>
            ))}
          </ul>
          {more > 0 && <p className="mt-2 text-sm font-medium text-primary">{t('plans.card.moreBenefits', { n: more })}</p>}
        </div>
      )}
    </Card>
  );
}
