import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatPkr } from '../../../../contract/money.ts';
import { Facts } from '../../../components/ui/facts.tsx';
import type { Referral } from './api.ts';
import { LevelBadge, ReferralStatusBadge, useReferralLabels } from './labels.tsx';
import { useReferrals } from './queries.ts';
import './catalogue.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';

/**
 * History: everyone the member referred, at every level, newest first, from GET /referrals. The old
 * client showed an empty list without asking the server; this one reads the real list (member
 * document §2 named the gap; the empty text stays 'No referrals found.').
 */
export function HistorySection() {
  const { t } = useTranslation('memberReferrals');
  const headingId = useId();
  const referrals = useReferrals();
  const newestFirst = [...(referrals.data ?? [])].sort((a, b) => (Date.parse(b.createdAt) || 0) - (Date.parse(a.createdAt) || 0));

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} className="text-lg font-semibold">
        {t('history.title')}
      </h3>
      {referrals.isError && <LoadError compact message={t('history.loadFailed')} onRetry={() => void referrals.refetch()} retrying={referrals.isFetching} />}
      {!referrals.data ? (
        referrals.isPending && <Spinner label={t('history.loading')} className="py-6" />
      ) : newestFirst.length === 0 ? (
        <EmptyState description={t('history.empty')} />
      ) : (
        <ul className="space-y-3">
          {newestFirst.map((referral) => (
            <li key={referral.id}>
              <HistoryRow referral={referral} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function HistoryRow({ referral }: { referral: Referral }) {
  const { t } = useTranslation('memberReferrals');
  const labels = useReferralLabels();
  const titleId = useId();
  const { email } = referral.referredUser;
  // Levels 2 and 3 come without an email (the server keeps it to the people one brought in oneself).
  const facts = [
    ...(email ? [{ label: t('history.email'), value: email }] : []),
    { label: t('history.referredOn'), value: labels.date(referral.createdAt) },
    { label: t('history.commission'), value: formatPkr(referral.totalCommission) },
  ];
  return (
    <Card className="p-4" role="article" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={titleId} className="font-semibold break-words">
          {referral.referredUser.name}
        </h4>
        <span className="inline-flex flex-wrap gap-1.5">
          <LevelBadge level={referral.level} />
          <ReferralStatusBadge status={referral.status} />
        </span>
      </div>
      <Facts facts={facts} className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3" />
    </Card>
  );
}
