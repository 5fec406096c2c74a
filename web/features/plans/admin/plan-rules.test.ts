import { describe, expect, it } from 'vitest';
import { cardBenefits, cleanBenefits, filterPlans, monthlyFromTotal, packageLabelKey, totalFromMonthly } from './plan-rules.ts';

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
