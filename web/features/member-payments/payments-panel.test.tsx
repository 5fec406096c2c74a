import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storageKeys } from '../../lib/storage-keys.ts';
import { fakeAuth, makeUser, renderRoute } from '../../test/render.tsx';
import { fakeFile } from '../plans/test-fixtures.ts';
import { stubGetRequests } from '../../test/api-stub.ts';
import type { MemberGroup, MemberPayment } from './api.ts';
import { businessMonthOf } from './rules.ts';
import { findSubmitPaymentProblem, type SubmitPaymentValues } from './submit-payment-dialog.tsx';
import { makeGroup, makeMemberPayment, makeSchedule, makeSummaryAnswer, memberPaymentRoutes } from './test-support.ts';

afterEach(() => vi.restoreAllMocks());

const member = fakeAuth({ user: makeUser() });

const sent = [
  makeMemberPayment(),
  makeMemberPayment({
    id: 'sent-2',
    month: 2,
    status: 'REJECTED',
    reviewStatus: 'rejected',
    underReview: false,
    rejectionReason: 'The receipt is not readable.',
    paymentMethod: 'mobile_banking',
    submittedAt: '2026-02-03T09:00:00.000Z',
    receiptUrl: null,
  }),
  makeMemberPayment({ id: 'sent-3', month: 1, status: 'PAID', reviewStatus: 'approved', underReview: false, paymentMethod: 'CASH', submittedAt: '2026-01-02T09:00:00.000Z' }),
];

// The server's figures (RULES §6a): 4 paid; 1 under review and 2 owed (1 of them overdue) are pending.
const summary = makeSummaryAnswer({
  counts: { paid: 4, underReview: 1, owed: 2, overdue: 1 },
  amounts: { paid: 100000, underReview: 25000, owed: 50000, overdue: 25000 },
  scheduled: { count: 5, amount: 125000 },
});

async function openPayments(data: { payments?: MemberPayment[]; groups?: MemberGroup[] } = {}) {
  window.localStorage.setItem(storageKeys.dashboardTab, 'payments');
  const stub = stubGetRequests(memberPaymentRoutes({ payments: sent, groups: [makeGroup()], summary, ...data }));
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

describe('Submit Payment dialog', () => {
  async function openDialog(data: { groups?: MemberGroup[] } = {}) {
    const stub = await openPayments(data);
    const user = userEvent.setup({ applyAccept: false });
    await user.click(screen.getByRole('button', { name: 'Submit Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit Payment' });
    return { ...stub, user, dialog: within(dialog) };
  }

  it('starts with this year, bank transfer, and the required fields empty', async () => {
    const { dialog } = await openDialog();
    expect((dialog.getByLabelText('Group') as HTMLSelectElement).value).toBe('');
    expect((dialog.getByLabelText('Amount (PKR)') as HTMLInputElement).value).toBe('');
    expect(dialog.getByLabelText('Amount (PKR)').getAttribute('step')).toBe('0.01');
    expect((dialog.getByLabelText('Month') as HTMLSelectElement).value).toBe('');
    const monthNames = Array.from((dialog.getByLabelText('Month') as HTMLSelectElement).options).map((option) => option.textContent);
    expect(monthNames).toEqual(['Select a month', 'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']);
    const year = dialog.getByLabelText('Year') as HTMLInputElement;
    expect(year.value).toBe(String(businessMonthOf().year));
    expect(year.min).toBe('2020');
    expect(year.max).toBe('2030');
    const method = dialog.getByLabelText('Payment Method') as HTMLSelectElement;
    expect(method.value).toBe('bank_transfer');
    expect(Array.from(method.options).map((option) => option.textContent)).toEqual(['Cash', 'Bank Transfer', 'Mobile Banking']);
    expect(dialog.getByLabelText('Payment Receipt').getAttribute('accept')).toBe('image/jpeg,image/png,application/pdf');
    expect(dialog.getByLabelText(/Notes/)).toBeTruthy();
    // The bank accounts arrive when the dialog opens.
    await waitFor(() => expect((dialog.getByLabelText('Bank Account') as HTMLSelectElement).options).toHaveLength(3));
  });

  it("fills in the group's monthly amount, and says what is missing in the specification's words", async () => {
    const { dialog, user, refused } = await openDialog();
    const submit = () => user.click(dialog.getByRole('button', { name: 'Submit Payment' }));

    await submit();
    expect(dialog.getByRole('alert').textContent).toBe('Group, amount and month are required');
    expect(dialog.getByLabelText('Group').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(dialog.getByLabelText('Group'));

    // The schedule's year, whatever year the test runs in.
    await user.clear(dialog.getByLabelText('Year'));
    await user.type(dialog.getByLabelText('Year'), '2026');
    await user.selectOptions(dialog.getByLabelText('Group'), 'Group 1 - Gold Umrah Plan');
    expect((dialog.getByLabelText('Amount (PKR)') as HTMLInputElement).value).toBe('25000');
    await submit();
    expect(dialog.getByRole('alert').textContent).toBe('Group, amount and month are required');
    expect(dialog.getByLabelText('Month').getAttribute('aria-invalid')).toBe('true');

    await user.selectOptions(dialog.getByLabelText('Month'), 'March');
    await submit();
    expect(dialog.getByRole('alert').textContent).toBe('Please select a bank account for payment.');

    await waitFor(() => expect((dialog.getByLabelText('Bank Account') as HTMLSelectElement).options).toHaveLength(3));
    await user.selectOptions(dialog.getByLabelText('Bank Account'), 'Umrah Committee Trust - Meezan Bank (0101-2233445566)');
    await submit();
    expect(dialog.getByRole('alert').textContent).toBe('Please upload a payment receipt or screenshot.');

    await user.upload(dialog.getByLabelText('Payment Receipt'), fakeFile('receipt.gif', 'image/gif'));
    expect(dialog.getByRole('alert').textContent).toBe('Please upload a JPG, PNG, or PDF file');

    await user.clear(dialog.getByLabelText('Year'));
    await user.type(dialog.getByLabelText('Year'), '2031');
    await submit();
    expect(dialog.getByRole('alert').textContent).toBe('Year must be between 2020 and 2030.');
    // Nothing was sent: every check happened here.
    expect(refused).toEqual([]);
  });

  it("offers only the months of the group's schedule that can still take a receipt", async () => {
    const schedule = makeSchedule();
    schedule[3] = { ...schedule[3], underReview: true };
    const { dialog, user } = await openDialog({ groups: [makeGroup({ payments: schedule })] });
    const monthSelect = dialog.getByLabelText('Month') as HTMLSelectElement;
    const options = () => Array.from(monthSelect.options).slice(1).map((option) => `${option.textContent}${option.disabled ? ' [disabled]' : ''}`);

    await user.clear(dialog.getByLabelText('Year'));
    await user.type(dialog.getByLabelText('Year'), '2026');
    await user.selectOptions(monthSelect, 'January');
    await user.selectOptions(dialog.getByLabelText('Group'), 'Group 1 - Gold Umrah Plan');
    expect(options().slice(0, 5)).toEqual(['January - Paid [disabled]', 'February - Paid [disabled]', 'March', 'April - Under review [disabled]', 'May']);
    // January, chosen before the group, cannot be paid in it: the choice is let go.
    expect(monthSelect.value).toBe('');

    await user.clear(dialog.getByLabelText('Year'));
    await user.type(dialog.getByLabelText('Year'), '2027');
    expect(options().every((option) => option.endsWith("- Not in this group's cycle [disabled]"))).toBe(true);
  });

  it("says that a member without a group has none yet", async () => {
    const { dialog } = await openDialog({ groups: [] });
    expect(dialog.getByText("You don't have any groups yet. Please purchase a committee plan first to join a group.")).toBeTruthy();
  });

  it('gives focus back to the Submit Payment button when closed', async () => {
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Submit Payment' })));
  });
});

describe('findSubmitPaymentProblem', () => {
  const valid: SubmitPaymentValues = {
    groupId: 'group-1',
    amount: '25000',
    month: '3',
    year: '2026',
    paymentMethod: 'bank_transfer',
    bankAccountId: 'bank-1',
    notes: '',
    receipt: fakeFile('receipt.pdf', 'application/pdf'),
  };

  it('passes a complete form and names the first problem otherwise', () => {
    expect(findSubmitPaymentProblem(valid)).toBeUndefined();
    expect(findSubmitPaymentProblem({ ...valid, amount: '0' })?.problem).toBe('required');
    expect(findSubmitPaymentProblem({ ...valid, amount: '-5' })?.fields).toEqual(['amount']);
    expect(findSubmitPaymentProblem({ ...valid, groupId: '', month: '' })?.fields).toEqual(['groupId', 'month']);
    expect(findSubmitPaymentProblem({ ...valid, year: '2019' })?.problem).toBe('yearRange');
    expect(findSubmitPaymentProblem({ ...valid, bankAccountId: '' })?.problem).toBe('bankAccountRequired');
    expect(findSubmitPaymentProblem({ ...valid, receipt: null })?.problem).toBe('receiptRequired');
    expect(findSubmitPaymentProblem({ ...valid, receipt: fakeFile('big.png', 'image/png', 6 * 1024 * 1024) })?.problem).toBe('tooLarge');
  });
});
