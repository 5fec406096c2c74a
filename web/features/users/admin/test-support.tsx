/**
 * Test-only: fixed users and overview figures of this area, the answers that carry them (in the whole
 * shape the server sends, contract/users.ts), and the admin harness (web/test/admin.tsx)
 * its tests render with. Reads are answered by stubGetRequests (web/test/api-stub.ts); anything else is
 * refused and recorded.
 */
import { makeUser } from '../../../test/render.tsx';
import { answerAs, type StubAnswer } from '../../../test/api-stub.ts';
import { adminUserAnswer, userListAnswer } from '../../../../contract/users.ts';
import type { AdminUser, UserCounters } from './api.ts';

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


/** GET /api/admin/users: a page of 20 users, the first of `pages`, with the counters of all users. */
export function userListAnswerOf(users: AdminUser[], counters: UserCounters = { total: 42, active: 30, inactive: 8, blocked: 4 }, pages = 1): StubAnswer {
  return answerAs(userListAnswer, { success: true, users, data: { counters, pagination: { page: 1, limit: 20, total: users.length, pages, exact: true } } });
}

/**
 * A change to a user (edit, status, block, a held CNIC) answered as the server does: the user now, with
 * the change's message and its code (`ok` for a text no catalogue holds, as 'User blocked successfully').
 */
export function changedUserAnswerOf(user: AdminUser, message: string, code = 'ok'): StubAnswer {
  return answerAs(adminUserAnswer, { success: true, code, message, user, data: { user } });
}
