/**
 * Text the database cannot keep: PostgreSQL refuses a NUL character in any text, and jsonb (the
 * audit trail's details) refuses a lone UTF-16 surrogate. No person types either; a client that
 * sends them gets a 400 on the field instead of a failed query.
 */
import { badRequest } from './errors.ts';

export const UNSUPPORTED_TEXT_MESSAGE = 'This text contains characters that are not supported.';

// A NUL, a high surrogate not followed by a low one, or a low surrogate without a high one before it.
const UNSUPPORTED = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The top-level field holding a string the database cannot keep, if any. Walked with a list rather
 * than recursion: a body may nest far deeper than the call stack reaches.
 */
export function unsupportedTextField(value: unknown): string | undefined {
  const pending: [unknown, string][] = [[value, 'request']];
  while (pending.length > 0) {
    const [item, field] = pending.pop()!;
    if (typeof item === 'string') {
      if (UNSUPPORTED.test(item)) return field;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) pending.push([child, item === value ? key : field]);
    }
  }
  return undefined;
}

/** Throws the one 400 body, naming the field, when any of the request's parts carries such text. */
export function refuseUnsupportedText(...parts: unknown[]): void {
  for (const part of parts) {
    const field = unsupportedTextField(part);
    if (field) throw badRequest(UNSUPPORTED_TEXT_MESSAGE, { [field]: UNSUPPORTED_TEXT_MESSAGE });
  }
}
