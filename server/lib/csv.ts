/**
 * CSV as spreadsheets open it (RFC 4180, read by LibreOffice Calc and Excel alike):
 * - UTF-8 with a byte order mark, so that Excel reads Urdu names; CRLF line ends.
 * - A cell is quoted when it holds a separator (a comma, or a semicolon: the separator Excel and Calc
 *   use in locales whose decimal mark is a comma, where a bare `;` would split the cell), a quote, a line
 *   break, or starts with the apostrophe below. Quotes inside are doubled.
 * - Formula injection (OWASP "CSV Injection"): a text cell starting with `=`, `+`, `-`, `@`, a tab or a
 *   carriage return would be run as a formula (or, after the tab or CR, start one). It gets a leading
 *   apostrophe inside a quoted cell, as OWASP says: `=HYPERLINK("x")` is written `"'=HYPERLINK(""x"")"`
 *   and shows as `'=HYPERLINK("x")`, text that runs nothing. The apostrophe stays visible in both
 *   programs when they open a CSV (it is hidden only when typed into a cell), which is the point: the
 *   reader sees the cell was not a formula.
 * - Identifiers made of digits (phone numbers, CNICs, transaction ids: typedCell) must be read as the text
 *   typed, not as numbers: `03001234567` would lose its zero, `3520212345671` show as `3.52021E+12`, and
 *   `+923001234567` lose its plus. Quoting does not help (both programs still read a quoted field as a
 *   number), `="0300…"` is itself a formula, a tab or an apostrophe shows, and an apostrophe before a
 *   `+` is exactly what a phone must not show. So such a cell starts with U+2060 WORD JOINER: zero width
 *   and invisible, but neither a digit, a sign nor a space, so neither program can read a number (or a
 *   formula) in it and both keep the text as typed, with no visible mark. It is given only to values of
 *   digits, spaces and dashes with at most a leading `+`, which could not be a harmful formula even to a
 *   reader that dropped the mark; anything else in such a column gets the formula rule above. The mark
 *   is in the cell's text: a formula over it, or a copy of it, carries one invisible character more.
 * Checked by hand in LibreOffice Calc 7.4 (docs/security.md, `node scripts/csv-in-calc.ts`); the rules
 * on the text itself by csv.test.ts.
 */
import { fromPaisa, rupeesFromDb, toPaisa } from '../../contract/money.ts';

export const BOM = '\uFEFF';

/** U+2060 WORD JOINER: what makes a cell of digits text without showing anything. */
export const TEXT_MARK = '\u2060';

/** A text cell a spreadsheet would run as a formula: OWASP's list of first characters. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell, quoted and made harmless where it must be. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) || text.startsWith("'") ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, its line end included. */
export const csvLine = (cells: readonly (string | number | null)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** Digits with spaces or dashes between, and at most a leading plus: a phone number, a CNIC, a numeric id. */
const DIGITS_AS_TYPED = /^\+?\d[\d -]*$/;
/** Digits, an E and digits: a code a spreadsheet would read as a number in scientific notation (`22222E2` is 2222200). */
const SCIENTIFIC_LOOKALIKE = /^\d+(\.\d+)?[Ee]\d+$/;

/**
 * An identifier of digits (a phone number, a CNIC, a transaction id, a payment reference), to be read as
 * the text typed: with the invisible TEXT_MARK first, when a spreadsheet would read a number in it.
 * Empty stays empty; anything else is left to csvCell.
 */
export function typedCell(value: string | null): string | null {
  if (value === null || !(DIGITS_AS_TYPED.test(value) || SCIENTIFIC_LOOKALIKE.test(value))) return value;
  return `${TEXT_MARK}${value}`;
}

/** Rupees with two decimals ("5000.00"), from a numeric column or a number; empty when there is none. */
export function amountCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return fromPaisa(toPaisa(rupeesFromDb(value))).toFixed(2);
}
