/**
 * Renders the real route table in a memory router with a given session, without any network:
 * the tests check what a person sees and where they end up.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import type { PublicUser } from '../../contract/accounts.ts';
import { createQueryClient } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';
import { AuthContext, type AuthContextValue } from '../lib/auth.tsx';
import { ThemeProvider } from '../lib/theme.tsx';

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 'user-1',
    name: 'Ayesha Khan',
    email: 'ayesha@example.com',
    phone: null,
    cnic: null,
    role: 'USER',
    referralCode: 'AYESHA7',
    isActive: true,
    isBlocked: false,
    emailVerified: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    lastLoginAt: null,
    language: 'en',
    ...overrides,
  };
}

/** A session in a given state; its actions do nothing unless a test replaces them. */
export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  const user = overrides.user ?? null;
  return {
    status: 'ready',
    user,
    token: user ? 'test-token' : null,
    login: () => {},
    logout: async () => {},
    refresh: async () => user,
    ...overrides,
  };
}

export function renderRoute(path: string, auth: AuthContextValue = fakeAuth()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider>
        <AuthContext.Provider value={auth}>
          <RouterProvider router={router} />
          <Toaster />
        </AuthContext.Provider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, router };
}

/**
 * A header button whose menu or popover is fetched on first use (lib/lazy-module.ts), once the
 * menu's own trigger has taken the place of the stand-in (marked `data-stand-in`). The code is fetched
 * once the person starts to use the page (here, a mouse move), and the stand-in is replaced when it
 * arrives; a click on the replaced button would reach nothing. The first press on the stand-in itself
 * is tested in member-frame/header-popups.test.tsx, with the code held back.
 */
export function findLoadedTrigger(name: string | RegExp): Promise<HTMLElement> {
  window.dispatchEvent(new Event('pointermove'));
  return waitFor(() => {
    const button = screen.getByRole('button', { name });
    if (button.hasAttribute('data-stand-in')) throw new Error(`"${String(name)}" is still the stand-in`);
    return button;
  });
}
