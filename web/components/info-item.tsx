/** One label and value of a description list (<dl>): the details of a payment, a winner, a commission. */
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

export function InfoItem({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-foreground">{children}</dd>
    </div>
  );
}
