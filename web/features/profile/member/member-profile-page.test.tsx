import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, makeUser, renderRoute } from '../../../test/render.tsx';
import { notificationListAnswerOf } from '../../../test/notification-fixtures.ts';

afterEach(() => vi.restoreAllMocks());

const me = makeUser({ phone: '0300-1234567', createdAt: '2025-06-15T09:00:00.000Z' });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The profile, the notifications, and PUT /api/profile answering with the saved user. */
function stubProfileApi({ refuseSave }: { refuseSave?: { status: number; body: unknown } } = {}) {
  const saved: unknown[] = [];
  let current = { ...me, emailReminders: true, phoneConfirmed: false };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method === 'GET' && url.pathname === '/api/profile') return json(200, { success: true, user: current, data: { user: current } });
    if (method === 'GET' && url.pathname === '/api/notifications') return json(200, notificationListAnswerOf().body);
    if (method === 'PUT' && url.pathname === '/api/profile') {
      const body = JSON.parse(String(init?.body)) as { name: string; emailReminders?: boolean };
      saved.push(body);
      if (refuseSave) return json(refuseSave.status, refuseSave.body);
      current = { ...current, name: body.name, emailReminders: body.emailReminders ?? current.emailReminders };
      return json(200, { success: true, code: 'profile.updated', message: 'Profile updated', user: current, data: { user: current, emailChangePending: false } });
    }
    return json(418, { success: false, message: 'Not stubbed in this test' });
  });
  return { saved };
}

describe('/profile', () => {
  it('shows the member their details, with the title and a way back to the dashboard', async () => {
    stubProfileApi();
    renderRoute('/profile', fakeAuth({ user: me }));
    expect(await screen.findByRole('heading', { name: 'Profile Settings', level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Profile Settings | Umrah Committee'));
    expect(screen.getByRole('heading', { name: 'Ayesha Khan', level: 2 })).toBeTruthy();
    expect(screen.getByText('User')).toBeTruthy();
    expect(screen.queryByText('Administrator Access')).toBeNull();
    // In the details, and again in the Phone card beside its confirmation.
    await waitFor(() => expect(screen.getAllByText('0300-1234567')).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('saves a new name and refreshes the signed-in user', async () => {
    const { saved } = stubProfileApi();
    const refresh = vi.fn(async () => me);
    const user = userEvent.setup();
    renderRoute('/profile', fakeAuth({ user: me, refresh }));
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const form = await screen.findByRole('form', { name: 'Edit Profile' });
    const name = within(form).getByLabelText('Full Name');
    await user.clear(name);
    await user.type(name, 'Ayesha Siddiqui');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(saved).toEqual([{ name: 'Ayesha Siddiqui', email: 'ayesha@example.com', phone: '0300-1234567' }]);
    expect(await screen.findByRole('heading', { name: 'Ayesha Siddiqui', level: 2 })).toBeTruthy();
  });

  it('is for signed-in people only', async () => {
    const { router } = renderRoute('/profile', fakeAuth());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('/profile sessions', () => {
  it('shows the member the Sessions card, with this device marked, and no two-factor card', async () => {
    const sessions = [
      { id: 's1', createdAt: '2026-03-10T08:00:00.000Z', expiresAt: '2026-04-09T08:00:00.000Z', userAgent: null, browser: 'Safari', os: 'iOS', device: null, ip: null, current: true },
      { id: 's2', createdAt: '2026-03-09T08:00:00.000Z', expiresAt: '2026-04-08T08:00:00.000Z', userAgent: null, browser: 'Chrome', os: 'Windows', device: null, ip: '198.51.100.2', current: false },
    ];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      if (method === 'GET' && url.pathname === '/api/profile') return json(200, { success: true, data: { user: me } });
      if (method === 'GET' && url.pathname === '/api/auth/sessions') return json(200, { success: true, sessions, data: { sessions } });
      if (method === 'GET' && url.pathname === '/api/notifications') return json(200, notificationListAnswerOf().body);
      return json(418, { success: false, message: 'Not stubbed in this test' });
    });
    renderRoute('/profile', fakeAuth({ user: me }));
    const list = await screen.findByRole('list', { name: 'Your sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).queryByText('This device') !== null)).toEqual([true, false]);
    expect(items[1].textContent).toContain('Chrome on Windows');
    expect(screen.getByRole('button', { name: 'Sign out other sessions' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Two-factor sign-in' })).toBeNull();
  });
});
