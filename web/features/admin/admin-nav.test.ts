import { describe, expect, it } from 'vitest';
import { isAdminNavEntryActive } from './admin-nav.ts';

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
