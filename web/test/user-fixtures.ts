/**
 * Test-only: users as an administrator sees them (contract/users.ts adminUser), and GET /api/admin/users
 * answered with them in the whole shape the server sends, for every screen that lists or picks users.
 */
import type { z } from 'zod';
import { userListAnswer, type AdminUser, type userCounters } from '../../contract/users.ts';
import { answerAs, type StubAnswer } from './api-stub.ts';
import { makeUser } from './render.tsx';

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

/** GET /api/admin/users: the users given, the first of `pages` pages of `limit`, with the counters of all users. */
export function userListAnswerOf(
  users: AdminUser[],
  { counters = { total: 42, active: 30, inactive: 8, blocked: 4 }, pages = 1, limit = 20 }: { counters?: z.output<typeof userCounters>; pages?: number; limit?: number } = {},
): StubAnswer {
  return answerAs(userListAnswer, { success: true, users, data: { counters, pagination: { page: 1, limit, total: users.length, pages, exact: true } } });
}
