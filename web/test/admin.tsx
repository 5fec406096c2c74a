/**
 * Test-only: an admin screen rendered alone with its providers (server state, a signed-in admin, a
 * memory router, toasts). Reads are answered by stubGetRequests (api-stub.ts); anything else is
 * refused and recorded.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import type { AuthContextValue } from '../lib/auth.tsx';
import { AuthContext } from '../lib/auth.tsx';
import { createQueryClient } from './query-client.ts';
import { fakeAuth, makeUser } from './render.tsx';

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
