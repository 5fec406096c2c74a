import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'block min-h-24 w-full rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground',
        'placeholder:text-muted-foreground disabled:opacity-60 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
