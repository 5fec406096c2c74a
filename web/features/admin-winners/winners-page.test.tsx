import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast, Toaster } from 'sonner';
import { createQueryClient } from '../../app/providers.tsx';
import { ok, stubGetRequests, type StubRoutes } from '../../test/api-stub.ts';
import type { Committee, CommitteeDetails, EligibleMember, Winner, WinnerStatistics } from './api.ts';
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
    '/api/committees': ok({ committees: [gold, silver], data: { committees: [gold, silver] } }),
    '/api/committees/c-gold': ok({ committee: goldDetails, data: { committee: goldDetails } }),
    '/api/winners': ok({ winners: [], data: { winners: [] } }),
  };
  for (const [group, members] of Object.entries(eligible)) {
    routes[`/api/winners/eligible-members/c-gold/${group}`] = ok({ eligibleMembers: members, data: { eligibleMembers: members } });
  }
  return stubGetRequests({ ...routes, ...extra });
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
    const { refused } = stubReads();
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
    winner: { name: 'Ayesha Khan', email: 'ayesha@example.com' },
    committee: { name: 'Gold Umrah Plan' },
    groupNumber: '1',
    month: 3,
    year: 2026,
    amount: 300000,
    paymentType: 'UMRAH',
    status: 'SELECTED',
    selectedAt: '2026-03-02T10:00:00.000Z',
    notes: null,
  },
  {
    id: 'w-2',
    winner: null,
    committee: { name: 'Silver Umrah Plan' },
    groupNumber: 'A1',
    month: 12,
    year: 2025,
    amount: 180000,
    paymentType: 'CASH',
    status: 'CANCELLED',
    selectedAt: '2025-12-03T10:00:00.000Z',
    notes: 'Member withdrew',
  },
];

describe('/admin/winners, Winner Management', { timeout: 20_000 }, () => {
  it('lists winners with their details, filters by name on the page, and says when none match', async () => {
    screenWidth(1440);
    stubReads({ '/api/winners': ok({ winners, data: { winners } }) });
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

    await user.type(screen.getByLabelText('Search'), 'silver');
    expect(screen.getByText('1 winner')).toBeTruthy();
    await user.type(screen.getByLabelText('Search'), ' nobody');
    expect(screen.getByText('No winners found')).toBeTruthy();
  });

  it('opens the Update dialog with the button disabled until a status is chosen, and asks before cancelling', async () => {
    stubReads({ '/api/winners': ok({ winners, data: { winners } }) });
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
});

describe('/admin/winners, Statistics', { timeout: 20_000 }, () => {
  it('shows the four counts, the first six months, the first five committees and the insights', async () => {
    const statistics: WinnerStatistics = {
      total: { winners: 8, paid: 5, pending: 2, cancelled: 1, totalAmount: 2100000 },
      monthly: Array.from({ length: 7 }, (_, index) => ({ month: 12 - index, year: 2025, winnerCount: 1, totalAmount: 300000 })),
      byCommittee: Array.from({ length: 6 }, (_, index) => ({ committeeName: `Plan ${index + 1}`, winnerCount: 1, totalAmount: 100000 })),
    };
    const { spy } = stubReads({ '/api/winners/statistics': ok({ statistics, data: { statistics } }) });
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

  it('says when there is no monthly or committee data', async () => {
    const statistics: WinnerStatistics = { total: { winners: 0, paid: 0, pending: 0, cancelled: 0 }, monthly: [], byCommittee: [] };
    stubReads({ '/api/winners/statistics': ok({ statistics, data: { statistics } }) });
    renderPage('/admin/winners?tab=statistics');
    expect(await screen.findByText('No monthly data available')).toBeTruthy();
    expect(screen.getByText('No committee data available')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Summary Insights' })).getByText('0%')).toBeTruthy();
  });
});
