import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        // 16px text: phones do not zoom into the field when it is focused.
        'block h-11 w-full rounded-lg border border-input bg-card px-3 text-base text-foreground',
        'placeholder:text-muted-foreground disabled:opacity-60',
        'aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
