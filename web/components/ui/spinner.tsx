import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/** A spinner with its text; role="status" makes screen readers announce the text. */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center gap-3 text-muted-foreground', className)}>
      <LoaderCircle className="size-6 animate-spin text-primary" aria-hidden />
      {label && <span>{label}</span>}
    </div>
  );
}

export function FullScreenSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background p-6">
      <Spinner label={label} className="flex-col text-base" />
    </div>
  );
}
