import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatCount, formatPkr } from '../../../../contract/money.ts';
import { Facts } from '../../../components/ui/facts.tsx';
import type { ReferralBranch, ReferralStats } from './api.ts';
import { LevelBadge, ReferralStatusBadge, useReferralLabels } from './labels.tsx';
import { useReferralTree } from './queries.ts';
import { formatRate } from './rules.ts';
import './catalogue.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';

/**
 * Tree View (member document §2, §3 "Referral node", "Referral stats"): the counts and commission
 * totals, then the people the member brought in (level 1), the people those brought (level 2) and
 * theirs (level 3), as nested lists: each person is a titled card, and the people under them a
 * labelled list inside the same item, so a screen reader announces the nesting.
 */
export function TreeSection() {
  const { t } = useTranslation('memberReferrals');
  const headingId = useId();
  const tree = useReferralTree();

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} className="text-lg font-semibold">
        {t('tree.title')}
      </h3>
      {tree.isError && <LoadError compact message={t('tree.loadFailed')} onRetry={() => void tree.refetch()} retrying={tree.isFetching} />}
      {!tree.data ? (
        tree.isPending && <Spinner label={t('tree.loading')} className="py-6" />
      ) : (
        <>
          <StatsGrid stats={tree.data.stats} />
          {tree.data.tree.length === 0 ? (
            <EmptyState description={t('tree.empty')} />
          ) : (
            <ul aria-label={t('tree.listLabel')} className="space-y-3">
              {tree.data.tree.map((node) => (
                <TreeItem key={node.id} node={node} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function StatsGrid({ stats }: { stats: ReferralStats }) {
  const { t } = useTranslation('memberReferrals');
  const items = [
    { key: 'totalReferrals', label: t('tree.stats.totalReferrals'), value: formatCount(stats.totalReferrals) },
    { key: 'totalCommission', label: t('tree.stats.totalCommission'), value: formatPkr(stats.totalCommission) },
    { key: 'pendingCommission', label: t('tree.stats.pendingCommission'), value: formatPkr(stats.pendingCommission) },
    { key: 'paidCommission', label: t('tree.stats.paidCommission'), value: formatPkr(stats.paidCommission) },
    { key: 'level1', label: t('tree.stats.level1'), value: formatCount(stats.level1Count) },
    { key: 'level2', label: t('tree.stats.level2'), value: formatCount(stats.level2Count) },
    { key: 'level3', label: t('tree.stats.level3'), value: formatCount(stats.level3Count) },
  ];
  return (
    <dl aria-label={t('tree.statsLabel')} className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
      {items.map((item) => (
        <Card key={item.key} className="min-w-0 p-3 sm:p-4">
          <dt className="text-xs text-muted-foreground sm:text-sm">{item.label}</dt>
          <dd className="text-lg font-bold break-words sm:text-xl">{item.value}</dd>
        </Card>
      ))}
    </dl>
  );
}

function TreeItem({ node }: { node: ReferralBranch }) {
  const { t } = useTranslation('memberReferrals');
  const labels = useReferralLabels();
  const titleId = useId();
  const paid = node.commissionPayments.filter((payment) => payment.status.toUpperCase() === 'PAID').length;
  const { email } = node.referredUser;
  // Levels 2 and 3 come without an email: the server keeps it to the people one brought in oneself.
  const facts = [
    ...(email ? [{ label: t('tree.email'), value: email }] : []),
    { label: t('tree.joined'), value: labels.date(node.referredUser.createdAt) },
    { label: t('tree.commission'), value: formatPkr(node.totalCommission) },
    { label: t('tree.rate'), value: node.commissionRate > 0 ? formatRate(node.commissionRate) : t('tree.rateNotPaid') },
    ...(node.commissionPayments.length > 0 ? [{ label: t('tree.payments'), value: t('tree.paymentsValue', { count: node.commissionPayments.length, paid }) }] : []),
  ];

  return (
    <li>
      <Card className="p-4" role="article" aria-labelledby={titleId}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h4 id={titleId} className="font-semibold break-words">
            {node.referredUser.name}
          </h4>
          <span className="inline-flex flex-wrap gap-1.5">
            <LevelBadge level={node.level} />
            <ReferralStatusBadge status={node.status} />
          </span>
        </div>
        <Facts facts={facts} className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-5" />
      </Card>
      {node.children && node.children.length > 0 && (
        // Indented on the start side with a guide line; the indent stays small on phones.
        <ul aria-label={t('tree.childrenLabel', { name: node.referredUser.name })} className="ms-3 mt-3 space-y-3 border-s-2 border-primary/30 ps-3 sm:ms-6 sm:ps-4">
          {node.children.map((child) => (
            <TreeItem key={child.id} node={child} />
          ))}
        </ul>
      )}
    </li>
  );
}
