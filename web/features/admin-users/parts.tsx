/**
 * Small pieces shared by the admin screens of this area (users, dashboard overview) and the audit
 * log: kept here rather than in components/ui, which belongs to the design system.
 */
import { useEffect, useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight, CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Label } from '../../components/ui/label.tsx';
import { cn } from '../../lib/cn.ts';

/** The value after it has stopped changing for `delayMs`: a search box that does not query per key. */
export function useDebouncedValue<T>(value: T, delayMs = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

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

/** A load that failed: what went wrong and a way to try again. */
export function LoadFailure({ title, message, onRetry, retryLabel }: { title?: string; message: string; onRetry: () => void; retryLabel: string }) {
  return (
    <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <CircleAlert className="size-10 text-destructive" aria-hidden />
      {title && <h2 className="text-lg font-semibold">{title}</h2>}
      <p className={cn(title ? 'text-muted-foreground' : 'font-medium')}>{message}</p>
      <Button variant="outline" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Card>
  );
}

/** Previous / Next with 'Page x of y'; hidden when everything fits on one page. */
export function Pager({ page, pages, onPage, label }: { page: number; pages: number; onPage: (page: number) => void; label: string }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden className="rtl:rotate-180" />
        {t('admin.users.pagination.previous')}
      </Button>
      <span className="text-sm text-muted-foreground">{t('admin.users.pagination.page', { page, pages })}</span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('admin.users.pagination.next')}
        <ChevronRight aria-hidden className="rtl:rotate-180" />
      </Button>
    </nav>
  );
}
