import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, makeUser, renderRoute } from '../../../test/render.tsx';
import type { GroupPayment, MemberGroup } from './api.ts';
import { SELECTED_PAYMENT_KEY, selectedPaymentOf, writeSelectedPayment } from './selected-payment.ts';
import { makeGroup, makeGroupPayment, makeMemberPayment, makeSchedule, memberPaymentRoutes, submittedAnswerOf } from './test-support.ts';
import { fakeFile } from '../../../test/plan-fixtures.ts';
import { fail, fakeApi, on, stubGetRequests } from '../../../test/api-stub.ts';
import { enterTransferDate, karachiDay, TRANSACTION_NUMBER_LABEL } from '../../../test/transfer-fields.ts';
import { findMonthlyPaymentProblems } from './payment-page.tsx';

afterEach(() => vi.restoreAllMocks());

const member = fakeAuth({ user: makeUser() });

/** A group whose March is the given payment, stored as the dashboard's 'Pay Now' stores it. */
function storeMarch(overrides: Partial<GroupPayment> = {}, serverOverrides?: Partial<GroupPayment>) {
  const march = makeGroupPayment({ month: 3, ...overrides });
  const schedule = makeSchedule();
  schedule[2] = { ...march, ...serverOverrides };
  const group: MemberGroup = makeGroup({ payments: schedule });
  writeSelectedPayment(selectedPaymentOf(group, march));
  return group;
}

const submitButton = () => screen.getByRole('button', { name: /Submit Payment/ }) as HTMLButtonElement;

describe('/user/payment/{paymentId}', () => {
  it("sends the member back to the dashboard with 'Failed to load payment details' when nothing is stored", async () => {
    stubGetRequests(memberPaymentRoutes());
    const { router } = renderRoute('/user/payment/pay-2026-3', member);
    expect(await screen.findByText('Failed to load payment details')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Assalam-o-Alaikum, Ayesha Khan' })).toBeTruthy();
  });

  it('does the same when the stored payment is another one', async () => {
    storeMarch();
    stubGetRequests(memberPaymentRoutes());
    const { router } = renderRoute('/user/payment/pay-2026-7', member);
    expect(await screen.findByText('Failed to load payment details')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it("says 'Payment Not Found' when the stored payload has no payment data", async () => {
    window.localStorage.setItem(SELECTED_PAYMENT_KEY, JSON.stringify({ paymentId: 'pay-2026-3' }));
    stubGetRequests(memberPaymentRoutes());
    renderRoute('/user/payment/pay-2026-3', member);
    expect(await screen.findByRole('heading', { name: 'Payment Not Found' })).toBeTruthy();
    // The page's own way back, and the card's.
    expect(screen.getAllByRole('link', { name: 'Back to Dashboard' })).toHaveLength(2);
  });

  it('shows the plan, the accounts and the instructions, and keeps Submit disabled until an account, the transfer date and a receipt are given', async () => {
    const group = storeMarch();
    const { refused } = stubGetRequests(memberPaymentRoutes({ groups: [group] }));
    const user = userEvent.setup();
    renderRoute('/user/payment/pay-2026-3', member);

    expect(await screen.findByRole('heading', { name: 'Payment Details', level: 1 })).toBeTruthy();
    expect(screen.getByText('Group 1 - March 2026')).toBeTruthy();
    expect(document.title).toBe('Payment Details | Umrah Committee');
    expect(screen.getByRole('heading', { name: 'Gold Umrah Plan' })).toBeTruthy();
    expect(screen.getByText('12 months')).toBeTruthy();
    expect(screen.getByText('PKR 300,000')).toBeTruthy();
    // Max members and description come from the plan's own page.
    expect(await screen.findByText('Fourteen days in Makkah and Madinah.')).toBeTruthy();
    expect(screen.getByText('Max Members').nextElementSibling?.textContent).toBe('12');

    const steps = within(screen.getByRole('heading', { name: 'How to Pay' }).parentElement!).getAllByRole('listitem');
    // Each step starts with its number (hidden from screen readers: the list numbers it).
    expect(steps.map((step) => step.textContent?.replace(/^\d/, ''))).toEqual([
      'Select one of the bank accounts from the list.',
      'Transfer exactly PKR 25,000 to that account.',
      'Upload a photo, screenshot or PDF of the transfer receipt.',
      'Submit for verification. An admin will check your payment.',
    ]);
    expect(screen.getByText(/Select the same account you transferred the money to/)).toBeTruthy();

    const accounts = await screen.findByRole('radiogroup', { name: 'Select Bank Account' });
    expect(within(accounts).getAllByRole('radio')).toHaveLength(2);
    expect(submitButton().disabled).toBe(true);
    expect(screen.getByText('Please select a bank account for payment')).toBeTruthy();
    expect(screen.getByText('Enter the date of the transfer.')).toBeTruthy();
    expect(screen.getByText('Please upload your payment receipt')).toBeTruthy();

    await user.upload(screen.getByLabelText('Payment Receipt'), fakeFile('receipt.png', 'image/png'));
    expect(submitButton().disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: /HBL/ }));
    expect(submitButton().disabled).toBe(true);
    enterTransferDate(karachiDay());
    expect(submitButton().disabled).toBe(false);
    expect(screen.queryByText('Please select a bank account for payment')).toBeNull();
    expect(refused).toEqual([]);
  });

  it("shows the month's payment reference beside the bank accounts, with a copy button and where to write it", async () => {
    const group = storeMarch();
    const reference = group.payments[2].paymentReference;
    stubGetRequests(memberPaymentRoutes({ groups: [group] }));
    // After userEvent.setup(), which puts a clipboard of its own in place.
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      renderRoute('/user/payment/pay-2026-3', member);
      const box = within(await screen.findByRole('region', { name: 'Payment reference' }));
      expect(box.getByText(reference)).toBeTruthy();
      expect(box.getByText("Write this in the transfer's remarks")).toBeTruthy();
      await user.click(box.getByRole('button', { name: 'Copy the payment reference' }));
      expect(writeText).toHaveBeenLastCalledWith(reference);
      expect(await screen.findByText('Payment reference copied')).toBeTruthy();
      // In the column of the accounts, right after them.
      const accounts = screen.getByRole('radiogroup', { name: 'Select Bank Account' });
      expect(accounts.compareDocumentPosition(screen.getByText(reference)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    } finally {
      if (original) Object.defineProperty(navigator, 'clipboard', original);
      else delete (navigator as { clipboard?: unknown }).clipboard;
    }
  });

  it('sends the transfer date and the transaction number with the receipt, then says it was sent', async () => {
    const group = storeMarch();
    const reads = memberPaymentRoutes({ groups: [group] });
    const calls = fakeApi(
      on('POST', '/api/payments', () => submittedAnswerOf({ ...makeMemberPayment({ id: group.payments[2].id }), status: 'PENDING', paymentMethod: 'BANK_TRANSFER' })),
      (call) => (call.method === 'GET' && reads[call.path] ? (reads[call.path] as { status: number; body: unknown }) : undefined),
    );
    const user = userEvent.setup();
    renderRoute('/user/payment/pay-2026-3', member);
    await screen.findByRole('radiogroup', { name: 'Select Bank Account' });
    await user.click(screen.getByRole('radio', { name: /HBL/ }));
    enterTransferDate(karachiDay(-3));
    await user.type(screen.getByLabelText(TRANSACTION_NUMBER_LABEL), 'IBFT 5512');
    await user.upload(screen.getByLabelText('Payment Receipt'), fakeFile('receipt.png', 'image/png'));
    await user.click(submitButton());
    expect(await screen.findByRole('heading', { name: 'Payment Submitted!' })).toBeTruthy();
    const sent = calls.find((call) => call.method === 'POST')!.body as FormData;
    expect(sent.get('transferDate')).toBe(karachiDay(-3));
    expect(sent.get('transactionNumber')).toBe('IBFT 5512');
    expect(sent.get('month')).toBe('3');
  });

  it('refuses a receipt that is not a JPG, PNG or PDF', async () => {
    const group = storeMarch();
    stubGetRequests(memberPaymentRoutes({ groups: [group] }));
    const user = userEvent.setup({ applyAccept: false });
    renderRoute('/user/payment/pay-2026-3', member);
    await screen.findByRole('radiogroup', { name: 'Select Bank Account' });
    await user.click(screen.getByRole('radio', { name: /Meezan Bank/ }));
    await user.upload(screen.getByLabelText('Payment Receipt'), fakeFile('receipt.gif', 'image/gif'));
    expect((await screen.findByRole('alert')).textContent).toBe('Please upload a JPG, PNG, or PDF file');
    expect(submitButton().disabled).toBe(true);
  });

  it("shows 'Payment Completed!' and the real receipt once the month is paid", async () => {
    // Stored while pending; the server now says it is paid, with a fresh receipt link.
    const group = storeMarch({}, { status: 'PAID', state: 'PAID', paymentDate: '2026-03-06T10:00:00.000Z', receiptUrl: '/api/receipts/r3/file?expires=2&signature=y' });
    stubGetRequests(memberPaymentRoutes({ groups: [group] }));
    renderRoute('/user/payment/pay-2026-3', member);
    expect(await screen.findByRole('heading', { name: 'Payment Completed!' })).toBeTruthy();
    const receipt = screen.getByRole('link', { name: /View Receipt/ });
    expect(receipt.getAttribute('href')).toBe('/api/receipts/r3/file?expires=2&signature=y');
    expect(receipt.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByRole('button', { name: /Submit Payment/ })).toBeNull();
  });

  it("shows 'Under review' while a receipt of the month waits for a decision", async () => {
    const group = storeMarch({ underReview: true });
    stubGetRequests(memberPaymentRoutes({ groups: [group] }));
    renderRoute('/user/payment/pay-2026-3', member);
    expect(await screen.findByRole('heading', { name: 'Under review' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Submit Payment/ })).toBeNull();
  });

  it("says 'Payment Not Found' when the member's groups no longer hold the month", async () => {
    storeMarch();
    stubGetRequests(memberPaymentRoutes({ groups: [] }));
    renderRoute('/user/payment/pay-2026-3', member);
    expect(await screen.findByRole('heading', { name: 'Payment Not Found' })).toBeTruthy();
  });

  it('keeps the stored month payable when the group cannot be read, and says so', async () => {
    storeMarch();
    stubGetRequests({ ...memberPaymentRoutes(), '/api/committee-plans/user/groups': fail(403, 'Access denied.') });
    renderRoute('/user/payment/pay-2026-3', member);
    expect(await screen.findByText('Failed to load group information')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Select Bank Account' })).toBeTruthy();
  });

  it('says when there is no bank account to pay into', async () => {
    const group = storeMarch();
    stubGetRequests(memberPaymentRoutes({ groups: [group], bankAccounts: [] }));
    renderRoute('/user/payment/pay-2026-3', member);
    expect(await screen.findByText('No Bank Accounts Available')).toBeTruthy();
    expect(screen.getByText('Please contact admin to add bank accounts for payments.')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Submit Payment/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('findMonthlyPaymentProblems', () => {
  it("names what is missing in the page's order", () => {
    const receipt = fakeFile('receipt.pdf', 'application/pdf');
    const transfer = { transferDate: '2026-03-14', transactionNumber: '' };
    const today = '2026-03-15';
    expect(findMonthlyPaymentProblems({ bankAccountId: 'b', amount: 25000, receipt, transfer, today })).toEqual([]);
    expect(findMonthlyPaymentProblems({ bankAccountId: '', amount: 0, receipt: null, today })).toEqual(['account', 'amount', 'transferDateRequired', 'required']);
    expect(findMonthlyPaymentProblems({ bankAccountId: 'b', amount: Number.NaN, receipt, transfer, today })).toEqual(['amount']);
    expect(findMonthlyPaymentProblems({ bankAccountId: 'b', amount: 25000, receipt, transfer: { transferDate: '2026-03-16', transactionNumber: 'x'.repeat(65) }, today })).toEqual([
      'transferDateFuture',
      'transactionNumberTooLong',
    ]);
    expect(findMonthlyPaymentProblems({ bankAccountId: 'b', amount: 25000, receipt, transfer: { transferDate: '2025-03-14', transactionNumber: '' }, today })).toEqual(['transferDateTooOld']);
    expect(findMonthlyPaymentProblems({ bankAccountId: 'b', amount: 25000, receipt, transfer: { transferDate: '2026-02-30', transactionNumber: '' }, today })).toEqual(['transferDateInvalid']);
  });
});
