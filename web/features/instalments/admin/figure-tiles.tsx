/**
 * The figures of a set of instalments (RULES §6a), each with the words that say what it counts: owed
 * (overdue included), overdue, under review, paid, scheduled and the collection rate (paid ÷ due so far).
 * Shown as the server counted them: nothing is recounted here.
 */
import { useTranslation } from 'react-i18next';
import type { InstalmentFigures } from '../../../../contract/figures.ts';
import { formatPkr } from '../../../../contract/money.ts';
import { cn } from '../../../lib/cn.ts';

export type FigureKey = 'owed' | 'overdue' | 'underReview' | 'paid' | 'scheduled' | 'collectionRate';
export const FIGURE_KEYS: readonly FigureKey[] = ['owed', 'overdue', 'underReview', 'paid', 'scheduled', 'collectionRate'];

const tones: Record<FigureKey, string> = {
  owed: 'text-warning',
  overdue: 'text-destructive',
  underReview: 'text-primary',
  paid: 'text-success',
  scheduled: 'text-foreground',
  collectionRate: 'text-foreground',
};

/**
 * A description list of the figures: each term is the figure's name, followed by its amount (or rate),
 * how many instalments, and what it counts. `compact` for a group's line under its heading.
 */
export function FigureTiles({ figures, label, compact = false, className }: { figures: InstalmentFigures; label: string; compact?: boolean; className?: string }) {
  const { t } = useTranslation('adminPayments');
  const count = (n: number) => t('figures.instalments', { count: n });
  const rows: { key: FigureKey; value: string; detail: string }[] = [
    { key: 'owed', value: formatPkr(figures.owed.amount), detail: count(figures.owed.count) },
    { key: 'overdue', value: formatPkr(figures.overdue.amount), detail: count(figures.overdue.count) },
    { key: 'underReview', value: formatPkr(figures.underReview.amount), detail: count(figures.underReview.count) },
    { key: 'paid', value: formatPkr(figures.paid.amount), detail: count(figures.paid.count) },
    { key: 'scheduled', value: formatPkr(figures.scheduled.amount), detail: count(figures.scheduled.count) },
    {
      key: 'collectionRate',
      value: t('figures.percent', { n: figures.collectionRate }),
      detail: t('figures.dueSoFar', { amount: formatPkr(figures.dueSoFar.amount) }),
    },
  ];
  return (
    <dl aria-label={label} className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3', compact ? 'xl:grid-cols-6' : '2xl:grid-cols-6', className)}>
      {rows.map((row) => (
        <div key={row.key} className={cn('min-w-0 rounded-xl border border-border bg-card', compact ? 'p-2.5' : 'p-3 sm:p-4')}>
          <dt className="text-sm font-medium text-muted-foreground">{t(`figures.${row.key}`)}</dt>
          <dd className={cn('font-bold tabular-nums', compact ? 'text-base' : 'mt-1 text-xl', tones[row.key])}>{row.value}</dd>
          <dd className="text-sm text-foreground">{row.detail}</dd>
          {!compact && <dd className="mt-1 text-xs text-muted-foreground">{t(`figures.hints.${row.key}`)}</dd>}
        </div>
      ))}
    </dl>
  );
}
