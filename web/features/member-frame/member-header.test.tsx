/**
 * Every member page opened from the dashboard carries the dashboard's header: the bell, the theme
 * toggle and the account menu, whose Logout asks for confirmation and then ends the session.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, findLoadedTrigger, makeUser, renderRoute } from '../../test/render.tsx';
import { ok, stubGetRequests } from '../../test/api-stub.ts';
import { bankAccountsAnswerOf, makeBankAccount, makePlan, planAnswerOf } from '../../test/plan-fixtures.ts';
import type { MemberGroup } from '../instalments/member/index.ts';
import { selectedPaymentOf, writeSelectedPayment } from '../instalments/member/index.ts';
import { makeGroup, makeGroupPayment, makeSchedule, memberPaymentRoutes } from '../../test/member-payment-fixtures.ts';
import { notificationListAnswerOf } from '../../test/notification-fixtures.ts';

function signedInMember() {
  const logout = vi.fn(async () => {});
  return { auth: fakeAuth({ user: makeUser(), logout }), logout };
}

/** The reads of the three pages, and March's instalment stored as the dashboard's 'Pay Now' stores it. */
function stubMemberPages() {
  const plan = makePlan();
  const accounts = [makeBankAccount()];
  const march = makeGroupPayment({ month: 3 });
  const group: MemberGroup = makeGroup({ payments: makeSchedule().map((payment) => (payment.month === 3 ? march : payment)) });
  writeSelectedPayment(selectedPaymentOf(group, march));
  stubGetRequests({
    ...memberPaymentRoutes(),
    '/api/committee-plans/plan-gold': planAnswerOf(plan),
    '/api/bank-accounts/active': bankAccountsAnswerOf(accounts),
    '/api/notifications': notificationListAnswerOf(),
    '/api/profile': ok({ user: makeUser(), data: { user: makeUser() } }),
  });
}

describe.each([
  ['/profile', 'Profile Settings'],
  ['/user/subscribe/plan-gold', 'Subscribe to Plan'],
  ['/user/payment/pay-2026-3', 'Payment Details'],
])('the member header on %s', (path, landmark) => {
  it('offers the bell, the theme toggle and Logout, which asks first and then signs out to /login', async () => {
    stubMemberPages();
    const { auth, logout } = signedInMember();
    const user = userEvent.setup();
    const { router } = renderRoute(path, auth);
    expect(await screen.findAllByText(landmark)).not.toHaveLength(0);

    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    // The button's name holds the initials it shows (Label in Name).
    await user.click(await findLoadedTrigger('Open account menu (AK)'));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getByText('ayesha@example.com')).toBeTruthy();
    await user.click(menu.getByRole('menuitem', { name: 'Logout' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm Logout' });
    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
    // Off the page to /login (where the guard, with this fixed session, sends it on to /dashboard).
    await waitFor(() => expect(router.state.location.pathname).not.toBe(path));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
