import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionMessages, type SessionInfo } from '../../../../contract/accounts.ts';
import { renderWithAdmin } from '../../../test/admin.tsx';
import { SessionsCard } from './sessions-card.tsx';

afterEach(() => vi.restoreAllMocks());

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const session = (overrides: Partial<SessionInfo>): SessionInfo => ({
  id: 'session-1',
  createdAt: '2026-03-10T08:00:00.000Z',
  expiresAt: '2026-04-09T08:00:00.000Z',
  userAgent: null,
  browser: null,
  os: null,
  device: null,
  ip: null,
  current: false,
  ...overrides,
});
const here = session({ id: 'here', current: true, browser: 'Firefox', os: 'Windows', ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (Windows NT 10.0) Firefox/128.0' });
const phone = session({ id: 'phone', browser: 'Chrome', os: 'Android', device: 'Samsung SM-S911B', ip: '198.51.100.2', userAgent: 'Mozilla/5.0 (Linux; Android 14; SM-S911B) Chrome/128.0.0.0 Mobile Safari/537.36' });
const unknown = session({ id: 'unknown' });

/** GET /api/auth/sessions with the list now; DELETE …/others leaves only the current one. */
function stubSessions(initial: SessionInfo[], options: { failDelete?: boolean } = {}) {
  let list = initial;
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const call = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    calls.push(call);
    if (call === 'GET /api/auth/sessions') return json(200, { success: true, sessions: list, data: { sessions: list } });
    if (call === 'DELETE /api/auth/sessions/others') {
      if (options.failDelete) return json(500, { success: false, message: 'Server error. Please try again later.' });
      const count = list.filter((s) => !s.current).length;
      list = list.filter((s) => s.current);
      return json(200, { success: true, code: 'sessions.othersSignedOut', message: sessionMessages.othersSignedOut, count, data: { count } });
    }
    return json(418, { success: false, message: 'Not stubbed in this test' });
  });
  return calls;
}

describe('Sessions card', () => {
  it('lists where the person is signed in, marks this device, and signs the others out after confirming', async () => {
    const calls = stubSessions([here, phone, unknown]);
    const user = userEvent.setup();
    renderWithAdmin(<SessionsCard />);

    expect(await screen.findByRole('heading', { name: 'Sessions', level: 2 })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Your sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0].textContent).toContain('Firefox on Windows');
    expect(within(items[0]).getByText('This device')).toBeTruthy();
    expect(items[0].textContent).toContain('from 203.0.113.7');
    expect(items[0].textContent).toMatch(/Signed in 10 Mar 2026/);
    expect(items[1].textContent).toContain('Chrome on Android · Samsung SM-S911B');
    // The raw User-Agent is not what a person reads.
    expect(items[1].textContent).not.toContain('Mozilla');
    expect(items[0].textContent).not.toContain('Mozilla');
    expect(within(items[1]).queryByText('This device')).toBeNull();
    expect(items[2].textContent).toContain('Unknown device');

    const signOut = screen.getByRole('button', { name: 'Sign out other sessions' });
    await user.click(signOut);
    const dialog = await screen.findByRole('dialog', { name: 'Sign out other sessions?' });
    expect(dialog.textContent).toContain('The 2 other devices where you are signed in will be signed out. This device stays signed in.');
    // Cancel first: nothing is sent, focus returns.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(signOut);
    expect(calls).not.toContain('DELETE /api/auth/sessions/others');

    // Then by keyboard: Enter opens, the confirming button signs the others out.
    signOut.focus();
    await user.keyboard('{Enter}');
    const again = await screen.findByRole('dialog', { name: 'Sign out other sessions?' });
    await user.click(within(again).getByRole('button', { name: 'Sign out others' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('2 other sessions were signed out.')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Your sessions' })).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByText('You are not signed in anywhere else.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Sign out other sessions' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((call) => call === 'DELETE /api/auth/sessions/others')).toHaveLength(1);
  });

  it('says so when signing out fails, keeps the dialog for another try, and keeps the list', async () => {
    stubSessions([here, phone], { failDelete: true });
    const user = userEvent.setup();
    renderWithAdmin(<SessionsCard />);
    await user.click(await screen.findByRole('button', { name: 'Sign out other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out other sessions?' });
    expect(dialog.textContent).toContain('The other device where you are signed in will be signed out.');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out others' }));
    expect(await screen.findByText('Could not sign out your other sessions. Please try again.')).toBeTruthy();
    // The dialog stays, to try again; closing it shows the list unchanged.
    expect(screen.getByRole('dialog', { name: 'Sign out other sessions?' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByRole('list', { name: 'Your sessions' })).getAllByRole('listitem')).toHaveLength(2);
  });
});
