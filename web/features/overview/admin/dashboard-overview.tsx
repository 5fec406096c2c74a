/**
 * The top of /admin (admin document §2 "Admin dashboard"): the title banner with 'System Online'
 * and the time of the figures, the Alerts card (only when something needs attention), the System
 * Overview tiles and the instalment figures, each saying what it counts in the words of RULES §6a.
 * Read from GET /api/admin/dashboard/overview; there is no demo data: when the server cannot be
 * reached the section says so and offers Retry.
 */
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CreditCard, FolderKanban, Package, RefreshCw, Users } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { fetchOverview, type Overview } from './api.ts';
import { adminOverviewKey } from '../../../lib/query-keys.ts';
import { formatTime } from '../../../lib/format.ts';
import { StatTile } from '../../../components/ui/stat-tile.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';

export type AlertKey =
  | 'underReviewPayments'
  | 'pendingPlanRequests'
  | 'overdueMembers'
  | 'overduePayments'
  | 'groupsWithoutWinner'
  | 'unpaidCommissionMonths'
  | 'blockedUsers'
  | 'pausedCommittees';

/** The day's work first: receipts and requests waiting, then what is overdue, then the month's draws and payouts. */
const ALERT_ORDER: readonly AlertKey[] = [
  'underReviewPayments',
  'pendingPlanRequests',
  'overdueMembers',
  'overduePayments',
  'groupsWithoutWinner',
  'unpaidCommissionMonths',
  'blockedUsers',
  'pausedCommittees',
];

/** Where each alert leads: the list that shows what it counts. */
export const alertLinks: Record<AlertKey, string> = {
  blockedUsers: '/admin/users?status=BLOCKED',
  pausedCommittees: '/admin/committee-plans',
  // The pending report lists the under-review and owed instalments with each one's state, overdue first.
  overduePayments: '/admin/payments?tab=reports&report=pending',
  // Defaulters: the members with at least one overdue instalment.
  overdueMembers: '/admin/payments?tab=reports&report=defaulters',
  // The pending queue: receipts waiting for an admin, the oldest first.
  underReviewPayments: '/admin/payments',
  pendingPlanRequests: '/admin/plan-requests',
  groupsWithoutWinner: '/admin/winners',
  unpaidCommissionMonths: '/admin/payments?tab=commissions',
};

/** The figures that need attention, in order; empty when all are 0 (no Alerts card). */
export function overviewAlerts(overview: Partial<Pick<Overview, AlertKey>>): { key: AlertKey; count: number }[] {
  return ALERT_ORDER.map((key) => ({ key, count: Number(overview[key]) || 0 })).filter((alert) => alert.count > 0);
}

/**
 * `displayedGroups`: how many groups the Groups Management card below shows now (admin document §2
 * "total groups (and number displayed)"), told by the page that shows both cards; none when it is not known.
 */
export function DashboardOverview({ displayedGroups }: { displayedGroups?: number }) {
  const { t, i18n } = useTranslation();
  const overview = useQuery({ queryKey: adminOverviewKey, queryFn: ({ signal }) => fetchOverview(signal) });

  if (overview.isPending) {
    return (
      <Card className="p-6">
        <Spinner label={t('admin.overview.loading')} className="justify-center py-6" />
      </Card>
    );
  }

  if (!overview.data) {
    const error = overview.error;
    const unreachable = !(error instanceof ApiError) || error.kind !== 'http';
    return (
      <LoadError
        title={t('admin.overview.loadFailedTitle')}
        message={unreachable ? t('admin.overview.unreachable') : getErrorMessage(error, t('admin.overview.loadFailed'))}
        retryLabel={t('admin.overview.retry')}
        onRetry={() => void overview.refetch()}
      />
    );
  }

  const { overview: figures, generatedAt } = overview.data;
  const alerts = overviewAlerts(figures);
  const refreshing = overview.isFetching;

  return (
    <div className="space-y-6">
      <section aria-labelledby="overview-banner-title" className="rounded-2xl bg-gradient-to-br from-primary to-primary-hover p-5 text-primary-foreground shadow-sm sm:p-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <h2 id="overview-banner-title" className="text-xl font-bold sm:text-2xl">
              {t('admin.overview.bannerTitle')}
            </h2>
            <p className="mt-1 text-sm opacity-90">{t('admin.overview.bannerSubtitle')}</p>
          </div>
          <div className="flex flex-wrap items-center gap-3 sm:flex-col sm:items-end">
            <span className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">
              <span className="size-2 rounded-full bg-green-300" aria-hidden />
              {t('admin.overview.systemOnline')}
            </span>
            <p className="text-sm opacity-90" aria-live="polite">
              {t('admin.overview.lastUpdated', { time: formatTime(generatedAt, i18n.language) })}
            </p>
            <Button
              variant="ghost"
              size="sm"
              className="bg-white/10 text-primary-foreground hover:bg-white/20"
              onClick={() => void overview.refetch()}
              disabled={refreshing}
              aria-busy={refreshing}
            >
              <RefreshCw aria-hidden className={cn(refreshing && 'animate-spin')} />
              {t('admin.overview.refresh')}
            </Button>
          </div>
        </div>
      </section>

      {overview.isError && <p className="text-sm text-destructive">{t('admin.overview.refreshFailed')}</p>}

      {alerts.length > 0 && (
        <Card className="border-warning/50 bg-warning/5 p-4 sm:p-6">
          <section aria-labelledby="overview-alerts-title">
            <h2 id="overview-alerts-title" className="flex items-center gap-2 text-lg font-semibold">
              <AlertTriangle className="size-5 text-warning" aria-hidden />
              {t('admin.overview.alertsTitle')}
            </h2>
            <ul className="mt-3 space-y-2">
              {alerts.map(({ key, count }) => (
                <li key={key} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span className="font-medium">
                    {t(`admin.overview.alerts.${key}`, { count })}
                    {key === 'underReviewPayments' && figures.oldestReceiptWaitingDays !== null && figures.oldestReceiptWaitingDays !== undefined
                      ? ` ${t('admin.overview.oldestWaiting', { count: figures.oldestReceiptWaitingDays })}`
                      : null}
                  </span>
                  <Link to={alertLinks[key]} className="rounded font-medium text-primary underline-offset-4 hover:underline">
                    {t(`admin.overview.alertLinks.${key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </Card>
      )}

      <section aria-labelledby="overview-system-title">
        <h2 id="overview-system-title" className="mb-3 text-lg font-semibold">
          {t('admin.overview.systemOverview')}
        </h2>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
          <StatTile
            icon={<Users />}
            label={t('admin.overview.tiles.totalUsers')}
            value={figures.totalUsers}
            detail={t('admin.overview.tiles.active', { count: figures.activeUsers })}
          />
          <StatTile
            icon={<Package />}
            tone="success"
            label={t('admin.overview.tiles.committeePlans')}
            value={figures.totalCommittees}
            detail={t('admin.overview.tiles.active', { count: figures.activeCommittees })}
          />
          <StatTile
            icon={<FolderKanban />}
            tone="neutral"
            label={t('admin.overview.tiles.totalGroups')}
            value={figures.totalGroups}
            detail={
              displayedGroups === undefined
                ? t('admin.overview.tiles.active', { count: figures.activeGroups })
                : t('admin.overview.tiles.groupsDetail', { active: figures.activeGroups, displayed: displayedGroups })
            }
          />
          <StatTile
            icon={<CreditCard />}
            tone="warning"
            label={t('admin.overview.tiles.totalPayments')}
            value={figures.totalPayments}
            detail={t('admin.overview.tiles.paidPlusPending', { paid: figures.figures?.paid.count ?? figures.totalPayments - figures.pendingPayments, pending: figures.pendingPayments })}
          />
        </div>
      </section>

      <InstalmentFigureTiles overview={figures} />
    </div>
  );
}

/**
 * The instalment figures (RULES §6a), each with what it counts: pending, receipts under review, owed,
 * overdue, members overdue, collected and the collection rate. As the server counted them.
 */
function InstalmentFigureTiles({ overview }: { overview: Overview }) {
  const { t } = useTranslation();
  const headingId = useId();
  const f = overview.figures;
  const tiles: { key: string; value: string | number; detail: string; tone: string }[] = [
    { key: 'pending', value: overview.pendingPayments, detail: t('admin.overview.figures.pendingDetail', { amount: formatPkr(f?.pending.amount ?? 0) }), tone: 'text-foreground' },
    { key: 'underReview', value: overview.underReviewPayments, detail: t('admin.overview.figures.underReviewDetail'), tone: 'text-primary' },
    { key: 'owed', value: overview.owedPayments, detail: t('admin.overview.figures.owedDetail', { amount: formatPkr(f?.owed.amount ?? 0) }), tone: 'text-warning' },
    { key: 'overdue', value: overview.overduePayments, detail: t('admin.overview.figures.overdueDetail', { amount: formatPkr(f?.overdue.amount ?? 0) }), tone: 'text-destructive' },
    { key: 'overdueMembers', value: overview.overdueMembers, detail: t('admin.overview.figures.overdueMembersDetail'), tone: 'text-destructive' },
    { key: 'collected', value: formatPkr(overview.collectedAmount), detail: t('admin.overview.figures.collectedDetail', { count: f?.paid.count ?? 0 }), tone: 'text-success' },
    {
      key: 'collectionRate',
      value: t('admin.overview.figures.percent', { n: overview.collectionRate }),
      detail: t('admin.overview.figures.collectionRateDetail', { amount: formatPkr(f?.dueSoFar.amount ?? 0) }),
      tone: 'text-foreground',
    },
  ];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold">
        {t('admin.overview.figures.title')}
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">{t('admin.overview.figures.intro')}</p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
        {tiles.map((tile) => (
          <Card key={tile.key} className="min-w-0 p-3 sm:p-4">
            <dt className="text-sm font-medium text-muted-foreground">{t(`admin.overview.figures.${tile.key}` as 'admin.overview.figures.pending')}</dt>
            <dd className={cn('mt-1 text-2xl font-bold tabular-nums', tile.tone)}>{tile.value}</dd>
            <dd className="mt-1 text-xs text-muted-foreground">{tile.detail}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}
