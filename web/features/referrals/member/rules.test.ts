import { describe, expect, it } from 'vitest';
import { commissionMessages } from '../../../../contract/referrals.ts';
import en from '../../../locales/en/member-referrals.json';
import { buildReferralLink, commissionCapOf, COPY_CONFIRMATION_MS, formatRate, levelRates, referralLevel, referralStatus, splitCommissionPayments, withConfirmed } from './rules.ts';
import { makeCommissionPayment } from './test-support.ts';

describe('buildReferralLink', () => {
  it('points at /register with the code as ref', () => {
    expect(buildReferralLink('https://umrah.example.pk', 'AYESHA7')).toBe('https://umrah.example.pk/register?ref=AYESHA7');
  });

  it('does not double a trailing slash, trims and escapes the code', () => {
    expect(buildReferralLink('http://localhost:5173/', ' AB CD ')).toBe('http://localhost:5173/register?ref=AB%20CD');
    expect(buildReferralLink('https://x.pk//', 'A&B')).toBe('https://x.pk/register?ref=A%26B');
  });
});

describe('formatRate', () => {
  it('shows a fraction as a percentage with one decimal', () => {
    expect(formatRate(0.1)).toBe('10.0%');
    expect(formatRate(0.05)).toBe('5.0%');
    expect(formatRate(0.02)).toBe('2.0%');
    expect(formatRate(0.025)).toBe('2.5%');
    expect(formatRate(0.0333)).toBe('3.3%');
    expect(formatRate(1)).toBe('100.0%');
    expect(formatRate(0.07)).toBe('7.0%'); // 0.07 × 100 is 7.000000000000001 in floating point.
  });
});

describe('levelRates', () => {
  it('lists the three levels from the rules in force; a level at 0 is not paid', () => {
    expect(levelRates({ level1Rate: 0.12, level2Rate: 0.04, level3Rate: 0 })).toEqual([
      { level: 1, rate: 0.12, paid: true },
      { level: 2, rate: 0.04, paid: true },
      { level: 3, rate: 0, paid: false },
    ]);
  });
});

describe('referral levels and statuses', () => {
  it('knows levels 1 to 3 only', () => {
    expect(referralLevel(1)).toBe(1);
    expect(referralLevel(3)).toBe(3);
    expect(referralLevel(4)).toBeNull();
    expect(referralLevel(undefined)).toBeNull();
  });

  it('reads ACTIVE, PENDING, COMPLETED in any case, the history words, and nothing else', () => {
    expect(referralStatus('ACTIVE')).toBe('active');
    expect(referralStatus('pending')).toBe('pending');
    expect(referralStatus('Completed')).toBe('completed');
    expect(referralStatus('registered')).toBe('registered');
    expect(referralStatus('inactive')).toBe('inactive');
    expect(referralStatus('SOMETHING')).toBe('unknown');
    expect(referralStatus(null)).toBe('unknown');
  });
});

describe('commission payments', () => {
  const older = makeCommissionPayment({ id: 'a', paidAt: '2026-01-01T09:00:00.000Z' });
  const newer = makeCommissionPayment({ id: 'b', paidAt: '2026-03-01T09:00:00.000Z' });
  const confirmedEarly = makeCommissionPayment({ id: 'c', userConfirmed: true, confirmedAt: '2026-01-05T09:00:00.000Z' });
  const confirmedLate = makeCommissionPayment({ id: 'd', userConfirmed: true, confirmedAt: '2026-03-05T09:00:00.000Z' });

  it('split into pending confirmation and confirmed, newest first', () => {
    const lists = splitCommissionPayments([older, confirmedEarly, newer, confirmedLate]);
    expect(lists.pending.map((p) => p.id)).toEqual(['b', 'a']);
    expect(lists.confirmed.map((p) => p.id)).toEqual(['d', 'c']);
  });

  it('move to confirmed with what the server answered', () => {
    const answered = { ...newer, userConfirmed: true, confirmedAt: '2026-03-06T09:00:00.000Z', userNotes: 'Arrived in my Meezan account' };
    const updated = withConfirmed([older, newer], answered)!;
    expect(updated[0]).toBe(older);
    expect(updated[1]).toMatchObject({ id: 'b', userConfirmed: true, userNotes: 'Arrived in my Meezan account' });
    expect(withConfirmed(undefined, answered)).toBeUndefined();
  });
});

describe('constants and texts', () => {
  it('resets the copy confirmation after 2 seconds (member document §9)', () => {
    expect(COPY_CONFIRMATION_MS).toBe(2000);
  });

  it("say the server's confirmation message word for word", () => {
    expect(en.commission.confirmed).toBe(commissionMessages.confirmed);
  });
});

describe('commissionCapOf', () => {
  it('names the bound that changed a commission, and what the rate came to', () => {
    expect(commissionCapOf({ amount: 1000, uncappedAmount: 1250, cappedBy: 'MAXIMUM' })).toEqual({ by: 'MAXIMUM', bound: 1000, uncapped: 1250 });
    expect(commissionCapOf({ amount: 200, uncappedAmount: 150, cappedBy: 'MINIMUM' })).toEqual({ by: 'MINIMUM', bound: 200, uncapped: 150 });
  });

  it('is null when no bound changed it', () => {
    expect(commissionCapOf({ amount: 500, uncappedAmount: 500, cappedBy: null })).toBeNull();
    expect(commissionCapOf({ amount: 500, uncappedAmount: 480, cappedBy: null })).toBeNull();
  });

  it('leaves out an unknown or unchanged uncapped amount', () => {
    expect(commissionCapOf({ amount: 1000, uncappedAmount: 1000, cappedBy: 'MAXIMUM' })).toEqual({ by: 'MAXIMUM', bound: 1000, uncapped: null });
    expect(commissionCapOf({ amount: 1000, uncappedAmount: Number.NaN, cappedBy: 'MAXIMUM' })?.uncapped).toBeNull();
  });
});
