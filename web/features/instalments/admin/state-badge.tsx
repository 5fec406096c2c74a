/**
 * The state of an instalment on the day it is read (RULES §6a), as the admin screens show it: always a
 * word (or, in the arrears grid, a short word), with an icon and a colour that only repeat it. The
 * colour pairs are those of the member's screens and keep text contrast of 4.5:1 or more in both themes
 * (web/styles.css):
 * - Scheduled: foreground on muted (light 14.5:1, dark 13.0:1): calm, never looks due;
 * - Under review: primary on primary-soft (5.5:1, 6.7:1);
 * - Owed: card colour on warning (6.4:1, 10.4:1);
 * - Overdue: destructive-foreground on destructive (6.6:1, 8.1:1), bold: the strongest;
 * - Paid: success on its 15% tint over a card (5.3:1, 7.0:1).
 */
import type { ComponentType, SVGProps } from 'react';
import { CalendarClock, CircleAlert, CircleCheck, Clock, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { INSTALMENT_STATES, type InstalmentState } from '../../../../contract/figures.ts';
import { cn } from '../../../lib/cn.ts';

export const stateLooks: Record<InstalmentState, { className: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }> = {
  SCHEDULED: { className: 'border border-border bg-muted text-foreground font-medium', Icon: CalendarClock },
  UNDER_REVIEW: { className: 'bg-primary-soft text-primary font-semibold', Icon: Clock },
  OWED: { className: 'bg-warning text-card font-semibold', Icon: CircleAlert },
  OVERDUE: { className: 'bg-destructive text-destructive-foreground font-bold', Icon: TriangleAlert },
  PAID: { className: 'bg-success/15 text-success font-semibold', Icon: CircleCheck },
};

/** Whether a state the server sent is one of the five (RULES §6a). */
export function isInstalmentState(value: string): value is InstalmentState {
  return Object.hasOwn(stateLooks, value);
}

/** 'Overdue' for OVERDUE; the short form ('Sched.') for the arrears grid's narrow cells. */
export function useStateLabel() {
  const { t } = useTranslation('adminPayments');
  return {
    label: (state: InstalmentState) => t(`states.${state}`),
    short: (state: InstalmentState) => t(`statesShort.${state}`),
    hint: (state: InstalmentState) => t(`stateHints.${state}`),
  };
}

const sizes = { sm: 'px-2.5 py-0.5 text-xs', md: 'px-3 py-1 text-sm' } as const;

export function StateBadge({ state, size = 'sm', className }: { state: InstalmentState; size?: keyof typeof sizes; className?: string }) {
  const labels = useStateLabel();
  const { className: look, Icon } = stateLooks[state];
  return (
    <span data-state={state} className={cn('inline-flex items-center gap-1 rounded-full whitespace-nowrap', sizes[size], look, className)}>
      <Icon className="size-3.5 shrink-0" aria-hidden />
      {labels.label(state)}
    </span>
  );
}

/** What each state means, for a legend above a list or a grid. */
export function StateLegend({ className }: { className?: string }) {
  const { t } = useTranslation('adminPayments');
  const labels = useStateLabel();
  return (
    <div className={className}>
      <p className="text-sm font-medium">{t('stateLegend.title')}</p>
      <ul className="mt-2 grid gap-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {INSTALMENT_STATES.map((state) => (
          <li key={state} className="flex items-start gap-2">
            <StateBadge state={state} className="shrink-0" />
            <span className="text-muted-foreground">{labels.hint(state)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
