import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ArrearsCell, GroupArrears, InstalmentState } from '../../../../contract/figures.ts';
import { fail, ok, screenWidth, stubGetRequests } from '../../../test/api-stub.ts';
import { fakeAuth, makeUser, renderRoute } from '../../../test/render.tsx';
import { makeFigures } from '../../../test/figure-fixtures.ts';

afterEach(() => vi.restoreAllMocks());

const admin = fakeAuth({ user: makeUser({ id: 'admin-1', name: 'Bilal Admin', email: 'admin@example.com', role: 'ADMIN' }) });

/** The words each state is told in (RULES §6a), and the grid's short forms, written out here. */
const STATE_WORDS: Record<InstalmentState, string> = { SCHEDULED: 'Scheduled', UNDER_REVIEW: 'Under review', OWED: 'Owed', OVERDUE: 'Overdue', PAID: 'Paid' };
const SHORT_WORDS: Record<InstalmentState, string> = { SCHEDULED: 'Sched.', UNDER_REVIEW: 'Review', OWED: 'Owed', OVERDUE: 'Overdue', PAID: 'Paid' };
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const pkr = (rupees: number) => `PKR ${rupees.toLocaleString('en-US')}`;
const period = (m: { month: number; year: number }) => `${MONTHS[m.month - 1]} ${m.year}`;

const cell = (state: InstalmentState): ArrearsCell => ({ amount: 5000, state });

// Two members, four months (January to April 2026), read on 2026-03-15 with grace day 10. Each member's
// cells follow the months one for one.
const ali = [cell('PAID'), cell('OVERDUE'), cell('OWED'), cell('SCHEDULED')];
const sara = [cell('PAID'), cell('PAID'), cell('UNDER_REVIEW'), cell('SCHEDULED')];

const arrears: GroupArrears = {
  group: { id: 'group-1', groupNumber: 'A1', planName: 'Economy Umrah', startDate: '2026-01-01', endDate: '2026-05-01', monthlyAmount: 5000 },
  asOf: '2026-03-15',
  months: [
    { month: 1, year: 2026, due: 10000, collected: 10000, owed: 0 },
    { month: 2, year: 2026, due: 10000, collected: 5000, owed: 5000 },
    { month: 3, year: 2026, due: 10000, collected: 0, owed: 5000 },
    { month: 4, year: 2026, due: 0, collected: 0, owed: 0 },
  ],
  members: [
    {
      userId: 'u-ali',
      name: 'Ali Raza',
      memberNumber: 1,
      status: 'ACTIVE',
      cells: ali,
      figures: makeFigures({ paid: { count: 1, amount: 5000 }, owed: { count: 2, amount: 10000 }, overdue: { count: 1, amount: 5000 } }),
    },
    {
      userId: 'u-sara',
      name: 'Sara Malik',
      memberNumber: 2,
      status: 'ACTIVE',
      cells: sara,
      figures: makeFigures({ paid: { count: 2, amount: 10000 }, underReview: { count: 1, amount: 5000 } }),
    },
  ],
  figures: makeFigures({
    paid: { count: 3, amount: 15000 },
    owed: { count: 2, amount: 10000 },
    overdue: { count: 1, amount: 5000 },
    underReview: { count: 1, amount: 5000 },
    scheduled: { count: 2, amount: 10000 },
    pending: { count: 3, amount: 15000 },
    dueSoFar: { count: 6, amount: 30000 },
    collected: 15000,
    collectionRate: 50,
  }),
  pagination: { page: 1, limit: 25, total: 2, pages: 1, exact: true },
};

const stubArrears = (answer = ok({ data: arrears })) => stubGetRequests({ '/api/admin/groups/group-1/arrears': answer });

describe('/admin/groups/:id/arrears', () => {
  for (const width of [1280, 390]) {
    it(`shows members down and months across, each cell named in full with its state in a word (${width}px)`, async () => {
      screenWidth(width);
      const { reads } = stubArrears();
      renderRoute('/admin/groups/group-1/arrears', admin);

      expect(await screen.findByRole('heading', { level: 1, name: 'Arrears: Economy Umrah - Group A1' })).toBeTruthy();
      expect(reads.map((call) => call.path)).toContain('/api/admin/groups/group-1/arrears');
      const table = screen.getByRole('table', { name: 'Arrears of Economy Umrah - Group A1: members down, months across' });
      // The grid scrolls inside its own frame, which a keyboard can reach.
      const frame = table.parentElement!;
      expect(frame.getAttribute('role')).toBe('region');
      expect(frame.getAttribute('tabindex')).toBe('0');
      expect(frame.className).toContain('overflow-x-auto');

      for (const member of arrears.members) {
        const row = within(table).getByRole('row', { name: new RegExp(`^${member.name}`) });
        // The name stays in view: a row header in the sticky first column, linking to the member's ledger.
        const header = within(row).getByRole('rowheader');
        expect(header.className).toContain('sticky');
        expect(within(header).getByRole('link', { name: member.name }).getAttribute('href')).toBe(`/admin/users/${member.userId}/ledger`);
        for (const [index, c] of member.cells.entries()) {
          if (!c) continue;
          const gridCell = within(row).getByRole('cell', { name: `${member.name}, ${period(arrears.months[index])}: ${STATE_WORDS[c.state]}` });
          // The colour only repeats a word.
          const shown = gridCell.querySelector('[data-state]');
          expect(shown?.textContent).toBe(SHORT_WORDS[c.state]);
          expect(shown?.getAttribute('data-state')).toBe(c.state);
        }
        // The member's totals: owed, then paid.
        const cells = within(row).getAllByRole('cell');
        expect(cells.at(-2)?.textContent).toContain(pkr(member.figures.owed.amount));
        expect(cells.at(-1)?.textContent).toContain(pkr(member.figures.paid.amount));
      }
    });
  }

  it('totals each month (due so far, collected, owed) in footer rows, with the group totals', async () => {
    screenWidth(1280);
    stubArrears();
    renderRoute('/admin/groups/group-1/arrears', admin);
    const table = await screen.findByRole('table', { name: /^Arrears of Economy Umrah - Group A1/ });

    const rows: [string, (m: GroupArrears['months'][number]) => number, number][] = [
      ['Due so far', (m) => m.due, arrears.figures.dueSoFar.amount],
      ['Collected', (m) => m.collected, arrears.figures.collected],
      ['Owed', (m) => m.owed, arrears.figures.owed.amount],
    ];
    for (const [label, value, total] of rows) {
      const row = within(table).getByRole('row', { name: new RegExp(`^${label}`) });
      expect(within(row).getByRole('rowheader').textContent).toBe(label);
      expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual([...arrears.months.map((m) => pkr(value(m))), `Group: ${pkr(total)}`]);
    }

    // The month columns, in order.
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Member', 'Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'Owed', 'Paid']);

    // The group's totals above the grid.
    const totals = screen.getByRole('region', { name: 'Group totals' });
    expect(within(totals).getByText('Owed', { selector: 'dt' }).nextElementSibling?.textContent).toBe(pkr(arrears.figures.owed.amount));
    expect(within(totals).getByText('Collection rate', { selector: 'dt' }).nextElementSibling?.textContent).toBe(`${arrears.figures.collectionRate}%`);
  });

  it("pages through the members, the month totals and the group totals staying the whole group's", async () => {
    screenWidth(1280);
    // Three members, two a page: Zara joined in March, so she has no January or February instalment.
    const zara = {
      userId: 'u-zara',
      name: 'Zara Khan',
      memberNumber: 3,
      status: 'ACTIVE',
      cells: [null, null, cell('OWED'), cell('SCHEDULED')],
      figures: makeFigures({ owed: { count: 1, amount: 5000 } }),
    };
    const pages: Record<string, GroupArrears> = {
      '1': { ...arrears, pagination: { page: 1, limit: 2, total: 3, pages: 2, exact: true } },
      '2': { ...arrears, members: [zara], pagination: { page: 2, limit: 2, total: 3, pages: 2, exact: true } },
    };
    const { reads } = stubGetRequests({ '/api/admin/groups/group-1/arrears': (search) => ok({ data: pages[search.get('page') ?? '1'] }) });
    const user = userEvent.setup();
    renderRoute('/admin/groups/group-1/arrears', admin);

    const table = await screen.findByRole('table', { name: /^Arrears of Economy Umrah - Group A1/ });
    const footer = () => within(table).getByRole('row', { name: /^Owed/ }).textContent;
    const footerOnFirstPage = footer();
    expect(within(table).getByRole('row', { name: /^Ali Raza/ })).toBeTruthy();
    expect(screen.getByText("Members 1–2 of 3. The month totals are the whole group's.")).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Pages of members' });
    expect(within(pager).getByText('Page 1 of 2')).toBeTruthy();
    expect(reads.at(-1)?.search.get('page')).toBe('1');

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    const row = await within(table).findByRole('row', { name: /^Zara Khan/ });
    expect(reads.at(-1)?.search.get('page')).toBe('2');
    expect(within(table).queryByRole('row', { name: /^Ali Raza/ })).toBeNull();
    expect(screen.getByText("Members 3–3 of 3. The month totals are the whole group's.")).toBeTruthy();
    // A month without an instalment is a dash, named as such; the others by the month they stand under.
    expect(within(row).getByRole('cell', { name: 'Zara Khan, January 2026: No instalment' }).textContent).toContain('–');
    expect(within(row).getByRole('cell', { name: 'Zara Khan, February 2026: No instalment' })).toBeTruthy();
    expect(within(row).getByRole('cell', { name: 'Zara Khan, March 2026: Owed' }).querySelector('[data-state]')?.getAttribute('data-state')).toBe('OWED');
    expect(within(row).getByRole('cell', { name: 'Zara Khan, April 2026: Scheduled' })).toBeTruthy();
    // The month totals are the group's: the same on every page.
    expect(footer()).toBe(footerOnFirstPage);
    expect(within(screen.getByRole('region', { name: 'Group totals' })).getByText('Owed', { selector: 'dt' }).nextElementSibling?.textContent).toBe(pkr(arrears.figures.owed.amount));
    expect(within(screen.getByRole('navigation', { name: 'Pages of members' })).getByText('Page 2 of 2')).toBeTruthy();

    await user.click(within(screen.getByRole('navigation', { name: 'Pages of members' })).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(within(table).getByRole('row', { name: /^Ali Raza/ })).toBeTruthy());
    expect(within(table).queryByRole('row', { name: /^Zara Khan/ })).toBeNull();
  });

  it('shows no pager when every member fits on one page', async () => {
    screenWidth(1280);
    stubArrears();
    renderRoute('/admin/groups/group-1/arrears', admin);
    await screen.findByRole('table', { name: /^Arrears of Economy Umrah - Group A1/ });
    expect(screen.queryByRole('navigation', { name: 'Pages of members' })).toBeNull();
    expect(screen.queryByText(/^Members \d/)).toBeNull();
  });

  it('says when the grid cannot be loaded', async () => {
    stubArrears(fail(404, 'Group not found'));
    renderRoute('/admin/groups/group-1/arrears', admin);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load the arrears grid')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
