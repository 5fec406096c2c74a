import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReconciliationEntriesPage, ReconciliationReport } from '../../../../contract/reconciliation.ts';
import { fakeApi, on } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/catalog-fixtures.tsx';
import { AdminReconciliationPage } from './reconciliation-page.tsx';
import { ticksKey } from './reconciliation-ticks.ts';

const HBL = '11111111-1111-4111-8111-111111111111';
const MEEZAN = '22222222-2222-4222-8222-222222222222';

const pair = (count: number, amount: number) => ({ count, amount });

function report(): ReconciliationReport {
  return {
    from: '2026-03-01',
    to: '2026-03-31',
    by: 'day',
    accounts: [
      {
        bankAccount: { id: HBL, accountName: 'Committee', accountNumber: '1111', bankName: 'HBL', isActive: true, isDeleted: false },
        periods: [
          { period: '2026-03-05', approved: pair(1, 5000), waiting: pair(1, 5000) },
          { period: '2026-03-06', approved: pair(0, 0), waiting: pair(2, 10000) },
        ],
        totals: { approved: pair(1, 5000), waiting: pair(3, 15000) },
      },
      {
        bankAccount: { id: MEEZAN, accountName: 'Savings', accountNumber: '2222', bankName: 'Meezan', isActive: false, isDeleted: false },
        periods: [],
        totals: { approved: pair(0, 0), waiting: pair(0, 0) },
      },
    ],
  };
}

function entries(): ReconciliationEntriesPage {
  return {
    bankAccountId: HBL,
    period: '2026-03-05',
    entries: [
      {
        id: 'pay-1',
        type: 'INSTALMENT',
        memberName: 'Aisha Khan',
        planName: 'Economy Umrah',
        groupNumber: 'A1',
        month: 2,
        year: 2026,
        amount: 5000,
        approvedAt: '2026-03-05T05:00:00.000Z',
        approvedAtPkt: '2026-03-05 10:00',
        paymentMethod: 'BANK_TRANSFER',
        reference: 'receipt.png',
        notes: null,
        paymentReference: 'K7PM4Q9',
        transferDate: '2026-03-04',
        transactionNumber: 'FT26063ABC',
        statementLine: null,
        tick: null,
      },
    ],
    totals: pair(1, 5000),
    pagination: { page: 1, limit: 50, total: 1, pages: 1, exact: true },
  };
}

/** A phone (cards) or a wide screen (tables): the page renders one of the two. */
function viewport(wide: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: wide, media: query, onchange: null, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, dispatchEvent: () => false }) as MediaQueryList,
  );
}

afterEach(() => vi.restoreAllMocks());

const stub = () =>
  fakeApi(
    on('GET', '/api/admin/reconciliation', () => ({ body: { success: true, data: report() } })),
    on('GET', '/api/admin/reconciliation/entries', () => ({ body: { success: true, data: entries() } })),
  );

describe('Reconciliation page', () => {
  it("on a phone: shows the chosen account's periods as cards, lists a period's approved payments and keeps the ticks in the browser", async () => {
    viewport(false);
    const calls = stub();
    renderWithProviders(<AdminReconciliationPage />);

    const list = await screen.findByRole('region', { name: /Approved and waiting money of HBL · 1111 \(Committee\)/ });
    const day = within(list).getByRole('article', { name: '5 Mar 2026' });
    expect(within(day).getAllByText('PKR 5,000')).toHaveLength(2);
    // A day with nothing approved has nothing to tick.
    const waitingOnly = within(list).getByRole('article', { name: '6 Mar 2026' });
    expect(within(waitingOnly).queryByRole('button')).toBeNull();
    expect(screen.getByRole('article', { name: 'Total' })).toBeTruthy();

    // The account is a labelled choice; the inactive one says so.
    const account = screen.getByLabelText('Bank account') as HTMLSelectElement;
    expect([...account.options].map((o) => o.text)).toEqual(['HBL · 1111 (Committee)', 'Meezan · 2222 (Savings) (inactive)']);

    await userEvent.click(within(day).getByRole('button', { name: 'Show payments of 5 Mar 2026' }));
    const entriesCall = await waitFor(() => {
      const call = calls.find((c) => c.path === '/api/admin/reconciliation/entries');
      expect(call).toBeTruthy();
      return call!;
    });
    expect(entriesCall.search.get('bankAccountId')).toBe(HBL);
    expect(entriesCall.search.get('date')).toBe('2026-03-05');

    const tick = await screen.findByRole('checkbox', { name: 'Tick Aisha Khan, PKR 5,000, approved 2026-03-05 10:00' });
    expect(screen.getByRole('status').textContent).toContain('0 of 1 ticked');
    await userEvent.click(tick);
    expect((tick as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('1 of 1 ticked');
    expect(screen.getByRole('status').textContent).toContain('Ticked PKR 5,000 of PKR 5,000');
    expect(JSON.parse(window.localStorage.getItem(ticksKey(HBL, '2026-03-05')) ?? '{}')).toEqual({ 'pay-1': 500000 });

    // Keyboard: space unticks it.
    tick.focus();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('status').textContent).toContain('0 of 1 ticked');
    expect(window.localStorage.getItem(ticksKey(HBL, '2026-03-05'))).toBeNull();

    // Another account: its own periods (none here).
    await userEvent.selectOptions(account, MEEZAN);
    expect(await screen.findByText('Nothing in this period')).toBeTruthy();
  });

  it('on a wide screen: a table of periods with its total, and a table of payments that keeps ticks already made', async () => {
    viewport(true);
    window.localStorage.setItem(ticksKey(HBL, '2026-03-05'), JSON.stringify({ 'pay-1': 500000 }));
    stub();
    renderWithProviders(<AdminReconciliationPage />);
    const table = await screen.findByRole('table', { name: /Approved and waiting money of HBL/ });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Period', 'Approved', 'Approved (PKR)', 'Waiting for review', 'Waiting (PKR)', 'Payments']);
    const total = within(table).getByRole('row', { name: /Total/ });
    expect(within(total).getByText('PKR 15,000')).toBeTruthy();
    await userEvent.click(within(table).getByRole('button', { name: 'Show payments of 5 Mar 2026' }));
    const payments = await screen.findByRole('table', { name: 'Approved payments of 5 Mar 2026' });
    expect(within(payments).getByRole('rowheader', { name: 'Aisha Khan' })).toBeTruthy();
    expect(within(payments).getByText('February 2026')).toBeTruthy();
    expect(within(payments).getByText('receipt.png')).toBeTruthy();
    const tick = within(payments).getByRole('checkbox', { name: /Tick Aisha Khan/ });
    expect((tick as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('1 of 1 ticked');
  });

  it('says a wrong range by its field and asks the server nothing for it; by month asks for months', async () => {
    viewport(false);
    const calls = stub();
    renderWithProviders(<AdminReconciliationPage />);
    await screen.findByRole('region', { name: /Approved and waiting money/ });
    const before = calls.length;

    // The default period is this month so far: a last day years before it is wrong at once.
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2001-03-01' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2001-04-01' } });
    expect((await screen.findByRole('alert')).textContent).toBe('The first day must not be after the last day.');
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(calls.slice(before).filter((c) => c.path === '/api/admin/reconciliation')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2001-01-01' } });
    await userEvent.selectOptions(screen.getByLabelText('Show by'), 'month');
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/api/admin/reconciliation').at(-1)!;
      expect([last.search.get('from'), last.search.get('to'), last.search.get('by')]).toEqual(['2001-01-01', '2001-03-01', 'month']);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
