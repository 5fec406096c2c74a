/** Test-only: fixed overview figures, and the admin harness (web/test/admin.tsx) the overview's tests render with. */
import { makeFigures } from '../../../test/figure-fixtures.ts';
import type { Overview } from './api.ts';

export { renderWithAdmin } from '../../../test/admin.tsx';

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
    pendingPlanRequests: 0,
    oldestReceiptWaitingDays: null,
    groupsWithoutWinner: 0,
    unpaidCommissionMonths: 0,
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
