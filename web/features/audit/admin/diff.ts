/**
 * Before and after of an audit entry as a short list of what changed: 'name: Ali → Ali Khan'.
 * Pure functions, so that the table, the cards and the tests agree.
 */

export interface Change {
  /** The field; '' when the whole value is not an object. */
  key: string;
  before: string;
  after: string;
  /** Only after: the record was created, or the value is new. */
  added: boolean;
  /** Only before: the record was deleted, or the value is gone. */
  removed: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isMissing = (value: unknown) => value === undefined || value === null;

/** One value, short: text as it is, null as '—', lists and objects as JSON cut at `max` characters. */
export function formatValue(value: unknown, max = 80): string {
  if (value === undefined || value === null) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What changed between before and after: for two objects, each field whose value differs (in the
 * order of the fields); for a created or deleted record, each field it had; otherwise one line.
 */
export function diffValues(before: unknown, after: unknown): Change[] {
  if (isMissing(before) && isMissing(after)) return [];
  if (isObject(before) || isObject(after)) {
    const old = isObject(before) ? before : {};
    const now = isObject(after) ? after : {};
    const keys = [...new Set([...Object.keys(old), ...Object.keys(now)])];
    return keys
      .filter((key) => !same(old[key], now[key]))
      .map((key) => ({
        key,
        before: formatValue(old[key]),
        after: formatValue(now[key]),
        added: !(key in old),
        removed: !(key in now),
      }));
  }
  if (same(before, after)) return [];
  return [{ key: '', before: formatValue(before), after: formatValue(after), added: isMissing(before), removed: isMissing(after) }];
}

/** Before or after as indented JSON, for the expandable view. */
export function prettyJson(value: unknown): string {
  if (value === undefined) return 'null';
  return JSON.stringify(value, null, 2);
}
