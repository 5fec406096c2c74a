import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { InstalmentState } from '../../../../contract/figures.ts';
import { formatPkr } from '../../../../contract/money.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import type { GroupPayment, MemberGroup } from './api.ts';
import { useMemberPaymentLabels } from './labels.ts';
import { instalmentStateOf, isCurrentMonth, winnerOf } from './rules.ts';
import { MonthStateBadges } from './state-badge.tsx';

/**
 * The frame of a month card by its state (RULES §6a): a scheduled month is dashed and quiet, an owed
 * one has an amber frame, an overdue one a thicker red frame; the badge says the state in words.
 */
const monthCardLook: Record<InstalmentState, string> = {
  SCHEDULED: 'border border-dashed border-border bg-card',
  UNDER_REVIEW: 'border border-border bg-card',
  OWED: 'border-2 border-warning bg-card',
  OVERDUE: 'border-[3px] border-destructive bg-card',
  PAID: 'border border-border bg-card',
};

/**
 * One month of the schedule: a button named by what it shows, month and state first, so a screen reader
 * hears "March 2026, Owed" and then the amount and the winner, and a voice command can use any of its
 * visible words (WCAG 2.5.3 Label in Name: no separate name that leaves the card's text out). The card is drawn by the
 * month's state: a future month is 'Scheduled', never due. The current month (in Karachi) is ringed,
 * says 'This month' and is marked aria-current="date".
 */
export function MonthCard(props: { group: MemberGroup; payment: GroupPayment; currentUserId: string | undefined; onOpen: (card: HTMLButtonElement) => void }) {
  const { group, payment, currentUserId, onOpen } = props;
  const { t } = useTranslation('memberPayments');
  const labels = useMemberPaymentLabels();
  const current = isCurrentMonth(payment);
  const state = instalmentStateOf(payment);
  const winner = winnerOf(group.winners, payment);
  const won = winner !== undefined && winner.winnerId === currentUserId;

  return (
    <button
      type="button"
      onClick={(event) => onOpen(event.currentTarget)}
      aria-current={current ? 'date' : undefined}
      data-state={state}
      className={cn(
        'flex h-full w-full flex-col items-start gap-1.5 rounded-xl p-3 text-start transition-colors hover:bg-muted/50',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        monthCardLook[state],
        current && 'ring-2 ring-primary ring-offset-2 ring-offset-card',
      )}
    >
      <span className="font-semibold">{labels.period(payment.month, payment.year)}</span>
      <MonthStateBadges payment={payment} />
      <span className="block space-y-0.5 text-sm">
        {current && <span className="block text-xs font-semibold text-primary">{t('groups.thisMonth')}</span>}
        <span className={cn('block font-medium', state === 'SCHEDULED' && 'text-muted-foreground')}>{formatPkr(payment.amount)}</span>
        {winner && (
          <span className="block text-xs">
            {won && (
              <Badge tone="success" className="mb-1">
                {t('groups.youWon')}
              </Badge>
            )}
            <span className="flex items-center gap-1 font-semibold">
              <Trophy className="size-3.5 shrink-0 text-accent-text" aria-hidden />
              {t('groups.winner', { name: winner.winner?.name ?? '' })}
            </span>
            <span className="block">{t('groups.winnerAmount', { amount: formatPkr(winner.amount) })}</span>
            <span className="block text-muted-foreground">{t('groups.selectedOn', { date: labels.date(winner.selectedAt) })}</span>
          </span>
        )}
      </span>
    </button>
  );
}
