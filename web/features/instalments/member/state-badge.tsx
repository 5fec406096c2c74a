/**
 * The state of an instalment (RULES §6a) as a badge: always a word, with an icon and a colour that only
 * repeat it. Owed and overdue are solid, so they read the same on any card behind them, and every pair
 * keeps text contrast of 4.5:1 or more in both themes (web/styles.css):
 * - Scheduled: foreground on muted (light 14.5:1, dark 13.0:1): calm, never looks due;
 * - Under review: primary on primary-soft (5.5:1, 6.7:1);
 * - Owed: card colour on warning (7.4:1, 10.4:1);
 * - Overdue: destructive-foreground on destructive (7.6:1, 8.1:1), bold: the strongest;
 * - Paid: success on its 15% tint over a card (5.3:1, 7.0:1).
 */
import type { ComponentType, SVGProps } from 'react';
import { CalendarClock, CircleAlert, CircleCheck, Clock, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { InstalmentState } from '../../../../contract/figures.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import type { GroupPayment } from './api.ts';
import { useMemberPaymentLabels } from './labels.ts';
import { groupPaymentStatus, instalmentStateOf } from './rules.ts';
import './catalogue.ts';

const looks: Record<InstalmentState, { className: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }> = {
  SCHEDULED: { className: 'border border-border bg-muted text-foreground font-medium', Icon: CalendarClock },
  UNDER_REVIEW: { className: 'bg-primary-soft text-primary font-semibold', Icon: Clock },
  OWED: { className: 'bg-warning text-card font-semibold', Icon: CircleAlert },
  OVERDUE: { className: 'bg-destructive text-destructive-foreground font-bold', Icon: TriangleAlert },
  PAID: { className: 'bg-success/15 text-success font-semibold', Icon: CircleCheck },
};

const sizes = { sm: 'px-2.5 py-0.5 text-xs', md: 'px-3 py-1 text-sm' } as const;

export function StateBadge({ state, id, size = 'sm' }: { state: InstalmentState; id?: string; size?: keyof typeof sizes }) {
  const labels = useMemberPaymentLabels();
  const { className: look, Icon } = looks[state];
  return (
    <span id={id} data-state={state} className={cn('inline-flex items-center gap-1 rounded-full', sizes[size], look)}>
      <Icon className="size-3.5 shrink-0" aria-hidden />
      {labels.state(state)}
    </span>
  );
}

/**
 * A month's state, followed by 'Receipt rejected' while a rejected receipt still leaves it to pay: so a
 * screen reader hears "March 2026, Overdue, Receipt rejected".
 */
export function MonthStateBadges({ payment, id }: { payment: GroupPayment; id?: string }) {
  const { t } = useTranslation('memberPayments');
  const state = instalmentStateOf(payment);
  const rejected = groupPaymentStatus(payment.status) === 'rejected' && state !== 'PAID' && state !== 'UNDER_REVIEW';
  return (
    <span id={id} className="inline-flex flex-wrap gap-1.5">
      <StateBadge state={state} />
      {rejected && <Badge tone="danger">{t('state.rejected')}</Badge>}
    </span>
  );
}
