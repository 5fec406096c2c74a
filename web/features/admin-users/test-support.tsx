/**
 * Test-only: fixed users and overview figures of this area, and the admin harness (web/test/admin.tsx)
 * its tests render with. Reads are answered by stubGetRequests (web/test/api-stub.ts); anything else is
 * refused and recorded.
 */
import { makeUser } from '../../test/render.tsx';
import { makeFigures } from '../../test/figure-fixtures.ts';
import type { AdminUser, Overview } from './api.ts';

export { adminAuth, renderWithAdmin } from '../../test/admin.tsx';
export { requestsTo } from '../../test/api-stub.ts';

export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    ...makeUser({ id: 'user-7', name: 'Ayesha Khan', email: 'ayesha@example.com', phone: '0300-1234567', referralCode: 'AYESHA7' }),
    blockedReason: null,
    committeeStats: { totalCommittees: 2, activeCommittees: 1 },
    paymentStats: { totalAmount: 50000, totalPayments: 4 },
    ...overrides,
  };
}

export function makeOverview(overrides: Partial<Overview> = {}): Overview {
  return {
    totalUsers: 120,
    activeUsers: 110,
    blockedUsers: 0,
    totalCommittees: 6,
    activeCommittees: 6,
    pausedCommittees: 0,
    totalGroups: 14,
    activeGroups: 12,
    totalPayments: 900,
    pendingPayments: 35,
    underReviewPayments: 0,
    owedPayments: 35,
    overduePayments: 0,
    overdueMembers: 0,
    collectedAmount: 4_325_000,
    collectionRate: 93,
    pendingPlanRequests: 2,
    figures: makeFigures({
      paid: { count: 865, amount: 4_325_000 },
      pending: { count: 35, amount: 175_000 },
      owed: { count: 35, amount: 175_000 },
      dueSoFar: { count: 900, amount: 4_650_000 },
      collected: 4_325_000,
      collectionRate: 93,
    }),
    ...overrides,
  };
}
