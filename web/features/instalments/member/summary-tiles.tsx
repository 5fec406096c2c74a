import type { ReactNode } from 'react';
import { CalendarClock, Receipt, Users, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { formatCount, formatPkr } from '../../../../contract/money.ts';
import { useMyGroups, usePaymentSummary } from './queries.ts';
import './catalogue.ts';

/** The member's referral figures as the dashboard has them (the Referrals area's query): the tiles show the total commission. */
export type ReferralStatsQuery = { isPending: boolean; data?: { totalCommission: number } };

/**
 * The dashboard's summary tiles (member document §2): Active Groups, Total Payments, Pending Payments
 * and Referral Earnings (PKR). Total and Pending are the server's figures (RULES §6a: pending is under
 * review + owed, never a future month; total is paid + pending), from the same query as the
 * next-instalment card and the Payments tab, so the three always agree. Referral Earnings is the
 * member's total commission from GET /referrals/stats, which the dashboard asks the Referrals area for.
 */
export function SummaryTiles({ referralStats }: { referralStats: ReferralStatsQuery }) {
  const { t } = useTranslation('memberPayments');
  const groups = useMyGroups();
  const summary = usePaymentSummary();

  const value = (state: { isPending: boolean }, number: number | undefined): ReactNode => {
    if (number !== undefined) return formatCount(number);
    if (state.isPending) return <Placeholder label={t('summary.loading')} text="…" />;
    return <Placeholder label={t('summary.unavailable')} text="—" />;
  };

  const tiles = [
    // A group the member has left (moved on, or removed) is history, not an active group.
    { key: 'groups', icon: Users, label: t('summary.activeGroups'), value: value(groups, groups.data?.filter((group) => group.memberStatus !== 'DROPPED').length) },
    { key: 'total', icon: Receipt, label: t('summary.totalPayments'), value: value(summary, summary.data?.counts.total) },
    { key: 'pending', icon: CalendarClock, label: t('summary.pendingPayments'), value: value(summary, summary.data?.counts.pending) },
    {
      key: 'referrals',
      icon: Wallet,
      label: t('summary.referralEarnings'),
      // All commission earned, paid out or not (GET /referrals/stats totalCommission), in PKR.
      value:
        referralStats.data !== undefined ? (
          <span className="text-xl break-words sm:text-2xl">{formatPkr(referralStats.data.totalCommission)}</span>
        ) : (
          value(referralStats, undefined)
        ),
      hint: t('summary.referralEarningsHint'),
    },
  ];

  return (
    <section aria-label={t('summary.label')} className="mt-6">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {tiles.map(({ key, icon: Icon, label, value: shown, hint }) => (
          <Card key={key} className="p-4">
            <dt className="flex items-center gap-2 text-xs font-medium text-muted-foreground sm:text-sm">
              <span aria-hidden className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <Icon className="size-4" />
              </span>
              {label}
            </dt>
            <dd className="mt-2 text-2xl font-bold">{shown}</dd>
            {hint && <dd className="text-xs text-muted-foreground">{hint}</dd>}
          </Card>
        ))}
      </dl>
    </section>
  );
}

/** A sign in place of a number, with words for screen readers. */
function Placeholder({ label, text }: { label: string; text: string }) {
  return (
    <>
      <span aria-hidden>{text}</span>
      <span className="sr-only">{label}</span>
    </>
  );
}
