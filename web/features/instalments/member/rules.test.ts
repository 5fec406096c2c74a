import { describe, expect, it } from 'vitest';
import {
  businessMonthOf,
  groupPaymentStatus,
  instalmentNotes,
  instalmentStateOf,
  isCurrentMonth,
  isPaid,
  isPayable,
  monthsCompleted,
  monthsRemaining,
  progressPercent,
  reviewStatusOf,
  sortByMonth,
  winnerOf,
} from './rules.ts';

const schedule = (...statuses: string[]) => statuses.map((status) => ({ status }));

describe('group payment status', () => {
  it('reads PAID, PENDING, OVERDUE and REJECTED in any case, anything else as unknown', () => {
    expect(groupPaymentStatus('PAID')).toBe('paid');
    expect(groupPaymentStatus('pending')).toBe('pending');
    expect(groupPaymentStatus(' Overdue ')).toBe('overdue');
    expect(groupPaymentStatus('REJECTED')).toBe('rejected');
    expect(groupPaymentStatus('CANCELLED')).toBe('unknown');
    expect(groupPaymentStatus('')).toBe('unknown');
    expect(groupPaymentStatus(null)).toBe('unknown');
  });
});

describe('payable months', () => {
  it('are PENDING, OVERDUE or REJECTED months without a receipt under review', () => {
    expect(isPayable({ status: 'PENDING', underReview: false })).toBe(true);
    expect(isPayable({ status: 'OVERDUE' })).toBe(true);
    expect(isPayable({ status: 'rejected', underReview: false })).toBe(true);
    expect(isPayable({ status: 'PENDING', underReview: true })).toBe(false);
    expect(isPayable({ status: 'OVERDUE', underReview: true })).toBe(false);
    expect(isPayable({ status: 'PAID', underReview: false })).toBe(false);
    expect(isPayable({ status: 'SOMETHING', underReview: false })).toBe(false);
  });
});

describe('the state of a month (RULES §6a)', () => {
  it("is the server's state when it sends one", () => {
    expect(instalmentStateOf({ status: 'PENDING', state: 'SCHEDULED' })).toBe('SCHEDULED');
    expect(instalmentStateOf({ status: 'PENDING', state: 'OVERDUE' })).toBe('OVERDUE');
    expect(instalmentStateOf({ status: 'OVERDUE', underReview: true, state: 'UNDER_REVIEW' })).toBe('UNDER_REVIEW');
  });

  it('is read from the status of an older answer: a month still to come is scheduled, never due', () => {
    const now = new Date('2026-03-15T10:00:00Z');
    expect(instalmentStateOf({ status: 'PAID', dueDate: '2026-05-01' }, now)).toBe('PAID');
    expect(instalmentStateOf({ status: 'PENDING', underReview: true, dueDate: '2026-05-01' }, now)).toBe('UNDER_REVIEW');
    expect(instalmentStateOf({ status: 'PENDING', dueDate: '2026-04-01' }, now)).toBe('SCHEDULED');
    expect(instalmentStateOf({ status: 'PENDING', month: 4, year: 2026 }, now)).toBe('SCHEDULED');
    expect(instalmentStateOf({ status: 'PENDING', dueDate: '2026-03-01' }, now)).toBe('OWED');
    expect(instalmentStateOf({ status: 'REJECTED', dueDate: '2026-02-01' }, now)).toBe('OWED');
    expect(instalmentStateOf({ status: 'OVERDUE', dueDate: '2026-02-01' }, now)).toBe('OVERDUE');
    // 1 April begins at 19:00 UTC on 31 March in Karachi.
    expect(instalmentStateOf({ status: 'PENDING', dueDate: '2026-04-01' }, new Date('2026-03-31T19:30:00Z'))).toBe('OWED');
  });

  it('can be paid when owed, overdue or scheduled; not when paid or under review', () => {
    expect(isPayable({ status: 'PENDING', state: 'OWED' })).toBe(true);
    expect(isPayable({ status: 'OVERDUE', state: 'OVERDUE' })).toBe(true);
    expect(isPayable({ status: 'PENDING', state: 'SCHEDULED' })).toBe(true);
    expect(isPayable({ status: 'PENDING', state: 'UNDER_REVIEW' })).toBe(false);
    expect(isPayable({ status: 'PAID', state: 'PAID' })).toBe(false);
    expect(isPaid({ status: 'PENDING', state: 'PAID' })).toBe(true);
    expect(isPaid({ status: 'PAID', state: 'OWED' })).toBe(false);
  });
});

describe('progress of a group', () => {
  it('counts PAID months as completed and every other month as remaining', () => {
    const payments = schedule('PAID', 'PAID', 'PENDING', 'OVERDUE', 'REJECTED', 'PENDING');
    expect(monthsCompleted(payments)).toBe(2);
    expect(monthsRemaining(payments)).toBe(4);
  });

  it('is paid months over all records, rounded', () => {
    expect(progressPercent(schedule('PAID', 'PENDING', 'PENDING'))).toBe(33);
    expect(progressPercent(schedule('PAID', 'PAID', 'PENDING'))).toBe(67);
    expect(progressPercent(schedule('PAID', 'PAID'))).toBe(100);
    expect(progressPercent(schedule('PENDING'))).toBe(0);
    expect(progressPercent([])).toBe(0);
  });
});

describe('the current month', () => {
  it('is the month in Karachi (UTC+5), not in UTC', () => {
    // 31 March 19:30 UTC is already 1 April 00:30 in Karachi.
    expect(businessMonthOf(new Date('2026-03-31T19:30:00Z'))).toEqual({ month: 4, year: 2026 });
    expect(businessMonthOf(new Date('2026-03-31T18:59:00Z'))).toEqual({ month: 3, year: 2026 });
    // New year arrives five hours earlier too.
    expect(businessMonthOf(new Date('2025-12-31T20:00:00Z'))).toEqual({ month: 1, year: 2026 });
  });

  it('highlights the card of that month only', () => {
    const now = new Date('2026-03-31T19:30:00Z');
    expect(isCurrentMonth({ month: 4, year: 2026 }, now)).toBe(true);
    expect(isCurrentMonth({ month: 3, year: 2026 }, now)).toBe(false);
    expect(isCurrentMonth({ month: 4, year: 2025 }, now)).toBe(false);
  });
});

describe('schedule helpers', () => {
  it('orders months by year then month', () => {
    const sorted = sortByMonth([
      { month: 2, year: 2027 },
      { month: 12, year: 2026 },
      { month: 1, year: 2027 },
    ]);
    expect(sorted).toEqual([
      { month: 12, year: 2026 },
      { month: 1, year: 2027 },
      { month: 2, year: 2027 },
    ]);
  });

  it("finds a month's winner", () => {
    const winners = [{ month: 3, year: 2026, winnerId: 'u-2', winner: { name: 'Bilal' }, amount: 300000, selectedAt: '2026-03-15T10:00:00Z', status: 'SELECTED' }];
    expect(winnerOf(winners, { month: 3, year: 2026 })?.winner?.name).toBe('Bilal');
    expect(winnerOf(winners, { month: 3, year: 2027 })).toBeUndefined();
    expect(winnerOf(undefined, { month: 3, year: 2026 })).toBeUndefined();
  });

  it('names the month in the notes sent with a payment', () => {
    expect(instalmentNotes('A1', 3, 2026)).toBe('Group A1 - March 2026');
    expect(instalmentNotes('2', 12, 2025)).toBe('Group 2 - December 2025');
  });
});

describe('review status of a sent payment', () => {
  it("uses the server's lowercase review status, else reads the status; pending by default", () => {
    expect(reviewStatusOf({ reviewStatus: 'approved', status: 'PAID' })).toBe('approved');
    expect(reviewStatusOf({ reviewStatus: 'REJECTED', status: 'REJECTED' })).toBe('rejected');
    expect(reviewStatusOf({ status: 'PAID' })).toBe('approved');
    expect(reviewStatusOf({ status: 'REJECTED' })).toBe('rejected');
    expect(reviewStatusOf({ status: 'OVERDUE' })).toBe('pending');
    expect(reviewStatusOf({ status: 'PENDING' })).toBe('pending');
  });
});
