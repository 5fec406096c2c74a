import { describe, expect, it } from 'vitest';
import {
  accountTypeKey,
  addMonthsToDate,
  bankIconKind,
  canSetDefault,
  cardBenefits,
  cleanBenefits,
  filterPlans,
  groupDeleteCheck,
  groupEndDate,
  groupMaxMembersFromPlan,
  memberProgress,
  monthlyFromTotal,
  nextGroupNumber,
  packageLabelKey,
  totalFromMonthly,
} from './catalog-rules.ts';

describe('plan form amounts', () => {
  it('computes the total as monthly × duration, exactly', () => {
    expect(totalFromMonthly(5000, 30)).toBe(150000);
    expect(totalFromMonthly(3333.33, 3)).toBe(9999.99);
    expect(totalFromMonthly(0.1, 3)).toBe(0.3);
  });

  it('works the monthly amount back from the total, to 2 decimals', () => {
    expect(monthlyFromTotal(150000, 30)).toBe(5000);
    expect(monthlyFromTotal(100000, 30)).toBe(3333.33);
    expect(monthlyFromTotal(100, 3)).toBe(33.33);
    expect(monthlyFromTotal(200, 3)).toBe(66.67);
  });

  it('leaves the other amount alone while a field is empty', () => {
    expect(totalFromMonthly(Number.NaN, 30)).toBeUndefined();
    expect(totalFromMonthly(5000, Number.NaN)).toBeUndefined();
    expect(monthlyFromTotal(150000, 0)).toBeUndefined();
    expect(monthlyFromTotal(Number.NaN, 30)).toBeUndefined();
  });
});

describe('plan cards', () => {
  it('shows at most 4 benefits and counts the rest', () => {
    expect(cardBenefits(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(cardBenefits(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b', 'c', 'd'], more: 0 });
    expect(cardBenefits(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({ shown: ['a', 'b', 'c', 'd'], more: 2 });
    expect(cardBenefits([])).toEqual({ shown: [], more: 0 });
  });

  it("falls back to 'Standard Package' for an unknown or missing type", () => {
    expect(packageLabelKey('premium')).toBe('premium');
    expect(packageLabelKey('LUXURY')).toBe('luxury');
    expect(packageLabelKey('')).toBe('standard');
    expect(packageLabelKey(undefined)).toBe('standard');
    expect(packageLabelKey('gold')).toBe('standard');
  });

  it('drops empty benefit rows', () => {
    expect(cleanBenefits(['  Visa ', '', '   ', 'Hotel'])).toEqual(['Visa', 'Hotel']);
  });

  it('searches name and description and filters by status', () => {
    const plans = [
      { name: 'Economy', description: 'Shared rooms', isActive: true },
      { name: 'Premium', description: 'Near the Haram', isActive: false },
    ];
    expect(filterPlans(plans, '', 'all')).toHaveLength(2);
    expect(filterPlans(plans, 'haram', 'all').map((p) => p.name)).toEqual(['Premium']);
    expect(filterPlans(plans, 'ECON', 'all').map((p) => p.name)).toEqual(['Economy']);
    expect(filterPlans(plans, '', 'active').map((p) => p.name)).toEqual(['Economy']);
    expect(filterPlans(plans, '', 'inactive').map((p) => p.name)).toEqual(['Premium']);
    expect(filterPlans(plans, 'haram', 'active')).toEqual([]);
  });
});

describe('groups', () => {
  it("ends a group the plan's duration in months after its start", () => {
    expect(groupEndDate('2026-01-15', 30)).toBe('2028-07-15');
    expect(groupEndDate('2026-03-01', 12)).toBe('2027-03-01');
    expect(groupEndDate('2026-11-10', 2)).toBe('2027-01-10');
  });

  it('keeps a month-end start within the shorter month, as the server does', () => {
    expect(addMonthsToDate('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsToDate('2027-12-31', 2)).toBe('2028-02-29');
    expect(addMonthsToDate('2026-08-31', 1)).toBe('2026-09-30');
  });

  it('has no end date until both start date and plan are known', () => {
    expect(groupEndDate('', 12)).toBe('');
    expect(groupEndDate('2026-01-01', undefined)).toBe('');
    expect(groupEndDate('not a date', 12)).toBe('');
  });

  it("takes max members from the plan, at most 500", () => {
    expect(groupMaxMembersFromPlan(200)).toBe(200);
    expect(groupMaxMembersFromPlan(1000)).toBe(500);
    expect(groupMaxMembersFromPlan(500)).toBe(500);
  });

  it('refuses to delete a group with members', () => {
    expect(groupDeleteCheck({ currentMembers: 3 })).toEqual({ allowed: false, members: 3 });
    expect(groupDeleteCheck({ currentMembers: 0 })).toEqual({ allowed: true });
  });

  it('numbers a new group after the highest numeric group number', () => {
    expect(nextGroupNumber([])).toBe(1);
    expect(nextGroupNumber([{ groupNumber: '1' }, { groupNumber: '5' }, { groupNumber: 'A1' }])).toBe(6);
    expect(nextGroupNumber([{ groupNumber: 'B2' }])).toBe(1);
  });

  it('measures membership as a share of the maximum', () => {
    expect(memberProgress(5, 20)).toBe(25);
    expect(memberProgress(20, 20)).toBe(100);
    expect(memberProgress(0, 0)).toBe(0);
  });
});

describe('bank accounts', () => {
  it('picks the icon from the bank name', () => {
    expect(bankIconKind('Easypaisa')).toBe('mobile');
    expect(bankIconKind('JazzCash Wallet')).toBe('mobile');
    expect(bankIconKind('HBL')).toBe('bank');
    expect(bankIconKind('United Bank (UBL)')).toBe('bank');
    expect(bankIconKind('mcb bank')).toBe('bank');
    expect(bankIconKind('Meezan Bank')).toBe('generic');
    expect(bankIconKind('')).toBe('generic');
  });

  it("shows 'Mobile Account' as Mobile", () => {
    expect(accountTypeKey('Mobile Account')).toBe('mobile');
    expect(accountTypeKey('Current')).toBe('current');
    expect(accountTypeKey('Savings')).toBe('savings');
    expect(accountTypeKey('Something else')).toBe('other');
  });

  it('offers Set as Default only on an active account that is not the default', () => {
    expect(canSetDefault({ isActive: true, isDefault: false })).toBe(true);
    expect(canSetDefault({ isActive: true, isDefault: true })).toBe(false);
    expect(canSetDefault({ isActive: false, isDefault: false })).toBe(false);
  });
});
