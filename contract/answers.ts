import { z } from 'zod';

/**
 * The stable code of an answer's text (`auth.loggedOut`; `ok` for a success whose text no catalogue
 * holds), so that a client translates the answer by its code, never by its English. Every answer with
 * a message has one, as the API document says; the server sets it for every route at once (app.ts,
 * from server/http/error-codes.ts), so the type lets a route's handler leave it out.
 */
export const answerCode = z.string() as unknown as z.ZodOptional<z.ZodString>;

/**
 * An answer that only says what happened: registered, verified, signed out, password changed, a plan
 * or group deleted, a committee left. One schema for all of them.
 */
export const messageAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string() });

/** The one body of every refused or failed request (RULES §12): 4xx and 5xx alike. */
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
