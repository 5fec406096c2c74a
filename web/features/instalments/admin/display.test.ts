import { describe, expect, it } from 'vitest';
import { canReview, filterYears, formatDay, formatPeriod, groupRefusals, monthName, paymentMethodKey, shortId, statusBadges } from './display.ts';

describe('shortId', () => {
  it('shows the last 8 characters of a payment id', () => {
    expect(shortId('3f2c9a1e-7b4d-4e8a-9c1f-0a1b2c3d4e5f')).toBe('2c3d4e5f');
    expect(shortId('abc')).toBe('abc');
    expect(shortId(null)).toBe('');
  });
});

describe('statusBadges', () => {
  it('maps each status to its text and colour', () => {
    expect(statusBadges('PAID')).toEqual([{ key: 'paid', tone: 'success' }]);
    expect(statusBadges('PENDING')).toEqual([{ key: 'pending', tone: 'warning' }]);
    expect(statusBadges('OVERDUE')).toEqual([{ key: 'overdue', tone: 'danger' }]);
    expect(statusBadges('REJECTED')).toEqual([{ key: 'rejected', tone: 'danger' }]);
  });

  it("reads 'Under review' on a pending payment whose receipt waits", () => {
    expect(statusBadges('PENDING', true)).toEqual([{ key: 'underReview', tone: 'warning' }]);
  });

  it('adds Under review after Overdue or Rejected when a new receipt waits', () => {
    expect(statusBadges('OVERDUE', true)).toEqual([
      { key: 'overdue', tone: 'danger' },
      { key: 'underReview', tone: 'warning' },
    ]);
    expect(statusBadges('REJECTED', true).map((b) => b.key)).toEqual(['rejected', 'underReview']);
  });

  it('accepts any case, and shows anything else as Unknown', () => {
    expect(statusBadges('paid')).toEqual([{ key: 'paid', tone: 'success' }]);
    expect(statusBadges('CANCELLED')).toEqual([{ key: 'unknown', tone: 'neutral' }]);
    expect(statusBadges('')).toEqual([{ key: 'unknown', tone: 'neutral' }]);
    expect(statusBadges(undefined, true)).toEqual([{ key: 'unknown', tone: 'neutral' }]);
  });
});

describe('canReview', () => {
  it('offers approve and reject only on an instalment whose receipt is under review', () => {
    expect(canReview({ type: 'INSTALMENT', status: 'PENDING', underReview: true })).toBe(true);
    expect(canReview({ type: 'INSTALMENT', status: 'OVERDUE', underReview: true })).toBe(true);
    expect(canReview({ type: 'INSTALMENT', status: 'PENDING', underReview: false })).toBe(false);
    expect(canReview({ type: 'INSTALMENT', status: 'PAID', underReview: true })).toBe(false);
    expect(canReview({ type: 'SUBSCRIPTION', status: 'PENDING', underReview: true })).toBe(false);
  });
});

describe('month names and periods', () => {
  it('names the months January to December', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => monthName(m))).toEqual([
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
  });

  it('gives nothing outside 1–12', () => {
    expect(monthName(0)).toBe('');
    expect(monthName(13)).toBe('');
    expect(monthName(null)).toBe('');
    expect(monthName(2.5)).toBe('');
  });

  it("writes a period as 'March 2025', and nothing without a month", () => {
    expect(formatPeriod(3, 2025)).toBe('March 2025');
    expect(formatPeriod(null, 2025)).toBe('');
    expect(formatPeriod(3, null)).toBe('');
  });
});

describe('filterYears', () => {
  it('covers the last 10 years and the years members can still pay for, newest first', () => {
    const years = filterYears(new Date('2026-11-22T00:00:00Z'));
    expect(years[0]).toBe(2030);
    expect(years.at(-1)).toBe(2017);
    expect(years).toContain(2026);
    expect([...years].sort((a, b) => b - a)).toEqual(years);
  });
});

describe('formatDay', () => {
  it('shows a calendar date as written, whatever the time zone', () => {
    expect(formatDay('2025-03-01')).toBe('1 Mar 2025');
    expect(formatDay(null)).toBe('');
    expect(formatDay('not a date')).toBe('');
  });
});

describe('paymentMethodKey', () => {
  it('knows the three methods in any case', () => {
    expect(paymentMethodKey('BANK_TRANSFER')).toBe('bankTransfer');
    expect(paymentMethodKey('cash')).toBe('cash');
    expect(paymentMethodKey('MOBILE_BANKING')).toBe('mobileBanking');
    expect(paymentMethodKey('CHEQUE')).toBeUndefined();
  });
});

describe('groupRefusals', () => {
  it('counts the refused payments by reason, most frequent first', () => {
    expect(
      groupRefusals([
        { id: 'a', reason: 'There is no submitted receipt to reject.' },
        { id: 'b', reason: 'This payment is already approved; only an undo with a reason reverses it.' },
        { id: 'c', reason: 'There is no submitted receipt to reject.' },
      ]),
    ).toEqual([
      { reason: 'There is no submitted receipt to reject.', count: 2 },
      { reason: 'This payment is already approved; only an undo with a reason reverses it.', count: 1 },
    ]);
    expect(groupRefusals([])).toEqual([]);
  });
});
