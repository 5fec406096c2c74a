/** Response shapes shared by every route (RULES §12); they also document the API in /api/docs. */
import { z } from 'zod';

export const errorBody = z.object({
  success: z.literal(false),
  /** Stable across wording changes and languages (http/error-codes.ts): `auth.invalidCredentials`, `notFound`. */
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
  needsVerification: z.boolean().optional(),
  email: z.string().optional(),
  /** A blocked or deactivated account's sign-in (403): why the administrator did it, when they said (decision 050). */
  reason: z.string().optional(),
  /** A locked second step (429, decision 047): when a code is accepted again, ISO 8601; Retry-After says the same in seconds. */
  retryAt: z.string().optional(),
  /** A wrong one-time code (400 phone.codeWrong): how many more tries the code has. */
  triesLeft: z.int().optional(),
  /** A bank statement refused for its lines (400 bankStatement.lineUnreadable): the first lines that could not be read, and why. */
  lineErrors: z.array(z.object({ line: z.int(), reason: z.string(), value: z.string().nullable() })).optional(),
}).meta({ id: 'ErrorBody' });

/** The success schemas of a route plus the one error body for every 4xx and 5xx answer. */
export function responses<T extends Record<number, z.ZodType>>(success: T) {
  return { ...success, '4xx': errorBody, '5xx': errorBody };
}

/** Opaque ids are UUIDs; anything else is answered 404 as a record that does not exist. */
export const idParam = z.object({ id: z.string().max(100) });
