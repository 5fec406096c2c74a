import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster, toast } from 'sonner';
import { createQueryClient } from '../../../test/query-client.ts';
import type { CommissionBatch, PendingCommission } from './api.ts';
import { CommissionPaymentsTab } from './commission-payments-tab.tsx';
import { catchDownloads, fakeApi, file, on, screenWidth, stubGetRequests, type StubRoutes } from '../../../test/api-stub.ts';
import { bulkPayAnswerOf, commissionBatchesAnswerOf, pendingCommissionsAnswerOf } from './test-support.ts';

afterEach(() => {
  vi.restoreAllMocks();
  toast.dismiss();
});

const pendingRows: PendingCommission[] = [
  {
    id: 'c1',
    referralId: 'r1',
    committeeId: 'plan-1',
    committeeName: 'Economy Umrah',
    referrerId: 'u1',
    referrerName: 'Ayesha Khan',
    referrerEmail: 'ayesha@example.com',
    referredUserName: 'Usman Ali',
    level: 1,
    commissionRate: 0.1,
    paymentAmount: 10000,
    commissionAmount: 1000,
    uncappedAmount: 1000,
    cappedBy: null,
    accruedAt: '2026-02-14T10:00:00.000Z',
  },
  {
    id: 'c2',
    referralId: 'r2',
    committeeId: 'plan-1',
    committeeName: 'Economy Umrah',
    referrerId: 'u2',
    referrerName: 'Bilal Ahmed',
    referrerEmail: 'bilal@example.com',
    referredUserName: 'Usman Ali',
    level: 2,
    commissionRate: 0.05,
    paymentAmount: 10000,
    commissionAmount: 500,
    uncappedAmount: 500,
    cappedBy: null,
    accruedAt: '2026-02-14T10:00:00.000Z',
  },
];

const batch: CommissionBatch = {
  id: 'b1',
  month: 2,
  year: 2026,
  totalPayments: 3,
  totalAmount: 2750.5,
  status: 'COMPLETED',
  paymentMethod: 'BANK_TRANSFER',
  transactionId: 'TRX-77',
  notes: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  paidBy: 'System Admin',
};

/** This month in Karachi (UTC+5, no daylight saving), worked out apart from the code under test. */
function karachiNow() {
  const now = new Date(Date.now() + 5 * 3600_000);
  return { month: now.getUTCMonth() + 1, year: now.getUTCFullYear() };
}

function renderTab(rows: PendingCommission[] = pendingRows, extra: StubRoutes = {}) {
  const stub = stubGetRequests({
    '/api/admin/commission-payments/pending': (search) => {
      const month = Number(search.get('month'));
      return pendingCommissionsAnswerOf(month, Number(search.get('year')), month === karachiNow().month ? rows : []);
    },
    '/api/admin/commission-payments/history': commissionBatchesAnswerOf([batch]),
    ...extra,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CommissionPaymentsTab />
      <Toaster />
    </QueryClientProvider>,
  );
  return stub;
}

describe('Commission Payments tab', () => {
  it('starts at the current month and year, with years 2020 to 2030, and lists what is pending with its total', async () => {
    screenWidth(1280);
    const { reads } = renderTab();
    const { month, year } = karachiNow();
    const monthSelect = screen.getByLabelText('Month') as HTMLSelectElement;
    const yearSelect = screen.getByLabelText('Year') as HTMLSelectElement;
    expect(Number(monthSelect.value)).toBe(month);
    expect(Number(yearSelect.value)).toBe(year);
    expect(within(monthSelect).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
    ]);
    expect(within(yearSelect).getAllByRole('option').map((o) => Number(o.textContent))).toEqual([2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029, 2030]);

    const table = await screen.findByRole('table', { name: /^Pending commissions for/ });
    expect(within(table).getByText('Ayesha Khan')).toBeTruthy();
    expect(within(table).getByText('10.0%')).toBeTruthy();
    expect(within(table).getByText('5.0%')).toBeTruthy();
    expect(within(table).getByText('PKR 1,000')).toBeTruthy();
    expect(screen.getByText('PKR 1,500')).toBeTruthy();
    expect(screen.getByText(/2 pending commissions, total/)).toBeTruthy();
    const pendingRead = reads.find((call) => call.path === '/api/admin/commission-payments/pending');
    expect(pendingRead?.search.get('month')).toBe(String(month));
    expect(pendingRead?.search.get('year')).toBe(String(year));
  });

  it('lists the batches paid so far with a green status badge', async () => {
    renderTab();
    const history = (await screen.findByRole('heading', { name: 'Payment history' })).closest('section')!;
    await within(history).findByText('February 2026');
    const badge = within(history).getByText('Completed');
    expect(badge.className).toContain('bg-success/10');
    expect(within(history).getByText('PKR 2,750.5')).toBeTruthy();
    expect(within(history).getByText('TRX-77')).toBeTruthy();
    expect(within(history).getByText('Bank Transfer')).toBeTruthy();
  });

  it('reads another month when one is chosen, and offers no payment when nothing is pending', async () => {
    const user = userEvent.setup();
    const { reads } = renderTab();
    await screen.findByText('PKR 1,500');
    const other = (karachiNow().month % 12) + 1;
    await user.selectOptions(screen.getByLabelText('Month'), String(other));
    expect(await screen.findByText('No pending commissions')).toBeTruthy();
    expect(reads.some((call) => call.path === '/api/admin/commission-payments/pending' && call.search.get('month') === String(other))).toBe(true);
    expect((screen.getByRole('button', { name: 'Process Bulk Payment' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('a month with more pending commissions than one page', () => {
  it("shows the month's count and total, and reads the next page with Next", async () => {
    screenWidth(1280);
    const user = userEvent.setup();
    const { month, year } = karachiNow();
    const pages: Record<string, PendingCommission[]> = {
      '1': [pendingRows[0]],
      '2': [{ ...pendingRows[1], referrerName: 'Zubair Page Two' }],
    };
    const { reads } = stubGetRequests({
      '/api/admin/commission-payments/pending': (search) => {
        const page = search.get('page') ?? '1';
        return pendingCommissionsAnswerOf(month, year, pages[page] ?? [], { totalPayments: 120, totalAmount: 180_000, pagination: { page: Number(page), limit: 50, total: 120, pages: 3, exact: true } });
      },
      '/api/admin/commission-payments/history': commissionBatchesAnswerOf([]),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CommissionPaymentsTab />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/120 pending commissions, total/)).toBeTruthy();
    expect(screen.getByText('PKR 180,000')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: /^Pages of pending commissions for/ });
    expect(within(pager).getByText('Page 1 of 3')).toBeTruthy();
    await user.click(within(pager).getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Zubair Page Two')).toBeTruthy();
    const pageReads = reads.filter((call) => call.path === '/api/admin/commission-payments/pending').map((call) => [call.search.get('page'), call.search.get('limit')]);
    expect(pageReads).toEqual(expect.arrayContaining([['1', '50'], ['2', '50']]));
    // The batch is the whole month, whatever page is shown.
    await user.click(screen.getByRole('button', { name: 'Process Bulk Payment' }));
    expect(within(await screen.findByRole('dialog', { name: 'Process Bulk Payment' })).getByText(/120/)).toBeTruthy();
  });
});

describe("'Process Bulk Payment' dialog", () => {
  it('asks for the payment method (Bank Transfer by default), with transaction id and notes optional', async () => {
    const user = userEvent.setup();
    renderTab();
    await screen.findByText('PKR 1,500');
    await user.click(screen.getByRole('button', { name: 'Process Bulk Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Process Bulk Payment' });

    const method = within(dialog).getByLabelText('Payment method') as HTMLSelectElement;
    expect(method.value).toBe('BANK_TRANSFER');
    expect(within(method).getAllByRole('option').map((o) => o.textContent)).toEqual(['Bank Transfer', 'Cash', 'Mobile Banking']);
    expect(within(dialog).getByLabelText(/^Transaction ID/)).toBeTruthy();
    expect(within(dialog).getByLabelText(/^Notes/)).toBeTruthy();
    expect(within(dialog).getAllByText('(optional)')).toHaveLength(2);
    expect(within(dialog).getByText('PKR 1,500')).toBeTruthy();
    expect(within(dialog).getByText(/never from members' savings/)).toBeTruthy();
    // Focus moves into the dialog.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(within(dialog).getByRole('button', { name: 'Process Payment' })).toBeTruthy();
  });

  it('sends the month, year and method alone when the optional fields are empty', async () => {
    const user = userEvent.setup();
    const { refused } = renderTab();
    await screen.findByText('PKR 1,500');
    await user.click(screen.getByRole('button', { name: 'Process Bulk Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Process Bulk Payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Process Payment' }));

    await waitFor(() => expect(refused).toHaveLength(1));
    const { month, year } = karachiNow();
    expect(refused[0]).toMatchObject({ method: 'POST', path: '/api/admin/commission-payments/bulk-pay' });
    expect(refused[0].body).toEqual({ month, year, paymentMethod: 'BANK_TRANSFER' });
    // The stub refuses every write, with a message: the server's text is what is shown.
    expect(await screen.findByText('Not stubbed in this test')).toBeTruthy();
  });

  it('sends the chosen method, transaction id and notes, trimmed', async () => {
    const user = userEvent.setup();
    const { refused } = renderTab();
    await screen.findByText('PKR 1,500');
    await user.click(screen.getByRole('button', { name: 'Process Bulk Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Process Bulk Payment' });
    await user.selectOptions(within(dialog).getByLabelText('Payment method'), 'MOBILE_BANKING');
    await user.type(within(dialog).getByLabelText(/^Transaction ID/), '  EP-123456 ');
    await user.type(within(dialog).getByLabelText(/^Notes/), 'Paid through Easypaisa');
    await user.click(within(dialog).getByRole('button', { name: 'Process Payment' }));

    await waitFor(() => expect(refused).toHaveLength(1));
    expect(refused[0].body).toEqual({ month: karachiNow().month, year: karachiNow().year, paymentMethod: 'MOBILE_BANKING', transactionId: 'EP-123456', notes: 'Paid through Easypaisa' });
  });

  it("pays the month, says what the server paid, and reads the month and the payouts again", async () => {
    const { month, year } = karachiNow();
    let paid = false;
    const paidBatch: CommissionBatch = { ...batch, id: 'b2', month, year, totalPayments: 2, totalAmount: 1500, transactionId: null, createdAt: '2026-04-01T10:00:00.000Z' };
    const calls = fakeApi(
      on('GET', '/api/admin/commission-payments/pending', () => pendingCommissionsAnswerOf(month, year, paid ? [] : pendingRows)),
      on('GET', '/api/admin/commission-payments/history', () => commissionBatchesAnswerOf(paid ? [paidBatch, batch] : [batch])),
      on('POST', '/api/admin/commission-payments/bulk-pay', () => {
        paid = true;
        return bulkPayAnswerOf({ batchId: 'b2', totalPayments: 2, totalAmount: 1500, totalText: 'PKR 1,500' });
      }),
    );
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CommissionPaymentsTab />
        <Toaster />
      </QueryClientProvider>,
    );
    await screen.findByText('PKR 1,500');
    await user.click(screen.getByRole('button', { name: 'Process Bulk Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Process Bulk Payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Process Payment' }));

    expect(await screen.findByText('Commission payments processed successfully! Total: PKR 1,500')).toBeTruthy();
    expect(await screen.findByText('No pending commissions')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ month, year, paymentMethod: 'BANK_TRANSFER' }]);
  });

  it('Cancel closes the dialog, sends nothing, and gives focus back to the button', async () => {
    const user = userEvent.setup();
    const { refused } = renderTab();
    await screen.findByText('PKR 1,500');
    const opener = screen.getByRole('button', { name: 'Process Bulk Payment' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Process Bulk Payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(refused).toHaveLength(0);
  });
});

describe("paying one member's commissions of the month", () => {
  const referrers = [
    { referrerId: 'u1', referrerName: 'Ayesha Khan', referrerEmail: 'ayesha@example.com', count: 2, totalAmount: 1200 },
    { referrerId: 'u2', referrerName: 'Bilal Ahmed', referrerEmail: 'bilal@example.com', count: 1, totalAmount: 500 },
  ];
  const withReferrers: StubRoutes = {
    '/api/admin/commission-payments/pending': (search) =>
      pendingCommissionsAnswerOf(Number(search.get('month')), Number(search.get('year')), pendingRows, { referrers, totalPayments: 3, totalAmount: 1700 }),
  };

  it("lists each member's count and total, and one confirmation sends all of theirs with the method and transaction id", async () => {
    const user = userEvent.setup();
    const { refused } = renderTab(pendingRows, withReferrers);
    const list = await screen.findByRole('list', { name: /^Pending commissions of .+ by member$/ });
    const ayesha = within(list).getAllByRole('listitem')[0];
    expect(within(ayesha).getByText('2 pending commissions')).toBeTruthy();
    expect(within(ayesha).getByText('PKR 1,200')).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: "Pay Ayesha Khan's commissions" }));
    const dialog = await screen.findByRole('dialog', { name: "Pay Ayesha Khan's commissions" });
    expect(within(dialog).getByText('ayesha@example.com')).toBeTruthy();
    expect(within(dialog).getByText('PKR 1,200')).toBeTruthy();
    expect(within(dialog).getByText('2')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Transaction ID/), 'TX-9');
    await user.click(within(dialog).getByRole('button', { name: 'Process Payment' }));

    await waitFor(() => expect(refused).toHaveLength(1));
    const { month, year } = karachiNow();
    expect(refused[0].body).toEqual({ month, year, paymentMethod: 'BANK_TRANSFER', transactionId: 'TX-9', referrerId: 'u1' });
  });
});

describe('capped commissions', () => {
  // One held down to the rules' maximum, one raised to the minimum, one within the bounds.
  const capped: PendingCommission[] = [
    { ...pendingRows[0], commissionAmount: 1000, uncappedAmount: 1250, cappedBy: 'MAXIMUM' },
    { ...pendingRows[1], commissionAmount: 500, uncappedAmount: 320, cappedBy: 'MINIMUM' },
    { ...pendingRows[1], id: 'c3', referrerName: 'Sara Malik', referrerEmail: 'sara@example.com', commissionAmount: 700, uncappedAmount: 700, cappedBy: null },
  ];

  for (const width of [1280, 390]) {
    it(`says which rule bounded each commission, and by how much, on a ${width}px screen`, async () => {
      screenWidth(width);
      renderTab(capped);
      await screen.findByText('Ayesha Khan');
      expect(screen.getByText('Capped at the maximum of PKR 1,000 (was PKR 1,250)')).toBeTruthy();
      expect(screen.getByText('Raised to the minimum of PKR 500 (was PKR 320)')).toBeTruthy();
      // A commission within the bounds has no note.
      expect(screen.getAllByText(/^(Capped at|Raised to)/)).toHaveLength(2);
    });
  }
});

describe('payout history as CSV', () => {
  const csvExport = '/api/admin/exports/commission-payments.csv';

  it('downloads every payout batch (the list has no filter)', async () => {
    const { reads } = renderTab(pendingRows, { [csvExport]: file('\uFEFFBatch ID\r\n', 'commission-payments-2026-04-05.csv', 'text/csv') });
    const saved = catchDownloads();
    const history = (await screen.findByRole('heading', { name: 'Payment history' })).closest('section')!;
    await userEvent.setup().click(within(history).getByRole('button', { name: 'Download CSV of commission payouts' }));
    await waitFor(() => expect(saved.map((download) => download.name)).toEqual(['commission-payments-2026-04-05.csv']));
    expect(reads.filter((call) => call.path === csvExport).map((call) => call.url)).toEqual([csvExport]);
  });

  it('says when the payouts cannot be downloaded', async () => {
    renderTab(pendingRows, { [csvExport]: { status: 404, body: { success: false } } });
    const saved = catchDownloads();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download CSV of commission payouts' }));
    expect(await screen.findByText('Failed to download the CSV of commission payouts')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
