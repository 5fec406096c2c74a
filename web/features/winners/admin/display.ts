/**
 * How winners are shown and checked (admin document §2 "Winner Management", §5 "Winner selection",
 * §9): pure functions, so that the tabs, the dialogs and the tests agree.
 */
import { karachiDayOf } from '../../../../contract/business-time.ts';
import { fromPaisa, toPaisa } from '../../../../contract/money.ts';
import { selectWinnerBody, WINNER_PAYMENT_TYPES, WINNER_STATUSES } from '../../../../contract/winners.ts';
import type { BadgeTone } from '../../../components/ui/badge.tsx';
import type { EligibleMember, SelectWinnerInput, WinnerPaymentType, WinnerStatus } from './api.ts';
import { formatMonth, formatMonthName, MONTH_NUMBERS } from '../../../lib/format.ts';

/** The months, 1–12. */
export const MONTHS = MONTH_NUMBERS;

/** Winner selection accepts the years 2020 to 2030 (admin document §9; RULES §9). */
export const SELECTION_YEAR_MIN = 2020;
export const SELECTION_YEAR_MAX = 2030;

/** Monthly Breakdown shows up to 6 rows, By Committee up to 5 (admin document §9). */
export const MONTHLY_ROWS = 6;
export const COMMITTEE_ROWS = 5;

/** 'January' … 'December' in the given language; '' outside 1–12. */
export const monthName = (month: number | null | undefined, language = 'en') => formatMonthName(month, language);

/** 'Mar 2026': the Period column (short month and year); '' when either is missing. */
export const shortPeriod = (month: number | null | undefined, year: number | null | undefined, language = 'en') => formatMonth(year, month, language, 'short');

/** The filters' years: the last 10, newest first (admin document §9). */
export function lastTenYears(now: Date = new Date()): number[] {
  const current = currentYear(now);
  return Array.from({ length: 10 }, (_, index) => current - index);
}

/** Paid ÷ total winners as a whole percent; 0 when there are none (admin document §2 Summary Insights). */
export function successRate(paid: number, total: number): number {
  if (!Number.isFinite(paid) || !Number.isFinite(total) || total <= 0) return 0;
  return Math.round((paid / total) * 100);
}

/** Total prize money: the sum of the monthly totals, added in paisa so no floating-point error creeps in. */
export function totalPrizeMoney(monthly: { totalAmount: number }[]): number {
  return fromPaisa(monthly.reduce((sum, row) => sum + toPaisa(Number(row.totalAmount) || 0), 0));
}

/**
 * Which helper text the member field shows (admin document §2 Selection tab):
 * - 'choosePeriod': 'Select month and year to see eligible members' (no month, or no valid year yet);
 * - 'loading' while the list is read; 'failed' when it could not be read;
 * - 'none': 'All members have already won. No eligible members.';
 * - 'count': how many are eligible, previous winners excluded.
 */
export type EligibleHelp = 'choosePeriod' | 'loading' | 'failed' | 'none' | 'count';

export function eligibleHelp(state: { hasPeriod: boolean; loading: boolean; failed: boolean; count: number }): EligibleHelp {
  if (!state.hasPeriod) return 'choosePeriod';
  if (state.loading) return 'loading';
  if (state.failed) return 'failed';
  return state.count > 0 ? 'count' : 'none';
}

/** A year the selection accepts. */
export function isSelectionYear(year: number): boolean {
  return Number.isInteger(year) && year >= SELECTION_YEAR_MIN && year <= SELECTION_YEAR_MAX;
}

/** An eligible member's number: member number, else position, else null (shown as 'N/A'). */
export function memberNumberOf(member: { [K in 'memberNumber' | 'position']?: EligibleMember[K] | null }): number | null {
  if (typeof member.memberNumber === 'number') return member.memberNumber;
  if (typeof member.position === 'number') return member.position;
  return null;
}

export interface SelectionForm {
  committeeId: string;
  groupNumber: string;
  /** '' until chosen. */
  month: string;
  /** As typed in the number input. */
  year: string;
  paymentType: WinnerPaymentType;
  userId: string;
  /** Why the admin chooses this member by hand (optional, at most 500 characters). */
  reason?: string;
}

export type SelectionCheck = { ok: true; input: SelectWinnerInput } | { ok: false; reason: 'missing' } | { ok: false; reason: 'invalid'; message: string };

/**
 * Committee, group, month, year and member are all required (else the 'Validation Error' toast);
 * what remains is checked with the server's own schema (year 2020 to 2030).
 */
export function checkSelection(form: SelectionForm): SelectionCheck {
  if (!form.committeeId || !form.groupNumber || !form.month || !form.year.trim() || !form.userId) return { ok: false, reason: 'missing' };
  const parsed = selectWinnerBody.safeParse({ ...form, month: Number(form.month), year: Number(form.year) });
  if (!parsed.success) return { ok: false, reason: 'invalid', message: parsed.error.issues[0]?.message ?? '' };
  const { committeeId, groupNumber, month, year, paymentType, userId, reason } = parsed.data;
  return { ok: true, input: { committeeId, groupNumber, month, year, paymentType, userId, ...(reason ? { reason } : {}) } };
}

/** SELECTED, PAID, CANCELLED in any case; anything else is undefined (shown as sent). */
export function winnerStatusOf(status: string | null | undefined): WinnerStatus | undefined {
  const upper = (status ?? '').trim().toUpperCase();
  return WINNER_STATUSES.find((known) => known === upper);
}

export function paymentTypeOf(type: string | null | undefined): WinnerPaymentType | undefined {
  const upper = (type ?? '').trim().toUpperCase();
  return WINNER_PAYMENT_TYPES.find((known) => known === upper);
}

export const statusTone: Record<WinnerStatus, BadgeTone> = { SELECTED: 'warning', PAID: 'success', CANCELLED: 'danger' };
export const paymentTypeTone: Record<WinnerPaymentType, BadgeTone> = { UMRAH: 'info', CASH: 'neutral' };

/** The day of a moment, in the business time zone (RULES §2), written one way across the app. */
export { formatDate } from '../../../lib/format.ts';

/** The current year in the business time zone (RULES §2): the default of the year fields. */
export function currentYear(now: Date = new Date()): number {
  return karachiDayOf(now).year;
}

/** A commitment or seed (64 hexadecimal characters) shortened for a narrow screen: '1a2b3c4d…9e8f7a6b'. */
export function shortHash(hex: string): string {
  return hex.length > 20 ? `${hex.slice(0, 8)}…${hex.slice(-8)}` : hex;
}
