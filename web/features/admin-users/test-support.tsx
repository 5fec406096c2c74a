/**
 * Test-only: a page or section of this area with its providers (server state, a signed-in admin, a
 * memory router, toasts), and fixed users. Reads are answered by stubGetRequests
 * (web/test/api-stub.ts); anything else is refused and recorded.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '../../app/providers.tsx';
import type { AuthContextValue } from '../../lib/auth.tsx';
import { AuthContext } from '../../lib/auth.tsx';
import { fakeAuth, makeUser } from '../../test/render.tsx';
import { makeFigures } from '../admin-payments/test-support.ts';
import type { AdminUser, Overview } from './api.ts';

export const adminAuth = (overrides: Partial<AuthContextValue> = {}) =>
  fakeAuth({ user: makeUser({ id: 'admin-1', name: 'Bilal Admin', email: 'admin@example.com', role: 'ADMIN', referralCode: 'BILAL9' }), ...overrides });

export function renderWithAdmin(ui: ReactNode, { auth = adminAuth(), path = '/' }: { auth?: AuthContextValue; path?: string } = {}) {
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

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

/** The URLs fetch was called with, for a given path. */
export function requestsTo(spy: { mock: { calls: unknown[][] } }, path: string): URL[] {
  return spy.mock.calls
    .map(([input]) => new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : (input as Request).url, 'http://localhost'))
    .filter((url) => url.pathname === path);
}
