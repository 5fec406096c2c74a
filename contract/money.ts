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

/**
 * A number written with at most `maxFractionDigits` decimals (trailing zeros dropped), its whole part
 * grouped by thousands: what Intl.NumberFormat('en-PK') writes, without it. Pakistan's English and Urdu
 * screens both write amounts this way, so no locale is needed, and a phone's first Intl.NumberFormat
 * loads the locale's number data (about 50-75 ms of a mid-range phone's main thread, on the first
 * paint of every page that shows an amount). Rounds half away from zero on the number as written
 * (5.005 → 5.01), as Intl does.
 */
function groupedNumber(value: number, maxFractionDigits: number): string {
  const written = String(Math.abs(value));
  // NaN, Infinity and exponent forms (beyond 1e21 or below 1e-6) never reach a screen as amounts.
  if (!/^\d+(\.\d+)?$/.test(written)) return new Intl.NumberFormat('en-PK', { maximumFractionDigits: maxFractionDigits }).format(value);
  const [whole, fraction = ''] = written.split('.');
  let digits = whole + fraction.slice(0, maxFractionDigits).padEnd(maxFractionDigits, '0');
  if (fraction.length > maxFractionDigits && fraction[maxFractionDigits] >= '5') digits = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  const wholeDigits = digits.slice(0, digits.length - maxFractionDigits) || '0';
  const decimals = digits.slice(digits.length - maxFractionDigits).replace(/0+$/, '');
  const grouped = wholeDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = value < 0 && /[1-9]/.test(digits) ? '-' : '';
  return `${sign}${grouped}${decimals ? `.${decimals}` : ''}`;
}

/** "PKR 5,000" as people in Pakistan read it. */
export function formatPkr(rupees: number): string {
  return `PKR ${groupedNumber(rupees, 2)}`;
}

/** "1,250": a count or a bare amount, grouped as people in Pakistan read it. */
export function formatCount(value: number): string {
  return groupedNumber(value, 3);
}
