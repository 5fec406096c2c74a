import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ArrearsCell, GroupArrears, InstalmentState } from '../../../contract/figures.ts';
import { fail, ok, screenWidth, stubGetRequests } from '../../test/api-stub.ts';
import { fakeAuth, makeUser, renderRoute } from '../../test/render.tsx';
import { makeFigures } from '../admin-payments/test-support.ts';

afterEach(() => vi.restoreAllMocks());

const admin = fakeAuth({ user: makeUser({ id: 'admin-1', name: 'Bilal Admin', email: 'admin@example.com', role: 'ADMIN' }) });

/** The words each state is told in (RULES §6a), and the grid's short forms, written out here. */
const STATE_WORDS: Record<InstalmentState, string> = { SCHEDULED: 'Scheduled', UNDER_REVIEW: 'Under review', OWED: 'Owed', OVERDUE: 'Overdue', PAID: 'Paid' };
const SHORT_WORDS: Record<InstalmentState, string> = { SCHEDULED: 'Sched.', UNDER_REVIEW: 'Review', OWED: 'Owed', OVERDUE: 'Overdue', PAID: 'Paid' };
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const pkr = (rupees: number) => `PKR ${rupees.toLocaleString('en-US')}`;
const period = (m: { month: number; year: number }) => `${MONTHS[m.month - 1]} ${m.year}`;

const cell = (userId: string, month: number, state: InstalmentState): ArrearsCell => ({ paymentId: `${userId}-${month}`, month, year: 2026, amount: 5000, state });

// Two members, four months (January to April 2026), read on 2026-03-15 with grace day 10.
const ali = [cell('u-ali', 1, 'PAID'), cell('u-ali', 2, 'OVERDUE'), cell('u-ali', 3, 'OWED'), cell('u-ali', 4, 'SCHEDULED')];
const sara = [cell('u-sara', 1, 'PAID'), cell('u-sara', 2, 'PAID'), cell('u-sara', 3, 'UNDER_REVIEW'), cell('u-sara', 4, 'SCHEDULED')];

const arrears: GroupArrears = {
  group: { id: 'group-1', groupNumber: 'A1', planName: 'Economy Umrah', startDate: '2026-01-01', endDate: '2026-05-01', monthlyAmount: 5000 },
  asOf: '2026-03-15',
  months: [
    { month: 1, year: 2026, due: 10000, collected: 10000, owed: 0, figures: makeFigures({ paid: { count: 2, amount: 10000 } }) },
    { month: 2, year: 2026, due: 10000, collected: 5000, owed: 5000, figures: makeFigures({ paid: { count: 1, amount: 5000 }, owed: { count: 1, amount: 5000 } }) },
    { month: 3, year: 2026, due: 10000, collected: 0, owed: 5000, figures: makeFigures({ owed: { count: 1, amount: 5000 } }) },
    { month: 4, year: 2026, due: 0, collected: 0, owed: 0, figures: makeFigures({ scheduled: { count: 2, amount: 10000 } }) },
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
        for (const c of member.cells) {
          const gridCell = within(row).getByRole('cell', { name: `${member.name}, ${period(c)}: ${STATE_WORDS[c.state]}` });
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

  it('says when the grid cannot be loaded', async () => {
    stubArrears(fail(404, 'Group not found'));
    renderRoute('/admin/groups/group-1/arrears', admin);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load the arrears grid')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
