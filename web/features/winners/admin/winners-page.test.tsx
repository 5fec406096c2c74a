import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast, Toaster } from 'sonner';
import { winnerMessages } from '../../../../contract/winners.ts';
import { createQueryClient } from '../../../test/query-client.ts';
import { catchDownloads, fakeApi, file, ok, on, stubGetRequests, type StubRoutes } from '../../../test/api-stub.ts';
import type { Committee, CommitteeDetails, EligibleMember, Winner, WinnerStatistics } from './api.ts';
import { committeeAnswer, committeesAnswer, drawRecordAnswerOf, eligibleAnswer, statisticsAnswer, winnerAnswerOf, winnerPageAnswer } from './test-support.ts';
import { AdminWinnersPage } from './winners-page.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  // Toasts outlive a test in sonner's shared state; a new Toaster would show them again.
  toast.dismiss();
});

function renderPage(path = '/admin/winners') {
  const router = createMemoryRouter([{ path: '/admin/winners', element: <AdminWinnersPage /> }], { initialEntries: [path] });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

/** Answers the app's media queries (min-width only) as a screen of this width would. */
function screenWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return { matches: min ? width >= Number(min[1]) : false, media: query, addEventListener: () => {}, removeEventListener: () => {} } as unknown as MediaQueryList;
  });
}

const gold: Committee = { id: 'c-gold', name: 'Gold Umrah Plan', currentMembers: 7, maxMembers: 20, monthlyAmount: 25000, status: 'ACTIVE', groupCount: 2 };
const silver: Committee = { id: 'c-silver', name: 'Silver Umrah Plan', currentMembers: 3, maxMembers: 10, monthlyAmount: 15000, status: 'ACTIVE', groupCount: 1 };
const goldDetails: CommitteeDetails = {
  ...gold,
  groups: [
    { id: 'g-1', groupNumber: '1', memberCount: 5, maxMembers: 10, isActive: true },
    { id: 'g-a1', groupNumber: 'A1', memberCount: 2, maxMembers: 10, isActive: true },
  ],
};
const ayesha: EligibleMember = { userId: 'u-ayesha', user: { name: 'Ayesha Khan', email: 'ayesha@example.com' }, memberNumber: 1, position: 1, hasOverdue: false, hasOwed: false };
const usman: EligibleMember = { userId: 'u-usman', user: { name: 'Usman Ali', email: 'usman@example.com' }, memberNumber: 2, position: 2, hasOverdue: true, hasOwed: true };
const bilal: EligibleMember = { userId: 'u-bilal', user: { name: 'Bilal Ahmed', email: 'bilal@example.com' }, memberNumber: 3, position: 3, hasOverdue: false, hasOwed: true };

function stubReads(extra: StubRoutes = {}, eligible: Record<string, EligibleMember[]> = { '1': [ayesha, usman], A1: [] }) {
  const routes: StubRoutes = {
    '/api/committees': committeesAnswer([gold, silver]),
    '/api/committees/c-gold': committeeAnswer(goldDetails),
    '/api/winners': winnerPages([]),
  };
  // Draw fairly reads the chosen group's draw record: nothing drawn yet.
  for (const group of goldDetails.groups) {
    routes[`/api/admin/groups/${group.id}/draws`] = drawRecordAnswerOf({ group: { id: group.id, groupNumber: group.groupNumber, planName: gold.name, startDate: '2026-01-01' }, months: [] });
  }
  for (const [group, members] of Object.entries(eligible)) {
    routes[`/api/winners/eligible-members/c-gold/${group}`] = eligibleAnswer(gold, group, members);
  }
  return stubGetRequests({ ...routes, ...extra });
}

/**
 * The winners list as the server answers it: the winners matching `search` (winner or committee name),
 * a page of `limit` at a time, with the pagination; `exact: false` says the total is a lower bound.
 */
function winnerPages(all: Winner[], options: { exact?: boolean } = {}) {
  return (search: URLSearchParams) => {
    const needle = (search.get('search') ?? '').toLowerCase();
    const matching = all.filter((w) => !needle || [w.winner.name, w.committee.name].some((text) => text.toLowerCase().includes(needle)));
    const page = Number(search.get('page') ?? 1);
    const limit = Number(search.get('limit') ?? 20);
    const rows = matching.slice((page - 1) * limit, page * limit);
    const exact = options.exact ?? true;
    const pages = Math.max(1, Math.ceil(matching.length / limit));
    const pagination = { page, limit, total: matching.length, pages: exact ? pages : Math.max(pages, page + 1), exact };
    return winnerPageAnswer(rows, pagination);
  };
}

/** The winners-list requests made so far, as their query strings. */
function winnerListCalls(spy: ReturnType<typeof stubGetRequests>['spy']) {
  return spy.mock.calls.map((call) => new URL(String(call[0]), 'http://localhost')).filter((url) => url.pathname === '/api/winners');
}

const validationToast = 'Validation Error: Please fill in all required fields including member selection';

// Selecting options step by step is slow on a busy two-core machine.
describe('/admin/winners, Winner Selection', { timeout: 20_000 }, () => {
  it('shows the title, the banner, the three tiles and the three tabs', async () => {
    stubReads();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Winner Management', level: 1 })).toBeTruthy();
    for (const point of ['Monthly selection per group', 'No duplicates until all members have won', 'Complete tracking', 'Automatic notifications']) {
      expect(screen.getByText(point)).toBeTruthy();
    }
    for (const [label, value] of [
      ['Selection Process', 'Monthly'],
      ['Duplicate Logic', 'No Duplicates'],
      ['Notifications', 'Auto-Send'],
    ]) {
      expect(screen.getByText(label).closest('div')?.textContent).toContain(value);
    }
    expect(screen.getByRole('tab', { name: 'Winner Selection', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Winner Management' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Statistics' })).toBeTruthy();
  });

  it("toasts 'Validation Error' and sends nothing when fields are missing", async () => {
    const { refused } = stubReads();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('option', { name: 'Gold Umrah Plan (7/20)' });

    await user.click(screen.getByRole('button', { name: 'Select Winner' }));
    expect(await screen.findByText(validationToast)).toBeTruthy();
    expect(refused).toEqual([]);
  });

  it('shows the eligible-member helper texts, marks overdue members, and still asks for a member', async () => {
    const { refused, reads } = stubReads();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('option', { name: 'Gold Umrah Plan (7/20)' });
    await user.selectOptions(screen.getByLabelText('Committee'), 'Gold Umrah Plan (7/20)');

    // The committee details box.
    const details = await screen.findByRole('region', { name: 'Committee Details' });
    expect(within(details).getByText('PKR 25,000')).toBeTruthy();
    expect(within(details).getByText('Active')).toBeTruthy();
    expect(await within(details).findByText('2')).toBeTruthy();

    await screen.findByRole('option', { name: 'Group 1 (5 members)' });
    const groupSelect = screen.getByLabelText('Group');
    expect(screen.queryByLabelText('Member')).toBeNull();
    // The groups and their counts come with the committee; its members are left out.
    expect(reads.filter((call) => call.path === '/api/committees/c-gold').map((call) => call.search.toString())).toEqual(['include=groups']);

    await user.selectOptions(groupSelect, 'Group 1 (5 members)');
    expect(screen.getByText('Select month and year to see eligible members')).toBeTruthy();
    expect((screen.getByLabelText('Member') as HTMLSelectElement).disabled).toBe(true);

    await user.selectOptions(screen.getByLabelText('Month'), 'March');
    expect(await screen.findByText('2 eligible members (previous winners excluded)')).toBeTruthy();
    const memberSelect = screen.getByLabelText('Member') as HTMLSelectElement;
    expect(within(memberSelect).getByRole('option', { name: 'Ayesha Khan (ayesha@example.com) — #1' })).toBeTruthy();
    expect(within(memberSelect).getByRole('option', { name: 'Usman Ali (usman@example.com) — #2 — Owes, Overdue' })).toBeTruthy();

    // Everything but the member: still the validation toast.
    await user.click(screen.getByRole('button', { name: 'Select Winner' }));
    expect(await screen.findByText(validationToast)).toBeTruthy();

    await user.selectOptions(memberSelect, 'u-usman');
    expect(screen.getByText('This member has an overdue instalment.')).toBeTruthy();

    // Another group: the member is cleared, and that group has nobody left.
    await user.selectOptions(groupSelect, 'Group A1 (2 members)');
    expect(await screen.findByText('All members have already won. No eligible members.')).toBeTruthy();
    expect((screen.getByLabelText('Member') as HTMLSelectElement).value).toBe('');

    // Clearing the month asks for it again.
    await user.selectOptions(screen.getByLabelText('Month'), 'Select month');
    expect(screen.getByText('Select month and year to see eligible members')).toBeTruthy();
    expect(refused).toEqual([]);
  });

  it("tags eligible members 'Owes' and 'Overdue' in words, in the options, the list of those who owe and the chosen member", async () => {
    stubReads({}, { '1': [ayesha, usman, bilal], A1: [] });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('option', { name: 'Gold Umrah Plan (7/20)' });
    await user.selectOptions(screen.getByLabelText('Committee'), 'Gold Umrah Plan (7/20)');
    await screen.findByRole('option', { name: 'Group 1 (5 members)' });
    await user.selectOptions(screen.getByLabelText('Group'), 'Group 1 (5 members)');
    await user.selectOptions(screen.getByLabelText('Month'), 'March');
    await screen.findByText('3 eligible members (previous winners excluded)');

    // The options are text: the tags are words there.
    const memberSelect = screen.getByLabelText('Member') as HTMLSelectElement;
    expect(Array.from(memberSelect.options).map((option) => option.textContent)).toEqual([
      'Select member',
      'Ayesha Khan (ayesha@example.com) — #1',
      'Usman Ali (usman@example.com) — #2 — Owes, Overdue',
      'Bilal Ahmed (bilal@example.com) — #3 — Owes',
    ]);

    // Those who owe (hasOwed or hasOverdue in the stub: Usman and Bilal), each with the tags in words.
    const owing = screen.getByRole('list', { name: '2 eligible members owe now' });
    const rows = within(owing).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Usman AliOwesOverdue', 'Bilal AhmedOwes']);

    await user.selectOptions(memberSelect, 'u-bilal');
    expect(screen.getByText('This member owes an instalment that is due.')).toBeTruthy();
    expect(screen.queryByText('This member has an overdue instalment.')).toBeNull();
    await user.selectOptions(memberSelect, 'u-ayesha');
    expect(screen.queryByText('This member owes an instalment that is due.')).toBeNull();
  });

  it('sends month and year with the eligible-member read, and defaults the year and payment type', async () => {
    const { spy } = stubReads();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('option', { name: 'Gold Umrah Plan (7/20)' });
    await user.selectOptions(screen.getByLabelText('Committee'), 'Gold Umrah Plan (7/20)');
    await screen.findByRole('option', { name: 'Group 1 (5 members)' });
    await user.selectOptions(screen.getByLabelText('Group'), 'Group 1 (5 members)');
    const year = screen.getByLabelText('Year') as HTMLInputElement;
    expect(Number(year.value)).toBeGreaterThanOrEqual(2025);
    expect((screen.getByLabelText('Payment Type') as HTMLSelectElement).value).toBe('UMRAH');

    await user.clear(year);
    await user.type(year, '2027');
    await user.selectOptions(screen.getByLabelText('Month'), 'July');
    await screen.findByText('2 eligible members (previous winners excluded)');
    const url = String(spy.mock.calls.map((call) => call[0]).find((input) => String(input).includes('/eligible-members/')));
    expect(url).toContain('/api/winners/eligible-members/c-gold/1?month=7&year=2027');

    await user.clear(year);
    await user.type(year, '2031');
    expect(screen.getByText('Year must be between 2020 and 2030.')).toBeTruthy();
    expect(screen.getByText('Select month and year to see eligible members')).toBeTruthy();
  });
});

const winners: Winner[] = [
  {
    id: 'w-1',
    userId: 'u-ayesha',
    winnerId: 'u-ayesha',
    winner: { name: 'Ayesha Khan', email: 'ayesha@example.com' },
    committeeId: 'c-gold',
    committee: { id: 'c-gold', name: 'Gold Umrah Plan' },
    groupId: 'g-1',
    groupNumber: '1',
    month: 3,
    year: 2026,
    amount: 300000,
    paymentType: 'UMRAH',
    status: 'SELECTED',
    notes: null,
    selectedAt: '2026-03-02T10:00:00.000Z',
    paidAt: null,
    cancelledAt: null,
  },
  {
    id: 'w-2',
    userId: 'u-gone',
    winnerId: 'u-gone',
    // No name or email to show: the screen says so rather than show nothing.
    winner: { name: '', email: '' },
    committeeId: 'c-silver',
    committee: { id: 'c-silver', name: 'Silver Umrah Plan' },
    groupId: 'g-a1',
    groupNumber: 'A1',
    month: 12,
    year: 2025,
    amount: 180000,
    paymentType: 'CASH',
    status: 'CANCELLED',
    notes: 'Member withdrew',
    selectedAt: '2025-12-03T10:00:00.000Z',
    paidAt: null,
    cancelledAt: '2025-12-10T10:00:00.000Z',
  },
];

describe('/admin/winners, Winner Management', { timeout: 20_000 }, () => {
  it('lists winners with their details, has the server search by name, and says when none match', async () => {
    screenWidth(1440);
    const { spy } = stubReads({ '/api/winners': winnerPages(winners) });
    const user = userEvent.setup();
    renderPage('/admin/winners?tab=manage');

    const table = await screen.findByRole('table', { name: 'Winners' });
    expect(screen.getByText('2 winners')).toBeTruthy();
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getByText('ayesha@example.com')).toBeTruthy();
    expect(within(first).getByText('Mar 2026')).toBeTruthy();
    expect(within(first).getByText('PKR 300,000')).toBeTruthy();
    expect(within(first).getByText('Umrah')).toBeTruthy();
    expect(within(first).getByText('Selected')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Update' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(within(second).getByText('Unknown')).toBeTruthy();
    expect(within(second).getByText('No email')).toBeTruthy();
    expect(within(second).getByText('Dec 2025')).toBeTruthy();
    expect(within(second).getByText('Cash')).toBeTruthy();
    expect(within(second).getByText('Cancelled')).toBeTruthy();
    expect(within(second).queryByRole('button', { name: 'Cancel' })).toBeNull();
    // Everything fits on one page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Winner pages' })).toBeNull();

    await user.type(screen.getByLabelText('Search'), 'silver');
    expect(await screen.findByText('1 winner')).toBeTruthy();
    expect(winnerListCalls(spy).at(-1)?.searchParams.get('search')).toBe('silver');
    await user.type(screen.getByLabelText('Search'), ' nobody');
    expect(await screen.findByText('No winners found')).toBeTruthy();
    expect(screen.getByText('Try other filters.')).toBeTruthy();
    // A page at a time, never every winner.
    for (const url of winnerListCalls(spy)) expect(url.searchParams.get('limit')).toBe('20');
  });

  it('opens the Update dialog with the button disabled until a status is chosen, and asks before cancelling', async () => {
    stubReads({ '/api/winners': winnerPages(winners) });
    const user = userEvent.setup();
    renderPage('/admin/winners?tab=manage');

    const card = await screen.findByRole('article', { name: 'Ayesha Khan' });
    await user.click(within(card).getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Winner Status' });
    const submit = within(dialog).getByRole('button', { name: 'Update Status' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Paid');
    expect(submit.disabled).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel Winner Selection' });
    expect(within(confirm).getByText('Are you sure you want to cancel this winner selection?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Keep Selection' }));
  });

  it("shows a refused cancel in the server's words while a draw of the group is committed (409 winner.commitmentOpen)", async () => {
    const calls = fakeApi(
      (call) => (call.method === 'GET' && call.path === '/api/winners' ? winnerPages(winners)(call.search) : undefined),
      (call) => (call.method === 'GET' && call.path === '/api/committees' ? committeesAnswer([gold, silver]) : undefined),
      on('DELETE', '/api/winners/w-1', () => ({ status: 409, body: { success: false, code: 'winner.commitmentOpen', message: winnerMessages.commitmentOpen } })),
    );
    const user = userEvent.setup();
    renderPage('/admin/winners?tab=manage');
    const card = await screen.findByRole('article', { name: 'Ayesha Khan' });
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel Winner Selection' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel Selection' }));
    expect(await screen.findByText(winnerMessages.commitmentOpen)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/winners/w-1']);
    // The winner stays listed as it was.
    expect(await screen.findByRole('article', { name: 'Ayesha Khan' })).toBeTruthy();
  });
});

/** `count` winners, newest first: winner n is "Winner n" of "Plan n". */
function manyWinners(count: number): Winner[] {
  return Array.from({ length: count }, (_, index) => ({
    ...winners[0],
    id: `w-many-${index + 1}`,
    winner: { name: `Winner ${index + 1}`, email: `winner${index + 1}@example.com` },
    committee: { id: `c-${index + 1}`, name: `Plan ${index + 1}` },
  }));
}

describe('/admin/winners, Winner Management pages', { timeout: 20_000 }, () => {
  for (const [width, entries] of [
    [390, 'cards'],
    [1440, 'table rows'],
  ] as const) {
    it(`pages through the winners 20 at a time (${entries} at ${width}px), and starts again at page 1 when a filter changes`, async () => {
      screenWidth(width);
      const { spy } = stubReads({ '/api/winners': winnerPages(manyWinners(45)) });
      const user = userEvent.setup();
      renderPage('/admin/winners?tab=manage');

      const names = () => (width >= 1280 ? within(screen.getByRole('table', { name: 'Winners' })).getAllByRole('rowheader') : screen.getAllByRole('article')).map((entry) => entry.textContent ?? '');
      expect(await screen.findByText('45 winners')).toBeTruthy();
      const pager = screen.getByRole('navigation', { name: 'Winner pages' });
      expect(within(pager).getByText('Page 1 of 3')).toBeTruthy();
      expect((within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
      expect(names()).toHaveLength(20);
      expect(names()[0]).toContain('Winner 1');

      await user.click(within(pager).getByRole('button', { name: 'Next' }));
      expect(await within(pager).findByText('Page 2 of 3')).toBeTruthy();
      expect(names()[0]).toContain('Winner 21');
      await user.click(within(pager).getByRole('button', { name: 'Next' }));
      expect(await within(pager).findByText('Page 3 of 3')).toBeTruthy();
      expect(names()).toHaveLength(5);
      expect(names()[4]).toContain('Winner 45');
      expect((within(pager).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);

      // Moving to another tab and back keeps the page.
      await user.click(screen.getByRole('tab', { name: 'Statistics' }));
      await user.click(screen.getByRole('tab', { name: 'Winner Management' }));
      expect(await screen.findByText('Page 3 of 3')).toBeTruthy();

      // Another filter is another list: page 1 of it.
      await user.selectOptions(screen.getByLabelText('Status'), 'Selected');
      expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
      expect(names()[0]).toContain('Winner 1');

      const calls = winnerListCalls(spy).map((url) => [url.searchParams.get('page'), url.searchParams.get('limit'), url.searchParams.get('status')]);
      expect(calls).toEqual(expect.arrayContaining([['1', '20', null], ['2', '20', null], ['3', '20', null], ['1', '20', 'SELECTED']]));
      expect(calls.some(([page, , status]) => status === 'SELECTED' && page !== '1')).toBe(false);
    });
  }

  it("says '10,000+ winners' when the server counted only that far, and offers the next page", async () => {
    screenWidth(1440);
    stubReads({ '/api/winners': winnerPageAnswer(manyWinners(20), { page: 1, limit: 20, total: 10_000, pages: 500, exact: false }) });
    renderPage('/admin/winners?tab=manage');
    expect(await screen.findByText('10,000+ winners')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Winner pages' })).getByText('Page 1 of 500')).toBeTruthy();
  });

  it('steps back a page when the page shown has become empty: the last selected winner of page 2 is marked paid', async () => {
    screenWidth(390);
    const all = manyWinners(21);
    const lists = { '/api/committees': committeesAnswer([gold]) };
    const calls = fakeApi(
      (call) => (call.method === 'GET' && call.path in lists ? lists[call.path as keyof typeof lists] : undefined),
      (call) => {
        if (call.method !== 'GET' || call.path !== '/api/winners') return undefined;
        const status = call.search.get('status');
        return winnerPages(all.filter((w) => !status || w.status === status))(call.search);
      },
      on('PUT', '/api/winners/w-many-21/status', () => {
        all[20] = { ...all[20], status: 'PAID' };
        return winnerAnswerOf(all[20], 'winner.statusUpdated', winnerMessages.statusUpdated, 200);
      }),
    );
    const user = userEvent.setup();
    renderPage('/admin/winners?tab=manage');
    await user.selectOptions(await screen.findByLabelText('Status'), 'Selected');
    const pager = await screen.findByRole('navigation', { name: 'Winner pages' });
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    const last = await screen.findByRole('article', { name: 'Winner 21' });

    await user.click(within(last).getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Winner Status' });
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Paid');
    await user.click(within(dialog).getByRole('button', { name: 'Update Status' }));

    expect(await screen.findByRole('article', { name: 'Winner 1' })).toBeTruthy();
    expect(screen.getByText('20 winners')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Winner pages' })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    const pages = calls.filter((call) => call.path === '/api/winners').map((call) => call.search.get('page'));
    expect(pages.slice(-2)).toEqual(['2', '1']);
  });
});

describe('/admin/winners, Statistics', { timeout: 20_000 }, () => {
  it('shows the four counts, the first six months, the first five committees and the insights', async () => {
    const statistics: WinnerStatistics = {
      total: { winners: 8, paid: 5, pending: 2, cancelled: 1, totalAmount: 2100000 },
      monthly: Array.from({ length: 7 }, (_, index) => ({ month: 12 - index, year: 2025, winnerCount: 1, totalAmount: 300000 })),
      byCommittee: Array.from({ length: 6 }, (_, index) => ({ committeeId: `c-${index + 1}`, committeeName: `Plan ${index + 1}`, winnerCount: 1, totalAmount: 100000 })),
    };
    const { spy } = stubReads({ '/api/winners/statistics': statisticsAnswer(statistics) });
    renderPage('/admin/winners?tab=statistics');

    const counts = await screen.findByRole('region', { name: 'Winner totals' });
    expect(within(counts).getByText('8')).toBeTruthy();
    expect(within(counts).getByText('5')).toBeTruthy();

    const monthly = screen.getByRole('table', { name: 'Monthly Breakdown' });
    expect(within(monthly).getAllByRole('row')).toHaveLength(1 + 6);
    expect(within(monthly).getByText('December')).toBeTruthy();
    expect(within(monthly).queryByText('June')).toBeNull();
    expect(within(screen.getByRole('table', { name: 'By Committee' })).getAllByRole('row')).toHaveLength(1 + 5);

    const insights = screen.getByRole('region', { name: 'Summary Insights' });
    expect(within(insights).getByText('PKR 2,100,000')).toBeTruthy();
    expect(within(insights).getByText('7')).toBeTruthy();
    expect(within(insights).getByText('63%')).toBeTruthy();

    const url = String(spy.mock.calls.map((call) => call[0]).find((input) => String(input).includes('/statistics')));
    expect(url).toMatch(/year=20\d\d/);
  });

  it('charts the prizes paid out in each of the last 12 months, all committees, with the same numbers in its table', async () => {
    const statistics: WinnerStatistics = { total: { winners: 2, paid: 2, pending: 0, cancelled: 0, totalAmount: 600000 }, monthly: [], byCommittee: [] };
    const months = Array.from({ length: 12 }, (_, index) => ({
      year: index < 9 ? 2025 : 2026,
      month: ((3 + index) % 12) + 1,
      due: 0,
      collected: 0,
      paidOut: index === 4 ? 300000 : index === 11 ? 450000.5 : 0,
      joined: 0,
    }));
    const { reads } = stubReads({ '/api/winners/statistics': statisticsAnswer(statistics), '/api/admin/dashboard/series': ok({ data: { months } }) });
    const user = userEvent.setup();
    renderPage('/admin/winners?tab=statistics');

    const chart = await screen.findByRole('region', { name: 'Prizes paid out per month' });
    expect(within(chart).getByRole('img', { name: /^Bar chart of Paid out by month, from April 2025 to March 2026/ })).toBeTruthy();
    const toggle = within(chart).getByRole('button', { name: 'Show as table' });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.textContent).toBe('Show as chart');
    const rows = within(within(chart).getByRole('table', { name: 'Prizes paid out per month' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual(['April 2025', 'PKR 0']);
    expect(rows[4]).toEqual(['August 2025', 'PKR 300,000']);
    expect(rows[11]).toEqual(['March 2026', 'PKR 450,000.5']);
    expect(reads.find((call) => call.path === '/api/admin/dashboard/series')?.search.get('months')).toBe('12');
  });

  it('says when the prizes chart cannot be loaded, and tries again on Retry', async () => {
    const statistics: WinnerStatistics = { total: { winners: 0, paid: 0, pending: 0, cancelled: 0, totalAmount: 0 }, monthly: [], byCommittee: [] };
    let calls = 0;
    const months = [{ year: 2026, month: 3, due: 0, collected: 0, paidOut: 1000, joined: 0 }];
    stubReads({
      '/api/winners/statistics': statisticsAnswer(statistics),
      '/api/admin/dashboard/series': () => (++calls === 1 ? { status: 403, body: { success: false, message: 'Access denied.' } } : ok({ data: { months } })),
    });
    const user = userEvent.setup();
    renderPage('/admin/winners?tab=statistics');
    expect(await screen.findByText('The monthly figures could not be loaded.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Prizes paid out per month' })).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('says when there is no monthly or committee data', async () => {
    const statistics: WinnerStatistics = { total: { winners: 0, paid: 0, pending: 0, cancelled: 0, totalAmount: 0 }, monthly: [], byCommittee: [] };
    stubReads({ '/api/winners/statistics': statisticsAnswer(statistics) });
    renderPage('/admin/winners?tab=statistics');
    expect(await screen.findByText('No monthly data available')).toBeTruthy();
    expect(screen.getByText('No committee data available')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Summary Insights' })).getByText('0%')).toBeTruthy();
  });
});

describe('/admin/winners, Winner Management as CSV', { timeout: 20_000 }, () => {
  it('downloads every winner under the filters and search of the list, without paging', async () => {
    const { reads } = stubReads({ '/api/winners': winnerPages(winners), '/api/admin/exports/winners.csv': file('\uFEFFWinner ID\r\n', 'winners-2026-04-05.csv', 'text/csv') });
    const saved = catchDownloads();
    const user = userEvent.setup();
    renderPage('/admin/winners?tab=manage');
    await screen.findByText('2 winners');
    await user.selectOptions(screen.getByLabelText('Committee'), 'c-gold');
    await user.selectOptions(screen.getByLabelText('Status'), 'PAID');
    await user.type(screen.getByLabelText('Search'), ' ayesha ');
    await waitFor(() => expect(reads.some((call) => call.path === '/api/winners' && call.search.get('search') === 'ayesha')).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Download CSV of winners' }));
    await waitFor(() => expect(saved.map((download) => download.name)).toEqual(['winners-2026-04-05.csv']));
    const exports = reads.filter((call) => call.path === '/api/admin/exports/winners.csv');
    expect(exports.map((call) => Object.fromEntries(call.search))).toEqual([{ committeeId: 'c-gold', status: 'PAID', search: 'ayesha' }]);
  });

  it('says when the winners cannot be downloaded', async () => {
    stubReads({ '/api/winners': winnerPages(winners), '/api/admin/exports/winners.csv': { status: 404, body: { success: false } } });
    const saved = catchDownloads();
    renderPage('/admin/winners?tab=manage');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download CSV of winners' }));
    expect(await screen.findByText('Failed to download the CSV of winners')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
