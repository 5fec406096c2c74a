import { describe, expect, it, vi } from 'vitest';
import { stubGetRequests } from '../test/api-stub.ts';
import { screen } from '@testing-library/react';
import { fakeAuth, makeUser, renderRoute } from '../test/render.tsx';

const visitor = fakeAuth();
const member = fakeAuth({ user: makeUser() });
const admin = fakeAuth({ user: makeUser({ id: 'admin-1', name: 'Bilal Admin', email: 'admin@example.com', role: 'ADMIN' }) });

describe('route guards', () => {
  it('sends a visitor from a member page to /login', async () => {
    const { router } = renderRoute('/dashboard', visitor);
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a visitor from an admin page to /login', async () => {
    const { router } = renderRoute('/admin/users', visitor);
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in member from an admin page to /dashboard', async () => {
    const { router } = renderRoute('/admin', member);
    expect(await screen.findByRole('heading', { name: 'Assalam-o-Alaikum, Ayesha Khan' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a signed-in member away from the guest pages to /dashboard', async () => {
    const { router } = renderRoute('/register', member);
    expect(await screen.findByRole('heading', { name: 'Assalam-o-Alaikum, Ayesha Khan' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a signed-in admin away from the guest pages to /admin', async () => {
    const { router } = renderRoute('/login', admin);
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('lets a member open member pages', async () => {
    stubGetRequests({});
    renderRoute('/user/subscribe/plan-gold', member);
    expect(await screen.findByRole('heading', { name: 'Subscribe to Plan' })).toBeTruthy();
    vi.restoreAllMocks();
  });

  it("shows 'Authenticating...' while a stored session is being checked", () => {
    renderRoute('/dashboard', fakeAuth({ status: 'loading' }));
    expect(screen.getByRole('status').textContent).toContain('Authenticating...');
  });

  it('shows the not-found page for an unknown address', async () => {
    renderRoute('/no-such-page', visitor);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });
});

describe('admin layout', () => {
  it('lists the sections in order and marks the current one', async () => {
    renderRoute('/admin/users', admin);
    expect(await screen.findByRole('heading', { name: 'User Management', level: 1 })).toBeTruthy();

    const nav = screen.getByRole('navigation', { name: 'Admin navigation' });
    const links = Array.from(nav.querySelectorAll('a'));
    expect(links.map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Committee Plans',
      'User Management',
      'Payments',
      'Plan Requests',
      'Referral System',
      'Winner Management',
      'Bank Accounts',
      'Reconciliation',
      'Audit Log',
    ]);
    expect(links.filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent)).toEqual(['User Management']);
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(document.title).toBe('User Management | Umrah Committee');
  });
});

// The build names each opening page's chunks in its HTML (web/build/page-html.ts): the table must name the
// module the router really opens each address with.
describe('the opening pages the build lists', () => {
  it('are the pages the router opens on those addresses', async () => {
    const { matchRoutes } = await import('react-router');
    const { routes } = await import('./router.tsx');
    const { openingPages } = await import('./opening-pages.ts');
    expect(Object.keys(openingPages).length).toBeGreaterThan(0);
    for (const [address, [pageModule]] of Object.entries(openingPages)) {
      const preload = matchRoutes(routes, address)?.map((match) => (match.route.handle as { preload?: () => Promise<{ default: unknown }> } | undefined)?.preload).find(Boolean);
      expect(preload, address).toBeDefined();
      const page = (await preload!()).default;
      const exported: Record<string, unknown> = await import(/* @vite-ignore */ `../${pageModule}`);
      expect(Object.values(exported), address).toContain(page);
    }
  });
});

// React.lazy keeps a failed load for good: a page whose code failed to download (a network blip) must
// fetch it again when the person presses Try Again, not fail at once until the page is reloaded.
describe('a page whose code failed to download', () => {
  it('fetches it again on Try Again', async () => {
    const { lazyPage } = await import('./router.tsx');
    const { ErrorBoundary } = await import('./error-boundary.tsx');
    const { Suspense } = await import('react');
    const { render } = await import('@testing-library/react');
    const { default: userEvent } = await import('@testing-library/user-event');
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught crash.
    let attempts = 0;
    const Page = lazyPage(async () => {
      attempts++;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { Shown: () => <p>The page, at last</p> };
    }, 'Shown');
    render(
      <ErrorBoundary>
        <Suspense fallback={<p>Loading...</p>}>
          <Page />
        </Suspense>
      </ErrorBoundary>,
    );
    // The crash screen, and no second download by itself (a loop while the network is down).
    const tryAgain = await screen.findByRole('button', { name: 'Try Again' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(attempts).toBe(1);
    await userEvent.click(tryAgain);
    expect(await screen.findByText('The page, at last')).toBeTruthy();
    expect(attempts).toBe(2);
  });
});

// A page whose code has already arrived (the opening page, fetched as the app starts) is drawn at once:
// through React.lazy it would show the loading screen for a moment, and React holds back what follows a
// loading screen for 300 ms.
describe('a page whose code has arrived', () => {
  it('is drawn at once, without the loading screen', async () => {
    const { lazyPage } = await import('./router.tsx');
    const { Suspense } = await import('react');
    const { render } = await import('@testing-library/react');
    const Page = lazyPage(async () => ({ Shown: () => <p>The page</p> }), 'Shown');
    await Page.preload();
    const { container } = render(
      <Suspense fallback={<p>Loading...</p>}>
        <Page />
      </Suspense>,
    );
    expect(container.textContent).toBe('The page');
  });
});

describe('the page the app opens on', () => {
  it("starts a signed-in person's first reads into the cache, and a visitor's none", async () => {
    const { preloadOpeningPage } = await import('./router.tsx');
    const { createQueryClient } = await import('./providers.tsx');
    const { openingReads } = await import('./opening-pages.ts');
    window.history.replaceState(null, '', '/dashboard');
    try {
      const visitor = stubGetRequests({});
      await preloadOpeningPage(createQueryClient());
      expect(visitor.refused).toEqual([]);

      window.localStorage.setItem('auth_token', 'token-1');
      const { refused } = stubGetRequests({});
      const queryClient = createQueryClient();
      await preloadOpeningPage(queryClient);
      // The very reads the page's HTML asks for ahead (web/app/opening-pages.ts), each once.
      expect(refused.map((call) => call.url).sort()).toEqual(openingReads['/dashboard']!.map((read) => `/api${read}`).sort());
      expect(queryClient.getQueryCache().getAll()).toHaveLength(openingReads['/dashboard']!.length);
    } finally {
      window.localStorage.clear();
      window.history.replaceState(null, '', '/');
    }
  });
});
