import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A native select: on phones it opens the system picker, and it is keyboard and screen-reader
 * friendly without extra work. Options are passed as children (<option>).
 */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'block h-11 w-full rounded-lg border border-input bg-card px-3 text-base text-foreground',
        'disabled:opacity-60 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
