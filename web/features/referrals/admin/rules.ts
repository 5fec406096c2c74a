/**
 * The pure rules of Referral Management and Commission Payments (admin document §9): rates shown as
 * percentages with one decimal, the preview of the commission rules on a sample payment of PKR 1,000
 * with its 20 percent warning, the CSV file name, and the month and year a payout starts with.
 */
import { karachiDateOf } from '../../../../contract/business-time.ts';
import { commissionFor, type CommissionRules } from '../../../../contract/referrals.ts';
import { formatMonthName, MONTH_NUMBERS } from '../../../lib/format.ts';

export { BUSINESS_TIME_ZONE } from '../../../../contract/business-time.ts';

/** The sample payment the rules preview is computed on (admin document §9). */
export const PREVIEW_PAYMENT = 1000;
/** Above this share of a payment, all levels together are flagged as too generous (admin document §9). */
export const PREVIEW_WARNING_SHARE = 0.2;

export const COMMISSION_LEVELS = [1, 2, 3] as const;
export type CommissionLevel = (typeof COMMISSION_LEVELS)[number];

/** Bulk commission payment: year 2020 to 2030 (admin document §5, §9). */
export const PAYOUT_YEAR_MIN = 2020;
export const PAYOUT_YEAR_MAX = 2030;
export const PAYOUT_YEARS: readonly number[] = Array.from({ length: PAYOUT_YEAR_MAX - PAYOUT_YEAR_MIN + 1 }, (_, i) => PAYOUT_YEAR_MIN + i);
export const MONTHS = MONTH_NUMBERS;

/** Payment methods (admin document §9), Bank Transfer first: it is the default. */
export const PAYOUT_METHODS = ['BANK_TRANSFER', 'CASH', 'MOBILE_BANKING'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** 0.1 → '10.0%': a rate (a fraction) as a percentage with one decimal; '–' when it is not a number. */
export function formatRatePercent(rate: number | null | undefined, language = 'en'): string {
  if (!isNumber(rate)) return '–';
  return new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rate);
}

export interface PreviewLevel {
  level: CommissionLevel;
  rate: number;
  amount: number;
}

export interface CommissionPreview {
  payment: number;
  levels: PreviewLevel[];
  /** All three levels together, in rupees (exact to the paisa). */
  total: number;
  /** total ÷ payment, as a fraction. */
  share: number;
  /** True when the levels together take more than 20 percent of the payment. */
  exceedsWarning: boolean;
}

/**
 * What one payment of `payment` rupees earns each level above the payer under the rules being
 * edited, computed exactly as the server does (contract commissionFor: rate, then the minimum and
 * maximum, rounded to the paisa). A field that is not a number yet (being typed) counts as 0, and a
 * bound that is not a number (or a maximum not above the minimum) does not bound.
 */
export function commissionPreview(rules: Partial<Record<keyof CommissionRules, unknown>>, payment = PREVIEW_PAYMENT): CommissionPreview {
  const minimumCommission = isNumber(rules.minimumCommission) ? Math.max(0, rules.minimumCommission) : 0;
  // A maximum not above the minimum is an error the form shows; until it is fixed it does not bound.
  const maximumCommission = isNumber(rules.maximumCommission) && rules.maximumCommission > minimumCommission ? rules.maximumCommission : Number.POSITIVE_INFINITY;
  const bounds = { minimumCommission, maximumCommission };
  const rateOf = (value: unknown) => (isNumber(value) ? value : 0);
  const rates = { 1: rateOf(rules.level1Rate), 2: rateOf(rules.level2Rate), 3: rateOf(rules.level3Rate) };
  const levels = COMMISSION_LEVELS.map((level) => ({ level, rate: rates[level], amount: commissionFor(payment, rates[level], bounds) }));
  const totalPaisa = levels.reduce((sum, level) => sum + Math.round(level.amount * 100), 0);
  const total = totalPaisa / 100;
  return {
    payment,
    levels,
    total,
    share: payment > 0 ? total / payment : 0,
    exceedsWarning: totalPaisa > Math.round(payment * PREVIEW_WARNING_SHARE * 100),
  };
}

/** Today's date (YYYY-MM-DD) in the business time zone (RULES §2). */
export const businessDate = karachiDateOf;

/** The CSV export is named with the current date (admin document §9): referral-report-2026-11-22.csv. */
export function referralReportFileName(now: Date = new Date()): string {
  return `referral-report-${businessDate(now)}.csv`;
}

/** The month and year a payout starts with: the current ones in Karachi, the year kept within 2020–2030. */
export function defaultPayoutPeriod(now: Date = new Date()): { month: number; year: number } {
  const [year, month] = businessDate(now).split('-').map(Number);
  return { month, year: Math.min(PAYOUT_YEAR_MAX, Math.max(PAYOUT_YEAR_MIN, year)) };
}

/** 'January' … 'December' in the given language; '' outside 1–12. */
export const monthName = (month: number | null | undefined, language = 'en') => formatMonthName(month, language);

export function formatPeriod(month: number, year: number, language = 'en'): string {
  const name = monthName(month, language);
  return name ? `${name} ${year}` : String(year);
}

/** The day of a moment, in the business time zone, written one way across the app. */
export { formatDate } from '../../../lib/format.ts';

/**
 * Saves text as a file through the browser. A byte-order mark goes first so that spreadsheet
 * programs read names in any script correctly.
 */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the link is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Status words the server sends in capitals, as keys of the catalogue. */
export const COMMISSION_STATUSES = ['PENDING', 'PAID'] as const;
export const REFERRAL_STATUSES = ['PENDING', 'ACTIVE', 'COMPLETED'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export type StatusTone = 'warning' | 'info' | 'success' | 'neutral';

/** The colour repeats the status the text already says: pending amber, active blue, paid/completed green. */
export function statusTone(status: string | null | undefined): StatusTone {
  switch ((status ?? '').toUpperCase()) {
    case 'PENDING':
      return 'warning';
    case 'ACTIVE':
      return 'info';
    case 'PAID':
    case 'COMPLETED':
      return 'success';
    default:
      return 'neutral';
  }
}
