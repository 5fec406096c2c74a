import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OfflineNotice } from '../../components/offline-notice.tsx';
import { setLanguage } from '../../lib/i18n.ts';
import { fakeAuth, findLoadedTrigger, makeUser, renderRoute } from '../../test/render.tsx';
import { memberPaymentRoutes } from '../../test/member-payment-fixtures.ts';
import { stubGetRequests } from '../../test/api-stub.ts';
import { notificationListAnswerOf, planApprovedNotification } from '../../test/notification-fixtures.ts';

const member = fakeAuth({ user: makeUser() });
const notification = planApprovedNotification;

function stubDashboard(total: number) {
  return stubGetRequests({
    ...memberPaymentRoutes({ counts: { total, pending: 9, paid: 2, overdue: 1 }, referralStats: { totalCommission: 12500.5 } }),
    '/api/notifications': notificationListAnswerOf([notification], 1),
  });
}

/** The device without a network: the browser says so, and nothing reaches a server. */
function goOffline() {
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const network = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
  return { onLine, network };
}

/** The notice, a status (the page's spinners are statuses too). */
const offlineNotice = async () => (await screen.findByText(/^You are offline\. These/)).closest('[role="status"]')!;

const totalPayments = async () => {
  const tiles = within(await screen.findByRole('region', { name: 'Your summary' }));
  return tiles.getByText('Total Payments').closest('div')!;
};

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('the dashboard offline', () => {
  it('opens on the last figures read, dated, under the offline notice; back online it reads again and the notice goes', async () => {
    stubDashboard(12);
    const online = renderRoute('/dashboard', member);
    await within(await totalPayments()).findByText('12');
    expect(screen.queryByRole('status', { name: /offline/i })).toBeNull();
    await waitFor(() => expect(window.localStorage.getItem('offline-answers:user-1')).toContain('PLAN_REQUEST_APPROVED'));
    online.unmount();

    vi.restoreAllMocks();
    const { onLine, network } = goOffline();
    renderRoute('/dashboard', member);
    const notice = await offlineNotice();
    expect(notice.textContent).toContain('You are offline. These are your figures as last read; nothing can be sent until you are back online.');
    expect(notice.textContent).toMatch(/Last updated \d{1,2} \w+ \d{4}/);
    expect(await within(await totalPayments()).findByText('12')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    // Nothing was asked of the server: the reads wait for the network.
    expect(network).not.toHaveBeenCalled();

    onLine.mockReturnValue(true);
    network.mockRestore();
    stubDashboard(13);
    act(() => void window.dispatchEvent(new Event('online')));
    await within(await totalPayments()).findByText('13');
    expect(screen.queryByText(/You are offline/)).toBeNull();
  });

  it('refuses to mark notifications read while offline, and says why', async () => {
    stubDashboard(12);
    const online = renderRoute('/dashboard', member);
    await within(await totalPayments()).findByText('12');
    await waitFor(() => expect(window.localStorage.getItem('offline-answers:user-1')).toContain('PLAN_REQUEST_APPROVED'));
    online.unmount();

    vi.restoreAllMocks();
    const { network } = goOffline();
    const user = userEvent.setup();
    renderRoute('/dashboard', member);
    await user.click(await findLoadedTrigger('Notifications, 1 unread'));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('You are offline. Nothing was sent: try again once you are back online.')).toBeTruthy();
    // The list is as it was: still one unread.
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    expect(network).not.toHaveBeenCalled();
  });

  it('says when no figures were read on this device yet', async () => {
    goOffline();
    renderRoute('/dashboard', member);
    expect((await offlineNotice()).textContent).toContain('Your figures have not been read on this device yet.');
  });
});

describe('the offline notice', () => {
  afterEach(() => setLanguage('en'));

  it('is in Urdu for an Urdu reader', async () => {
    await setLanguage('ur');
    render(<OfflineNotice lastUpdated={Date.UTC(2026, 2, 12, 10, 45)} />);
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('آپ آف لائن ہیں۔');
    expect(notice.textContent).toContain('آخری بار تازہ کیا گیا:');
    expect(notice.textContent).toContain('2026');
  });
});
