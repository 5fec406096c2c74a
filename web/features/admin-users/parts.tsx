/**
 * Small pieces shared by the admin screens of this area (users, dashboard overview) and the audit
 * log: kept here rather than in components/ui, which belongs to the design system.
 */
import { useId, useSyncExternalStore, type ReactNode } from 'react';
import { Card } from '../../components/ui/card.tsx';
import { Label } from '../../components/ui/label.tsx';
import { cn } from '../../lib/cn.ts';

/** Wide enough, next to the sidebar, for a table of seven columns. */
export const WIDE_QUERY = '(min-width: 1280px)';

/**
 * Whether a media query matches, following changes. Tables on wide screens, cards on phones: only
 * one of the two is rendered, so every control exists once (for keyboards, screen readers, tests).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** A labelled control of a filter bar; the label is visible. */
export function FilterField({ label, hint, children, className }: { label: string; hint?: string; children: (ids: { id: string; hintId?: string }) => ReactNode; className?: string }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn('min-w-0 space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, hintId })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

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

export { Pager } from '../../components/ui/pager.tsx';
