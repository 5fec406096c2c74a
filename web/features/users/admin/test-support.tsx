/**
 * Test-only: fixed users and overview figures of this area, and the admin harness (web/test/admin.tsx)
 * its tests render with. Reads are answered by stubGetRequests (web/test/api-stub.ts); anything else is
 * refused and recorded.
 */
import { makeUser } from '../../../test/render.tsx';
import type { AdminUser } from './api.ts';

export { adminAuth, renderWithAdmin } from '../../../test/admin.tsx';
export { requestsTo } from '../../../test/api-stub.ts';

export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    ...makeUser({ id: 'user-7', name: 'Ayesha Khan', email: 'ayesha@example.com', phone: '0300-1234567', referralCode: 'AYESHA7' }),
    blockedReason: null,
    inactiveReason: null,
    cnicClaim: null,
    committeeStats: { totalCommittees: 2, activeCommittees: 1 },
    paymentStats: { totalAmount: 50000, totalPayments: 4 },
    ...overrides,
  };
}

