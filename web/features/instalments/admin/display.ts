/**
 * How payments are shown (admin document §2 "Payment Management", §4 "Payment status"): pure
 * functions, so that the tabs, the dialogs and the tests agree.
 */
import { PAYMENT_YEAR_MAX } from '../../../../contract/instalments.ts';
import type { BadgeTone } from '../../../components/ui/badge.tsx';
import type { AdminPayment, BulkResult } from './api.ts';
import { formatMonthName, MONTH_NUMBERS } from '../../../lib/format.ts';

/** A payment id is displayed as its last 8 characters (admin document §2). */
export function shortId(id: string | null | undefined): string {
  return (id ?? '').slice(-8);
}

export type StatusBadgeKey = 'paid' | 'pending' | 'underReview' | 'overdue' | 'rejected' | 'unknown';

export interface StatusBadgeSpec {
  key: StatusBadgeKey;
  tone: BadgeTone;
}

/**
 * The badges of a payment's status: PAID green; PENDING amber, reading 'Under review' when a
 * receipt waits; OVERDUE and REJECTED red, followed by an amber 'Under review' when the member has
 * sent a new receipt since; anything else 'Unknown'. Any case.
 */
export function statusBadges(status: string | null | undefined, underReview = false): StatusBadgeSpec[] {
  const review: StatusBadgeSpec = { key: 'underReview', tone: 'warning' };
  switch ((status ?? '').trim().toUpperCase()) {
    case 'PAID':
      return [{ key: 'paid', tone: 'success' }];
    case 'PENDING':
      return [underReview ? review : { key: 'pending', tone: 'warning' }];
    case 'OVERDUE':
      return underReview ? [{ key: 'overdue', tone: 'danger' }, review] : [{ key: 'overdue', tone: 'danger' }];
    case 'REJECTED':
      return underReview ? [{ key: 'rejected', tone: 'danger' }, review] : [{ key: 'rejected', tone: 'danger' }];
    default:
      return [{ key: 'unknown', tone: 'neutral' }];
  }
}

/**
 * Approve and reject are offered on a receipt that waits for a decision (RULES §6: "under review"),
 * never on a paid one. Plan requests are decided on Plan Requests instead.
 */
export function canReview(payment: Pick<AdminPayment, 'type' | 'status' | 'underReview'>): boolean {
  return payment.underReview && payment.type?.toUpperCase() === 'INSTALMENT' && payment.status?.toUpperCase() !== 'PAID';
}

export const isSubscription = (payment: Pick<AdminPayment, 'type'>) => payment.type?.toUpperCase() === 'SUBSCRIPTION';

/** 'January' … 'December' in the given language; '' outside 1–12. */
export const monthName = (month: number | null | undefined, language = 'en') => formatMonthName(month, language);

/** 'March 2025'; '' when the payment has no month (a plan request). */
export function formatPeriod(month: number | null | undefined, year: number | null | undefined, language = 'en'): string {
  const name = monthName(month, language);
  if (!name || !year) return '';
  return `${name} ${year}`;
}

/** The months of a filter: 1–12. */
export const MONTHS = MONTH_NUMBERS;

/**
 * The years of a filter, newest first: the last 10 years (admin document §9), and ahead up to the
 * last year a member can pay for (instalment schedules run into the coming years).
 */
export function filterYears(now: Date = new Date()): number[] {
  const current = now.getFullYear();
  const newest = Math.max(current, PAYMENT_YEAR_MAX);
  const years: number[] = [];
  for (let year = newest; year >= current - 9; year--) years.push(year);
  return years;
}

/** The known payment methods have a label (admin document §9); others show as sent. */
export const PAYMENT_METHOD_KEYS = { CASH: 'cash', BANK_TRANSFER: 'bankTransfer', MOBILE_BANKING: 'mobileBanking' } as const;
export function paymentMethodKey(method: string | null | undefined): (typeof PAYMENT_METHOD_KEYS)[keyof typeof PAYMENT_METHOD_KEYS] | undefined {
  return PAYMENT_METHOD_KEYS[(method ?? '').toUpperCase() as keyof typeof PAYMENT_METHOD_KEYS];
}

/** Dates are written one way across the app (lib/format.ts); a calendar day (a due date) is read as that day. */
export { formatDate, formatDateTime, formatDate as formatDay } from '../../../lib/format.ts';



/** The refused moves of a bulk change, one line per reason with how many: most frequent first. */
export function groupRefusals(refused: BulkResult['refused']): { reason: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const { reason } of refused) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
}
