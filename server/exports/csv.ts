/**
 * CSV as spreadsheets open it (RFC 4180): UTF-8 with a byte order mark, so that Excel reads Urdu names;
 * CRLF line ends; a cell quoted when it holds a quote, comma or line break; and a cell that a spreadsheet
 * would run as a formula (= + - @, a tab or a CR first) made text by a leading apostrophe.
 */
import { fromPaisa, rupeesFromDb, toPaisa } from '../../contract/money.ts';

export const BOM = '\uFEFF';

/** A spreadsheet cell that starts with = + - @ (or a tab/CR) would run as a formula: it is quoted as text. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text.startsWith("'") ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, its line end included. */
export const csvLine = (cells: readonly (string | number | null)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** Rupees with two decimals ("5000.00"), from a numeric column or a number; empty when there is none. */
export function amountCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return fromPaisa(toPaisa(rupeesFromDb(value))).toFixed(2);
}
