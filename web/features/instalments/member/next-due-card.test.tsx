import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NextDue } from '../../../../contract/figures.ts';
import { fakeAuth, makeUser, renderRoute } from '../../../test/render.tsx';
import { stubGetRequests } from '../../../test/api-stub.ts';
import { SELECTED_PAYMENT_KEY } from './selected-payment.ts';
import { makeGroup, makeNextDue, makeSummaryAnswer, memberPaymentRoutes } from './test-support.ts';

afterEach(() => vi.restoreAllMocks());

const member = fakeAuth({ user: makeUser() });
const MONTHLY = 25000;
/** 'PKR 50,000': written out here, not taken from the code under test. */
const pkr = (rupees: number) => `PKR ${rupees.toLocaleString('en-US')}`;
const instalments = (count: number) => `${count} ${count === 1 ? 'instalment' : 'instalments'}`;

async function openDashboard(summary: ReturnType<typeof makeSummaryAnswer>) {
  const stub = stubGetRequests(memberPaymentRoutes({ groups: [makeGroup()], summary }));
  const view = renderRoute('/dashboard', member);
  const region = await screen.findByRole('region', { name: 'Your next instalment' });
  // The figures arrive after the heading.
  await waitFor(() => expect(within(region).queryByText('Loading your next instalment...')).toBeNull());
  return { ...stub, ...view, card: within(region), region };
}

/** The value of one figure (Owed now, Paid, Remaining in your cycle): its amount and its count. */
function figure(card: Pick<typeof screen, 'getByText'>, label: string) {
  const term = card.getByText(label, { selector: 'dt > span' }).closest('dt')!;
  const values = Array.from(term.parentElement!.querySelectorAll<HTMLElement>('dd')).map((dd) => dd.textContent);
  return { amount: values[0], count: values[1], extra: values[2] };
}

describe('the next-instalment card', () => {
  it("leads with the earliest owed month: 'Owed', how late, the amount, and Pay Now to its payment page", async () => {
    const next: NextDue = makeNextDue({ state: 'OWED', daysLate: 5, month: 3, year: 2026, dueDate: '2026-03-01' });
    const summary = makeSummaryAnswer({
      nextDue: next,
      counts: { paid: 2, owed: 2 },
      amounts: { paid: 2 * MONTHLY, owed: 2 * MONTHLY },
      scheduled: { count: 8, amount: 8 * MONTHLY },
    });
    const { card, router, region } = await openDashboard(summary);

    expect(card.getByRole('heading', { name: 'March 2026' })).toBeTruthy();
    expect(card.getByText('Group 1 · Gold Umrah Plan')).toBeTruthy();
    expect(card.getByText(pkr(next.amount))).toBeTruthy();
    expect(card.getByText('Due 1 Mar 2026')).toBeTruthy();
    expect(card.getByText('5 days late')).toBeTruthy();
    // The word, not only the colour.
    expect(card.getAllByText('Owed').length).toBeGreaterThan(0);
    expect(card.queryByText('Overdue')).toBeNull();

    expect(figure(card, 'Owed now')).toMatchObject({ amount: pkr(summary.owed.amount), count: instalments(summary.owed.count) });
    expect(figure(card, 'Paid')).toMatchObject({ amount: pkr(summary.paid.amount), count: instalments(summary.paid.count) });
    // Remaining: the owed months and the eight still to come.
    expect(figure(card, 'Remaining in your cycle')).toMatchObject({ amount: pkr(10 * MONTHLY), count: instalments(10) });

    const payNow = card.getByRole('link', { name: 'Pay Now' });
    expect(payNow.getAttribute('href')).toBe(`/user/payment/${next.paymentId}`);
    // The summary tiles come after it.
    const tiles = screen.getByRole('region', { name: 'Your summary' });
    expect(region.compareDocumentPosition(tiles) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.setup().click(payNow);
    expect(router.state.location.pathname).toBe(`/user/payment/${next.paymentId}`);
    expect(JSON.parse(window.localStorage.getItem(SELECTED_PAYMENT_KEY)!)).toMatchObject({
      paymentId: next.paymentId,
      groupId: next.groupId,
      groupNumber: next.groupNumber,
      month: next.month,
      year: next.year,
      amount: next.amount,
    });
    expect(await screen.findByText('Group 1 - March 2026')).toBeTruthy();
  });

  it("says 'Overdue' for a month owed past the grace day, and how much is overdue", async () => {
    const next = makeNextDue({ state: 'OVERDUE', daysLate: 20, month: 2, year: 2026, dueDate: '2026-02-01', paymentId: 'pay-2026-2' });
    const summary = makeSummaryAnswer({
      nextDue: next,
      counts: { paid: 1, owed: 3, overdue: 1, underReview: 1 },
      amounts: { paid: MONTHLY, owed: 3 * MONTHLY, overdue: MONTHLY, underReview: MONTHLY },
    });
    const { card } = await openDashboard(summary);

    expect(card.getByRole('heading', { name: 'February 2026' })).toBeTruthy();
    expect(card.getByText('20 days late')).toBeTruthy();
    expect(card.getAllByText('Overdue').length).toBeGreaterThanOrEqual(2); // The month's badge and the Owed now figure's.
    expect(figure(card, 'Owed now')).toEqual({ amount: pkr(3 * MONTHLY), count: instalments(3), extra: `Overdue: 1 (${pkr(MONTHLY)})` });
    expect(card.getByText(`1 receipt waiting for review (${pkr(MONTHLY)})`)).toBeTruthy();
    expect(card.getByRole('link', { name: 'Pay Now' }).getAttribute('href')).toBe('/user/payment/pay-2026-2');
  });

  it("shows a next month still to come as 'Scheduled' with the days left, never as owed", async () => {
    const next = makeNextDue({ state: 'SCHEDULED', daysLate: -12, month: 4, year: 2026, dueDate: '2026-04-01', paymentId: 'pay-2026-4' });
    const summary = makeSummaryAnswer({ nextDue: next, counts: { paid: 3 }, amounts: { paid: 3 * MONTHLY }, scheduled: { count: 9, amount: 9 * MONTHLY } });
    const { card } = await openDashboard(summary);

    expect(card.getByRole('heading', { name: 'April 2026' })).toBeTruthy();
    expect(card.getByText('12 days left')).toBeTruthy();
    expect(card.getByText('Scheduled')).toBeTruthy();
    for (const word of ['Owed', 'Overdue', /late/, 'Nothing due']) expect(card.queryByText(word)).toBeNull();
    expect(figure(card, 'Owed now')).toMatchObject({ amount: pkr(0), count: instalments(0) });
    expect(figure(card, 'Remaining in your cycle')).toMatchObject({ amount: pkr(9 * MONTHLY), count: instalments(9) });
    // Paying ahead is allowed.
    expect(card.getByRole('link', { name: 'Pay Now' }).getAttribute('href')).toBe('/user/payment/pay-2026-4');
  });

  it("says 'Due today' on the due date, and '1 day left' the day before", async () => {
    const { card, unmount } = await openDashboard(makeSummaryAnswer({ nextDue: makeNextDue({ daysLate: 0 }), counts: { owed: 1 }, amounts: { owed: MONTHLY } }));
    expect(card.getByText('Due today')).toBeTruthy();
    unmount();
    vi.restoreAllMocks();
    const next = await openDashboard(makeSummaryAnswer({ nextDue: makeNextDue({ state: 'SCHEDULED', daysLate: -1 }), scheduled: { count: 1, amount: MONTHLY } }));
    expect(next.card.getByText('1 day left')).toBeTruthy();
  });

  it("says 'Nothing due' calmly when nothing is owed or scheduled", async () => {
    const summary = makeSummaryAnswer({ nextDue: null, counts: { paid: 12 }, amounts: { paid: 12 * MONTHLY } });
    const { card } = await openDashboard(summary);
    expect(card.getByText('Nothing due')).toBeTruthy();
    expect(card.queryByRole('link', { name: 'Pay Now' })).toBeNull();
    for (const word of ['Owed', 'Overdue', 'Scheduled']) expect(card.queryByText(word)).toBeNull();
    expect(figure(card, 'Paid')).toMatchObject({ amount: pkr(12 * MONTHLY), count: instalments(12) });
    expect(figure(card, 'Remaining in your cycle')).toMatchObject({ amount: pkr(0), count: instalments(0) });
  });

  it("shows only 'Nothing due' to a member with no instalments at all", async () => {
    const { card } = await openDashboard(makeSummaryAnswer());
    expect(card.getByText('Nothing due')).toBeTruthy();
    expect(card.queryByText('Owed now')).toBeNull();
  });
});
