import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from './label.tsx';

/** What a field's control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A visible label, the control, an optional hint and the error text. The control points at the
 * hint and error with aria-describedby, so a screen reader reads the error with the field.
 */
export function FormField({ label, error, hint, optional, children }: FormFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>
        {label}
        {/* A real space, so that screen readers read "Notes (optional)", not "Notes(optional)". */}
        {optional && <span className="font-normal text-muted-foreground">{` ${t('common.optional')}`}</span>}
      </Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
