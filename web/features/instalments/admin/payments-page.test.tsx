import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, makeUser, renderRoute } from '../../../test/render.tsx';
import type { PaymentsReport, PaymentView, SummaryReport } from '../../../../contract/instalments.ts';
import { answerAs, catchDownloads, fakeApi, file, onePage, type RecordedCall } from '../../../test/api-stub.ts';
import { commissionBatchesAnswer, pendingCommissionsAnswer } from '../../../../contract/referrals.ts';
import {
  bulkAnswer,
  historyAnswer,
  listAnswer,
  makeFigures,
  makeInstalment,
  makeInstalmentSummary,
  makeReceipt,
  plansAnswer,
  queueAnswer,
  reportAnswer,
  statusAnswer,
  summaryAnswer,
  writes,
} from './test-support.ts';

afterEach(() => vi.restoreAllMocks());

/** Answers the app's media queries (min-width only) as a screen of this width would. */
function screenWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return { matches: min ? width >= Number(min[1]) : false, media: query, addEventListener: () => {}, removeEventListener: () => {} } as unknown as MediaQueryList;
  });
}

const admin = fakeAuth({ user: makeUser({ id: 'admin-1', name: 'Bilal Admin', email: 'admin@example.com', role: 'ADMIN' }) });

const first = makeInstalment();
const second = makeInstalment({
  id: '9a8b7c6d-0000-4000-8000-00000000beef',
  user: { name: 'Usman Ali', email: 'usman@example.com', phone: null, cnic: null },
  month: 4,
  status: 'OVERDUE',
  state: 'OVERDUE',
  underReview: false,
  submittedAt: null,
  receiptUrl: null,
  hasReceipt: false,
});

function serve(payments: PaymentView[], extra?: (call: RecordedCall) => { status?: number; body: unknown } | undefined) {
  return fakeApi((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === '/api/payments/pending-queue') return queueAnswer(payments.filter((p) => p.underReview));
    if (call.path === '/api/payments/summary') return summaryAnswer();
    if (call.path === '/api/payments') return listAnswer(payments);
    return undefined;
  });
}

describe('/admin/payments, Bulk Actions', () => {
  it("says 'No Selection' and sends nothing when no payment is selected", async () => {
    const calls = serve([first, second]);
    const user = userEvent.setup();
    renderRoute('/admin/payments?tab=bulk', admin);
    await screen.findByRole('checkbox', { name: /Usman Ali/ });

    for (const name of ['Approve Selected', 'Reject Selected', 'Mark Overdue']) {
      await user.click(screen.getByRole('button', { name }));
      const dialog = await screen.findByRole('dialog', { name: 'No Selection' });
      expect(within(dialog).getByText('Please select payments to update')).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    expect(writes(calls)).toHaveLength(0);
  });

  it('lists the instalments under review by default, and counts the selection on the tab', async () => {
    const calls = serve([first, second]);
    const user = userEvent.setup();
    renderRoute('/admin/payments?tab=bulk', admin);
    await user.click(await screen.findByRole('checkbox', { name: 'Select payment 2c3d4e5f: Ayesha Khan, March 2026' }));
    expect(screen.getByRole('tab', { name: 'Bulk Actions (1 selected)' })).toBeTruthy();
    expect(screen.getByText('1 payment selected')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByRole('tab', { name: 'Bulk Actions (2 selected)' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByRole('tab', { name: 'Bulk Actions' })).toBeTruthy();

    const list = calls.find((call) => call.path === '/api/payments')!;
    expect(list.search.get('type')).toBe('INSTALMENT');
    expect(list.search.get('state')).toBe('under-review');
    expect(list.search.has('status')).toBe(false);
  });

  it('requires a reason to reject the selected payments, then reports what changed and what was left', async () => {
    const calls = serve([first, second], (call) =>
      call.method === 'PUT' && call.path === '/api/payments/bulk-status'
        ? bulkAnswer('Updated 1 payments successfully', 1, [{ id: second.id, reason: 'There is no submitted receipt to reject.' }])
        : undefined,
    );
    const user = userEvent.setup();
    renderRoute('/admin/payments?tab=bulk', admin);
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(screen.getByRole('button', { name: 'Reject Selected' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reject Selected Payments' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject Payments' }));
    expect(await within(dialog).findByText('Please provide a rejection reason')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Rejection reason'), 'Receipts are unreadable');
    await user.click(within(dialog).getByRole('button', { name: 'Reject Payments' }));

    expect(await screen.findByText('Updated 1 payments successfully')).toBeTruthy();
    expect(screen.getByText('1 payment was left unchanged: There is no submitted receipt to reject. (1)')).toBeTruthy();
    expect(writes(calls)[0].body).toEqual({ paymentIds: [first.id, second.id], status: 'rejected', notes: 'Receipts are unreadable' });
    // The selection is done with; the lists are read again.
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Bulk Actions' })).toBeTruthy());
  });

  it("says when every selected payment was refused, never 'Updated 0 payments successfully'", async () => {
    serve([first, second], (call) =>
      call.method === 'PUT' && call.path === '/api/payments/bulk-status'
        ? bulkAnswer('No payment was updated: 2 refused.', 0, [
            { id: first.id, reason: 'There is no submitted receipt to approve for this month yet.' },
            { id: second.id, reason: 'There is no submitted receipt to approve for this month yet.' },
          ])
        : undefined,
    );
    const user = userEvent.setup();
    renderRoute('/admin/payments?tab=bulk', admin);
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(screen.getByRole('button', { name: 'Approve Selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Selected Payments' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve Payments' }));
    expect(await screen.findByText('No payment was updated: all 2 chosen were refused')).toBeTruthy();
    expect(screen.getByText('2 payments were left unchanged: There is no submitted receipt to approve for this month yet. (2)')).toBeTruthy();
    expect(screen.queryByText('Updated 0 payments successfully')).toBeNull();
  });

  it("asks before approving, and says 'Failed to update payments' when the server fails", async () => {
    serve([first], (call) => (call.method === 'PUT' ? { status: 500, body: { success: false, message: 'Server error. Please try again later.' } } : undefined));
    const user = userEvent.setup();
    renderRoute('/admin/payments?tab=bulk', admin);
    await user.click(await screen.findByRole('checkbox', { name: /Ayesha Khan/ }));
    await user.click(screen.getByRole('button', { name: 'Approve Selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Selected Payments' });
    expect(within(dialog).getByText('Approval is final here: undoing it later is a recorded correction, with a reason.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Approve Payments' }));
    expect(await screen.findByText('Failed to update payments')).toBeTruthy();
  });
});

describe('/admin/payments, Pending Queue', () => {
  it('shows the count on the tab and each waiting receipt, and opens the receipt in a new tab', async () => {
    serve([first, second]);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    renderRoute('/admin/payments', admin);
    expect(await screen.findByRole('heading', { name: 'Payment Management', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Pending Queue (1 waiting)', selected: true })).toBeTruthy();

    const item = await screen.findByRole('article', { name: /Ayesha Khan/ });
    expect(within(item).getByText('ID 2c3d4e5f')).toBeTruthy();
    expect(within(item).getByText('Economy Umrah, Group A1')).toBeTruthy();
    expect(within(item).getByText('March 2026')).toBeTruthy();
    expect(within(item).getByText('PKR 5,000')).toBeTruthy();
    expect(within(item).getByText('Bank Transfer')).toBeTruthy();
    expect(within(item).getByText('Under review')).toBeTruthy();

    await user.click(within(item).getByRole('button', { name: 'View Receipt' }));
    expect(open).toHaveBeenCalledWith(first.receiptUrl, '_blank', 'noopener,noreferrer');
  });

  it('shows what each waiting receipt says of its transfer: the reference to look for, the transfer date and number, or that none was given', async () => {
    const older = makeInstalment({ id: '5b6c7d8e-0000-4000-8000-00000000cafe', user: { name: 'Usman Ali', email: 'usman@example.com', phone: null, cnic: null }, paymentReference: 'D4XV6E5', transferDate: null, transactionNumber: null });
    serve([first, older]);
    renderRoute('/admin/payments', admin);
    const item = within(await screen.findByRole('article', { name: /Ayesha Khan/ }));
    expect(item.getByText('Payment reference').nextElementSibling?.textContent).toBe('K7PM4Q5');
    expect(item.getByText('Transfer date').nextElementSibling?.textContent).toBe('1 Mar 2026');
    expect(item.getByText('Transaction number').nextElementSibling?.textContent).toBe('FT26060ABC123');

    const other = within(screen.getByRole('article', { name: /Usman Ali/ }));
    expect(other.getByText('Payment reference').nextElementSibling?.textContent).toBe('D4XV6E5');
    expect(other.getByText('Transfer date').nextElementSibling?.textContent).toBe('Not given');
    expect(other.getByText('Transaction number').nextElementSibling?.textContent).toBe('Not given');
  });

  it('approves after confirmation, and reads the queue and summary again', async () => {
    let approved = false;
    const calls = fakeApi((call) => {
      if (call.method === 'PUT' && call.path === `/api/payments/${first.id}/status`) {
        approved = true;
        return statusAnswer({ ...first, status: 'PAID', reviewStatus: 'approved', underReview: false, state: 'PAID' }, 'Payment paid successfully');
      }
      if (call.path === '/api/payments/pending-queue') return queueAnswer(approved ? [] : [first]);
      if (call.path === '/api/payments/summary') return summaryAnswer();
      return undefined;
    });
    const user = userEvent.setup();
    renderRoute('/admin/payments', admin);
    const item = await screen.findByRole('article', { name: /Ayesha Khan/ });
    await user.click(within(item).getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Approve Payment' })).getByRole('button', { name: 'Approve Payment' }));

    expect(await screen.findByText('Payment paid successfully')).toBeTruthy();
    expect(await screen.findByText('No payments waiting')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Pending Queue (0 waiting)' })).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/payments/summary').length).toBeGreaterThan(1);
  });

  it("says 'Failed to fetch pending payments' when the queue cannot be read", async () => {
    serve([], (call) => (call.path === '/api/payments/pending-queue' ? { status: 403, body: { success: false, message: 'Access denied.' } } : undefined));
    renderRoute('/admin/payments', admin);
    expect((await screen.findAllByText('Failed to fetch pending payments')).length).toBeGreaterThan(0);
  });
});

describe('/admin/payments, other tabs', () => {
  it("shows the month's pending commissions and the batches paid on Commission Payments", async () => {
    const calls = serve([], (call) => {
      const [month, year] = [Number(call.search.get('month')), Number(call.search.get('year'))];
      const nothingPending = { month, year, commissionPayments: [], referrers: [], totalPayments: 0, totalAmount: 0, pagination: onePage(0, 50) };
      if (call.path === '/api/admin/commission-payments/pending') return answerAs(pendingCommissionsAnswer, { success: true, month, year, data: nothingPending });
      if (call.path === '/api/admin/commission-payments/history') return answerAs(commissionBatchesAnswer, { success: true, data: { batches: [], pagination: onePage(0, 50) } });
      return undefined;
    });
    renderRoute('/admin/payments?tab=commissions', admin);
    expect(await screen.findByRole('heading', { name: 'Pending commissions' })).toBeTruthy();
    expect(screen.getByLabelText('Month')).toBeTruthy();
    expect(screen.getByLabelText('Year')).toBeTruthy();
    expect(await screen.findByText('No pending commissions')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Process Bulk Payment' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('No commission payments yet')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
  });

  it("opens a payment's receipt history from All Payments", async () => {
    serve([first], (call) =>
      call.path === `/api/payments/history/${first.id}`
        ? historyAnswer(first, [
            makeReceipt({ id: 'r2', submittedAt: '2026-03-05T10:00:00.000Z', receiptUrl: '/api/receipts/r2/file' }),
            makeReceipt({ id: 'r1', outcome: 'REFUSED', reason: 'Amount does not match', reviewedAt: '2026-03-03T10:00:00.000Z' }),
          ])
        : undefined,
    );
    const user = userEvent.setup();
    renderRoute('/admin/payments?tab=all', admin);
    await user.click(await screen.findByRole('button', { name: 'Receipt History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receipt History' });
    expect(await within(dialog).findByText('Refused')).toBeTruthy();
    expect(within(dialog).getByText('Amount does not match')).toBeTruthy();
    expect(within(dialog).getByText('Under review')).toBeTruthy();
    expect(within(dialog).getAllByRole('button', { name: 'View Receipt' })).toHaveLength(2);
  });

  it('shows cards instead of a table on phones', async () => {
    screenWidth(390);
    serve([first, second]);
    const user = userEvent.setup();
    renderRoute('/admin/payments?tab=bulk', admin);
    const card = await screen.findByRole('article', { name: /Usman Ali/ });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByText('Overdue')).toBeTruthy();
    expect(within(card).getByText('9a8b7c6d-0000-4000-8000-00000000beef'.slice(-8))).toBeTruthy();
    await user.click(within(card).getByRole('checkbox', { name: /Usman Ali/ }));
    expect(screen.getByRole('tab', { name: 'Bulk Actions (1 selected)' })).toBeTruthy();
  });

  it('shows the summary report, switches to defaulters, and says when reports fail', async () => {
    let failReports = false;
    const calls = serve([], (call) => {
      if (call.path === '/api/committee-plans') return plansAnswer({ id: 'plan-1', name: 'Economy Umrah' });
      if (call.path !== '/api/payments/reports') return undefined;
      if (failReports) return { status: 403, body: { success: false, message: 'Access denied.' } };
      if (call.search.get('reportType') === 'defaulters') {
        const defaulter = { userId: 'u2', user: { name: 'Usman Ali', email: 'usman@example.com', phone: null }, overdueCount: 2, overdueAmount: 10000, oldestDueDate: '2026-02-01' };
        // The overdue instalments, which this screen does not list: it shows the members.
        return reportAnswer('defaulters', { defaulters: [defaulter], payments: [], total: 1, totalAmount: 10000, overdueCount: 2 });
      }
      const figures = makeFigures({ paid: { count: 7, amount: 35000 }, pending: { count: 3, amount: 15000 }, underReview: { count: 2, amount: 10000 }, owed: { count: 1, amount: 5000 }, overdue: { count: 1, amount: 5000 } });
      const report: SummaryReport = {
        summary: makeInstalmentSummary(figures),
        byPlan: [{ planId: 'plan-1', planName: 'Premium Umrah', paid: { count: 7, amount: 35000 }, pending: { count: 3, amount: 15000 }, overdue: { count: 2, amount: 10000 }, figures }],
      };
      return reportAnswer('summary', report);
    });
    const user = userEvent.setup();
    renderRoute('/admin/payments?tab=reports', admin);
    const row = await screen.findByRole('row', { name: /Premium Umrah/ });
    expect(within(row).getByText('PKR 35,000')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Report type'), 'defaulters');
    const defaulter = await screen.findByRole('row', { name: /Usman Ali/ });
    expect(within(defaulter).getByText('No phone')).toBeTruthy();
    expect(within(defaulter).getByText('1 Feb 2026')).toBeTruthy();
    expect(screen.getByText('1 member with overdue payments')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Plan'), 'plan-1');
    await waitFor(() => expect(calls.some((call) => call.search.get('planId') === 'plan-1' && call.search.get('reportType') === 'defaulters')).toBe(true));

    failReports = true;
    await user.selectOptions(screen.getByLabelText('Month'), '2');
    expect((await screen.findAllByText('Failed to fetch reports')).length).toBeGreaterThan(0);
  });

  it("shows a table on wide screens, with each row's actions named", async () => {
    screenWidth(1440);
    serve([first, second]);
    renderRoute('/admin/payments?tab=all', admin);
    const table = await screen.findByRole('table', { name: 'Payments' });
    const row = within(table).getByRole('row', { name: /Ayesha Khan/ });
    expect(within(row).getByText('2c3d4e5f')).toBeTruthy();
    expect(within(row).getByText('Economy Umrah, Group A1')).toBeTruthy();
    expect(within(row).getByText('Under review')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Reject' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'View Receipt' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Receipt History' })).toBeTruthy();
    // Approve and reject only where a receipt waits for a decision.
    const overdue = within(table).getByRole('row', { name: /Usman Ali/ });
    expect(within(overdue).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(overdue).getByText('Overdue')).toBeTruthy();
    // Every row leads to its member's ledger.
    expect(within(row).getByRole('link', { name: 'Ledger of Ayesha Khan' }).getAttribute('href')).toBe(`/admin/users/${first.userId}/ledger`);
    expect(within(overdue).getByRole('link', { name: 'Ledger of Usman Ali' }).getAttribute('href')).toBe(`/admin/users/${second.userId}/ledger`);
  });

  it("links each queued receipt to its member's ledger, and opens the ledger from there", async () => {
    serve([first]);
    const user = userEvent.setup();
    const { router } = renderRoute('/admin/payments', admin);
    const item = await screen.findByRole('article', { name: 'Ayesha Khan March 2026' });
    await user.click(within(item).getByRole('link', { name: 'Ledger of Ayesha Khan' }));
    expect(router.state.location.pathname).toBe(`/admin/users/${first.userId}/ledger`);
  });

  it("shows the pending report's rows with their state in words, and the split the server counted", async () => {
    screenWidth(1440);
    const underReview = makeInstalment({ id: 'aaaaaaaa-0000-4000-8000-000000000001', state: 'UNDER_REVIEW' });
    const noReceipt = { underReview: false, receiptUrl: null, receiptImage: null, receiptName: null, receiptType: null, hasReceipt: false, submittedAt: null };
    const owed = makeInstalment({ ...noReceipt, id: 'aaaaaaaa-0000-4000-8000-000000000002', user: { name: 'Usman Ali', email: 'usman@example.com', phone: null, cnic: null }, userId: 'user-2', month: 3, status: 'PENDING', state: 'OWED' });
    const overdue = makeInstalment({ ...noReceipt, id: 'aaaaaaaa-0000-4000-8000-000000000003', user: { name: 'Sara Malik', email: 'sara@example.com', phone: null, cnic: null }, userId: 'user-3', month: 2, dueDate: '2026-02-01', status: 'REJECTED', reviewStatus: 'rejected', rejectionReason: 'Amount does not match', state: 'OVERDUE' });
    // The split as the server would count it over its whole report (more rows than this page shows):
    // the screen shows these numbers, never a count of the rows it has.
    const summary = {
      pending: { count: 23, amount: 115000 },
      underReview: { count: 5, amount: 25000 },
      owed: { count: 18, amount: 90000 },
      overdue: { count: 11, amount: 55000 },
    };
    serve([], (call) => {
      if (call.path === '/api/committee-plans') return plansAnswer();
      if (call.path !== '/api/payments/reports') return undefined;
      const report: PaymentsReport = { payments: [underReview, owed, overdue], total: 23, totalAmount: 115000, summary };
      return reportAnswer('pending', report);
    });
    renderRoute('/admin/payments?tab=reports&report=pending', admin);

    const table = await screen.findByRole('table', { name: 'Pending' });
    const states: [string, string][] = [
      ['Ayesha Khan', 'Under review'],
      ['Usman Ali', 'Owed'],
      ['Sara Malik', 'Overdue'],
    ];
    for (const [name, state] of states) {
      const row = within(table).getByRole('row', { name: new RegExp(name) });
      expect(within(row).getByText(state).closest('[data-state]')).toBeTruthy();
    }
    expect(within(table).getByRole('columnheader', { name: 'State' })).toBeTruthy();

    const split = screen.getByText('Under review + owed (never future months)').closest('dl')!;
    const figure = (term: string) => within(split).getByText(term, { selector: 'dt' }).parentElement!.querySelectorAll('dd');
    for (const [term, value] of [
      ['Pending', summary.pending],
      ['Under review', summary.underReview],
      ['Owed', summary.owed],
      ['Overdue', summary.overdue],
    ] as const) {
      const [count, amount] = figure(term);
      expect(count.textContent).toBe(String(value.count));
      expect(amount.textContent).toBe(`PKR ${value.amount.toLocaleString('en-US')}`);
    }
    expect(screen.getByText('23 payments')).toBeTruthy();
  });
});

describe('/admin/payments, CSV exports', () => {
  const plans = plansAnswer({ id: 'plan-1', name: 'Economy Umrah' });
  const emptyDefaulters = reportAnswer('defaulters', { defaulters: [], payments: [], total: 0, totalAmount: 0, overdueCount: 0 });
  const emptySummary = reportAnswer('summary', { summary: makeInstalmentSummary(makeFigures()), byPlan: [] });

  it('downloads every payment under the filters of All Payments, without paging', async () => {
    const calls = serve([first], (call) => (call.path === '/api/admin/exports/payments.csv' ? file('\uFEFFPayment ID\r\n', 'payments-2026-04-05.csv', 'text/csv') : undefined));
    const saved = catchDownloads();
    const user = userEvent.setup();
    renderRoute('/admin/payments?tab=all', admin);
    await screen.findByText('Ayesha Khan');
    await user.selectOptions(screen.getByLabelText('State'), 'overdue');
    await user.selectOptions(screen.getByLabelText('Type'), 'instalment');
    fireEvent.change(screen.getByLabelText('Due from'), { target: { value: '2026-01' } });
    fireEvent.change(screen.getByLabelText('Due to'), { target: { value: '2026-03' } });
    await user.type(screen.getByLabelText('Search'), 'ayesha{Enter}');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/payments' && call.search.get('search') === 'ayesha')).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Download CSV of payments' }));
    await waitFor(() => expect(saved.map((download) => download.name)).toEqual(['payments-2026-04-05.csv']));
    const exports = calls.filter((call) => call.path === '/api/admin/exports/payments.csv');
    expect(exports).toHaveLength(1);
    const filters = { state: 'overdue', type: 'INSTALMENT', dueFrom: '2026-01', dueTo: '2026-03', search: 'ayesha' };
    expect(Object.fromEntries(exports[0].search)).toEqual(filters);
    // The file holds what the list shows: the same filters, without paging.
    const list = calls.filter((call) => call.path === '/api/payments').at(-1)!;
    expect(Object.fromEntries(list.search)).toEqual({ ...filters, page: '1', limit: '20' });
  });

  it('says when the payments cannot be downloaded', async () => {
    serve([first], (call) => (call.path === '/api/admin/exports/payments.csv' ? { status: 403, body: { success: false, message: 'Access denied.' } } : undefined));
    const saved = catchDownloads();
    renderRoute('/admin/payments?tab=all', admin);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download CSV of payments' }));
    expect(await screen.findByText('Access denied.')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('offers the defaulters report alone as CSV, under the report filters', async () => {
    const calls = serve([], (call) => {
      if (call.path === '/api/committee-plans') return plans;
      if (call.path === '/api/payments/reports') return call.search.get('reportType') === 'defaulters' ? emptyDefaulters : emptySummary;
      if (call.path === '/api/admin/exports/defaulters.csv') return file('\uFEFFMember ID\r\n', 'defaulters-2026-04-05.csv', 'text/csv');
      return undefined;
    });
    const saved = catchDownloads();
    const user = userEvent.setup();
    renderRoute('/admin/payments?tab=reports', admin);
    await screen.findByLabelText('Report type');
    expect(screen.queryByRole('button', { name: 'Download CSV of defaulters' })).toBeNull();

    await user.selectOptions(screen.getByLabelText('Report type'), 'defaulters');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Plan' }), 'plan-1');
    await user.selectOptions(screen.getByLabelText('Year'), String(new Date().getFullYear()));
    await user.click(screen.getByRole('button', { name: 'Download CSV of defaulters' }));
    await waitFor(() => expect(saved.map((download) => download.name)).toEqual(['defaulters-2026-04-05.csv']));
    const exports = calls.filter((call) => call.path === '/api/admin/exports/defaulters.csv');
    expect(exports.map((call) => Object.fromEntries(call.search))).toEqual([{ planId: 'plan-1', year: String(new Date().getFullYear()) }]);
  });

  it('says when the defaulters cannot be downloaded', async () => {
    serve([], (call) => {
      if (call.path === '/api/committee-plans') return plans;
      if (call.path === '/api/payments/reports') return emptyDefaulters;
      if (call.path === '/api/admin/exports/defaulters.csv') return { status: 404, body: { success: false } };
      return undefined;
    });
    const saved = catchDownloads();
    renderRoute('/admin/payments?tab=reports&report=defaulters', admin);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download CSV of defaulters' }));
    expect(await screen.findByText('Failed to download the CSV of defaulters')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
