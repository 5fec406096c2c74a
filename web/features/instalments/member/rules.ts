/**
 * The rules of the member's schedule and payments as pure functions, so that the cards, the dialogs,
 * the payment page and the tests agree (member document §2 "My Groups tab", §4, §5; RULES §2, §6).
 */
import { karachiDateOf, karachiDayOf } from '../../../../contract/business-time.ts';
import type { InstalmentState } from '../../../../contract/figures.ts';
import type { BadgeTone } from '../../../components/ui/badge.tsx';
import { isInstalmentState, type GroupPayment, type GroupWinner, type MemberGroup } from './api.ts';

/** The business time zone (RULES §2): "this month" is this month in Karachi. */
export { BUSINESS_TIME_ZONE } from '../../../../contract/business-time.ts';

export type GroupPaymentStatus = 'paid' | 'pending' | 'overdue' | 'rejected' | 'unknown';

/**
 * PAID, PENDING, OVERDUE (member document §4) and REJECTED (RULES §6), in any case; anything
 * else shows as 'Unknown'.
 */
export function groupPaymentStatus(status: string | null | undefined): GroupPaymentStatus {
  switch ((status ?? '').trim().toUpperCase()) {
    case 'PAID':
      return 'paid';
    case 'PENDING':
      return 'pending';
    case 'OVERDUE':
      return 'overdue';
    case 'REJECTED':
      return 'rejected';
    default:
      return 'unknown';
  }
}

export const groupPaymentStatusTone: Record<GroupPaymentStatus, BadgeTone> = {
  paid: 'success',
  pending: 'warning',
  overdue: 'danger',
  rejected: 'danger',
  unknown: 'neutral',
};

/** The states a receipt can still be sent for: owed, overdue, or a month paid ahead (RULES §6a). */
const PAYABLE_STATES: readonly InstalmentState[] = ['OWED', 'OVERDUE', 'SCHEDULED'];

type StatePayment = Pick<GroupPayment, 'status'> & Partial<Pick<GroupPayment, 'underReview' | 'state'>>;

/**
 * A month can be paid when it is owed, overdue or scheduled (paid ahead): not when it is paid or a
 * receipt of it waits for a decision (RULES §6: the server answers 409). Without a state (an older
 * answer, or the payment page's stored month) the status says: PENDING, OVERDUE or REJECTED, and no
 * receipt under review.
 */
export function isPayable(payment: StatePayment): boolean {
  if (isInstalmentState(payment.state)) return PAYABLE_STATES.includes(payment.state);
  const status = groupPaymentStatus(payment.status);
  return (status === 'pending' || status === 'overdue' || status === 'rejected') && !payment.underReview;
}

export const isPaid = (payment: StatePayment) => (isInstalmentState(payment.state) ? payment.state === 'PAID' : groupPaymentStatus(payment.status) === 'paid');

/** Today's date in Karachi ('2026-03-15'). */
export const businessDateOf = karachiDateOf;

/**
 * What a month is today (RULES §6a), which is how it is drawn: the server's `state`. An older answer
 * without one is read from the status: PAID; a receipt under review; a due date still to come is
 * SCHEDULED (never due); OVERDUE as the server marked it; anything else due is OWED.
 */
export function instalmentStateOf(payment: StatePayment & Partial<Pick<GroupPayment, 'dueDate' | 'month' | 'year'>>, now: Date = new Date()): InstalmentState {
  if (isInstalmentState(payment.state)) return payment.state;
  const status = groupPaymentStatus(payment.status);
  if (status === 'paid') return 'PAID';
  if (payment.underReview) return 'UNDER_REVIEW';
  const due = payment.dueDate?.slice(0, 10) || (payment.month && payment.year ? `${payment.year}-${String(payment.month).padStart(2, '0')}-01` : '');
  if (due && due > businessDateOf(now)) return 'SCHEDULED';
  return status === 'overdue' ? 'OVERDUE' : 'OWED';
}

/** Months completed: the PAID months (member document §2). */
export function monthsCompleted(payments: readonly StatePayment[]): number {
  return payments.filter(isPaid).length;
}

/**
 * Remaining months. The old client counted only PENDING; OVERDUE and REJECTED months are still to
 * be paid too, so every month that is not PAID counts as remaining: completed + remaining is then
 * always the length of the schedule.
 */
export function monthsRemaining(payments: readonly StatePayment[]): number {
  return payments.length - monthsCompleted(payments);
}

/** Paid months ÷ all payment records, as a rounded percentage; 0 for an empty schedule. */
export function progressPercent(payments: readonly StatePayment[]): number {
  if (payments.length === 0) return 0;
  return Math.round((monthsCompleted(payments) / payments.length) * 100);
}

export interface MonthOfYear {
  month: number;
  year: number;
}

/** The month and year it is in Karachi at a given moment. */
export function businessMonthOf(now: Date = new Date()): MonthOfYear {
  const { month, year } = karachiDayOf(now);
  return { month, year };
}

export function isCurrentMonth(payment: MonthOfYear, now: Date = new Date()): boolean {
  const current = businessMonthOf(now);
  return payment.month === current.month && payment.year === current.year;
}

/** The schedule in calendar order (the server sends it so; this keeps the cards right whatever). */
export function sortByMonth<T extends MonthOfYear>(payments: readonly T[]): T[] {
  return [...payments].sort((a, b) => a.year - b.year || a.month - b.month);
}

/** The draw's winner of a month, if the draw has happened. */
export function winnerOf(winners: readonly GroupWinner[] | null | undefined, month: MonthOfYear): GroupWinner | undefined {
  return (winners ?? []).find((winner) => winner.month === month.month && winner.year === month.year);
}

const ENGLISH_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * The notes sent with a monthly payment: 'Group {n} - {Month} {year}' (member document §7). Data
 * for the admin's list, not a screen text, so always in English like the server's own texts.
 */
export function instalmentNotes(groupNumber: string, month: number, year: number): string {
  return `Group ${groupNumber} - ${ENGLISH_MONTHS[month - 1] ?? month} ${year}`;
}

export type ReviewStatus = 'pending' | 'approved' | 'rejected';

/**
 * A sent payment's review, in lowercase (member document §4): the server's reviewStatus (a member's
 * list also sends it as status), else read from a stored status code (PAID approved, REJECTED
 * rejected); pending is the default display.
 */
export function reviewStatusOf(payment: { status: string; reviewStatus?: string }): ReviewStatus {
  const review = (payment.reviewStatus ?? '').trim().toLowerCase();
  if (review === 'approved' || review === 'rejected' || review === 'pending') return review;
  const status = groupPaymentStatus(payment.status);
  if (status === 'paid') return 'approved';
  if (status === 'rejected') return 'rejected';
  return 'pending';
}

export const reviewStatusTone: Record<ReviewStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};


/**
 * The months whose receipt an administrator refused and that are owed again (RULES §6a: status
 * REJECTED, no new receipt waiting), in the groups the member is still in, the oldest first.
 */
export function refusedMonthsOf(groups: readonly MemberGroup[] | undefined): { group: MemberGroup; payment: GroupPayment }[] {
  return (groups ?? [])
    .filter((group) => group.memberStatus !== 'DROPPED')
    .flatMap((group) => (group.payments ?? []).map((payment) => ({ group, payment })))
    .filter(({ payment }) => groupPaymentStatus(payment.status) === 'rejected' && !payment.underReview && isPayable(payment))
    .sort((a, b) => a.payment.year - b.payment.year || a.payment.month - b.payment.month);
}
