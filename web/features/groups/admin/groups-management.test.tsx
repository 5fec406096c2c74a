import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GroupsManagement } from './groups-management.tsx';
import { answerAs, catchDownloads, fakeApi, file, on, type FakeAnswer, type RecordedCall } from '../../../test/api-stub.ts';
import { messageAnswer } from '../../../../contract/answers.ts';
import { groupLedgerAnswer } from '../../../../contract/ledgers.ts';
import { groupPaymentsAnswer } from '../../../../contract/groups.ts';
import { groupRemindersAnswer, reminderSettingsAnswer } from '../../../../contract/reminders.ts';
import { makeFigures } from '../../../test/figure-fixtures.ts';
import { groupAnswerOf, groupDetailsAnswerOf, groupListAnswerOf, makeGroup, makePlan, planGroupsAnswerOf, planListAnswerOf, renderWithProviders } from '../../../test/catalog-fixtures.tsx';

afterEach(() => vi.restoreAllMocks());

const listGroups = (groups: ReturnType<typeof makeGroup>[]) =>
  on('GET', '/api/admin/groups/all', () => groupListAnswerOf(groups));
const listPlans = (plans: ReturnType<typeof makePlan>[]) => on('GET', '/api/committee-plans', () => planListAnswerOf(plans, 100));
const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('Groups Management on /admin', () => {
  it('shows a group card with its figures', async () => {
    const calls = fakeApi(
      listGroups([
        makeGroup({
          currentMembers: 5,
          maxMembers: 20,
          summary: { totalPending: 7, totalPaid: 12, thisMonthPaid: 3, thisMonthRemaining: 2 },
        }),
      ]),
    );
    renderWithProviders(<GroupsManagement />);
    const card = await screen.findByRole('article', { name: 'Umrah Economy - Group 1' });
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(within(card).getByText('PKR 150,000')).toBeTruthy();
    expect(within(card).getByText('PKR 5,000')).toBeTruthy();
    expect(within(card).getByText('5/20')).toBeTruthy();
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5');
    expect(within(card).getByText('25% full')).toBeTruthy();
    for (const name of ['View', 'Edit', 'Deactivate', 'Delete']) expect(within(card).getByRole('button', { name })).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/admin/groups/all')!.search.get('limit')).toBe('50');
  });

  it('refuses to delete a group with members without asking the server', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(listGroups([makeGroup({ currentMembers: 3 })]));
    renderWithProviders(<GroupsManagement />);
    const card = await screen.findByRole('article', { name: 'Umrah Economy - Group 1' });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cannot Delete Group' });
    expect(within(dialog).getByText('This group has 3 members. Please remove all members before deleting.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('asks before deleting an empty group', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(
      listGroups([makeGroup()]),
      on('DELETE', '/api/admin/groups/group-1', () => answerAs(messageAnswer, { success: true, code: 'group.deleted', message: 'Group deleted successfully' })),
    );
    renderWithProviders(<GroupsManagement />);
    const card = await screen.findByRole('article', { name: 'Umrah Economy - Group 1' });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Group' });
    expect(within(dialog).getByText('Only a group no member has ever joined can be deleted. This cannot be undone.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Group deleted successfully')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/admin/groups/group-1']);
  });

  it("says the server's refusal of a group whose members have all left: it keeps their history", async () => {
    const user = userEvent.setup();
    const calls = fakeApi(
      listGroups([makeGroup()]),
      on('DELETE', '/api/admin/groups/group-1', () => ({
        status: 409,
        body: { success: false, code: 'group.hasHistory', message: 'This group has payment history and cannot be deleted.' },
      })),
    );
    renderWithProviders(<GroupsManagement />);
    const card = await screen.findByRole('article', { name: 'Umrah Economy - Group 1' });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Group' })).getByRole('button', { name: 'Delete' }));
    const refused = await screen.findByRole('dialog', { name: 'Cannot Delete Group' });
    expect(within(refused).getByRole('alert').textContent).toBe('This group has payment history and cannot be deleted.');
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it("says a refusal for members who joined since the list was read in the server's and the specification's words", async () => {
    const user = userEvent.setup();
    fakeApi(
      listGroups([makeGroup()]),
      on('DELETE', '/api/admin/groups/group-1', () => ({
        status: 409,
        body: { success: false, code: 'group.hasMembers', message: 'This group has 2 members. Please remove all members before deleting.' },
      })),
    );
    renderWithProviders(<GroupsManagement />);
    const card = await screen.findByRole('article', { name: 'Umrah Economy - Group 1' });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Group' })).getByRole('button', { name: 'Delete' }));
    const refused = await screen.findByRole('dialog', { name: 'Cannot Delete Group' });
    expect(within(refused).getByRole('alert').textContent).toBe('This group has 2 members. Please remove all members before deleting.');
  });

  it("fills the group form from the plan and computes the end date from the plan's duration", async () => {
    const user = userEvent.setup();
    const calls = fakeApi(
      listGroups([]),
      listPlans([makePlan({ id: 'plan-9', name: 'Umrah Deluxe', duration: 12, maxMembers: 800, groupCount: 2 })]),
      on('GET', '/api/admin/groups/plan/plan-9', () => {
        const groups = [makeGroup({ groupNumber: '1' }), makeGroup({ id: 'g2', groupNumber: '4' })];
        return planGroupsAnswerOf(groups);
      }),
      on('POST', '/api/admin/groups/create', () => groupAnswerOf(makeGroup(), 'Group created successfully', 201)),
    );
    renderWithProviders(<GroupsManagement />);
    expect(await screen.findByRole('heading', { name: 'No Groups Found' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    await screen.findByRole('dialog', { name: 'Create New Group' });

    expect(field('Max Members').value).toBe('20');
    expect((screen.getByRole('button', { name: 'Save Group' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(screen.getByRole('option', { name: 'Umrah Deluxe' })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('Committee Plan'), 'plan-9');

    // Max members from the plan, capped at 500; the name with the number the server will give.
    expect(field('Max Members').value).toBe('500');
    await waitFor(() => expect(field('Group Name').value).toBe('Umrah Deluxe - Group 5'));

    await user.clear(field('Start Date'));
    await user.type(field('Start Date'), '2026-01-31');
    expect(field('End Date').value).toBe('2027-01-31');
    expect(field('End Date').readOnly).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Save Group' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      planId: 'plan-9',
      groupName: 'Umrah Deluxe - Group 5',
      maxMembers: 500,
      startDate: '2026-01-31',
      endDate: '2027-01-31',
      isActive: true,
    });
    expect(await screen.findByText('Group created successfully')).toBeTruthy();
  });

  it('shows the validation messages of the group form', async () => {
    const user = userEvent.setup();
    fakeApi(listGroups([]), listPlans([makePlan({ duration: 12 })]), on('GET', '/api/admin/groups/plan/plan-1', () => planGroupsAnswerOf([])));
    renderWithProviders(<GroupsManagement />);
    await user.click(await screen.findByRole('button', { name: 'Create Group' }));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Umrah Economy' })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('Committee Plan'), 'plan-1');
    await waitFor(() => expect(field('Group Name').value).toBe('Umrah Economy - Group 1'));
    await user.clear(field('Group Name'));
    await user.clear(field('Max Members'));
    await user.type(field('Max Members'), '501');
    await user.clear(field('Start Date'));
    await user.click(screen.getByRole('button', { name: 'Save Group' }));
    expect(await screen.findByText('Group name is required')).toBeTruthy();
    expect(screen.getByText('Max members must be between 1 and 500')).toBeTruthy();
    expect(screen.getByText('Start date is required')).toBeTruthy();
  });

  it('opens the details dialog with its tabs', async () => {
    const user = userEvent.setup();
    const details = {
      ...makeGroup({ currentMembers: 1 }),
      members: [{ id: 'm1', userId: 'u1', memberNumber: 1, status: 'ACTIVE', joinedAt: '2026-01-02T00:00:00.000Z', user: { name: 'Bilal Ahmed', email: 'bilal@example.com', phone: null } }],
      payments: [{ id: 'p1', user: { name: 'Bilal Ahmed' }, month: 1, year: 2026, paymentMethod: 'BANK_TRANSFER', amount: 5000, status: 'PAID', paymentDate: '2026-01-03T00:00:00.000Z' }],
      paymentsPagination: { page: 1, limit: 50, total: 1, pages: 1, exact: true },
      stats: { totalPayments: 30, paidPayments: 1, pendingPayments: 29, overduePayments: 0, totalRevenue: 5000, expectedRevenue: 150000, collectionRate: 3, currentMonth: { paid: 1, pending: 0, overdue: 0 } },
    };
    fakeApi(listGroups([makeGroup({ currentMembers: 1 })]), on('GET', '/api/admin/groups/group-1/details', () => groupDetailsAnswerOf(details)));
    renderWithProviders(<GroupsManagement />);
    const card = await screen.findByRole('article', { name: 'Umrah Economy - Group 1' });
    await user.click(within(card).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Group Details' });
    expect(await within(dialog).findByRole('tab', { name: 'Overview' })).toBeTruthy();
    await user.click(within(dialog).getByRole('tab', { name: 'Members' }));
    expect(within(dialog).getByText('bilal@example.com')).toBeTruthy();
    await user.click(within(dialog).getByRole('tab', { name: 'Payments' }));
    expect(within(dialog).getByText('Paid')).toBeTruthy();
    await user.click(within(dialog).getByRole('tab', { name: 'Statistics' }));
    expect(within(dialog).getByText('PKR 150,000')).toBeTruthy();
    expect(within(dialog).getByText('3%')).toBeTruthy();
  });

  describe("a member's statement of the group", () => {
    const statementPath = '/api/admin/users/u1/statement.pdf';
    const details = () => ({
      ...makeGroup({ currentMembers: 1 }),
      members: [{ id: 'm1', userId: 'u1', memberNumber: 1, status: 'ACTIVE', joinedAt: '2026-01-02T00:00:00.000Z', user: { name: 'Bilal Ahmed', email: 'bilal@example.com', phone: null } }],
      payments: [],
      paymentsPagination: { page: 1, limit: 50, total: 0, pages: 1, exact: true },
      stats: { totalPayments: 0, paidPayments: 0, pendingPayments: 0, overduePayments: 0, totalRevenue: 0, expectedRevenue: 0, collectionRate: 0, currentMonth: { paid: 0, pending: 0, overdue: 0 } },
    });
    async function openMembers(statement: (call: RecordedCall) => FakeAnswer) {
      const calls = fakeApi(
        listGroups([makeGroup({ currentMembers: 1 })]),
        on('GET', '/api/admin/groups/group-1/details', () => groupDetailsAnswerOf(details())),
        on('GET', statementPath, statement),
      );
      const user = userEvent.setup();
      renderWithProviders(<GroupsManagement />);
      await user.click(within(await screen.findByRole('article', { name: 'Umrah Economy - Group 1' })).getByRole('button', { name: 'View' }));
      const dialog = await screen.findByRole('dialog', { name: 'Group Details' });
      await user.click(await within(dialog).findByRole('tab', { name: 'Members' }));
      return { calls, user, dialog };
    }

    it('downloads the statement of that member for this group', async () => {
      const { calls, user, dialog } = await openMembers(() => file('%PDF-1.7 group', 'statement-2026-04-05.pdf'));
      const saved = catchDownloads();
      await user.click(within(dialog).getByRole('button', { name: 'Statement of Bilal Ahmed for this group' }));
      await waitFor(() => expect(saved.map((download) => download.name)).toEqual(['statement-2026-04-05.pdf']));
      expect(calls.filter((call) => call.path === statementPath).map((call) => call.url)).toEqual([`${statementPath}?groupId=group-1`]);
    });

    it('says why the statement could not be downloaded', async () => {
      const { user, dialog } = await openMembers(() => ({ status: 404, body: { success: false, message: 'User not found' } }));
      const saved = catchDownloads();
      await user.click(within(dialog).getByRole('button', { name: 'Statement of Bilal Ahmed for this group' }));
      expect(await screen.findByText('User not found')).toBeTruthy();
      expect(saved).toEqual([]);
    });
  });

  /** A group of 52 paid instalments whose details carry the first 50. */
  const payment = (i: number) => ({ id: `p${i}`, user: { name: `Member ${i}` }, month: 1, year: 2026, paymentMethod: 'BANK_TRANSFER', amount: 5000, status: 'PAID', state: 'PAID' as const, paymentDate: null });
  const detailsOf52 = () => ({
    ...makeGroup({ currentMembers: 1 }),
    members: [],
    payments: Array.from({ length: 50 }, (_, i) => payment(i + 1)),
    paymentsPagination: { page: 1, limit: 50, total: 52, pages: 2, exact: true },
    stats: { totalPayments: 52, paidPayments: 52, pendingPayments: 0, overduePayments: 0, totalRevenue: 0, expectedRevenue: 0, collectionRate: 100, currentMonth: { paid: 0, pending: 0, overdue: 0 } },
  });

  it('shows the first page of payments and asks the server for the next on Show More', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(
      listGroups([makeGroup({ currentMembers: 1 })]),
      on('GET', '/api/admin/groups/group-1/details', () => groupDetailsAnswerOf(detailsOf52())),
      on('GET', '/api/admin/groups/group-1/payments', () =>
        answerAs(groupPaymentsAnswer, { success: true, data: { payments: [payment(51), payment(52)], pagination: { page: 2, limit: 50, total: 52, pages: 2, exact: true } } }),
      ),
    );
    renderWithProviders(<GroupsManagement />);
    await user.click(within(await screen.findByRole('article', { name: 'Umrah Economy - Group 1' })).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Group Details' });
    await user.click(await within(dialog).findByRole('tab', { name: 'Payments' }));
    expect(within(dialog).getByText('Showing 50 of 52 payments')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/admin/groups/group-1/payments')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Show More' }));
    expect(await within(dialog).findByText('Member 52')).toBeTruthy();
    expect(within(dialog).getByText('Showing 52 of 52 payments')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/admin/groups/group-1/payments')!.search.get('page')).toBe('2');
    expect(within(dialog).queryByRole('button', { name: 'Show More' })).toBeNull();
  });

  it('says when the next page of payments cannot be loaded, and keeps the first', async () => {
    const user = userEvent.setup();
    fakeApi(
      listGroups([makeGroup({ currentMembers: 1 })]),
      on('GET', '/api/admin/groups/group-1/details', () => groupDetailsAnswerOf(detailsOf52())),
      on('GET', '/api/admin/groups/group-1/payments', () => ({ status: 404, body: { success: false } })),
    );
    renderWithProviders(<GroupsManagement />);
    await user.click(within(await screen.findByRole('article', { name: 'Umrah Economy - Group 1' })).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Group Details' });
    await user.click(await within(dialog).findByRole('tab', { name: 'Payments' }));
    await user.click(within(dialog).getByRole('button', { name: 'Show More' }));
    expect(await screen.findByText('Failed to load payments')).toBeTruthy();
    expect(within(dialog).getByText('Member 50')).toBeTruthy();
  });

  it("labels the group's figures in the words of what they count, and links to its arrears grid", async () => {
    const user = userEvent.setup();
    const stats = {
      totalPayments: 7,
      paidPayments: 4,
      pendingPayments: 3,
      overduePayments: 1,
      totalRevenue: 20000,
      expectedRevenue: 30000,
      collectionRate: 67,
      currentMonth: { paid: 1, pending: 2, overdue: 0 },
      figures: makeFigures({
        paid: { count: 4, amount: 20000 },
        pending: { count: 3, amount: 15000 },
        underReview: { count: 1, amount: 5000 },
        owed: { count: 2, amount: 10000 },
        overdue: { count: 1, amount: 5000 },
        scheduled: { count: 5, amount: 25000 },
        dueSoFar: { count: 6, amount: 30000 },
        collected: 20000,
        collectionRate: 67,
      }),
    };
    const details = {
      ...makeGroup({ currentMembers: 1, summary: { totalPending: 3, totalPaid: 4, thisMonthPaid: 1, thisMonthRemaining: 2 } }),
      members: [],
      payments: [
        { id: 'p1', user: { name: 'Bilal Ahmed' }, month: 2, year: 2026, paymentMethod: 'BANK_TRANSFER', amount: 5000, status: 'PENDING', state: 'OVERDUE' as const, paymentDate: null },
      ],
      paymentsPagination: { page: 1, limit: 50, total: 1, pages: 1, exact: true },
      stats,
    };
    fakeApi(
      listGroups([makeGroup({ currentMembers: 1, summary: { totalPending: 3, totalPaid: 4, thisMonthPaid: 1, thisMonthRemaining: 2 } })]),
      on('GET', '/api/admin/groups/group-1/details', () => groupDetailsAnswerOf(details)),
    );
    renderWithProviders(<GroupsManagement />);
    const card = await screen.findByRole('article', { name: 'Umrah Economy - Group 1' });
    expect(within(card).getByText('Pending').nextElementSibling?.textContent).toBe('3');
    expect(within(card).getByText('Pending this month').nextElementSibling?.textContent).toBe('2');
    expect(within(card).getByText('Instalments. Pending: under review or owed (never future months).')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Arrears of Umrah Economy - Group 1' }).getAttribute('href')).toBe('/admin/groups/group-1/arrears');

    await user.click(within(card).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Group Details' });
    await user.click(await within(dialog).findByRole('tab', { name: 'Payments' }));
    // The state today, in words (the stored status says PENDING).
    expect(within(dialog).getByText('Overdue')).toBeTruthy();
    await user.click(within(dialog).getByRole('tab', { name: 'Statistics' }));
    const value = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Total payments')).toBe(String(stats.totalPayments));
    expect(within(dialog).getByText('Paid + pending')).toBeTruthy();
    expect(value('Pending')).toBe(String(stats.pendingPayments));
    expect(within(dialog).getByText('Under review or owed (never future months)')).toBeTruthy();
    expect(value('Overdue')).toBe(String(stats.overduePayments));
    expect(within(dialog).getByText('Owed after the grace day')).toBeTruthy();
    expect(value('Collected')).toBe('PKR 20,000');
    expect(value('Due so far')).toBe('PKR 30,000');
    expect(value('Collection rate (paid ÷ due so far)')).toBe('67%');
    expect(within(dialog).getByRole('progressbar', { name: 'Collection rate (paid ÷ due so far)' }).getAttribute('aria-valuetext')).toBe('67%: PKR 20,000 collected of PKR 30,000 due so far');
    expect(within(dialog).getByText('Pending is 1 under review + 2 owed. 5 scheduled (future) months are in no figure here.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Open arrears grid' }).getAttribute('href')).toBe('/admin/groups/group-1/arrears');
  });
});

describe('Group details: collection per month', () => {
  const details = () => ({
    ...makeGroup({ currentMembers: 2 }),
    members: [],
    payments: [],
    paymentsPagination: { page: 1, limit: 50, total: 0, pages: 1, exact: true },
    stats: { totalPayments: 6, paidPayments: 3, pendingPayments: 3, overduePayments: 1, totalRevenue: 15000, expectedRevenue: 30000, collectionRate: 50, currentMonth: { paid: 0, pending: 2, overdue: 0 } },
  });
  const month = (year: number, m: number, index: number, due: number, collected: number, scheduled = false) => ({
    month: m,
    year,
    index,
    dueDate: `${year}-${String(m).padStart(2, '0')}-01`,
    scheduled,
    due,
    collected,
    underReview: 0,
    owed: due - collected,
    overdue: 0,
    paidOut: 0,
    held: collected,
    balance: collected,
    winner: null,
    own: null,
  });
  const ledger = {
    group: { id: 'group-1', groupNumber: '1', planName: 'Umrah Economy', monthlyAmount: 5000, startDate: '2025-12-01', endDate: '2026-11-01', members: 2 },
    asOf: '2026-02-15',
    months: [month(2025, 12, 1, 10_000, 10_000), month(2026, 1, 2, 10_000, 5_000), month(2026, 2, 3, 10_000, 0), month(2026, 3, 4, 0, 0, true)],
    totals: { due: 30_000, collected: 15_000, paidOut: 0, held: 15_000 },
  };

  async function openStatistics(user: ReturnType<typeof userEvent.setup>) {
    renderWithProviders(<GroupsManagement />);
    await user.click(within(await screen.findByRole('article', { name: 'Umrah Economy - Group 1' })).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Group Details' });
    await user.click(await within(dialog).findByRole('tab', { name: 'Statistics' }));
    return dialog;
  }

  it("charts the group's months so far, due against collected, with the same numbers in its table", async () => {
    const user = userEvent.setup();
    const calls = fakeApi(
      listGroups([makeGroup({ currentMembers: 2 })]),
      on('GET', '/api/admin/groups/group-1/details', () => groupDetailsAnswerOf(details())),
      on('GET', '/api/admin/groups/group-1/ledger', () => answerAs(groupLedgerAnswer, { success: true, data: ledger })),
    );
    const dialog = await openStatistics(user);

    const chart = await within(dialog).findByRole('region', { name: 'Collection per month' });
    // The scheduled month (nothing due yet) is left out.
    expect(within(chart).getByRole('img', { name: /^Bar chart of Due and Collected by month, from December 2025 to February 2026/ })).toBeTruthy();
    const toggle = within(chart).getByRole('button', { name: 'Show as table' });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.textContent).toBe('Show as chart');
    const table = within(chart).getByRole('table', { name: 'Collection per month' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...within(row).queryAllByRole('columnheader'), ...within(row).queryAllByRole('rowheader'), ...within(row).queryAllByRole('cell')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Month', 'Due', 'Collected'],
      ['December 2025', 'PKR 10,000', 'PKR 10,000'],
      ['January 2026', 'PKR 10,000', 'PKR 5,000'],
      ['February 2026', 'PKR 10,000', 'PKR 0'],
    ]);
    expect(calls.filter((call) => call.path === '/api/admin/groups/group-1/ledger')).toHaveLength(1);
  });

  it('shows that the months are loading, says when they cannot be loaded, and tries again on Retry', async () => {
    const user = userEvent.setup();
    let answers = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    fakeApi(
      listGroups([makeGroup({ currentMembers: 2 })]),
      on('GET', '/api/admin/groups/group-1/details', () => groupDetailsAnswerOf(details())),
    );
    const fetchSpy = vi.mocked(globalThis.fetch);
    const fake = fetchSpy.getMockImplementation()!;
    fetchSpy.mockImplementation(async (input, init) => {
      if (!String(input).includes('/ledger')) return fake(input, init);
      if (++answers === 1) {
        await held;
        return new Response(JSON.stringify({ success: false, message: 'Access denied.' }), { status: 403, headers: { 'Content-Type': 'application/json' } });
      }
      return new Response(JSON.stringify({ success: true, data: ledger }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const dialog = await openStatistics(user);

    expect(await within(dialog).findByText("Loading the group's months...")).toBeTruthy();
    release();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe("The group's months could not be loaded.");
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByRole('region', { name: 'Collection per month' })).toBeTruthy();
    expect(answers).toBe(2);
  });

  it('says when nothing is due in the group yet', async () => {
    const user = userEvent.setup();
    fakeApi(
      listGroups([makeGroup({ currentMembers: 2 })]),
      on('GET', '/api/admin/groups/group-1/details', () => groupDetailsAnswerOf(details())),
      on('GET', '/api/admin/groups/group-1/ledger', () => answerAs(groupLedgerAnswer, { success: true, data: { ...ledger, months: [month(2026, 3, 1, 0, 0, true)] } })),
    );
    const dialog = await openStatistics(user);
    const chart = await within(dialog).findByRole('region', { name: 'Collection per month' });
    expect(within(chart).getByText('Nothing is due in this group yet.')).toBeTruthy();
    expect(within(chart).queryByRole('button', { name: 'Show as table' })).toBeNull();
  });
});

describe('reminders', () => {
  const remindersPath = '/api/admin/groups/group-1/reminders';
  const details = () => ({
    ...makeGroup({ currentMembers: 2 }),
    members: [],
    payments: [],
    paymentsPagination: { page: 1, limit: 50, total: 0, pages: 1, exact: true },
    stats: { totalPayments: 0, paidPayments: 0, pendingPayments: 0, overduePayments: 0, totalRevenue: 0, expectedRevenue: 0, collectionRate: 0, currentMonth: { paid: 0, pending: 0, overdue: 0 } },
  });
  const reminders = (count: number, members: number) =>
    on('POST', remindersPath, (call) => {
      const dryRun = call.search.get('dryRun') === 'true';
      return answerAs(groupRemindersAnswer, { success: true, code: 'ok', message: dryRun ? `${count}` : `${count} reminders sent`, data: { count, members, dryRun } });
    });

  async function openDetails(...handlers: Parameters<typeof fakeApi>) {
    const calls = fakeApi(listGroups([makeGroup({ currentMembers: 2 })]), on('GET', '/api/admin/groups/group-1/details', () => groupDetailsAnswerOf(details())), ...handlers);
    const user = userEvent.setup();
    renderWithProviders(<GroupsManagement />);
    await user.click(within(await screen.findByRole('article', { name: 'Umrah Economy - Group 1' })).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Group Details' });
    return { calls, user, dialog };
  }

  it('counts the reminders first, asks, then sends them and shows what the server said', async () => {
    const { calls, user, dialog } = await openDetails(reminders(3, 2));
    const button = await within(dialog).findByRole('button', { name: 'Send reminders now' });
    await user.click(button);

    const confirm = await screen.findByRole('dialog', { name: 'Send 3 reminders to 2 members?' });
    expect(calls.filter((call) => call.path === remindersPath).map((call) => call.url)).toEqual([`${remindersPath}?dryRun=true`]);
    await user.click(within(confirm).getByRole('button', { name: 'Send reminders' }));

    expect(await screen.findByText('3 reminders sent')).toBeTruthy();
    const posts = calls.filter((call) => call.path === remindersPath);
    expect(posts.map((call) => [call.method, call.search.get('dryRun')])).toEqual([
      ['POST', 'true'],
      ['POST', null],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send 3 reminders to 2 members?' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Group Details' })).toBeTruthy();
  });

  it('says one reminder to one member in the singular', async () => {
    const { user, dialog } = await openDetails(reminders(1, 1));
    await user.click(await within(dialog).findByRole('button', { name: 'Send reminders now' }));
    expect(await screen.findByRole('dialog', { name: 'Send 1 reminder to 1 member?' })).toBeTruthy();
  });

  it('sends nothing when Cancel is pressed', async () => {
    const { calls, user, dialog } = await openDetails(reminders(4, 3));
    await user.click(await within(dialog).findByRole('button', { name: 'Send reminders now' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send 4 reminders to 3 members?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send 4 reminders to 3 members?' })).toBeNull());
    expect(calls.filter((call) => call.path === remindersPath)).toHaveLength(1);
    // Focus is back on the button that opened it.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Send reminders now' })));
  });

  it('says when there is nobody to remind, and offers nothing to send', async () => {
    const { calls, user, dialog } = await openDetails(reminders(0, 0));
    await user.click(await within(dialog).findByRole('button', { name: 'Send reminders now' }));
    const none = await screen.findByRole('dialog', { name: 'Nobody to remind' });
    expect(within(none).getByText(/No active member of this group owes an instalment/)).toBeTruthy();
    expect(within(none).queryByRole('button', { name: 'Send reminders' })).toBeNull();
    await user.click(within(none).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nobody to remind' })).toBeNull());
    expect(calls.filter((call) => call.path === remindersPath).map((call) => call.search.get('dryRun'))).toEqual(['true']);
  });

  it('says when the reminders cannot be counted', async () => {
    const { user, dialog } = await openDetails(on('POST', remindersPath, () => ({ status: 404, body: { success: false, message: 'Group not found' } })));
    await user.click(await within(dialog).findByRole('button', { name: 'Send reminders now' }));
    expect(await screen.findByText('Failed to count the reminders')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: /^Send / })).toBeNull();
  });

  describe('reminder settings', () => {
    const settingsPath = '/api/admin/settings/reminders';
    const message = 'Days before must be a whole number from 1 to 14.';
    function settingsApi() {
      return fakeApi(
        listGroups([]),
        on('GET', settingsPath, () => answerAs(reminderSettingsAnswer, { success: true, code: 'ok', data: { daysBefore: 3 } })),
        on('PUT', settingsPath, (call) => {
          const days = (call.body as { daysBefore: unknown }).daysBefore;
          return typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= 14
            ? answerAs(reminderSettingsAnswer, { success: true, code: 'ok', message: 'Reminder settings saved', data: { daysBefore: days } })
            : { status: 400, body: { success: false, message: 'Validation failed', errors: { daysBefore: message } } };
        }),
      );
    }

    it('shows the days before the due date, and saves the new number', async () => {
      const calls = settingsApi();
      const user = userEvent.setup();
      renderWithProviders(<GroupsManagement />);
      await user.click(await screen.findByRole('button', { name: 'Reminder settings' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reminder settings' });
      const days = (await within(dialog).findByLabelText('Days before the due date')) as HTMLInputElement;
      expect(days.value).toBe('3');
      await waitFor(() => expect(document.activeElement).toBe(days));
      await user.clear(days);
      await user.type(days, '5');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Reminder settings saved')).toBeTruthy();
      expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ daysBefore: 5 }]);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reminder settings' })).toBeNull());
    });

    it("shows the server's field error under the field and keeps the dialog open", async () => {
      const calls = settingsApi();
      const user = userEvent.setup();
      renderWithProviders(<GroupsManagement />);
      await user.click(await screen.findByRole('button', { name: 'Reminder settings' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reminder settings' });
      const days = (await within(dialog).findByLabelText('Days before the due date')) as HTMLInputElement;
      await user.clear(days);
      await user.type(days, '15');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(days.getAttribute('aria-invalid')).toBe('true'));
      const described = days.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
      expect(described).toContain(message);
      expect(within(dialog).getByText(message)).toBeTruthy();
      expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ daysBefore: 15 }]);
      expect(screen.getByRole('dialog', { name: 'Reminder settings' })).toBeTruthy();

      // Emptied: sent as nothing, and refused the same way.
      await user.clear(days);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
      expect(calls.filter((call) => call.method === 'PUT')[1].body).toEqual({ daysBefore: null });
    });
  });
});
