/**
 * Money is PKR. The API sends rupees as JSON numbers with at most two decimals (paisa); the database
 * keeps numeric(14,2). Arithmetic is done in whole paisa so that no floating-point error creeps in.
 * No schema library here: pages that only show money load this alone (the form field is amount-field.ts).
 */
export const MAX_AMOUNT = 1_000_000_000; // PKR 1 billion: far above any plan, far below numeric(14,2)'s limit.

export const toPaisa = (rupees: number): number => Math.round(rupees * 100);
export const fromPaisa = (paisa: number): number => paisa / 100;

/** Reads a numeric column (text from both drivers) as rupees. */
export const rupeesFromDb = (value: string | number | null | undefined): number => (value === null || value === undefined ? 0 : Number(value));

/** Adds exactly: sums of rupee amounts, through paisa. */
export const addAmounts = (...rupees: number[]): number => fromPaisa(rupees.reduce((sum, r) => sum + toPaisa(r), 0));

/** Multiplies exactly: monthly × months. */
export const multiplyAmount = (rupees: number, times: number): number => fromPaisa(toPaisa(rupees) * times);

export const hasAtMostTwoDecimals = (value: number) => Math.abs(toPaisa(value) - value * 100) < 1e-6;

// One formatter each, made on first use: `toLocaleString` builds a new one on every call, and a page
// writes dozens of amounts; the first one built also loads the locale's number data.
let amountFormat: Intl.NumberFormat | undefined;
let countFormat: Intl.NumberFormat | undefined;

/** "PKR 5,000" as people in Pakistan read it. */
export function formatPkr(rupees: number): string {
  amountFormat ??= new Intl.NumberFormat('en-PK', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
  return `PKR ${amountFormat.format(rupees)}`;
}

/** "1,250": a count or a bare amount, grouped as people in Pakistan read it. */
export function formatCount(value: number): string {
  countFormat ??= new Intl.NumberFormat('en-PK');
  return countFormat.format(value);
}
