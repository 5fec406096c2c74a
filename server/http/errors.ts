/**
 * One error type and one error body for the whole API (RULES §12):
 * { success: false, code, message, errors? } with the right status (the code: http/error-codes.ts); 5xx
 * never carries internals.
 */
export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  readonly statusCode: number;
  readonly errors?: FieldErrors;
  /** Extra top-level fields the specification names on a failure (login's needsVerification, email). */
  readonly extra?: Record<string, unknown>;
  /** Sent as Retry-After: when the same request is worth sending again (a 503, a 429). */
  readonly retryAfterSeconds?: number;

  constructor(statusCode: number, message: string, errors?: FieldErrors, extra?: Record<string, unknown>, retryAfterSeconds?: number) {
    super(message);
    this.statusCode = statusCode;
    this.errors = errors;
    this.extra = extra;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new AppError(400, message, errors);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string, extra?: Record<string, unknown>) => new AppError(403, message, undefined, extra);
export const notFound = (message = 'Resource not found.') => new AppError(404, message);
export const conflict = (message: string, errors?: FieldErrors) => new AppError(409, message, errors);
export const tooManyRequests = (message: string) => new AppError(429, message);
/**
 * A request that could not be served now through no fault of its own (the database or the file store
 * out of reach, a queue full): 503, and the same request may be sent again after Retry-After.
 */
export const unavailable = (message: string, retryAfterSeconds = 5) => new AppError(503, message, undefined, undefined, retryAfterSeconds);

export const SERVER_ERROR_MESSAGE = 'Server error. Please try again later.';
export const VALIDATION_FAILED_MESSAGE = 'Validation failed. Please check your input.';
