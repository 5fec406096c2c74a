import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Card } from './card.tsx';

/** One figure of a row of counters. */
export function StatTile({ label, value, detail, icon, tone = 'primary' }: { label: string; value: ReactNode; detail?: ReactNode; icon?: ReactNode; tone?: 'primary' | 'success' | 'warning' | 'danger' | 'neutral' }) {
  const tones = {
    primary: 'bg-primary/10 text-primary',
    success: 'bg-success/15 text-success',
    warning: 'bg-warning/15 text-warning',
    danger: 'bg-destructive/15 text-destructive',
    neutral: 'bg-muted text-muted-foreground',
  } as const;
  return (
    <Card className="flex items-start gap-3 p-4">
      {icon && (
        <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-xl [&_svg]:size-5', tones[tone])} aria-hidden>
          {icon}
        </span>
      )}
      <div className="min-w-0">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-bold tabular-nums">{value}</p>
        {detail && <p className="text-sm text-muted-foreground">{detail}</p>}
      </div>
    </Card>
  );
}
