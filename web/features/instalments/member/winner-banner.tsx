import { useId } from 'react';
import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { Card } from '../../../components/ui/card.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import type { MemberGroup, GroupWinner } from './api.ts';
import { useMemberPaymentLabels } from './labels.ts';
import { useMyGroups } from './queries.ts';
import { businessMonthOf } from './rules.ts';
import { WinnerNextSteps } from './winner-next-steps.tsx';
import './catalogue.ts';

type Win = { group: MemberGroup; winner: GroupWinner };

/**
 * The member's wins worth leading the dashboard with: this month's draw, and any earlier win whose
 * prize is still to be arranged (SELECTED, not yet PAID). The newest first.
 */
export function winsToAnnounce(groups: readonly MemberGroup[] | undefined, userId: string | undefined, now: Date = new Date()): Win[] {
  if (!groups || !userId) return [];
  const { month, year } = businessMonthOf(now);
  return groups
    .flatMap((group) => (group.winners ?? []).filter((winner) => winner.winnerId === userId).map((winner) => ({ group, winner })))
    .filter(({ winner }) => (winner.month === month && winner.year === year) || winner.status.toUpperCase() === 'SELECTED')
    .sort((a, b) => b.winner.year - a.winner.year || b.winner.month - a.winner.month);
}

/**
 * A member drawn as winner reads it first, above what they owe: which month and group, the prize, and
 * what happens next. Nothing is drawn for anyone else.
 */
export function WinnerBanner() {
  const { t } = useTranslation('memberPayments');
  const { user } = useAuth();
  const groups = useMyGroups();
  const labels = useMemberPaymentLabels();
  const headingId = useId();
  const wins = winsToAnnounce(groups.data, user?.id);
  if (wins.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className="mt-6">
      <Card className="border-2 border-success p-4 sm:p-6">
        <h2 id={headingId} className="flex items-center gap-2 text-xl font-bold">
          <Trophy className="size-6 shrink-0 text-accent-text" aria-hidden />
          {t('winnerBanner.title')}
        </h2>
        <ul className="mt-2 space-y-1">
          {wins.map(({ group, winner }) => (
            <li key={`${group.id}-${winner.year}-${winner.month}`} className="break-words">
              {t('winnerBanner.line', {
                period: labels.period(winner.month, winner.year),
                number: group.groupNumber,
                plan: group.plan.name,
                amount: formatPkr(winner.amount),
              })}
            </li>
          ))}
        </ul>
        <WinnerNextSteps className="mt-4" />
      </Card>
    </section>
  );
}
