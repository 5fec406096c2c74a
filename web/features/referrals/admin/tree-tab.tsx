/**
 * Tree View (admin document §2 "Referral Management"): pick a user, then see whom they brought
 * (level 1), whom those brought (level 2) and theirs (level 3), with the user's figures.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { fetchReferralTree, referralKeys, type ReferralStats, type TreeBranch, type UserOption } from './api.ts';
import { LevelBadge, StatTile, StatusBadge, useErrorToast } from './parts.tsx';
import { formatDate, formatRatePercent } from './rules.ts';
import { UserPicker } from './user-picker.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';

export function TreeTab({ user, onUser }: { user: UserOption | null; onUser: (user: UserOption | null) => void }) {
  const { t } = useTranslation('adminReferrals');
  return (
    <div className="space-y-6">
      <Card className="p-4 sm:p-6">
        <UserPicker label={t('tree.pickUser')} selected={user} onSelect={onUser} clearLabel={t('tree.changeUser')} />
      </Card>
      {user ? <UserTree user={user} /> : <EmptyState title={t('tree.noUserTitle')} description={t('tree.noUserText')} />}
    </div>
  );
}

function UserTree({ user }: { user: UserOption }) {
  const { t } = useTranslation('adminReferrals');
  const tree = useQuery({ queryKey: referralKeys.tree(user.id), queryFn: ({ signal }) => fetchReferralTree(user.id, signal) });
  useErrorToast(tree, t('toasts.treeFailed'));

  if (tree.isPending) return <Spinner label={t('common.loading')} className="justify-center py-8" />;
  if (tree.isError) return <LoadError message={getErrorMessage(tree.error, t('toasts.treeFailed'))} onRetry={() => void tree.refetch()} />;

  return (
    <div className="space-y-6">
      <section aria-labelledby="referral-stats-heading">
        <h3 id="referral-stats-heading" className="text-lg font-semibold">
          {t('tree.statsTitle', { name: user.name })}
        </h3>
        <TreeStats stats={tree.data.stats} />
      </section>
      <section aria-labelledby="referral-tree-heading">
        <h3 id="referral-tree-heading" className="text-lg font-semibold">
          {t('tree.treeTitle', { name: user.name })}
        </h3>
        {tree.data.tree.length === 0 ? (
          <div className="mt-3">
            <EmptyState title={t('tree.emptyTitle')} description={t('tree.emptyText', { name: user.name })} />
          </div>
        ) : (
          <ul className="mt-3 space-y-3">
            {tree.data.tree.map((node) => (
              <Branch key={node.id} node={node} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function TreeStats({ stats }: { stats: ReferralStats }) {
  const { t } = useTranslation('adminReferrals');
  return (
    <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
      <StatTile label={t('stats.totalReferrals')} value={stats.totalReferrals} />
      <StatTile label={t('common.levelN', { level: 1 })} value={stats.level1Count} />
      <StatTile label={t('common.levelN', { level: 2 })} value={stats.level2Count} />
      <StatTile label={t('common.levelN', { level: 3 })} value={stats.level3Count} />
      <StatTile label={t('stats.totalCommission')} value={formatPkr(stats.totalCommission)} tone="info" />
      <StatTile label={t('stats.pendingCommission')} value={formatPkr(stats.pendingCommission)} tone="warning" />
      <StatTile label={t('stats.paidCommission')} value={formatPkr(stats.paidCommission)} tone="success" />
    </dl>
  );
}

/** One referred person and, nested below, the people they brought. */
function Branch({ node }: { node: TreeBranch }) {
  const { t, i18n } = useTranslation('adminReferrals');
  const person = node.referredUser;
  return (
    <li>
      <Card className="p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-semibold break-words">{person.name}</p>
            {person.email && <p className="text-sm break-all text-muted-foreground">{person.email}</p>}
          </div>
          <div className="flex flex-wrap gap-1">
            <LevelBadge level={node.level} />
            <StatusBadge status={node.status} />
          </div>
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted-foreground">{t('tree.referralCode')}</dt>
            <dd className="font-mono">{person.referralCode}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('tree.joined')}</dt>
            <dd>{formatDate(person.createdAt, i18n.language)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('tree.currentRate')}</dt>
            <dd>{formatRatePercent(node.commissionRate, i18n.language)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('tree.earned')}</dt>
            <dd className="font-semibold">{formatPkr(node.totalCommission)}</dd>
          </div>
        </dl>
      </Card>
      {node.children && node.children.length > 0 && (
        <ul aria-label={t('tree.broughtBy', { name: person.name })} className="ms-4 mt-3 space-y-3 border-s-2 border-border ps-4">
          {node.children.map((child) => (
            <Branch key={child.id} node={child} />
          ))}
        </ul>
      )}
    </li>
  );
}
