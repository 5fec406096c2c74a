import { describe, expect, it } from 'vitest';
import { checkSelection, eligibleHelp, lastTenYears, memberNumberOf, shortPeriod, successRate, totalPrizeMoney, type SelectionForm } from './display.ts';

describe('successRate', () => {
  it('is paid divided by all winners, as a whole percent', () => {
    expect(successRate(3, 4)).toBe(75);
    expect(successRate(1, 3)).toBe(33);
    expect(successRate(2, 3)).toBe(67);
    expect(successRate(5, 5)).toBe(100);
  });

  it('is 0 when there are no winners', () => {
    expect(successRate(0, 0)).toBe(0);
    expect(successRate(2, 0)).toBe(0);
    expect(successRate(Number.NaN, 4)).toBe(0);
  });
});

describe('lastTenYears', () => {
  it('lists the current year and the nine before it, newest first', () => {
    expect(lastTenYears(new Date('2026-06-15T12:00:00Z'))).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017]);
  });

  it('counts the year in Karachi: New Year arrives there five hours before UTC', () => {
    expect(lastTenYears(new Date('2025-12-31T20:00:00Z'))[0]).toBe(2026);
  });
});

describe('eligibleHelp', () => {
  it('asks for month and year until both are chosen, whatever the list holds', () => {
    expect(eligibleHelp({ hasPeriod: false, loading: false, failed: false, count: 3 })).toBe('choosePeriod');
    expect(eligibleHelp({ hasPeriod: false, loading: true, failed: true, count: 0 })).toBe('choosePeriod');
  });

  it('counts the eligible members, or says that all have already won', () => {
    expect(eligibleHelp({ hasPeriod: true, loading: false, failed: false, count: 2 })).toBe('count');
    expect(eligibleHelp({ hasPeriod: true, loading: false, failed: false, count: 0 })).toBe('none');
  });

  it('does not claim that all have won while loading or after a failed load', () => {
    expect(eligibleHelp({ hasPeriod: true, loading: true, failed: false, count: 0 })).toBe('loading');
    expect(eligibleHelp({ hasPeriod: true, loading: false, failed: true, count: 0 })).toBe('failed');
  });
});

describe('shortPeriod', () => {
  it('is the short month and the year', () => {
    expect(shortPeriod(3, 2026)).toBe('Mar 2026');
    expect(shortPeriod(12, 2025)).toBe('Dec 2025');
    expect(shortPeriod(1, 2024)).toBe('Jan 2024');
  });

  it('is empty without a valid month or year', () => {
    expect(shortPeriod(0, 2026)).toBe('');
    expect(shortPeriod(13, 2026)).toBe('');
    expect(shortPeriod(null, 2026)).toBe('');
    expect(shortPeriod(4, undefined)).toBe('');
  });
});

describe('memberNumberOf', () => {
  it('is the member number, else the position, else nothing (shown as N/A)', () => {
    expect(memberNumberOf({ memberNumber: 4, position: 9 })).toBe(4);
    expect(memberNumberOf({ memberNumber: null, position: 9 })).toBe(9);
    expect(memberNumberOf({})).toBeNull();
  });
});

describe('totalPrizeMoney', () => {
  it('adds the monthly totals exactly', () => {
    expect(totalPrizeMoney([{ totalAmount: 0.1 }, { totalAmount: 0.2 }])).toBe(0.3);
    expect(totalPrizeMoney([{ totalAmount: 150000 }, { totalAmount: 300000 }])).toBe(450000);
    expect(totalPrizeMoney([])).toBe(0);
  });
});

describe('checkSelection', () => {
  const complete: SelectionForm = { committeeId: 'c1', groupNumber: 'A1', month: '3', year: '2026', paymentType: 'UMRAH', userId: 'u1' };

  it('accepts a complete form as the body the server expects', () => {
    expect(checkSelection(complete)).toEqual({ ok: true, input: { committeeId: 'c1', groupNumber: 'A1', month: 3, year: 2026, paymentType: 'UMRAH', userId: 'u1' } });
  });

  it('reports any missing field, member included, as missing', () => {
    for (const field of ['committeeId', 'groupNumber', 'month', 'year', 'userId'] as const) {
      expect(checkSelection({ ...complete, [field]: '' })).toEqual({ ok: false, reason: 'missing' });
    }
  });

  it('refuses a year outside 2020 to 2030 with the server message', () => {
    expect(checkSelection({ ...complete, year: '2031' })).toEqual({ ok: false, reason: 'invalid', message: 'Year must be between 2020 and 2030.' });
    expect(checkSelection({ ...complete, year: '2019' })).toMatchObject({ ok: false, reason: 'invalid' });
  });
});
