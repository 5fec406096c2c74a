/** Checks multipart form fields (text) with a zod schema, answering 400 with one message per field like JSON bodies. */
import type { z } from 'zod';
import { badRequest, type FieldErrors } from './errors.ts';
import { refuseUnsupportedText } from './unsupported-text.ts';

export function parseFormFields<T extends z.ZodType>(schema: T, fields: Record<string, unknown>): z.infer<T> {
  // Form fields skip the app's preValidation check (the form is read in the handler): check them here.
  refuseUnsupportedText(fields);
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'request')] ??= issue.message;
  throw badRequest(Object.values(errors)[0], errors);
}
