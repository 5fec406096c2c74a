import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../test/query-client.ts';
import { fail, stubGetRequests, type StubAnswer } from '../../../test/api-stub.ts';
import type { GroupLedger } from './api.ts';
import { GroupLedgerDialog } from './group-ledger.tsx';
import { fakeAuth, makeUser, renderRoute } from '../../../test/render.tsx';
import { groupLedgerAnswerOf, makeGroup, makeGroupLedger, makeGroupLedgerMonth, memberPaymentRoutes } from './test-support.ts';

afterEach(() => vi.restoreAllMocks());

const LEDGER_PATH = '/api/committee-plans/user/groups/group-1/ledger';
const group = makeGroup();

/** 'PKR 75,000', written out here rather than taken from the app. */
const pkr = (rupees: number) => `PKR ${rupees.toLocaleString('en-US')}`;

// Three members at PKR 25,000 a month, read on 15 March 2026: January's winner (another member) was
// paid out; February's winner is the reader, not paid out yet; March has one receipt under review and
// the reader's own instalment owed; April to June are still to come.
const ledger: GroupLedger = makeGroupLedger({
  months: [
    makeGroupLedgerMonth({
      month: 1,
      due: 75000,
      collected: 75000,
      paidOut: 75000,
      held: 0,
      balance: 0,
      winner: { name: 'Bilal A.', status: 'PAID', amount: 75000, isYou: false },
      own: { state: 'PAID', amount: 25000 },
    }),
    makeGroupLedgerMonth({
      month: 2,
      due: 75000,
      collected: 75000,
      held: 75000,
      balance: 75000,
      winner: { name: 'Ayesha K.', status: 'SELECTED', amount: 75000, isYou: true },
      own: { state: 'PAID', amount: 25000 },
    }),
    makeGroupLedgerMonth({ month: 3, due: 75000, collected: 25000, underReview: 25000, owed: 25000, held: 25000, balance: 100000, own: { state: 'OWED', amount: 25000 } }),
    ...[4, 5, 6].map((month) => makeGroupLedgerMonth({ month, scheduled: true, balance: 100000, own: { state: 'SCHEDULED', amount: 25000 } })),
  ],
  totals: { due: 225000, collected: 175000, paidOut: 75000, held: 100000 },
});

const monthName = (month: number) => new Date(Date.UTC(2026, month - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
const come = ledger.months.filter((month) => !month.scheduled);
const upcoming = ledger.months.filter((month) => month.scheduled);

function renderLedger(answers: StubAnswer[] = [groupLedgerAnswerOf(ledger)]) {
  let read = 0;
  const stub = stubGetRequests({ [LEDGER_PATH]: () => answers[Math.min(read++, answers.length - 1)] });
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <GroupLedgerDialog group={group} open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { ...stub, onOpenChange };
}

/** The amount shown for a term (a total or a month's figure) inside `scope`. */
function amountOf(scope: HTMLElement, term: string): string | null | undefined {
  return within(scope).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('group ledger dialog', () => {
  it("names the group, says what a ledger is, and shows the group's totals so far", async () => {
    const { reads } = renderLedger();
    const dialog = screen.getByRole('dialog', { name: 'Group ledger' });
    expect(within(dialog).getByText('Group 1 · Gold Umrah Plan')).toBeTruthy();
    expect(
      within(dialog).getByText("Every rupee of this group: what was due each month, what was collected, what was paid out to that month's winner, and what is held."),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();

    const totals = await screen.findByRole('region', { name: 'So far' });
    expect(amountOf(totals, 'Due so far')).toBe(pkr(ledger.totals.due));
    expect(amountOf(totals, 'Collected')).toBe(pkr(ledger.totals.collected));
    expect(amountOf(totals, 'Paid out')).toBe(pkr(ledger.totals.paidOut));
    expect(amountOf(totals, 'Held')).toBe(pkr(ledger.totals.held));
    expect(reads.map((call) => call.path)).toEqual([LEDGER_PATH]);
  });

  it('shows each month that has come with its due, collected, paid out and balance', async () => {
    renderLedger();
    const list = await screen.findByRole('list', { name: 'Month by month' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(come.length);
    for (const month of come) {
      const card = within(list).getByRole('article', { name: `${monthName(month.month)} 2026` });
      expect(within(card).getByRole('heading', { name: `${monthName(month.month)} 2026` })).toBeTruthy();
      expect(amountOf(card, 'Due')).toBe(pkr(month.due));
      expect(amountOf(card, 'Collected')).toBe(pkr(month.collected));
      expect(amountOf(card, 'Paid out')).toBe(pkr(month.paidOut));
      expect(amountOf(card, 'Balance')).toBe(pkr(month.balance));
    }
  });

  it("names another member's win by their short name and the reader's own win as 'You'", async () => {
    renderLedger();
    const january = await screen.findByRole('article', { name: 'January 2026' });
    expect(within(january).getByText('Winner: Bilal A.')).toBeTruthy();
    const february = screen.getByRole('article', { name: 'February 2026' });
    expect(within(february).getByText('Winner: You')).toBeTruthy();
    expect(within(february).queryByText(/Ayesha/)).toBeNull();
    expect(within(screen.getByRole('article', { name: 'March 2026' })).queryByText(/Winner/)).toBeNull();
  });

  it("labels the reader's own instalment of each month in words, with its state and amount", async () => {
    renderLedger();
    const march = await screen.findByRole('article', { name: 'March 2026' });
    const own = ledger.months[2].own;
    const label = within(march).getByText('Your instalment');
    const line = label.parentElement as HTMLElement;
    expect(within(line).getByText('Owed')).toBeTruthy();
    expect(within(line).getByText(`Amount: ${pkr(own?.amount ?? 0)}`)).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'January 2026' })).getByText('Paid')).toBeTruthy();
    expect(screen.getAllByText('Your instalment')).toHaveLength(come.filter((month) => month.own).length);
  });

  it('keeps the months still to come behind "Show upcoming months"', async () => {
    const user = userEvent.setup();
    renderLedger();
    await screen.findByRole('list', { name: 'Month by month' });
    for (const month of upcoming) expect(screen.queryByRole('article', { name: `${monthName(month.month)} 2026` })).toBeNull();

    const show = screen.getByRole('button', { name: 'Show upcoming months' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    await user.click(show);
    const list = screen.getByRole('list', { name: 'Upcoming months' });
    expect(within(list).getAllByRole('article')).toHaveLength(upcoming.length);
    for (const month of upcoming) {
      const card = within(list).getByRole('article', { name: `${monthName(month.month)} 2026` });
      expect(within(card).getByText('Scheduled')).toBeTruthy();
    }
    const hide = screen.getByRole('button', { name: 'Hide upcoming months' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    await user.click(hide);
    expect(screen.queryByRole('list', { name: 'Upcoming months' })).toBeNull();
  });

  it('says when the ledger could not be read, and reads it again on Try Again', async () => {
    const user = userEvent.setup();
    const { reads } = renderLedger([fail(404, 'Group not found.'), groupLedgerAnswerOf(ledger)]);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Failed to load the group ledger');
    expect(screen.queryByRole('region', { name: 'So far' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    const totals = await screen.findByRole('region', { name: 'So far' });
    expect(amountOf(totals, 'Collected')).toBe(pkr(ledger.totals.collected));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(reads).toHaveLength(2);
  });

  it('says so when the group has no months yet', async () => {
    renderLedger([groupLedgerAnswerOf(makeGroupLedger())]);
    expect(await screen.findByText('This group has no months yet.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Month by month' })).toBeNull();
  });

  it('shows a spinner while the ledger is read', async () => {
    renderLedger();
    expect(screen.getByRole('status').textContent).toBe('Loading the group ledger...');
    await screen.findByRole('region', { name: 'So far' });
  });
});

describe('the Group ledger button on My Groups', () => {
  it("opens the group's ledger from its card, and gives focus back to the button on close", async () => {
    const user = userEvent.setup();
    const { reads } = stubGetRequests({ ...memberPaymentRoutes({ groups: [group] }), [LEDGER_PATH]: groupLedgerAnswerOf(ledger) });
    renderRoute('/dashboard', fakeAuth({ user: makeUser() }));
    const card = await screen.findByRole('article', { name: 'Group 1' });
    // Nothing of the ledger is read before it is asked for.
    expect(reads.filter((call) => call.path === LEDGER_PATH)).toHaveLength(0);

    const open = within(card).getByRole('button', { name: 'Group ledger' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Group ledger' });
    const totals = await within(dialog).findByRole('region', { name: 'So far' });
    expect(amountOf(totals, 'Collected')).toBe(pkr(ledger.totals.collected));

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(open));
  });
});
