/**
 * Small pieces shared by the admin screens of this area (users) and the audit
 * log: kept here rather than in components/ui, which belongs to the design system.
 */
import { useId, useSyncExternalStore, type ReactNode } from 'react';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';

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

export { Pager } from '../../../components/ui/pager.tsx';
