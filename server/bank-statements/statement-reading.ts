/**
 * Reading a bank statement: the file's rows as they are (a CSV of any separator, or the first sheet of an
 * Excel workbook), then its lines by a layout (which column holds what, and how the bank writes dates and
 * numbers). Pure functions, run in a worker thread (statement-import-worker.ts) since a statement of
 * thousands of lines is too much work for the event loop.
 *
 * A row moves money when it has a credit or a debit; rows without either (blank rows, opening and
 * closing balances, page headings) are not lines. A row that has an amount but a date or an amount that
 * cannot be read is an error: the whole file is refused, naming its row, so that nothing is half-imported.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { fromPaisa, hasAtMostTwoDecimals, MAX_AMOUNT, toPaisa } from '../../contract/money.ts';
import {
  PREVIEW_ROWS,
  STATEMENT_MAX_LINES,
  type StatementDateOrder,
  type StatementLayout,
  type StatementLine,
  type StatementLineError,
} from '../../contract/bank-statements.ts';

/** A day from a spreadsheet's date cell, 'YYYY-MM-DD', kept apart from text that looks like one. */
export type DayCell = { day: string };
/** A cell as the file holds it: text (every CSV cell), a number or a day (Excel cells). */
export type Cell = string | number | DayCell;
export type Table = Cell[][];

export class UnreadableStatement extends Error {}

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const isWorkbook = (bytes: Uint8Array) => ZIP_SIGNATURE.every((byte, i) => bytes[i] === byte);

/** The statement's rows: the first sheet of an .xlsx workbook, or CSV text (UTF-8, or Windows-1252 if it is not). */
export async function readTable(bytes: Uint8Array): Promise<Table> {
  const table = isWorkbook(bytes) ? await workbookRows(bytes) : csvRows(bytes);
  const rows = table.map(trimRow);
  // Trailing blank rows are not part of the statement.
  while (rows.length > 0 && rows[rows.length - 1].length === 0) rows.pop();
  if (rows.length > STATEMENT_MAX_LINES + 100) throw new RangeError('too many lines');
  return rows;
}

function csvRows(bytes: Uint8Array): Table {
  if (bytes.includes(0)) throw new UnreadableStatement('binary data');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Exports from older banking portals are often in the Windows code page.
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  text = text.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, delimitersToGuess: [',', ';', '\t', '|'] });
  const fatal = parsed.errors.find((error) => error.type === 'Quotes');
  if (fatal) throw new UnreadableStatement(`row ${(fatal.row ?? 0) + 1}: ${fatal.message}`);
  return parsed.data;
}

async function workbookRows(bytes: Uint8Array): Promise<Table> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer);
  } catch {
    throw new UnreadableStatement('not a workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: Table = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: Cell[] = [];
    for (let column = 1; column <= row.cellCount; column++) cells.push(workbookCell(row.getCell(column)));
    rows[number - 1] = cells;
  });
  for (let i = 0; i < rows.length; i++) rows[i] ??= [];
  return rows;
}

function workbookCell(cell: ExcelJS.Cell): Cell {
  let value: unknown = cell.value;
  if (value && typeof value === 'object' && 'result' in value) value = (value as { result: unknown }).result;
  if (value instanceof Date) return { day: value.toISOString().slice(0, 10) };
  if (typeof value === 'number') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return cell.text ?? '';
}

function trimRow(row: Cell[]): Cell[] {
  const cells = row.map((cell) => (typeof cell === 'string' ? cell.trim() : cell));
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  return cells;
}

/** A cell as text, for a preview and for descriptions. */
export const cellText = (cell: Cell | undefined): string => (cell === undefined ? '' : typeof cell === 'string' ? cell : typeof cell === 'number' ? String(cell) : cell.day);

/** The first rows as text, for the admin to map the columns. */
export function previewRows(table: Table): string[][] {
  return table.slice(0, PREVIEW_ROWS).map((row) => row.map(cellText));
}

export const columnCount = (table: Table) => table.reduce((most, row) => Math.max(most, row.length), 0);

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A day written in the bank's order, with any separator, a month's name or number, two or four year digits. */
export function readDay(cell: Cell | undefined, order: StatementDateOrder): string | null {
  if (cell === undefined || cell === '') return null;
  if (typeof cell === 'object') return cell.day;
  const text = String(cell).trim();
  // A time after the day ("03/11/2026 14:05:00", "2026-11-03T14:05") is not part of the day.
  const parts = text.split(/[T\s](?=\d{1,2}:\d{2})/)[0].split(/[\s/.\-,]+/).filter(Boolean);
  if (parts.length !== 3) return null;
  const [first, second, third] = parts;
  const [d, m, y] = order === 'DMY' ? [first, second, third] : order === 'MDY' ? [second, first, third] : [third, second, first];
  const monthName = MONTHS.indexOf(m.slice(0, 3).toLowerCase());
  const month = /^\d{1,2}$/.test(m) ? Number(m) : monthName >= 0 && /^[a-z]+$/i.test(m) ? monthName + 1 : NaN;
  if (!/^\d{1,2}$/.test(d) || !/^(\d{2}|\d{4})$/.test(y)) return null;
  const year = y.length === 2 ? 2000 + Number(y) : Number(y);
  const day = Number(d);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (!Number.isFinite(month) || year < 2000 || year > 2100 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * An amount in rupees (at most two decimals), null when the cell is empty, undefined when it is not a
 * number. Currency words (PKR, Rs) and a trailing CR are allowed around it; DR, a minus sign or
 * parentheses make it negative, as some banks write debits.
 */
export function readAmount(cell: Cell | undefined, decimal: '.' | ',', thousands: string): number | null | undefined {
  if (cell === undefined || cell === '') return null;
  if (typeof cell === 'number') return Number.isFinite(cell) && hasAtMostTwoDecimals(cell) && Math.abs(cell) <= MAX_AMOUNT ? fromPaisa(toPaisa(cell)) : undefined;
  if (typeof cell === 'object') return undefined;
  let text = cell.replace(/\u00a0/g, ' ').trim();
  text = text.replace(/^(PKR|Rs\.?)\s*/i, '').replace(/\s*(PKR|Rs\.?)$/i, '');
  let negative = false;
  if (/^\(.*\)$/.test(text)) [negative, text] = [true, text.slice(1, -1).trim()];
  if (/\s*DR$/i.test(text)) [negative, text] = [true, text.replace(/\s*DR$/i, '')];
  text = text.replace(/\s*CR$/i, '');
  if (text.startsWith('-')) [negative, text] = [!negative, text.slice(1).trim()];
  if (text === '' || text === '-') return null;
  if (thousands) text = text.split(thousands).join('');
  if (decimal === ',') text = text.replace(',', '.');
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(text) || Number(text) > MAX_AMOUNT) return undefined;
  const paisa = toPaisa(Number(text));
  return fromPaisa(negative ? -paisa : paisa);
}

/** The lines of a statement by its layout, or the first rows that cannot be read (at most 20). */
export function readLines(table: Table, layout: StatementLayout): { lines: StatementLine[]; errors: StatementLineError[] } {
  const lines: StatementLine[] = [];
  const errors: StatementLineError[] = [];
  const first = layout.skipRows + (layout.header ? 1 : 0);
  for (let index = first; index < table.length && errors.length < 20; index++) {
    const row = table[index];
    const line = index + 1;
    const credit = readAmount(row[layout.credit], layout.decimalSeparator, layout.thousandsSeparator);
    const debit = layout.debit === null ? null : readAmount(row[layout.debit], layout.decimalSeparator, layout.thousandsSeparator);
    if (credit === undefined) errors.push({ line, reason: 'amount', value: cellText(row[layout.credit]) });
    else if (debit === undefined) errors.push({ line, reason: 'amount', value: cellText(row[layout.debit!]) });
    if (credit === undefined || debit === undefined) continue;
    // A row that moves no money (a balance brought forward, a blank or a heading row) is no line.
    if (isZero(credit) && isZero(debit)) continue;
    // One signed amount column: a negative credit is a debit.
    const [money, out] = credit !== null && credit < 0 && layout.debit === null ? [null, -credit] : [credit, debit];
    if ((money ?? 0) < 0 || (out ?? 0) < 0) {
      errors.push({ line, reason: 'negative', value: cellText(row[(money ?? 0) < 0 ? layout.credit : layout.debit!]) });
      continue;
    }
    if (!isZero(money) && !isZero(out)) {
      errors.push({ line, reason: 'both', value: null });
      continue;
    }
    const transferDate = readDay(row[layout.date], layout.dateOrder);
    if (!transferDate) {
      const written = cellText(row[layout.date]);
      errors.push(written ? { line, reason: 'date', value: written } : { line, reason: 'noDate', value: null });
      continue;
    }
    const balance = layout.balance === null ? null : readAmount(row[layout.balance], layout.decimalSeparator, layout.thousandsSeparator) ?? null;
    lines.push({
      line,
      transferDate,
      description: cellText(row[layout.description]).replace(/\s+/g, ' ').slice(0, 500),
      credit: isZero(money) ? null : money,
      debit: isZero(out) ? null : out,
      reference: layout.reference === null ? null : cellText(row[layout.reference]).slice(0, 100) || null,
      balance,
    });
  }
  return { lines, errors };
}

const isZero = (amount: number | null) => amount === null || amount === 0;

const HEADINGS = {
  date: /^(txn\.?|transaction|value|posting|book(ing)?)?\s*date$|^date$|تاریخ/i,
  description: /description|narration|particulars|details|remarks|transaction details|تفصیل/i,
  credit: /^credit|deposit|cr\.?$|paid in|money in|جمع/i,
  debit: /^debit|withdraw|dr\.?$|paid out|money out|نکال/i,
  reference: /ref(erence)?|cheque|instrument|txn\.? ?(id|no)|transaction (id|no)/i,
  balance: /balance|بیلنس/i,
} as const;

/**
 * A layout guessed from the file: the first row in the first ten whose headings name a date, a
 * description and a credit column, and the date order and separators found in the lines below it.
 * Null when no such row is found; the admin then maps the columns.
 */
export function guessLayout(table: Table): StatementLayout | null {
  for (let skipRows = 0; skipRows < Math.min(10, table.length); skipRows++) {
    const headings = table[skipRows].map((cell) => cellText(cell).toLowerCase());
    const find = (pattern: RegExp, taken: number[]) => {
      const index = headings.findIndex((heading, i) => !taken.includes(i) && pattern.test(heading));
      return index >= 0 ? index : null;
    };
    const taken: number[] = [];
    const pick = (pattern: RegExp) => {
      const index = find(pattern, taken);
      if (index !== null) taken.push(index);
      return index;
    };
    const date = pick(HEADINGS.date);
    const credit = pick(HEADINGS.credit);
    const debit = pick(HEADINGS.debit);
    const description = pick(HEADINGS.description);
    const balance = pick(HEADINGS.balance);
    const reference = pick(HEADINGS.reference);
    if (date === null || credit === null || description === null) continue;
    const below = table.slice(skipRows + 1, skipRows + 50);
    const samples = below.map((row) => row[date]).filter((cell): cell is Cell => cell !== undefined && cell !== '');
    const dateOrder = (['DMY', 'YMD', 'MDY'] as const).find((order) => samples.length > 0 && samples.every((cell) => readDay(cell, order) !== null)) ?? 'DMY';
    const amounts = below.flatMap((row) => [row[credit], debit === null ? '' : row[debit]]).filter((cell): cell is string => typeof cell === 'string' && cell !== '');
    // "1.000,50" and "1 000,50": a comma before the last two digits is the decimal separator.
    const commaDecimal = amounts.length > 0 && amounts.every((text) => /,\d{1,2}(\s*(CR|DR))?$/i.test(text) || !/[.,]/.test(text));
    const thousandsSeparator = commaDecimal ? (amounts.some((text) => /\d \d{3}/.test(text)) ? ' ' : '.') : ',';
    return { skipRows, header: true, date, description, credit, debit, reference, balance, dateOrder, decimalSeparator: commaDecimal ? ',' : '.', thousandsSeparator };
  }
  return null;
}
