import { useId } from 'react';
import { Eye, Grid3x3, Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { arrearsPath, type Group } from './api.ts';
import { formatDate } from '../../../lib/format.ts';
import { memberProgress } from './group-rules.ts';
import { Figure } from '../../../components/page-parts.tsx';

export type GroupAction = 'view' | 'edit' | 'toggle' | 'delete';

/** One group on the dashboard (admin document §2 "Group card"). */
export function GroupCard({ group, onAction, busy }: { group: Group; onAction: (action: GroupAction, group: Group) => void; busy?: boolean }) {
  const { t, i18n } = useTranslation('adminCatalog');
  const titleId = useId();
  const progress = memberProgress(group.currentMembers, group.maxMembers);
  const title = t('groups.card.title', { plan: group.plan.name, number: group.groupNumber });
  return (
    <Card role="article" aria-labelledby={titleId} className="flex min-w-0 flex-col p-4 sm:p-5">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="font-semibold break-words">
            {title}
          </h3>
          {group.groupName !== title && <p className="truncate text-sm text-muted-foreground">{group.groupName}</p>}
        </div>
        <Badge tone={group.isActive ? 'success' : 'neutral'}>{group.isActive ? t('common.active') : t('common.inactive')}</Badge>
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label={t('groups.card.planAmount')}>{formatPkr(group.plan.totalAmount)}</Figure>
        <Figure label={t('groups.card.monthlyAmount')}>{formatPkr(group.plan.monthlyAmount)}</Figure>
        <Figure label={t('groups.card.members')}>
          {group.currentMembers}/{group.maxMembers}
        </Figure>
        <Figure label={t('groups.card.startDate')}>{formatDate(group.startDate, i18n.language)}</Figure>
        <Figure label={t('groups.card.endDate')}>{formatDate(group.endDate, i18n.language)}</Figure>
      </dl>

      <div className="mt-4">
        <div className="flex justify-between text-xs text-muted-foreground">
          <span>{t('groups.card.membership')}</span>
          <span>{t('groups.card.percentFull', { n: progress })}</span>
        </div>
        <div
          role="progressbar"
          aria-label={t('groups.card.membershipOf', { name: group.groupName })}
          aria-valuemin={0}
          aria-valuemax={group.maxMembers}
          aria-valuenow={group.currentMembers}
          aria-valuetext={t('groups.card.membersOf', { current: group.currentMembers, max: group.maxMembers })}
          className="mt-1 h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${progress}%` }} />
        </div>
      </div>

      {/* Instalment counts in the words of RULES §6a. */}
      <dl className="mt-4 grid grid-cols-2 gap-3 rounded-xl bg-muted/50 p-3 sm:grid-cols-4">
        <Figure label={t('groups.card.totalPending')} className="[&_dt]:whitespace-normal">
          {group.summary.totalPending}
        </Figure>
        <Figure label={t('groups.card.totalPaid')}>{group.summary.totalPaid}</Figure>
        <Figure label={t('groups.card.thisMonthPaid')}>{group.summary.thisMonthPaid}</Figure>
        <Figure label={t('groups.card.thisMonthRemaining')}>{group.summary.thisMonthRemaining}</Figure>
      </dl>
      <p className="mt-2 text-xs text-muted-foreground">{t('groups.card.pendingMeans')}</p>

      <div className="mt-4 flex flex-wrap gap-2 [&>*]:flex-[1_1_9rem] [&>*]:whitespace-nowrap">
        <Button variant="outline" onClick={() => onAction('view', group)}>
          <Eye aria-hidden />
          {t('groups.card.view')}
        </Button>
        <Button variant="outline" asChild>
          <Link to={arrearsPath(group.id)} aria-label={t('groups.card.arrearsOf', { group: title })}>
            <Grid3x3 aria-hidden />
            {t('groups.card.arrears')}
          </Link>
        </Button>
        <Button variant="outline" onClick={() => onAction('edit', group)}>
          <Pencil aria-hidden />
          {t('groups.card.edit')}
        </Button>
        <Button variant="outline" onClick={() => onAction('toggle', group)} disabled={busy} aria-busy={busy}>
          {group.isActive ? <PowerOff aria-hidden /> : <Power aria-hidden />}
          {group.isActive ? t('common.deactivate') : t('common.activate')}
        </Button>
        <Button variant="outline" className="text-destructive" onClick={() => onAction('delete', group)}>
          <Trash2 aria-hidden />
          {t('common.delete')}
        </Button>
      </div>
    </Card>
  );
}
