import type { ReactNode } from 'react';

/** Label and value pairs, two to a row on phones. */
export function Facts({ facts, className }: { facts: { label: string; value: ReactNode }[]; className?: string }) {
  return (
    <dl className={className ?? 'grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3'}>
      {facts.map((fact) => (
        <div key={fact.label} className="min-w-0">
          <dt className="text-xs text-muted-foreground">{fact.label}</dt>
          <dd className="font-medium break-words">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
