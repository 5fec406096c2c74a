import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, makeUser, renderRoute } from '../../../test/render.tsx';
import type { PaymentView } from '../../../../contract/instalments.ts';
import { catchDownloads, fakeApi, file, type RecordedCall } from '../../../test/api-stub.ts';
import { makePayment, paymentAnswerOf, planGroupsAnswerOf, planOptionsAnswer, planRequestsAnswerOf } from './test-support.ts';
import { planRequestMessages } from '../../../../contract/plan-requests.ts';

afterEach(() => vi.restoreAllMocks());

const admin = fakeAuth({ user: makeUser({ id: 'admin-1', name: 'Bilal Admin', email: 'admin@example.com', role: 'ADMIN' }) });
const counts = { total: 4, pending: 2, approved: 1, rejected: 1, revenue: 125000 };

const listAnswer = (payments: PaymentView[]) => planRequestsAnswerOf(payments, counts);

function serve(payments: PaymentView[], extra?: (call: RecordedCall) => { status?: number; body: unknown } | undefined) {
  return fakeApi((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === '/api/plan-payments') return listAnswer(payments);
    if (call.path === '/api/committee-plans') return planOptionsAnswer();
    return undefined;
  });
}

const requests = [
  makePayment(),
  makePayment({ id: 'p2', user: { name: 'Usman Ali', email: 'usman@example.com', phone: null, cnic: null }, hasReceipt: false, receiptImage: null, receiptType: null, transferDate: null, transactionNumber: null }),
  makePayment({ id: 'p3', status: 'PAID', group: { id: 'g1', groupNumber: 'A1', plan: { name: 'Economy Umrah' } }, approvedAt: '2025-03-02T10:00:00.000Z' }),
  makePayment({ id: 'p4', status: 'OVERDUE', rejectionReason: 'Receipt is unreadable', receiptType: 'application/pdf', receiptName: 'bank-slip.pdf' }),
];

const item = (name: RegExp | string) => screen.getByRole('article', { name });

describe('/admin/plan-requests', () => {
  it('shows the counts, the pending badge and every request', async () => {
    serve(requests);
    renderRoute('/admin/plan-requests', admin);
    expect(await screen.findByRole('heading', { name: 'Plan Requests', level: 1 })).toBeTruthy();
    expect(await screen.findByText('2 Pending')).toBeTruthy();
    expect(screen.getByText('PKR 125,000')).toBeTruthy();

    const articles = await screen.findAllByRole('article');
    expect(articles).toHaveLength(4);
    const [first, second, third, fourth] = articles;
    expect(within(first).getByText('Pending')).toBeTruthy();
    expect(within(first).getByText('Requested by Ayesha Khan')).toBeTruthy();
    expect(within(first).getByText('03001234567')).toBeTruthy();
    expect(within(first).getByText('Bank Transfer')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'View' }).getAttribute('target')).toBe('_blank');
    expect(within(first).getByRole('link', { name: 'Download' }).hasAttribute('download')).toBe(true);
    expect((within(first).getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(first).getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe(`/admin/payment-detail/${requests[0].id}`);
    // What to look for in the bank's statement.
    expect(within(first).getByText('Payment reference').nextElementSibling?.textContent).toBe('W5AZ9CV');
    expect(within(first).getByText('Transfer date').nextElementSibling?.textContent).toBe('28 Feb 2025');
    expect(within(first).getByText('Transaction number').nextElementSibling?.textContent).toBe('HBL-IBFT-0042');

    // No phone: the email is the contact; no receipt: a warning, and Approve is disabled.
    expect(within(second).getByText('usman@example.com')).toBeTruthy();
    expect(within(second).getByText('Transfer date').nextElementSibling?.textContent).toBe('Not given');
    expect(within(second).getByText('User has not uploaded payment receipt. Cannot approve without receipt.')).toBeTruthy();
    expect((within(second).getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(second).getByRole('button', { name: 'Reject' })).toBeTruthy();

    expect(within(third).getByText('Approved')).toBeTruthy();
    expect(within(third).getByText('Group A1')).toBeTruthy();
    expect(within(third).queryByRole('button', { name: 'Approve' })).toBeNull();

    expect(within(fourth).getByText('Rejected')).toBeTruthy();
    expect(within(fourth).getByText('Receipt is unreadable')).toBeTruthy();
    expect(within(fourth).getByRole('link', { name: 'bank-slip.pdf' })).toBeTruthy();
    expect(within(fourth).queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('replaces a receipt image that does not load with a View Receipt link', async () => {
    serve([requests[0]]);
    renderRoute('/admin/plan-requests', admin);
    const image = await screen.findByRole('img', { name: 'Payment receipt from Ayesha Khan' });
    image.dispatchEvent(new Event('error'));
    expect((await screen.findByRole('link', { name: 'View Receipt' })).getAttribute('href')).toBe(requests[0].receiptImage);
  });

  it('filters by status and plan on the server', async () => {
    const calls = serve(requests);
    const user = userEvent.setup();
    renderRoute('/admin/plan-requests', admin);
    await screen.findAllByRole('article');
    await user.selectOptions(screen.getByLabelText('Status'), 'Approved');
    await waitFor(() => expect(calls.at(-1)?.search.get('status')).toBe('PAID'));
    await user.selectOptions(screen.getByLabelText('Plan'), 'Economy Umrah');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/plan-payments').at(-1)?.search.get('planId')).toBe('plan-1'));
    await user.selectOptions(screen.getByLabelText('Status'), 'Rejected');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/plan-payments').at(-1)?.search.get('status')).toBe('REJECTED'));
  });

  it('says the requests could not be loaded when the answer is not in the shape the server promises', async () => {
    // The requests without their counts and paging: an answer the contract does not name.
    serve([], (call) => (call.path === '/api/plan-payments' ? { body: { success: true, data: { payments: requests } } } : undefined));
    renderRoute('/admin/plan-requests', admin);
    expect((await screen.findAllByText('Failed to load plan payments')).length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('shows the empty state', async () => {
    serve([]);
    renderRoute('/admin/plan-requests', admin);
    expect(await screen.findByRole('heading', { name: 'No Payment Requests' })).toBeTruthy();
  });

  it('refreshes on request', async () => {
    serve(requests);
    const user = userEvent.setup();
    renderRoute('/admin/plan-requests', admin);
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Refreshed: Data has been refreshed')).toBeTruthy();
  });

  it('approves a request and reloads the list', async () => {
    const paidFirst = makePayment({ status: 'PAID', approvedAt: '2025-03-02T10:00:00.000Z', groupId: 'g1', group: { id: 'g1', groupNumber: '1', plan: { name: 'Economy Umrah' } } });
    let approved = false;
    const calls = serve(requests, (call) => {
      if (call.path === '/api/admin/groups/plan/plan-1') return planGroupsAnswerOf([]);
      if (call.method === 'PUT') {
        approved = true;
        return paymentAnswerOf(paidFirst, { message: planRequestMessages.approved('1'), code: 'planRequest.approved' });
      }
      if (call.path === '/api/plan-payments' && approved) return listAnswer([paidFirst]);
      return undefined;
    });
    const user = userEvent.setup();
    renderRoute('/admin/plan-requests', admin);
    await screen.findAllByRole('article');
    expect((within(item(/Usman Ali/)).getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(screen.getAllByRole('article')[0]).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Payment Request' });
    await user.type(await within(dialog).findByLabelText('Committee group number'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Approve & Assign' }));
    expect(await screen.findByText('Payment approved and user assigned to committee group 1 successfully')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.path).toBe(`/api/plan-payments/${requests[0].id}/approve`);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(within(screen.getByRole('article')).getByText('Approved')).toBeTruthy();
  });
});

describe('/admin/plan-requests as CSV', () => {
  const csvExport = '/api/admin/exports/plan-requests.csv';

  it('downloads every request under the filters of the list, without paging', async () => {
    const calls = serve(requests, (call) => (call.path === csvExport ? file('\uFEFFPayment ID\r\n', 'plan-requests-2026-04-05.csv', 'text/csv') : undefined));
    const saved = catchDownloads();
    const user = userEvent.setup();
    renderRoute('/admin/plan-requests?status=pending&page=2', admin);
    await screen.findAllByRole('article');
    await user.selectOptions(screen.getByLabelText('Plan'), 'Economy Umrah');
    await user.type(screen.getByLabelText('Search'), 'ayesha');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/plan-payments' && call.search.get('search') === 'ayesha')).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Download CSV of plan requests' }));
    await waitFor(() => expect(saved.map((download) => download.name)).toEqual(['plan-requests-2026-04-05.csv']));
    const exports = calls.filter((call) => call.path === csvExport);
    expect(exports.map((call) => Object.fromEntries(call.search))).toEqual([{ status: 'PENDING', planId: 'plan-1', search: 'ayesha' }]);
  });

  it('says when the requests cannot be downloaded', async () => {
    serve(requests, (call) => (call.path === csvExport ? { status: 403, body: { success: false, message: 'Access denied.' } } : undefined));
    const saved = catchDownloads();
    renderRoute('/admin/plan-requests', admin);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download CSV of plan requests' }));
    expect(await screen.findByText('Access denied.')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
