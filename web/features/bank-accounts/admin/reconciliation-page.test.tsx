import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReconciliationEntriesPage, ReconciliationReport } from '../../../../contract/reconciliation.ts';
import { fakeApi, on, type FakeHandler } from '../../../test/api-stub.ts';
import { renderWithAdmin } from '../../../test/admin.tsx';
import { linesAnswer, tickAnswer } from '../../../test/statement-fixtures.ts';
import { AdminReconciliationPage } from './reconciliation-page.tsx';

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

function entries(tick: ReconciliationEntriesPage['entries'][number]['tick'] = null, statementLine: ReconciliationEntriesPage['entries'][number]['statementLine'] = null): ReconciliationEntriesPage {
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
        statementLine,
        tick,
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

/** Any account's statement: no line imported yet. */
const noStatement: FakeHandler = (call) =>
  call.method === 'GET' && call.path.endsWith('/statement-lines')
    ? { body: linesAnswer([]) }
    : call.method === 'GET' && call.path === '/api/admin/reconciliation/statement'
      ? { body: { success: true, data: { bankAccountId: call.search.get('bankAccountId'), from: call.search.get('from'), to: call.search.get('to'), by: call.search.get('by'), periods: [], totals: { lines: 0, matched: 0, open: 0, approvedWithoutLine: pair(0, 0) } } } }
      : undefined;

const SARA = { byId: 'admin-2', byName: 'Sara Ahmed', at: '2026-11-28T05:05:00.000Z' };

const stub = (page = entries(), ...more: FakeHandler[]) =>
  fakeApi(
    ...more,
    on('GET', '/api/admin/reconciliation', () => ({ body: { success: true, data: report() } })),
    on('GET', '/api/admin/reconciliation/entries', () => ({ body: { success: true, data: page } })),
    noStatement,
  );

/** The card that counts the ticks (spinners are statuses too). */
const tickedStatus = () => screen.getAllByRole('status').find((status) => status.textContent?.includes('ticked'))!;

/** Holds the answers to PUT until `release` is called: what the page shows meanwhile is its own guess. */
function holdTicks() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const answer = vi.mocked(globalThis.fetch).getMockImplementation()!;
  vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
    if (init?.method === 'PUT') await gate;
    return answer(input, init);
  });
  return () => release();
}

describe('Reconciliation page', () => {
  it("on a phone: shows the chosen account's periods as cards, lists a period's approved payments and ticks one on the server, shown at once", async () => {
    viewport(false);
    const calls = stub(entries(), (call) =>
      call.method === 'PUT' ? { body: tickAnswer('pay-1', (call.body as { ticked: boolean }).ticked ? SARA : null) } : undefined,
    );
    renderWithAdmin(<AdminReconciliationPage />);

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

    const tick = await screen.findByRole('checkbox', { name: 'Tick Aisha Khan, February 2026, PKR 5,000, approved 2026-03-05 10:00' });
    expect(tickedStatus().textContent).toContain('0 of 1 ticked');
    const release = holdTicks();
    await userEvent.click(tick);
    // Shown at once as this admin's tick, before the server answers.
    expect((tick as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/^Ticked by Bilal Admin, /)).toBeTruthy();
    expect(tickedStatus().textContent).toContain('1 of 1 ticked');
    expect(tickedStatus().textContent).toContain('Ticked PKR 5,000 of PKR 5,000');
    release();
    // The server's tick: who and when, as it keeps them.
    expect(await screen.findByText('Ticked by Sara Ahmed, 28 Nov 2026, 10:05 am')).toBeTruthy();
    expect(tick.getAttribute('aria-describedby')).toBe(screen.getByText('Ticked by Sara Ahmed, 28 Nov 2026, 10:05 am').id);
    const put = calls.find((c) => c.method === 'PUT')!;
    expect([put.path, put.body]).toEqual(['/api/admin/reconciliation/ticks/pay-1', { ticked: true }]);
    // Nothing is kept in the browser.
    expect(window.localStorage.length).toBe(0);

    // Keyboard: space unticks it, on the server too.
    tick.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(tickedStatus().textContent).toContain('0 of 1 ticked'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ ticked: true }, { ticked: false }]));
    expect(screen.queryByText(/^Ticked by /)).toBeNull();

    // Another account: its own periods (none here).
    await userEvent.selectOptions(account, MEEZAN);
    expect(await screen.findByText('Nothing in this period')).toBeTruthy();
  });

  it("on a wide screen: a table of periods with its total, and a table of payments with the server's ticks and each payment's references", async () => {
    viewport(true);
    stub(entries(SARA, { id: 'line-9', line: 12, transferDate: '2026-03-04', description: 'IBFT K7PM4Q9 AISHA KHAN' }));
    renderWithAdmin(<AdminReconciliationPage />);
    const table = await screen.findByRole('table', { name: /Approved and waiting money of HBL/ });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Period', 'Approved', 'Approved (PKR)', 'Waiting for review', 'Waiting (PKR)', 'Payments']);
    const total = within(table).getByRole('row', { name: /Total/ });
    expect(within(total).getByText('PKR 15,000')).toBeTruthy();
    await userEvent.click(within(table).getByRole('button', { name: 'Show payments of 5 Mar 2026' }));
    const payments = await screen.findByRole('table', { name: 'Approved payments of 5 Mar 2026' });
    expect(within(payments).getByRole('rowheader', { name: 'Aisha Khan' })).toBeTruthy();
    expect(within(payments).getByText('February 2026')).toBeTruthy();
    // The reference is the payment's, with the transfer's day and number and the statement line matched: not the receipt's file name.
    const row = within(payments).getByRole('row', { name: /Aisha Khan/ });
    expect(within(row).queryByText('receipt.png')).toBeNull();
    expect(within(row).getByText('K7PM4Q9')).toBeTruthy();
    expect(within(row).getByText('Transferred 4 Mar 2026')).toBeTruthy();
    expect(within(row).getByText('Transaction FT26063ABC')).toBeTruthy();
    expect(within(row).getByText('Statement line 12, 4 Mar 2026: IBFT K7PM4Q9 AISHA KHAN')).toBeTruthy();
    // Ticked by another admin: shown ticked, with who and when.
    const tick = within(payments).getByRole('checkbox', { name: /Tick Aisha Khan/ });
    expect((tick as HTMLInputElement).checked).toBe(true);
    expect(within(row).getByText('Ticked by Sara Ahmed, 28 Nov 2026, 10:05 am')).toBeTruthy();
    expect(tickedStatus().textContent).toContain('1 of 1 ticked');
  });

  it('a tick the server refuses is taken back, and a toast says so', async () => {
    viewport(true);
    // The approval was undone meanwhile (a correction): the payment is no longer an approved one.
    stub(entries(), (call) => (call.method === 'PUT' ? { status: 404, body: { success: false, code: 'reconciliation.paymentNotFound', message: 'No approved payment has this id.' } } : undefined));
    renderWithAdmin(<AdminReconciliationPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Show payments of 5 Mar 2026' }));
    const tick = await screen.findByRole('checkbox', { name: /Tick Aisha Khan/ });
    await userEvent.click(tick);
    expect(await screen.findByText('The tick could not be saved')).toBeTruthy();
    await waitFor(() => expect((tick as HTMLInputElement).checked).toBe(false));
    expect(screen.queryByText(/^Ticked by /)).toBeNull();
  });

  it('says a wrong range by its field and asks the server nothing for it; by month asks for months', async () => {
    viewport(false);
    const calls = stub();
    renderWithAdmin(<AdminReconciliationPage />);
    await screen.findByRole('region', { name: /Approved and waiting money of / });
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
