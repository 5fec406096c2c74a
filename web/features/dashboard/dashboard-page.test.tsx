import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storageKeys } from '../../lib/storage-keys.ts';
import { fakeAuth, findLoadedTrigger, makeUser, renderRoute } from '../../test/render.tsx';
import type { MemberGroup } from '../instalments/member/index.ts';
import { makeGroup, memberPaymentRoutes } from '../../test/member-payment-fixtures.ts';
import { fail, ok, stubGetRequests } from '../../test/api-stub.ts';
import { resolveDashboardTab } from './dashboard-page.tsx';
import { notificationListAnswerOf, planApprovedNotification } from '../../test/notification-fixtures.ts';

const member = fakeAuth({ user: makeUser() });
const notification = planApprovedNotification;

/**
 * Read-only GETs: the plans and requests of Committee Plans, the member's groups, payments and
 * counts, and the active bank accounts. A member without groups unless a test says otherwise.
 */
function stubDashboard(data: { groups?: MemberGroup[] } = {}) {
  return stubGetRequests({
    ...memberPaymentRoutes({ counts: { total: 12, pending: 9, paid: 2, overdue: 1 }, referralStats: { totalCommission: 12500.5 }, ...data }),
    '/api/notifications': notificationListAnswerOf([notification], 1),
    '/api/profile': ok({ data: { user: makeUser() } }),
  });
}

beforeEach(() => {
  stubDashboard();
});
afterEach(() => vi.restoreAllMocks());

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const selectedTab = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;

describe('/dashboard', () => {
  it('greets the member and remembers the last tab', async () => {
    const user = userEvent.setup();
    const { unmount } = renderRoute('/dashboard', member);
    expect(await screen.findByRole('heading', { name: 'Assalam-o-Alaikum, Ayesha Khan' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Admin Dashboard' })).toBeNull();
    expect((await screen.findByRole('tab', { name: 'Committee Plans' })).getAttribute('aria-selected')).toBe('true');

    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    expect(window.localStorage.getItem(storageKeys.dashboardTab)).toBe('payments');

    unmount();
    renderRoute('/dashboard', member);
    expect((await screen.findByRole('tab', { name: 'Payments' })).getAttribute('aria-selected')).toBe('true');
  });

  it('shows the referral programme on the Referrals tab', async () => {
    const user = userEvent.setup();
    renderRoute('/dashboard', member);
    await user.click(await screen.findByRole('tab', { name: 'Referrals' }));
    expect(await screen.findByRole('heading', { name: 'Referral Program' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('AYESHA7')).toBeTruthy();
  });

  it('shows admins the way to the admin area', async () => {
    renderRoute('/dashboard', fakeAuth({ user: makeUser({ role: 'ADMIN' }) }));
    expect(await screen.findByRole('link', { name: 'Admin Dashboard' })).toBeTruthy();
  });

  it('opens the member profile page from the Profile item of the account menu', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/dashboard', member);
    await user.click(await findLoadedTrigger(/^Open account menu \(/));
    // The menu's code may still be on its way: it opens when it arrives.
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(await screen.findByRole('heading', { name: 'Profile Settings', level: 1 })).toBeTruthy();
    expect(screen.queryByText('Profile management feature coming soon!')).toBeNull();
  });

  it('shows the member notification bell with the unread count', async () => {
    const user = userEvent.setup();
    renderRoute('/dashboard', member);
    await user.click(await findLoadedTrigger('Notifications, 1 unread'));
    expect(await screen.findByText('Plan request approved')).toBeTruthy();
  });

  it('asks for confirmation before logging out', async () => {
    const user = userEvent.setup();
    renderRoute('/dashboard', member);
    await user.click(await findLoadedTrigger(/^Open account menu \(/));
    expect(await screen.findByText('ayesha@example.com')).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm Logout' });
    expect(dialog).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('next instalment', () => {
  it('leads the page, under the greeting and above the summary tiles', async () => {
    renderRoute('/dashboard', member);
    const greeting = await screen.findByRole('heading', { level: 1 });
    const card = await screen.findByRole('region', { name: 'Your next instalment' });
    const tiles = screen.getByRole('region', { name: 'Your summary' });
    const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(greeting, card)).toBe(true);
    expect(follows(card, tiles)).toBe(true);
    // Nothing owed or scheduled in this stub: a calm word, no button.
    expect(await within(card).findByText('Nothing due')).toBeTruthy();
    expect(within(card).queryByRole('link', { name: 'Pay Now' })).toBeNull();
  });
});

describe('first view', () => {
  it('is drawn without the tabs, which follow once it has been painted', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    renderRoute('/dashboard', member);
    expect(await screen.findByRole('region', { name: 'Your summary' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();

    // The frame is painted: the tabs come when the browser is next idle.
    frames.splice(0).forEach((frame) => frame(performance.now()));
    expect(await screen.findByRole('tablist', { name: 'Dashboard sections' })).toBeTruthy();
  });
});

describe('summary tiles', () => {
  it('count the groups and the payments, and show the referral earnings in PKR', async () => {
    vi.restoreAllMocks();
    stubDashboard({ groups: [makeGroup(), makeGroup({ id: 'group-2', groupNumber: '2' })] });
    renderRoute('/dashboard', member);
    const tiles = within(await screen.findByRole('region', { name: 'Your summary' }));
    const tile = (label: string) => tiles.getByText(label).closest('div')!;
    await within(tile('Active Groups')).findByText('2');
    expect(await within(tile('Total Payments')).findByText('12')).toBeTruthy();
    // The server's count of pending instalments, whatever the case of the status (the old mismatch is fixed).
    expect(within(tile('Pending Payments')).getByText('9')).toBeTruthy();
    // The member's total commission (GET /referrals/stats), in PKR: never a $ sign.
    const referrals = tile('Referral Earnings (PKR)');
    expect(await within(referrals).findByText('PKR 12,500.5')).toBeTruthy();
    expect(within(referrals).getByText('Earned from your referrals')).toBeTruthy();
  });

  it('do not make up referral earnings that cannot be read', async () => {
    vi.restoreAllMocks();
    stubGetRequests({ ...memberPaymentRoutes(), '/api/referrals/stats': fail(403, 'Access denied.') });
    renderRoute('/dashboard', member);
    const tiles = within(await screen.findByRole('region', { name: 'Your summary' }));
    const referrals = tiles.getByText('Referral Earnings (PKR)').closest('div')!;
    expect(await within(referrals).findByText('Not available')).toBeTruthy();
    expect(within(referrals).getByText('—')).toBeTruthy();
    expect(within(referrals).queryByText(/PKR \d/)).toBeNull();
  });
});

describe('default tab', () => {
  it('is Committee Plans, without My Groups, for a member without groups', async () => {
    renderRoute('/dashboard', member);
    await screen.findByRole('tab', { name: 'Committee Plans' });
    expect(tabNames()).toEqual(['Committee Plans', 'Payments', 'Referrals']);
    expect(selectedTab()).toBe('Committee Plans');
  });

  it('is My Groups for a member with groups and no saved tab', async () => {
    vi.restoreAllMocks();
    stubDashboard({ groups: [makeGroup()] });
    renderRoute('/dashboard', member);
    await screen.findByRole('tab', { name: 'My Groups' });
    expect(tabNames()).toEqual(['My Groups', 'Committee Plans', 'Payments', 'Referrals']);
    expect(selectedTab()).toBe('My Groups');
    expect(await screen.findByRole('article', { name: 'Group 1' })).toBeTruthy();
    // Only choosing a tab saves it.
    expect(window.localStorage.getItem(storageKeys.dashboardTab)).toBeNull();
  });

  it('is the saved tab when there is one', async () => {
    vi.restoreAllMocks();
    stubDashboard({ groups: [makeGroup()] });
    window.localStorage.setItem(storageKeys.dashboardTab, 'plans');
    renderRoute('/dashboard', member);
    await screen.findByRole('tab', { name: 'My Groups' });
    expect(selectedTab()).toBe('Committee Plans');
  });

  it('is the tab a link names (a notification), over the saved one, and is remembered', async () => {
    vi.restoreAllMocks();
    stubDashboard({ groups: [makeGroup()] });
    window.localStorage.setItem(storageKeys.dashboardTab, 'plans');
    renderRoute('/dashboard?tab=referrals', member);
    await screen.findByRole('tab', { name: 'My Groups' });
    expect(selectedTab()).toBe('Referrals');
    expect(window.localStorage.getItem(storageKeys.dashboardTab)).toBe('referrals');
  });

  it('keeps every tab in view on a phone: the tab list wraps rather than scrolling sideways', async () => {
    vi.restoreAllMocks();
    stubDashboard({ groups: [makeGroup()] });
    renderRoute('/dashboard', member);
    const list = await screen.findByRole('tablist', { name: 'Dashboard sections' });
    await screen.findByRole('tab', { name: 'My Groups' });
    // Two by two below the small breakpoint: a grid, never a row that overflows.
    expect(list.className.split(' ')).toEqual(expect.arrayContaining(['grid', 'grid-cols-2']));
    expect(list.className).not.toContain('overflow-x-auto');
    for (const tab of screen.getAllByRole('tab')) expect(tab.className).not.toContain('whitespace-nowrap');
  });

  it('falls back to Committee Plans when My Groups was saved but the member has no group', async () => {
    window.localStorage.setItem(storageKeys.dashboardTab, 'groups');
    renderRoute('/dashboard', member);
    await screen.findByRole('tab', { name: 'Committee Plans' });
    expect(selectedTab()).toBe('Committee Plans');
    expect(screen.queryByRole('tab', { name: 'My Groups' })).toBeNull();
  });

  it("says when the groups cannot be read, and shows Committee Plans", async () => {
    vi.restoreAllMocks();
    const { reads } = stubGetRequests({ ...memberPaymentRoutes(), '/api/committee-plans/user/groups': fail(403, 'Access denied.') });
    renderRoute('/dashboard', member);
    expect(await screen.findByText('Failed to load group information')).toBeTruthy();
    await waitFor(() => expect(selectedTab()).toBe('Committee Plans'));
    // The plans tab, which shows where the member stands with each plan, does not ask again for the groups.
    await waitFor(() => expect(reads.some((call) => call.path === '/api/plan-payments')).toBe(true));
    expect(reads.filter((call) => call.path === '/api/committee-plans/user/groups')).toHaveLength(1);
  });

  it("reads the member's groups once for the tiles, the tabs and the plans tab", async () => {
    vi.restoreAllMocks();
    const { reads } = stubGetRequests(memberPaymentRoutes());
    renderRoute('/dashboard', member);
    // The plan requests are read once too, for the top card and the plans tab alike.
    await waitFor(() => expect(selectedTab()).toBe('Committee Plans'));
    expect(await screen.findByRole('region', { name: 'My Payment Requests' })).toBeTruthy();
    expect(reads.filter((call) => call.path === '/api/plan-payments')).toHaveLength(1);
    expect(reads.filter((call) => call.path === '/api/committee-plans/user/groups')).toHaveLength(1);
  });

  it('follows the rule', () => {
    const none = { status: 'success' as const, count: 0 };
    const some = { status: 'success' as const, count: 2 };
    expect(resolveDashboardTab(null, none)).toBe('plans');
    expect(resolveDashboardTab(null, some)).toBe('groups');
    expect(resolveDashboardTab(null, { status: 'pending', count: 0 })).toBeNull();
    expect(resolveDashboardTab(null, { status: 'error', count: 0 })).toBe('plans');
    expect(resolveDashboardTab('payments', { status: 'pending', count: 0 })).toBe('payments');
    expect(resolveDashboardTab('referrals', some)).toBe('referrals');
    expect(resolveDashboardTab('groups', some)).toBe('groups');
    expect(resolveDashboardTab('groups', none)).toBe('plans');
  });
});
