import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storageKeys } from '../../../lib/storage-keys.ts';
import { fakeAuth, makeUser, renderRoute } from '../../../test/render.tsx';
import { catchDownloads, fail, file, stubGetRequests, type StubRoutes } from '../../../test/api-stub.ts';
import type { MemberPaymentView } from '../../../../contract/instalments.ts';
import type { MemberGroup } from './api.ts';
import { makeGroup, makeMemberPayment, makeNextDue, makeSummaryAnswer, memberPaymentRoutes } from './test-support.ts';

afterEach(() => vi.restoreAllMocks());

const member = fakeAuth({ user: makeUser() });

const sent = [
  makeMemberPayment(),
  makeMemberPayment({
    id: 'sent-2',
    month: 2,
    status: 'rejected',
    reviewStatus: 'rejected',
    underReview: false,
    rejectionReason: 'The receipt is not readable.',
    paymentMethod: 'mobile_banking',
    submittedAt: '2026-02-03T09:00:00.000Z',
    receiptUrl: null,
  }),
  makeMemberPayment({ id: 'sent-3', month: 1, status: 'approved', reviewStatus: 'approved', underReview: false, paymentMethod: 'cash', submittedAt: '2026-01-02T09:00:00.000Z' }),
];

// The server's figures (RULES §6a): 4 paid; 1 under review and 2 owed (1 of them overdue) are pending.
const summary = makeSummaryAnswer({
  counts: { paid: 4, underReview: 1, owed: 2, overdue: 1 },
  amounts: { paid: 100000, underReview: 25000, owed: 50000, overdue: 25000 },
  scheduled: { count: 5, amount: 125000 },
});

async function openPayments(data: { payments?: MemberPaymentView[]; groups?: MemberGroup[]; summary?: ReturnType<typeof makeSummaryAnswer> } = {}, routes: StubRoutes = {}) {
  window.localStorage.setItem(storageKeys.dashboardTab, 'payments');
  const stub = stubGetRequests({ ...memberPaymentRoutes({ payments: sent, groups: [makeGroup()], summary, ...data }), ...routes });
  const view = renderRoute('/dashboard', member);
  await screen.findByRole('heading', { name: 'Payment History' });
  return { ...stub, ...view };
}

describe('Payments tab', () => {
  it("shows the server's counts, and the history of what was sent", async () => {
    await openPayments();
    await screen.findByRole('article', { name: 'March 2026' });
    const count = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await waitFor(() => expect(count('Total')).toBe(String(summary.counts.total)));
    expect(count('Approved')).toBe(String(summary.counts.paid));
    expect(count('Pending')).toBe(String(summary.counts.pending));
    // Pending split into its two parts.
    expect(screen.getByText('Pending', { selector: 'dt' }).parentElement?.textContent).toContain(
      `${summary.counts.underReview} under review · ${summary.counts.owed} owed`,
    );

    const march = within(screen.getByRole('article', { name: 'March 2026' }));
    expect(march.getByText('Pending')).toBeTruthy();
    expect(march.getByText('Group 1')).toBeTruthy();
    expect(march.getByText('Gold Umrah Plan')).toBeTruthy();
    expect(march.getByText('PKR 25,000')).toBeTruthy();
    expect(march.getByText('Bank Transfer')).toBeTruthy();
    expect(march.getByText('4 Mar 2026')).toBeTruthy();
    const receipt = march.getByRole('link', { name: /View Receipt/ });
    expect(receipt.getAttribute('href')).toBe('/api/receipts/sent-1/file?expires=1&signature=x');
    expect(receipt.getAttribute('target')).toBe('_blank');

    const february = within(screen.getByRole('article', { name: 'February 2026' }));
    expect(february.getByText('Rejected')).toBeTruthy();
    expect(february.getByText('The receipt is not readable.')).toBeTruthy();
    expect(february.getByText('Mobile Banking')).toBeTruthy();
    expect(february.queryByRole('link', { name: /View Receipt/ })).toBeNull();

    const january = within(screen.getByRole('article', { name: 'January 2026' }));
    expect(january.getByText('Approved')).toBeTruthy();
    expect(january.getByText('Cash')).toBeTruthy();
  });

  it("and the dashboard's tiles show the same figures, read once", async () => {
    const { reads } = await openPayments();
    // The tiles' terms and the tab's cards' terms are both <dt>s, each followed by its number.
    const shown = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await waitFor(() => expect(shown('Total Payments')).toBe(String(summary.counts.total)));
    expect(shown('Pending Payments')).toBe(String(summary.counts.pending));
    expect(shown('Total')).toBe(String(summary.counts.total));
    expect(shown('Pending')).toBe(String(summary.counts.pending));
    expect(shown('Approved')).toBe(String(summary.counts.paid));
    // One query feeds the tiles, the next-instalment card and this tab.
    expect(reads.filter((call) => call.path === '/api/payments/summary')).toHaveLength(1);
  });

  it('says when no payment was sent yet', async () => {
    await openPayments({ payments: [] });
    expect(await screen.findByText('No payments submitted yet.')).toBeTruthy();
  });
});

describe('Submit Payment', () => {
  it("opens the next instalment's payment page, as the month card's Pay Now does: no second form of its own", async () => {
    const next = makeNextDue({ state: 'OWED', month: 3, year: 2026, dueDate: '2026-03-01', paymentId: 'pay-2026-3' });
    const { router } = await openPayments({ summary: makeSummaryAnswer({ nextDue: next, counts: { owed: 1 }, amounts: { owed: 25000 } }) });
    const submit = await screen.findByRole('link', { name: 'Submit Payment' });
    expect(submit.getAttribute('href')).toBe('/user/payment/pay-2026-3');
    expect(submit.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Pays your next instalment: March 2026, Group 1. Any other month is paid from its card on My Groups.')).toBeTruthy();

    await userEvent.setup().click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/payment/pay-2026-3'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not offered when nothing can be paid, and says where instalments are paid', async () => {
    await openPayments({ summary: makeSummaryAnswer({ nextDue: null }) });
    expect(await screen.findByText('Nothing to pay right now. Each instalment is paid from its month on My Groups.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Submit Payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit Payment' })).toBeNull();
  });
});

describe('Download statement (all groups)', () => {
  it("downloads the member's statement of all their groups", async () => {
    const { reads } = await openPayments({}, { '/api/payments/statement.pdf': file('%PDF-1.7 all', 'statement-2026-03-15.pdf') });
    const saved = catchDownloads();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download statement (all groups)' }));
    await waitFor(() => expect(saved.map((download) => download.name)).toEqual(['statement-2026-03-15.pdf']));
    expect(reads.filter((call) => call.path.endsWith('.pdf')).map((call) => call.path)).toEqual(['/api/payments/statement.pdf']);
  });

  it("says so when it fails, in the server's words", async () => {
    await openPayments({}, { '/api/payments/statement.pdf': fail(403, 'Your account has been blocked. Please contact support.') });
    const saved = catchDownloads();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download statement (all groups)' }));
    expect(await screen.findByText('Your account has been blocked. Please contact support.')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
