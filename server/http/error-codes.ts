/**
 * Every answer with a message carries a stable `code` beside it (RULES §12), so that a client can
 * translate or act on it without matching English text: errors, and successes that say what was done. The messages live in catalogues (contract/…
 * and a few domain modules); an error's code is its catalogue's name and its key, found from the text:
 * `auth.invalidCredentials`, `group.full`. A text written with a value in it (`Level 2 rate must be …`)
 * is found by the catalogue function that writes it. An error in no catalogue gets the code of its
 * kind: `validationFailed` for field errors, else one per status (`notFound`, `conflict`, …), and `ok`
 * for a success.
 */

type Catalogue = Record<string, string | ((...args: never[]) => string)>;

/** The codes of errors that no catalogue names, by HTTP status. */
const codeOfStatus: Record<number, string> = {
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  405: 'methodNotAllowed',
  409: 'conflict',
  413: 'tooLarge',
  414: 'addressTooLong',
  415: 'unsupportedContentType',
  429: 'tooManyRequests',
  500: 'serverError',
};
export const VALIDATION_FAILED_CODE = 'validationFailed';
/** A success whose text no catalogue holds (a count, a health check's "OK"). */
export const OK_CODE = 'ok';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export type ErrorCodes = (message: string, status: number) => string;

const codeOfUnknown = (status: number) => codeOfStatus[status] ?? (status >= 500 ? codeOfStatus[500] : status < 300 ? OK_CODE : codeOfStatus[400]);

/** The lookup from an answer's text (and status, when no catalogue has it) to its code. */
export function errorCodes(catalogues: Record<string, Catalogue>): ErrorCodes {
  const byText = new Map<string, string>();
  const patterns: { pattern: RegExp; code: string }[] = [];
  // A value no message holds, to find where a message function puts its values.
  const hole = '\u0000';
  for (const [name, catalogue] of Object.entries(catalogues)) {
    for (const [key, entry] of Object.entries(catalogue)) {
      const code = `${name}.${key}`;
      if (typeof entry === 'string') {
        // The same text in two catalogues means the same thing: the first name stays.
        if (!byText.has(entry)) byText.set(entry, code);
        continue;
      }
      let written: string;
      try {
        written = (entry as (...args: unknown[]) => string)(hole, hole, hole);
      } catch {
        continue;
      }
      if (typeof written !== 'string' || !written.includes(hole)) continue;
      patterns.push({ pattern: new RegExp(`^${written.split(hole).map(escapeRegExp).join('.+?')}$`, 's'), code });
    }
  }
  return (message, status) => byText.get(message) ?? patterns.find((p) => p.pattern.test(message))?.code ?? codeOfUnknown(status);
}
