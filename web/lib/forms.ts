import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, getServerMessage } from './api-client.ts';
import { textOfFieldMessage } from './i18n.ts';

/**
 * A field's error text in the active language (schema messages come from contract/ in English).
 * Takes any react-hook-form error shape: fields the schema preprocesses are typed loosely.
 */
export function fieldError(error: { message?: unknown } | undefined): string | undefined {
  return typeof error?.message === 'string' && error.message ? textOfFieldMessage(error.message) : undefined;
}

/**
 * Puts a failed call's field errors next to the form's own fields (translated, the first one
 * focused); answers whether any of them fit a field. `conflictField` names the field a conflict
 * (409) without field errors is about, such as a taken email, so its message stands there too.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  conflictField?: (error: ApiError) => Path<T> | undefined,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const matched = Object.entries(error.errors ?? {}).filter((entry): entry is [Path<T>, string] => fields.includes(entry[0] as Path<T>));
  const conflict = error.status === 409 ? conflictField?.(error) : undefined;
  if (conflict && fields.includes(conflict) && !matched.some(([field]) => field === conflict)) matched.push([conflict, getServerMessage(error) ?? error.message]);
  matched.forEach(([field, message], index) => setError(field, { type: 'server', message: textOfFieldMessage(message) }, { shouldFocus: index === 0 }));
  return matched.length > 0;
}

/** A typed filter as the API takes it: trimmed, and left out when empty. */
export const optionalText = (value: string) => (value.trim() ? value.trim() : undefined);
