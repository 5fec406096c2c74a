/**
 * A labelled control of a filter bar, the one every admin list uses: the label is visible, and a hint,
 * when given, is tied to the control by its id (`aria-describedby={hintId}`).
 */
import { useId, type ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { Label } from './ui/label.tsx';

export function FilterField({
  label,
  hint,
  children,
  className,
}: {
  label: string;
  hint?: string;
  /** The control, given the id its label points at and the id of the hint (when there is one). */
  children: (id: string, hintId?: string) => ReactNode;
  className?: string;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn('min-w-0 space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children(id, hintId)}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
