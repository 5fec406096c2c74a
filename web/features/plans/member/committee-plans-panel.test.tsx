import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, makeUser, renderRoute } from '../../../test/render.tsx';
import { fakeFile, makePlan, makeRequest, myPlanRequestsAnswerOf, planListAnswerOf } from './test-fixtures.ts';
import { fail, ok, stubGetRequests } from '../../../test/api-stub.ts';
import { makeGroup, summaryAnswerOf } from '../../../test/member-payment-fixtures.ts';
import { storageKeys } from '../../../lib/storage-keys.ts';
import { planRequestMessages } from '../../../../contract/plan-requests.ts';
import { enterTransferDate, karachiDay } from '../../../test/transfer-fields.ts';
import { notificationListAnswerOf } from '../../../test/notification-fixtures.ts';

const noReferrals = { totalReferrals: 0, totalCommission: 0, pendingCommission: 0, paidCommission: 0, level1Count: 0, level2Count: 0, level3Count: 0 };

/** The dashboard around the panel also reads the member's groups, payment counts and referral earnings: none here. */
const dashboardReads = {
  '/api/committee-plans/user/groups': ok({ data: { groups: [] } }),
  '/api/payments/summary': summaryAnswerOf(),
  '/api/referrals/stats': ok({ stats: noReferrals, data: noReferrals }),
  '/api/notifications': notificationListAnswerOf(),
};

afterEach(() => vi.restoreAllMocks());

const member = fakeAuth({ user: makeUser() });
const gold = makePlan();
const silver = makePlan({ id: 'plan-silver', name: 'Silver Umrah Plan', packageType: 'economy', monthlyAmount: 15000, totalAmount: 180000, benefits: [] });
const plans = [gold, silver];

const pendingGold = makeRequest();
const rejectedSilver = makeRequest({
  id: 'request-2',
  planId: 'plan-silver',
  status: 'REJECTED',
  amount: 15000,
  rejectionReason: 'The receipt is not readable.',
  plan: { id: 'plan-silver', name: 'Silver Umrah Plan' },
  committee: { name: 'Silver Umrah Plan' },
  hasReceipt: true,
  receiptImage: '/api/receipts/abc/file?expires=1&signature=x',
});
const joinedSilver = { ...makeGroup({ id: 'group-silver', groupNumber: 'B2' }), plan: { ...makeGroup().plan, id: 'plan-silver', name: 'Silver Umrah Plan' } };
const oldOverdue = makeRequest({ id: 'request-3', planId: 'plan-old', status: 'OVERDUE', plan: { name: 'Old Plan' }, committee: { name: 'Old Plan' } });

/** Read-only GETs only: the plans and the member's own requests. */
function stubDashboard(requests = [pendingGold, rejectedSilver, oldOverdue]) {
  return stubGetRequests({
    ...dashboardReads,
    '/api/committee-plans': planListAnswerOf(plans),
    '/api/plan-payments': myPlanRequestsAnswerOf(requests),
  });
}

/** A plan card in the plans section (the requests section below uses the plan names too). */
const planCard = (name: string) => within(screen.getByRole('region', { name: 'Committee Plans' })).getByRole('article', { name });

describe('Committee Plans tab', () => {
  it('shows each plan, and a plan with a pending request cannot be bought again', async () => {
    stubDashboard();
    renderRoute('/dashboard', member);
    await screen.findByRole('link', { name: 'Subscribe to Silver Umrah Plan' });

    const goldCard = planCard('Gold Umrah Plan');
    expect(within(goldCard).getByText('Premium')).toBeTruthy();
    expect(within(goldCard).getByText('PKR 25,000')).toBeTruthy();
    expect(within(goldCard).getByText('PKR 300,000')).toBeTruthy();
    expect(within(goldCard).getByText('12 months')).toBeTruthy();
    expect(within(goldCard).getByText('Return air ticket')).toBeTruthy();
    expect(within(goldCard).getByText('Payment Pending')).toBeTruthy();
    expect(within(goldCard).getByText(/under review/)).toBeTruthy();
    expect((within(goldCard).getByRole('button', { name: 'REQUEST PENDING' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(goldCard).queryByRole('link', { name: /Subscribe/ })).toBeNull();

    // The silver request was rejected, so silver can be bought (again).
    const silverCard = planCard('Silver Umrah Plan');
    expect(within(silverCard).getByText('Economy')).toBeTruthy();
    expect(within(silverCard).getByRole('link', { name: 'Subscribe to Silver Umrah Plan' }).getAttribute('href')).toBe('/user/subscribe/plan-silver');
  });

  it('a plan the member has joined says so and leads to the group, instead of offering a second subscription', async () => {
    stubGetRequests({
      ...dashboardReads,
      // The member is in group B2 of the silver plan (an admin added them: no request of theirs says so).
      '/api/committee-plans/user/groups': ok({ data: { groups: [joinedSilver] } }),
      '/api/committee-plans': planListAnswerOf(plans),
      '/api/plan-payments': myPlanRequestsAnswerOf([]),
    });
    window.localStorage.setItem(storageKeys.dashboardTab, 'plans');
    renderRoute('/dashboard', member);
    await screen.findByRole('link', { name: 'Subscribe to Gold Umrah Plan' });

    const silverCard = planCard('Silver Umrah Plan');
    expect(await within(silverCard).findByText('Joined')).toBeTruthy();
    expect(within(silverCard).getByText('You are a member of this plan, in Group B2.')).toBeTruthy();
    expect(within(silverCard).getByRole('link', { name: 'View My Groups' }).getAttribute('href')).toBe('/dashboard?tab=groups&group=group-silver');
    expect(within(silverCard).queryByRole('link', { name: /Subscribe/ })).toBeNull();
  });

  it("writes the system's note on a request the member withdrew in the member's words, not as stored", async () => {
    const withdrawn = makeRequest({ id: 'request-4', planId: 'plan-silver', status: 'REJECTED', rejectionReason: 'Withdrawn by the member', plan: { id: 'plan-silver', name: 'Silver Umrah Plan' }, committee: { name: 'Silver Umrah Plan' } });
    stubDashboard([withdrawn]);
    renderRoute('/dashboard', member);
    const list = await screen.findByRole('region', { name: 'My Payment Requests' });
    const card = await within(list).findByRole('article', { name: 'Silver Umrah Plan' });
    expect(within(card).getByText('Withdrawn by you')).toBeTruthy();
    expect(within(card).queryByText('Withdrawn by the member')).toBeNull();
  });

  it("lists the member's requests with their status, reason and receipt", async () => {
    stubDashboard();
    renderRoute('/dashboard', member);
    const list = await screen.findByRole('region', { name: 'My Payment Requests' });
    await within(list).findByRole('article', { name: 'Gold Umrah Plan' });

    const pending = within(list).getByRole('article', { name: 'Gold Umrah Plan' });
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(within(pending).getByText('PKR 25,000')).toBeTruthy();
    expect(within(pending).getByText('Bank Transfer')).toBeTruthy();
    expect(within(pending).getByText('5 Mar 2026')).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Upload Receipt' })).toBeTruthy();

    const rejected = within(list).getByRole('article', { name: 'Silver Umrah Plan' });
    expect(within(rejected).getByText('Rejected')).toBeTruthy();
    expect(within(rejected).getByText('The receipt is not readable.')).toBeTruthy();
    expect((within(rejected).getByRole('button', { name: 'Receipt Uploaded' }) as HTMLButtonElement).disabled).toBe(true);
    const view = within(rejected).getByRole('link', { name: /View Receipt/ });
    expect(view.getAttribute('href')).toBe('/api/receipts/abc/file?expires=1&signature=x');
    expect(view.getAttribute('target')).toBe('_blank');

    expect(within(within(list).getByRole('article', { name: 'Old Plan' })).getByText('Rejected')).toBeTruthy();
  });

  it('checks a receipt before uploading it', async () => {
    const { refused } = stubDashboard();
    const user = userEvent.setup({ applyAccept: false });
    renderRoute('/dashboard', member);
    await screen.findByRole('button', { name: 'Upload Receipt' });

    await user.upload(screen.getByLabelText('Receipt file for Gold Umrah Plan'), fakeFile('receipt.gif', 'image/gif'));
    expect((await screen.findByRole('alert')).textContent).toBe('Please upload a JPG, PNG, or PDF file');
    await user.upload(screen.getByLabelText('Receipt file for Gold Umrah Plan'), fakeFile('receipt.png', 'image/png', 6 * 1024 * 1024));
    expect((await screen.findByRole('alert')).textContent).toBe('Please upload a file smaller than 5MB');
    expect(refused).toEqual([]);
  });

  it('shows the request’s payment reference, the chosen receipt before it is sent, then uploads it with the transfer date and says so', async () => {
    let uploaded: { path: string; file: unknown; transferDate: unknown; transactionNumber: unknown } | null = null;
    const reads: Record<string, { status: number; body: unknown }> = {
      ...dashboardReads,
      '/api/committee-plans': planListAnswerOf(plans),
      '/api/plan-payments': myPlanRequestsAnswerOf([pendingGold]),
    };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (init?.method === 'POST') {
        const form = init.body as FormData;
        uploaded = { path, file: form.get('receipt'), transferDate: form.get('transferDate'), transactionNumber: form.get('transactionNumber') };
        const withReceipt = { ...pendingGold, hasReceipt: true, receiptImage: '/api/receipts/r9/file?expires=1&signature=x', receiptUrl: '/api/receipts/r9/file?expires=1&signature=x' };
        return answer(200, { success: true, code: 'planRequest.receiptUploaded', message: planRequestMessages.receiptUploaded, payment: withReceipt, data: { payment: withReceipt } });
      }
      const read = reads[path];
      return read ? answer(read.status, read.body) : answer(418, { success: false });
    });
    const user = userEvent.setup();
    renderRoute('/dashboard', member);
    const upload = await screen.findByRole('button', { name: 'Upload Receipt' });
    // The request was opened before the transfer: its reference goes in the transfer's remarks.
    const reference = within(screen.getByRole('region', { name: 'Payment reference' }));
    expect(reference.getByText(pendingGold.paymentReference!)).toBeTruthy();
    expect(reference.getByText("Write this in the transfer's remarks")).toBeTruthy();
    expect(reference.getByRole('button', { name: 'Copy the payment reference' })).toBeTruthy();
    // Nothing to send until a file is chosen and the transfer's date given.
    expect((upload as HTMLButtonElement).disabled).toBe(true);
    await user.upload(screen.getByLabelText('Receipt file for Gold Umrah Plan'), fakeFile('transfer.pdf', 'application/pdf'));
    expect(screen.getByText('transfer.pdf')).toBeTruthy();
    expect((upload as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Enter the date of the transfer.')).toBeTruthy();
    enterTransferDate(karachiDay());
    expect((upload as HTMLButtonElement).disabled).toBe(false);
    await user.click(upload);
    expect(await screen.findByText('Receipt uploaded successfully. Admin will review your payment.')).toBeTruthy();
    expect(uploaded).toMatchObject({
      path: `/api/plan-payments/${pendingGold.id}/upload-receipt`,
      file: expect.objectContaining({ name: 'transfer.pdf' }),
      transferDate: karachiDay(),
      transactionNumber: null,
    });
  });

  it('says when there are no plans and no requests', async () => {
    stubGetRequests({
    ...dashboardReads,
      '/api/committee-plans': planListAnswerOf([]),
      '/api/plan-payments': myPlanRequestsAnswerOf([]),
    });
    renderRoute('/dashboard', member);
    expect(await screen.findByText('No committee plans are available right now. Please check back soon.')).toBeTruthy();
    expect(await screen.findByText('You have not made any payment requests yet.')).toBeTruthy();
  });

  it('says when the plans cannot be loaded', async () => {
    stubGetRequests({
    ...dashboardReads,
      '/api/committee-plans': fail(403, 'Access denied.'),
      '/api/plan-payments': myPlanRequestsAnswerOf([]),
    });
    renderRoute('/dashboard', member);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load committee plans');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('says the plans cannot be loaded when their answer is not in the shape the server promises', async () => {
    stubGetRequests({
      ...dashboardReads,
      // The plans without their paging: an answer the contract does not name.
      '/api/committee-plans': ok({ data: { plans } }),
      '/api/plan-payments': myPlanRequestsAnswerOf([]),
    });
    renderRoute('/dashboard', member);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load committee plans');
    expect(screen.queryByRole('article', { name: 'Gold Umrah Plan' })).toBeNull();
  });
});
