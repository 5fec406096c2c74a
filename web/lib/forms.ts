import { translateMessage } from './i18n.ts';

/**
 * A field's error text in the active language (schema messages come from contract/ in English).
 * Takes any react-hook-form error shape: fields the schema preprocesses are typed loosely.
 */
export function fieldError(error: { message?: unknown } | undefined): string | undefined {
  return typeof error?.message === 'string' && error.message ? translateMessage(error.message) : undefined;
}
