import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, makeUser, renderRoute } from '../../../test/render.tsx';
import { catchDownloads, fail, file, stubGetRequests, type StubRoutes } from '../../../test/api-stub.ts';
import type { GroupPayment } from './api.ts';
import { SELECTED_PAYMENT_KEY } from './selected-payment.ts';
import { makeGroup, makeGroupPayment, makeSchedule, memberPaymentRoutes } from './test-support.ts';

const member = fakeAuth({ user: makeUser() });

// 15 March 2026 in Karachi: March is the current month. Only the clock is fixed; timers run as usual.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-15T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// Each month with the state the server gives it on 15 March 2026 (RULES §6a): January and February
// paid, March owed, April under review, May to December scheduled (May's receipt was rejected).
const schedule: GroupPayment[] = makeSchedule().map((payment) => ({ ...payment, state: payment.status === 'PAID' ? 'PAID' : payment.month === 3 ? 'OWED' : 'SCHEDULED' }));
schedule[3] = makeGroupPayment({ month: 4, status: 'OVERDUE', underReview: true, state: 'UNDER_REVIEW', receiptUrl: '/api/receipts/r4/file?expires=1&signature=x' });
schedule[4] = makeGroupPayment({ month: 5, status: 'REJECTED', state: 'SCHEDULED', rejectionReason: 'The amount on the receipt is wrong.' });
schedule[5] = makeGroupPayment({ month: 6, status: 'ON_HOLD', state: 'SCHEDULED' });
schedule[1] = makeGroupPayment({ month: 2, status: 'PAID', state: 'PAID', paymentDate: '2026-02-05T10:00:00.000Z', receiptUrl: null });

const group = makeGroup({
  payments: schedule,
  winners: [
    { month: 1, year: 2026, winnerId: 'user-9', winner: { name: 'Bilal Ahmed' }, amount: 300000, selectedAt: '2026-01-20T10:00:00.000Z', status: 'PAID' },
    { month: 2, year: 2026, winnerId: 'user-1', winner: { name: 'Ayesha Khan' }, amount: 300000, selectedAt: '2026-02-20T10:00:00.000Z', status: 'SELECTED' },
  ],
});

async function openGroups(groups = [group], routes: StubRoutes = {}) {
  const stub = stubGetRequests({ ...memberPaymentRoutes({ groups, counts: { total: 12, pending: 9 } }), ...routes });
  const view = renderRoute('/dashboard', member);
  const card = await screen.findByRole('article', { name: 'Group 1' });
  return { ...stub, ...view, card };
}

const monthCard = (name: RegExp) => screen.getByRole('button', { name });
/** A month card's name: what it shows, its month and state first, then 'This month' (the current one) and the amount. */
const named = (month: string, state: string) => new RegExp(`^${month} ${state}(?: This month)? PKR `);


describe('My Groups tab', () => {
  it('shows the group with its members, position, dates and progress', async () => {
    const { card } = await openGroups();
    const groupCard = within(card);
    expect(groupCard.getByText('Active')).toBeTruthy();
    expect(groupCard.getByText('Gold Umrah Plan')).toBeTruthy();
    expect(groupCard.getByText('5/12')).toBeTruthy();
    expect(groupCard.getByText('Member #3')).toBeTruthy();
    expect(groupCard.getByText('1 Jan 2026')).toBeTruthy();
    expect(groupCard.getByText('1 Jan 2027')).toBeTruthy();

    const completed = groupCard.getByText('Months Completed').nextElementSibling;
    const remaining = groupCard.getByText('Remaining Months').nextElementSibling;
    expect(completed?.textContent).toBe('2');
    expect(remaining?.textContent).toBe('10');

    const progress = groupCard.getByRole('progressbar', { name: 'Payment progress of Group 1' });
    expect(progress.getAttribute('aria-valuenow')).toBe('17');
    expect(progress.getAttribute('aria-valuetext')).toBe('17%');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it('shows one card per month with its state, and marks the current month in Karachi', async () => {
    await openGroups();
    expect(within(screen.getByRole('list', { name: 'Payment Schedule' })).getAllByRole('button')).toHaveLength(12);

    expect(monthCard(/^January 2026/).getAttribute('aria-current')).toBeNull();
    const march = monthCard(/^March 2026/);
    expect(march.getAttribute('aria-current')).toBe('date');
    expect(within(march).getByText('This month')).toBeTruthy();
    expect(screen.getAllByRole('button').filter((button) => button.getAttribute('aria-current') === 'date')).toHaveLength(1);

    expect(monthCard(named('January 2026', 'Paid'))).toBeTruthy();
    expect(monthCard(named('March 2026', 'Owed'))).toBeTruthy();
    expect(monthCard(/^March 2026 Owed This month PKR 25,000$/)).toBeTruthy();
    expect(monthCard(named('April 2026', 'Under review'))).toBeTruthy();
    expect(monthCard(named('May 2026', 'Scheduled Receipt rejected'))).toBeTruthy();
    expect(monthCard(named('June 2026', 'Scheduled'))).toBeTruthy();
    expect(within(march).getByText('PKR 25,000')).toBeTruthy();
  });

  it('draws a scheduled month as scheduled: never due, no Pay Now on the card', async () => {
    await openGroups();
    const july = monthCard(/^July 2026/);
    expect(july.getAttribute('aria-current')).toBeNull();
    expect(within(july).getByText('Scheduled')).toBeTruthy();
    for (const due of [/Owed/, /Overdue/, /Pending/, /late/, /Pay Now/]) expect(within(july).queryByText(due)).toBeNull();
    // The card is one button (it opens the month's details): nothing inside it to pay with.
    expect(within(july).queryByRole('button')).toBeNull();
    // Eight months still to come (May to December) are all scheduled, none says it is owed.
    const scheduled = within(screen.getByRole('list', { name: 'Payment Schedule' })).getAllByRole('button', { name: /^\w+ 2026 Scheduled/ });
    expect(scheduled).toHaveLength(schedule.filter((payment) => payment.state === 'SCHEDULED').length);
  });

  it("says 'Overdue' on a month owed after the grace day, besides the colour", async () => {
    const overdue = schedule.map((payment) => (payment.month === 2 ? { ...payment, status: 'OVERDUE', state: 'OVERDUE' as const, paymentDate: null } : payment));
    await openGroups([makeGroup({ payments: overdue })]);
    const february = monthCard(/^February 2026/);
    expect(screen.getByRole('button', { name: named('February 2026', 'Overdue') })).toBe(february);
    expect(within(february).getByText('Overdue')).toBeTruthy();
    // Months completed and remaining follow the paid months (January only now).
    const groupCard = within(screen.getByRole('article', { name: 'Group 1' }));
    expect(groupCard.getByText('Months Completed').nextElementSibling?.textContent).toBe(String(overdue.filter((payment) => payment.state === 'PAID').length));
    expect(groupCard.getByText('Remaining Months').nextElementSibling?.textContent).toBe(String(overdue.filter((payment) => payment.state !== 'PAID').length));

    const user = userEvent.setup();
    await user.click(february);
    const dialog = within(await screen.findByRole('dialog', { name: 'Month Details' }));
    expect(dialog.getByText('Overdue')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Pay Now' })).toBeTruthy();
  });

  it("shows each month's winner, and 'You Won!' on the member's own month", async () => {
    await openGroups();
    const january = within(monthCard(/^January 2026/));
    expect(january.getByText('Winner: Bilal Ahmed')).toBeTruthy();
    expect(january.getByText('Amount: PKR 300,000')).toBeTruthy();
    expect(january.getByText('Selected 20 Jan 2026')).toBeTruthy();
    expect(january.queryByText('You Won!')).toBeNull();

    const february = within(monthCard(/^February 2026/));
    expect(february.getByText('You Won!')).toBeTruthy();
    expect(february.getByText('Winner: Ayesha Khan')).toBeTruthy();
    expect(within(monthCard(/^March 2026/)).queryByText(/Winner/)).toBeNull();
  });

  it('tells a winner what happens next, on the group and in the month they won, and nothing more than the rules say', async () => {
    const user = userEvent.setup();
    const { card } = await openGroups();
    const onGroup = within(card).getByRole('note', { name: 'What happens next' });
    expect(onGroup.textContent).toContain('An administrator will contact you to arrange your Umrah package.');
    expect(onGroup.textContent).toContain('Keep paying your monthly instalments: they continue until the group ends.');

    await user.click(monthCard(/^February 2026/));
    const details = within(await screen.findByRole('dialog', { name: 'Month Details' }));
    expect(details.getByText('You Won!')).toBeTruthy();
    expect(details.getByRole('note', { name: 'What happens next' })).toBeTruthy();
  });

  it('says nothing of next steps to a member who has not won', async () => {
    const { card } = await openGroups([{ ...group, winners: group.winners.filter((winner) => winner.winnerId !== 'user-1') }]);
    expect(within(card).queryByRole('note', { name: 'What happens next' })).toBeNull();
  });

  it('brings the group a link names into view, with focus on it', async () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    const second = makeGroup({ id: 'group-2', groupNumber: 'B2', payments: makeSchedule().map((p) => ({ ...p, id: `g2-${p.id}`, groupId: 'group-2' })) });
    stubGetRequests(memberPaymentRoutes({ groups: [group, second], counts: { total: 12, pending: 9 } }));
    renderRoute('/dashboard?tab=groups&group=group-2', member);
    const linked = await screen.findByRole('article', { name: 'Group B2' });
    await waitFor(() => expect(document.activeElement).toBe(linked));
    expect(scrolled.mock.contexts).toContain(linked);
  });

  it("opens a payable month's details, and 'Pay Now' stores it and opens its payment page", async () => {
    const { router, refused } = await openGroups();
    const user = userEvent.setup();
    await user.click(monthCard(/^March 2026/));

    const dialog = within(await screen.findByRole('dialog', { name: 'Month Details' }));
    expect(dialog.getByText('Group 1 - March 2026')).toBeTruthy();
    expect(dialog.getByText('1 Mar 2026')).toBeTruthy();
    expect(dialog.getByText('PKR 25,000')).toBeTruthy();
    expect(dialog.getByText('Not paid yet')).toBeTruthy();
    expect(dialog.queryByRole('button', { name: /View Receipt/ })).toBeNull();

    await user.click(dialog.getByRole('button', { name: 'Pay Now' }));
    expect(router.state.location.pathname).toBe('/user/payment/pay-2026-3');
    const stored = JSON.parse(window.localStorage.getItem(SELECTED_PAYMENT_KEY)!);
    expect(stored).toMatchObject({
      paymentId: 'pay-2026-3',
      groupId: 'group-1',
      groupNumber: '1',
      month: 3,
      year: 2026,
      amount: 25000,
      status: 'PENDING',
      dueDate: '2026-03-01',
      paymentDate: null,
      group: { id: 'group-1', groupNumber: '1', plan: { name: 'Gold Umrah Plan', monthlyAmount: 25000 } },
    });
    expect(await screen.findByText('Group 1 - March 2026')).toBeTruthy();
    expect(refused).toEqual([]);
  });

  it('offers the receipt of a paid month and no Pay Now', async () => {
    await openGroups();
    const user = userEvent.setup();
    await user.click(monthCard(/^January 2026/));
    const dialog = within(await screen.findByRole('dialog', { name: 'Month Details' }));
    expect(dialog.getByText('5 Jan 2026')).toBeTruthy();
    const receipt = dialog.getByRole('link', { name: /View Receipt/ });
    expect(receipt.getAttribute('href')).toBe('/api/receipts/r1/file?expires=1&signature=x');
    expect(receipt.getAttribute('target')).toBe('_blank');
    expect(dialog.queryByRole('button', { name: 'Pay Now' })).toBeNull();
  });

  it('says when a paid month has no receipt', async () => {
    await openGroups();
    const user = userEvent.setup();
    await user.click(monthCard(/^February 2026/));
    const dialog = within(await screen.findByRole('dialog', { name: 'Month Details' }));
    await user.click(dialog.getByRole('button', { name: 'View Receipt' }));
    expect(await screen.findByText('Receipt is not available for this payment.')).toBeTruthy();
  });

  it('shows a month under review without Pay Now, and a rejected month with its reason and Pay Now', async () => {
    await openGroups();
    const user = userEvent.setup();
    await user.click(monthCard(/^April 2026/));
    let dialog = within(await screen.findByRole('dialog', { name: 'Month Details' }));
    expect(dialog.getByText('Under review')).toBeTruthy();
    expect(dialog.getByText(/being verified/)).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Pay Now' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await user.click(monthCard(/^May 2026/));
    dialog = within(await screen.findByRole('dialog', { name: 'Month Details' }));
    expect(dialog.getByText('The amount on the receipt is wrong.')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Pay Now' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Focus returns to the card that opened the dialog.
    await waitFor(() => expect(document.activeElement).toBe(monthCard(/^May 2026/)));
  });

  it('lists every group of the member', async () => {
    const second = makeGroup({ id: 'group-2', groupNumber: 'B2', payments: makeSchedule().map((p) => ({ ...p, id: `g2-${p.id}`, groupId: 'group-2' })) });
    await openGroups([group, second]);
    expect(screen.getByRole('article', { name: 'Group B2' })).toBeTruthy();
  });

  it("downloads the group's statement under the server's file name, saying so while it comes", async () => {
    const statementPath = `/api/committee-plans/user/groups/${group.id}/statement.pdf`;
    const { card, reads } = await openGroups([group], { [statementPath]: file('%PDF-1.7 statement', 'statement-2026-03-15.pdf') });
    const saved = catchDownloads();
    const user = userEvent.setup();
    const button = within(card).getByRole('button', { name: 'Download statement' });
    // Said of which group, for a screen reader that lists the buttons alone.
    expect(button.getAttribute('aria-describedby')).toBe(within(card).getByRole('heading', { name: 'Group 1' }).id);
    await user.click(button);
    await waitFor(() => expect(saved.map((download) => download.name)).toEqual(['statement-2026-03-15.pdf']));
    expect(await saved[0].blob.text()).toBe('%PDF-1.7 statement');
    expect(reads.filter((call) => call.path.endsWith('.pdf')).map((call) => call.path)).toEqual([statementPath]);
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Download statement' }).getAttribute('aria-busy')).toBeNull());
  });

  it("says why a statement could not be downloaded, in the server's words", async () => {
    const { card } = await openGroups([group], { [`/api/committee-plans/user/groups/${group.id}/statement.pdf`]: fail(404, 'Group not found') });
    const saved = catchDownloads();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Download statement' }));
    expect(await screen.findByText('Group not found')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
