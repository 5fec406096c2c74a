import { describe, expect, it } from 'vitest';
import { DEFAULT_COMMISSION_RULES } from '../../../../contract/referrals.ts';
import {
  businessDate,
  commissionPreview,
  defaultPayoutPeriod,
  formatPeriod,
  formatRatePercent,
  PAYOUT_YEARS,
  referralReportFileName,
  statusTone,
} from './rules.ts';

describe('rates as percentages (admin document §9: one decimal)', () => {
  it('shows a fraction as a percentage with one decimal', () => {
    expect(formatRatePercent(0.1)).toBe('10.0%');
    expect(formatRatePercent(0.05)).toBe('5.0%');
    expect(formatRatePercent(0.02)).toBe('2.0%');
    expect(formatRatePercent(0.125)).toBe('12.5%');
    expect(formatRatePercent(0)).toBe('0.0%');
    expect(formatRatePercent(1)).toBe('100.0%');
  });

  it('rounds to one decimal without floating-point noise', () => {
    expect(formatRatePercent(0.07)).toBe('7.0%');
    expect(formatRatePercent(0.0333)).toBe('3.3%');
    expect(formatRatePercent(0.1 + 0.2)).toBe('30.0%');
  });

  it('shows a dash for a field that is not a number yet', () => {
    expect(formatRatePercent(Number.NaN)).toBe('–');
    expect(formatRatePercent(undefined)).toBe('–');
    expect(formatRatePercent(null)).toBe('–');
  });
});

describe('the rules preview on a payment of PKR 1,000', () => {
  it('gives 100 + 50 + 20 = 170 (17%) under the default rules, without a warning', () => {
    const preview = commissionPreview(DEFAULT_COMMISSION_RULES);
    expect(preview.payment).toBe(1000);
    expect(preview.levels.map((l) => l.amount)).toEqual([100, 50, 20]);
    expect(preview.total).toBe(170);
    expect(preview.share).toBeCloseTo(0.17);
    expect(preview.exceedsWarning).toBe(false);
  });

  it('warns only above 20 percent: exactly 20 is allowed', () => {
    expect(commissionPreview({ ...DEFAULT_COMMISSION_RULES, level1Rate: 0.13, level2Rate: 0.05, level3Rate: 0.02 }).exceedsWarning).toBe(false);
    const over = commissionPreview({ ...DEFAULT_COMMISSION_RULES, level1Rate: 0.13, level2Rate: 0.05, level3Rate: 0.03 });
    expect(over.total).toBe(210);
    expect(over.exceedsWarning).toBe(true);
  });

  it('applies the minimum and maximum per commission, as the server does', () => {
    const bounded = commissionPreview({ level1Rate: 0.5, level2Rate: 0.05, level3Rate: 0.001, minimumCommission: 5, maximumCommission: 120 });
    // 500 capped at 120; 50 as it is; 1 raised to the minimum 5.
    expect(bounded.levels.map((l) => l.amount)).toEqual([120, 50, 5]);
    expect(bounded.total).toBe(175);
    expect(bounded.exceedsWarning).toBe(false);
  });

  it('counts a level with rate 0 as nothing, even with a minimum (a single-level scheme)', () => {
    const single = commissionPreview({ level1Rate: 0.1, level2Rate: 0, level3Rate: 0, minimumCommission: 10, maximumCommission: 1000 });
    expect(single.levels.map((l) => l.amount)).toEqual([100, 0, 0]);
    expect(single.total).toBe(100);
  });

  it('keeps the paisa exact', () => {
    const preview = commissionPreview({ level1Rate: 0.0333, level2Rate: 0.0333, level3Rate: 0.0333, minimumCommission: 0, maximumCommission: 1000 });
    expect(preview.levels.map((l) => l.amount)).toEqual([33.3, 33.3, 33.3]);
    expect(preview.total).toBe(99.9);
  });

  it('treats fields being typed (not numbers yet) as 0, and an empty maximum as no bound', () => {
    const preview = commissionPreview({ level1Rate: Number.NaN, level2Rate: 0.05, level3Rate: undefined, minimumCommission: Number.NaN, maximumCommission: Number.NaN });
    expect(preview.levels.map((l) => l.amount)).toEqual([0, 50, 0]);
    expect(preview.total).toBe(50);
    expect(preview.exceedsWarning).toBe(false);
  });

  it('ignores a maximum that is not above the minimum (the form shows that error) rather than showing negative amounts', () => {
    const preview = commissionPreview({ ...DEFAULT_COMMISSION_RULES, minimumCommission: -5, maximumCommission: -1 });
    expect(preview.levels.map((l) => l.amount)).toEqual([100, 50, 20]);
  });
});

describe('CSV export file name (admin document §9: named with the current date)', () => {
  it('is referral-report-<date>.csv', () => {
    expect(referralReportFileName(new Date('2026-11-22T10:00:00Z'))).toBe('referral-report-2026-11-22.csv');
  });

  it("uses Karachi's date (UTC+5): late evening UTC is already the next day", () => {
    expect(referralReportFileName(new Date('2026-11-22T19:30:00Z'))).toBe('referral-report-2026-11-23.csv');
    expect(businessDate(new Date('2026-12-31T19:00:00Z'))).toBe('2027-01-01');
  });
});

describe('the payout period', () => {
  it("starts at the current month and year in Karachi", () => {
    expect(defaultPayoutPeriod(new Date('2026-03-15T08:00:00Z'))).toEqual({ month: 3, year: 2026 });
    expect(defaultPayoutPeriod(new Date('2026-03-31T20:00:00Z'))).toEqual({ month: 4, year: 2026 });
  });

  it('keeps the year within 2020 to 2030', () => {
    expect(PAYOUT_YEARS[0]).toBe(2020);
    expect(PAYOUT_YEARS[PAYOUT_YEARS.length - 1]).toBe(2030);
    expect(PAYOUT_YEARS).toHaveLength(11);
    expect(defaultPayoutPeriod(new Date('2031-06-01T08:00:00Z')).year).toBe(2030);
  });

  it('names the month', () => {
    expect(formatPeriod(3, 2026)).toBe('March 2026');
  });
});

describe('status colours', () => {
  it('repeats what the text says', () => {
    expect(statusTone('PENDING')).toBe('warning');
    expect(statusTone('active')).toBe('info');
    expect(statusTone('PAID')).toBe('success');
    expect(statusTone('COMPLETED')).toBe('success');
    expect(statusTone('SOMETHING')).toBe('neutral');
  });
});
