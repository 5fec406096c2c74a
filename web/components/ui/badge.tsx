import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const tones = {
  neutral: 'bg-muted text-foreground',
  success: 'bg-success/10 text-success',
  warning: 'bg-warning/10 text-warning',
  danger: 'bg-destructive/10 text-destructive',
  info: 'bg-primary/10 text-primary',
} as const;

export type BadgeTone = keyof typeof tones;

/** A small status label. The text says the status; the colour only repeats it. */
export function Badge({ tone = 'neutral', className, ...props }: ComponentProps<'span'> & { tone?: BadgeTone }) {
  return <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[tone], className)} {...props} />;
}
