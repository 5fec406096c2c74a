import { describe, expect, it } from 'vitest';
import { adminNavEntries, isAdminNavEntryActive } from './admin-nav.ts';

describe('isAdminNavEntryActive', () => {
  it('marks Dashboard only on /admin itself', () => {
    expect(isAdminNavEntryActive('/admin', '/admin')).toBe(true);
    expect(isAdminNavEntryActive('/admin', '/admin/')).toBe(true);
    expect(isAdminNavEntryActive('/admin', '/admin/users')).toBe(false);
  });

  it('marks other entries on their path and anything below it', () => {
    expect(isAdminNavEntryActive('/admin/payments', '/admin/payments')).toBe(true);
    expect(isAdminNavEntryActive('/admin/payments', '/admin/payments/abc')).toBe(true);
    expect(isAdminNavEntryActive('/admin/payments', '/admin/payment-detail/abc')).toBe(false);
    expect(isAdminNavEntryActive('/admin/users', '/admin/committee-plans')).toBe(false);
  });
});

describe('adminNavEntries', () => {
  it("lists the specification's sections in order, then the Audit Log after Bank Accounts", () => {
    expect(adminNavEntries.map((entry) => entry.to)).toEqual([
      '/admin',
      '/admin/committee-plans',
      '/admin/users',
      '/admin/payments',
      '/admin/plan-requests',
      '/admin/referrals',
      '/admin/winners',
      '/admin/bank-accounts',
      '/admin/reconciliation',
      '/admin/audit',
    ]);
  });

  it('marks the Audit Log on its own path only', () => {
    expect(isAdminNavEntryActive('/admin/audit', '/admin/audit')).toBe(true);
    expect(isAdminNavEntryActive('/admin/audit', '/admin/users')).toBe(false);
  });
});
