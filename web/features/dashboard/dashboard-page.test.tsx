import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storageKeys } from '../../lib/storage-keys.ts';
import { fakeAuth, makeUser, renderRoute } from '../../test/render.tsx';
import { ok, stubGetRequests } from '../plans/test-api-stub.ts';

const member = fakeAuth({ user: makeUser() });

// The default tab (Committee Plans) loads plans and requests: answer those reads with empty lists.
beforeEach(() => {
  stubGetRequests({
    '/api/committee-plans': ok({ plans: [], data: { plans: [] } }),
    '/api/plan-payments': ok({ payments: [], data: { payments: [] } }),
  });
});
afterEach(() => vi.restoreAllMocks());

describe('/dashboard', () => {
  it('greets the member and remembers the last tab', async () => {
    const user = userEvent.setup();
    const { unmount } = renderRoute('/dashboard', member);
    expect(await screen.findByRole('heading', { name: 'Assalam-o-Alaikum, Ayesha Khan' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Admin Dashboard' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Committee Plans' }).getAttribute('aria-selected')).toBe('true');

    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    expect(window.localStorage.getItem(storageKeys.dashboardTab)).toBe('payments');

    unmount();
    renderRoute('/dashboard', member);
    expect((await screen.findByRole('tab', { name: 'Payments' })).getAttribute('aria-selected')).toBe('true');
  });

  it('shows admins the way to the admin area', async () => {
    renderRoute('/dashboard', fakeAuth({ user: makeUser({ role: 'ADMIN' }) }));
    expect(await screen.findByRole('link', { name: 'Admin Dashboard' })).toBeTruthy();
  });

  it('asks for confirmation before logging out', async () => {
    const user = userEvent.setup();
    renderRoute('/dashboard', member);
    await user.click(await screen.findByRole('button', { name: 'Open account menu' }));
    expect(screen.getByText('ayesha@example.com')).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm Logout' });
    expect(dialog).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
