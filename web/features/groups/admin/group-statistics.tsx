import { Grid3x3 } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { Figure } from '../../../components/page-parts.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { arrearsPath, type GroupDetails } from './api.ts';
import { GroupCollectionChart } from './group-collection-chart.tsx';

/** The group's arrears grid (members down, months across), on its own page where it has room. */
export function ArrearsLink({ group }: { group: GroupDetails }) {
  const { t } = useTranslation('adminCatalog');
  return (
    <Button variant="outline" asChild className="w-full sm:w-auto">
      <Link to={arrearsPath(group.id)}>
        <Grid3x3 aria-hidden />
        {t('groups.details.openArrears')}
      </Link>
    </Button>
  );
}

/**
 * The group's figures in the words of RULES §6a, as the server counted them: total = paid + pending,
 * pending = under review or owed (never a future month), overdue = owed after the grace day, collected,
 * money due so far, and the collection rate = paid ÷ due so far.
 */
export function Statistics({ group }: { group: GroupDetails }) {
  const { t } = useTranslation('adminCatalog');
  const s = group.stats;
  const counts = [
    ['totalPayments', s.totalPayments],
    ['paidPayments', s.paidPayments],
    ['pendingPayments', s.pendingPayments],
    ['overduePayments', s.overduePayments],
  ] as const;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {counts.map(([key, value]) => (
          <div key={key} className="rounded-xl border border-border p-3">
            <dt className="text-sm font-medium text-muted-foreground">{t(`groups.stats.${key}`)}</dt>
            <dd className="text-xl font-bold tabular-nums">{value}</dd>
            <dd className="mt-1 text-xs text-muted-foreground">{t(`groups.stats.hints.${key}`)}</dd>
          </div>
        ))}
      </dl>
      {s.figures && (
        <p className="text-sm text-muted-foreground">
          {t('groups.stats.split', { underReview: s.figures.underReview.count, owed: s.figures.owed.count, scheduled: s.figures.scheduled.count })}
        </p>
      )}
      <dl className="grid gap-3 rounded-xl bg-muted/50 p-3 sm:grid-cols-3">
        <Figure label={t('groups.stats.totalRevenue')}>{formatPkr(s.totalRevenue)}</Figure>
        <Figure label={t('groups.stats.expectedRevenue')}>{formatPkr(s.expectedRevenue)}</Figure>
        <Figure label={t('groups.stats.collectionRate')}>{t('groups.stats.percent', { n: s.collectionRate })}</Figure>
      </dl>
      <div
        role="progressbar"
        aria-label={t('groups.stats.collectionRate')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, s.collectionRate)}
        aria-valuetext={t('groups.stats.rateText', { n: s.collectionRate, paid: formatPkr(s.totalRevenue), due: formatPkr(s.expectedRevenue) })}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-success" style={{ width: `${Math.min(100, Math.max(0, s.collectionRate))}%` }} />
      </div>
      <p className="text-xs text-muted-foreground">{t('groups.stats.rateMeans')}</p>
      <GroupCollectionChart groupId={group.id} />
      <div>
        <h3 className="text-sm font-medium">{t('groups.stats.currentMonth')}</h3>
        <dl className="mt-2 grid grid-cols-3 gap-3">
          <Figure label={t('groups.stats.paid')}>{s.currentMonth.paid}</Figure>
          <Figure label={t('groups.stats.pending')}>{s.currentMonth.pending}</Figure>
          <Figure label={t('groups.stats.overdue')}>{s.currentMonth.overdue}</Figure>
        </dl>
      </div>
      <ArrearsLink group={group} />
    </div>
  );
}
