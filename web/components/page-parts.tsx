/** Small pieces of the admin's list screens (plans, groups, bank accounts): a page header, search and filter fields, a checkbox field, a labelled figure, and the load-error toast and server field errors of their forms. */
import { useEffect, useId, useRef, type ComponentProps, type ReactNode } from 'react';
import { Search } from 'lucide-react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { Card } from './ui/card.tsx';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';
import { Select } from './ui/select.tsx';
import { getErrorMessage } from '../lib/api-client.ts';
import { cn } from '../lib/cn.ts';
import { showServerFieldErrors } from '../lib/forms.ts';
import { notify } from '../lib/toast.ts';

/** A page's title, a line about it, and its buttons (which wrap under the title on phones). */
export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        {description && <p className="mt-1 text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** One of the counters above a list. */
export function StatCounter({ label, value, tone = 'text-foreground' }: { label: string; value: number; tone?: string }) {
  return (
    <Card className="p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className={cn('mt-1 text-2xl font-bold', tone)}>{value}</p>
    </Card>
  );
}

/** A search box with a visible-to-screen-readers label and a search icon. */
export function SearchField({ label, ...props }: Omit<ComponentProps<'input'>, 'type'> & { label: string }) {
  const id = useId();
  return (
    <div className="relative min-w-0 flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input id={id} type="search" className="ps-10" autoComplete="off" {...props} />
    </div>
  );
}

/** A labelled native select for a list filter. */
export function FilterSelect({ label, className, ...props }: ComponentProps<'select'> & { label: string }) {
  const id = useId();
  return (
    <div className={cn('sm:w-52', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Select id={id} {...props} />
    </div>
  );
}

/** A checkbox with its label; the whole row is the touch target (at least 44px high). */
export function CheckboxField({ label, hint, ...props }: Omit<ComponentProps<'input'>, 'type'> & { label: string; hint?: string }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <div className="flex min-h-11 items-center gap-3">
        <input id={id} type="checkbox" aria-describedby={hintId} className="size-5 shrink-0 accent-primary disabled:opacity-60" {...props} />
        <Label htmlFor={id} className="cursor-pointer py-2">
          {label}
        </Label>
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

/** One labelled figure inside a card. */
export function Figure({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate font-semibold">{children}</dd>
    </div>
  );
}

/** Shows a toast once for each failed load (admin document §8 error toasts). */
export function useLoadErrorToast(error: unknown, errorUpdatedAt: number, fallback: string) {
  const shown = useRef(0);
  useEffect(() => {
    if (!error || errorUpdatedAt === shown.current) return;
    shown.current = errorUpdatedAt;
    notify.error(getErrorMessage(error, fallback));
  }, [error, errorUpdatedAt, fallback]);
}

/**
 * Puts a failed call's field errors next to the form's fields. The message always goes to a toast
 * (the brief: field errors by the fields, the message in a toast). Returns whether a field took one.
 */
export function reportFormError<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  fallback: string,
): boolean {
  notify.error(getErrorMessage(error, fallback));
  return showServerFieldErrors(error, fields, setError);
}
