import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, makeUser, renderRoute } from '../../../test/render.tsx';
import { bankAccountsAnswerOf, fakeFile, makeBankAccount, makePlan, makeRequest, myPlanRequestsAnswerOf, planAnswerOf } from './test-fixtures.ts';
import { memberGroupsAnswer, paymentAnswer, type MemberGroup, type PaymentView } from '../../../../contract/instalments.ts';
import { makeGroup } from '../../../test/member-payment-fixtures.ts';
import { planRequestMessages } from '../../../../contract/plan-requests.ts';
import { answerAs, fail, fakeApi, ok, on, stubGetRequests, type FakeAnswer } from '../../../test/api-stub.ts';
import { enterTransferDate, karachiDay, TRANSACTION_NUMBER_LABEL, TRANSFER_DATE_LABEL } from '../../../test/transfer-fields.ts';
import { notificationListAnswerOf } from '../../../test/notification-fixtures.ts';

afterEach(() => vi.restoreAllMocks());

const member = fakeAuth({ user: makeUser() });
const plan = makePlan();
const accounts = [
  makeBankAccount(),
  makeBankAccount({ id: 'bank-hbl', bankName: 'HBL', accountNumber: '1234-5678', accountType: 'Savings' }),
  makeBankAccount({ id: 'bank-easypaisa', accountName: 'Committee Wallet', bankName: 'Easypaisa', accountNumber: '0300-1234567', accountType: 'Mobile Account' }),
];

/**
 * Read-only GETs only: the plan, the active bank accounts, the header's bell, and the member's requests
 * and groups (none: the plan is open to them). Nothing is ever posted here.
 */
function stubPlanAndAccounts(bankAccounts = accounts, mine: { requests?: PaymentView[]; groups?: MemberGroup[] } = {}) {
  return stubGetRequests({
    '/api/notifications': notificationListAnswerOf(),
    '/api/plan-payments': myPlanRequestsAnswerOf(mine.requests ?? []),
    '/api/committee-plans/user/groups': answerAs(memberGroupsAnswer, { success: true, data: { groups: mine.groups ?? [] } }),
    '/api/committee-plans/plan-gold': planAnswerOf(plan),
    '/api/bank-accounts/active': bankAccountsAnswerOf(bankAccounts),
  });
}

const submitButton = () => screen.getByRole('button', { name: /Submit Payment/ }) as HTMLButtonElement;
const receiptInput = () => screen.getByLabelText('Payment Receipt') as HTMLInputElement;

async function openPage() {
  renderRoute('/user/subscribe/plan-gold', member);
  await screen.findByRole('radiogroup', { name: 'Select Bank Account' });
}

describe('/user/subscribe/{planId}', () => {
  it('shows the plan, the accounts with their type labels, and sets the page title', async () => {
    stubPlanAndAccounts();
    await openPage();
    expect(screen.getByRole('heading', { name: 'Gold Umrah Plan' })).toBeTruthy();
    expect(screen.getAllByText('PKR 25,000').length).toBeGreaterThan(0);
    expect(screen.getByText('PKR 300,000')).toBeTruthy();
    expect(screen.getByText('12 months')).toBeTruthy();
    expect(screen.getByText('Transfer exactly PKR 25,000 to that account.')).toBeTruthy();

    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(3);
    // Each radio is named by account name and bank; the card around it (a group of the same name) shows number and type.
    const card = (name: string | RegExp) => within(screen.getByRole('group', { name }));
    expect(card('Umrah Committee Trust Meezan Bank').getByText('0101-2233445566')).toBeTruthy();
    expect(card('Umrah Committee Trust Meezan Bank').getByText('Current')).toBeTruthy();
    expect(card(/HBL/).getByText('Savings')).toBeTruthy();
    expect(card(/Easypaisa/).getByText('Mobile')).toBeTruthy();
    expect(document.title).toBe('Subscribe to Plan | Umrah Committee');
  });

  it('keeps submit disabled until an account, the transfer date and a receipt are given, and says what is missing', async () => {
    const { refused } = stubPlanAndAccounts();
    const user = userEvent.setup();
    await openPage();

    expect(submitButton().disabled).toBe(true);
    expect(screen.getByText('Please select a bank account for payment')).toBeTruthy();
    expect(screen.getByText('Enter the date of the transfer.')).toBeTruthy();
    expect(screen.getByText('Please upload your payment receipt')).toBeTruthy();
    expect(screen.getByLabelText(TRANSFER_DATE_LABEL).getAttribute('type')).toBe('date');
    expect(screen.getByLabelText(TRANSFER_DATE_LABEL).getAttribute('max')).toBe(karachiDay());
    // The transaction number may be left out.
    expect(screen.getByLabelText(TRANSACTION_NUMBER_LABEL).hasAttribute('required')).toBe(false);

    // A receipt alone is not enough: the account is still missing.
    await user.upload(receiptInput(), fakeFile('receipt.png', 'image/png'));
    expect(screen.queryByText('Please upload your payment receipt')).toBeNull();
    expect(screen.getByText('Please select a bank account for payment')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);

    await user.click(screen.getByRole('radio', { name: /HBL/ }));
    expect((screen.getByRole('radio', { name: /HBL/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText('Please select a bank account for payment')).toBeNull();
    expect(submitButton().disabled).toBe(true);

    enterTransferDate(karachiDay());
    expect(screen.queryByText('Enter the date of the transfer.')).toBeNull();
    expect(submitButton().disabled).toBe(false);
    expect(refused).toEqual([]);
  });

  it('says beside the field when the transfer date is after today or more than a year ago', async () => {
    stubPlanAndAccounts();
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('radio', { name: /HBL/ }));
    await user.upload(receiptInput(), fakeFile('receipt.png', 'image/png'));

    enterTransferDate(karachiDay(1));
    const field = screen.getByLabelText(TRANSFER_DATE_LABEL);
    expect(screen.getByText('The transfer date cannot be after today.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(submitButton().disabled).toBe(true);

    enterTransferDate(karachiDay(-400));
    expect(screen.getByText('The transfer date cannot be more than a year ago.')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);

    enterTransferDate(karachiDay(-2));
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(submitButton().disabled).toBe(false);
  });

  it('refuses a file that is not a JPG, PNG or PDF', async () => {
    stubPlanAndAccounts();
    // The picker's filter can be bypassed on phones ("all files"), so the check must hold without it.
    const user = userEvent.setup({ applyAccept: false });
    await openPage();
    await user.click(screen.getByRole('radio', { name: /Meezan Bank/ }));
    await user.upload(receiptInput(), fakeFile('receipt.gif', 'image/gif'));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Please upload a JPG, PNG, or PDF file');
    expect(receiptInput().getAttribute('aria-invalid')).toBe('true');
    expect(receiptInput().getAttribute('aria-describedby')).toContain(alert.id);
    expect(submitButton().disabled).toBe(true);
  });

  it('refuses a receipt larger than 5 MB', async () => {
    stubPlanAndAccounts();
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('radio', { name: /Meezan Bank/ }));
    await user.upload(receiptInput(), fakeFile('receipt.jpg', 'image/jpeg', 6 * 1024 * 1024));

    expect((await screen.findByRole('alert')).textContent).toBe('Please upload a file smaller than 5MB');
    expect(submitButton().disabled).toBe(true);

    // A good file afterwards clears the message and allows submitting.
    enterTransferDate(karachiDay());
    await user.upload(receiptInput(), fakeFile('receipt.pdf', 'application/pdf', 5 * 1024 * 1024));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(submitButton().disabled).toBe(false);
  });

  it('will not send a plan without a valid amount', async () => {
    const free = makePlan({ monthlyAmount: 0 });
    stubGetRequests({
      '/api/committee-plans/plan-gold': planAnswerOf(free),
      '/api/bank-accounts/active': bankAccountsAnswerOf(accounts),
    });
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('radio', { name: /Meezan Bank/ }));
    await user.upload(receiptInput(), fakeFile('receipt.png', 'image/png'));
    expect(screen.getByText('Plan amount is not valid')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
  });

  it('moves through the accounts with the arrow keys', async () => {
    stubPlanAndAccounts();
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('radio', { name: /Meezan Bank/ }));
    await user.keyboard('{ArrowDown}');
    const hbl = screen.getByRole('radio', { name: /HBL/ }) as HTMLInputElement;
    expect(document.activeElement).toBe(hbl);
    expect(hbl.checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Meezan Bank/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('says when the plan does not exist', async () => {
    stubGetRequests({
      '/api/committee-plans/missing': fail(404, 'Plan not found.'),
      '/api/bank-accounts/active': bankAccountsAnswerOf([]),
    });
    renderRoute('/user/subscribe/missing', member);
    expect(await screen.findByRole('heading', { name: 'Plan Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/dashboard');
  });

  it("says 'Plan data not found in response' when the plan's answer is not in the shape the server promises", async () => {
    // The plan under data only, without its code: not the answer the contract names.
    stubGetRequests({
      '/api/committee-plans/plan-gold': ok({ data: { plan } }),
      '/api/bank-accounts/active': bankAccountsAnswerOf(accounts),
    });
    renderRoute('/user/subscribe/plan-gold', member);
    expect(await screen.findByText('Plan data not found in response')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Submit Payment/ })).toBeNull();
  });

  it('says when there is no bank account to pay into', async () => {
    stubPlanAndAccounts([]);
    renderRoute('/user/subscribe/plan-gold', member);
    expect(await screen.findByRole('heading', { name: 'No Bank Accounts Available' })).toBeTruthy();
    expect(screen.getByText('Please contact admin to add bank accounts for payments.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Submit Payment/ })).toBeNull();
  });

  describe('when the server answers', () => {
    /** The GETs of the page, and the subscription answered as given. */
    function serverAnswering(subscribe: FakeAnswer) {
      // Once a subscription was tried, the member's requests include the pending one the server speaks of.
      let tried = false;
      return fakeApi(
        on('GET', '/api/notifications', () => notificationListAnswerOf()),
        on('GET', '/api/plan-payments', () => myPlanRequestsAnswerOf(tried ? [makeRequest()] : [])),
        on('GET', '/api/committee-plans/user/groups', () => ({ body: { success: true, data: { groups: [] } } })),
        on('GET', '/api/committee-plans/plan-gold', () => planAnswerOf(plan)),
        on('GET', '/api/bank-accounts/active', () => bankAccountsAnswerOf(accounts)),
        on('POST', '/api/payments/subscribe', () => {
          tried = true;
          return subscribe;
        }),
      );
    }

    async function fillAndSubmit() {
      const user = userEvent.setup();
      await openPage();
      await user.click(screen.getByRole('radio', { name: /HBL/ }));
      enterTransferDate(karachiDay(-1));
      await user.type(screen.getByLabelText(TRANSACTION_NUMBER_LABEL), '  FT-0091 ');
      await user.upload(receiptInput(), fakeFile('receipt.png', 'image/png'));
      await user.click(submitButton());
    }

    it('sends the transfer date and the trimmed transaction number with the receipt', async () => {
      const opened = makeRequest({ hasReceipt: true, transferDate: karachiDay(-1), transactionNumber: 'FT-0091' });
      const calls = serverAnswering(answerAs(paymentAnswer, { success: true, code: 'planRequest.proofUploaded', message: planRequestMessages.proofUploaded, payment: opened, data: { payment: opened } }, 201));
      await fillAndSubmit();
      expect(await screen.findByText('Your payment has been submitted for verification. You will be notified once approved.')).toBeTruthy();
      const sent = calls.find((call) => call.method === 'POST')!.body as FormData;
      expect(sent.get('transferDate')).toBe(karachiDay(-1));
      expect(sent.get('transactionNumber')).toBe('FT-0091');
      expect(sent.get('bankAccountId')).toBe('bank-hbl');
    });

    it('an error is brought into view with focus on it, where the eye is', async () => {
      const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
      serverAnswering({ status: 500, body: { success: false, message: 'Server error. Please try again later.' } });
      await fillAndSubmit();
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe('Failed to create payment request');
      expect(document.activeElement).toBe(alert);
      expect(scrolled.mock.contexts).toContain(alert);
    });

    it("'already pending' keeps its notice on screen until the member is taken back to the dashboard", async () => {
      serverAnswering({ status: 409, body: { success: false, message: 'You already have a pending payment request for this plan' } });
      await fillAndSubmit();
      expect(await screen.findByText('Request Already Pending')).toBeTruthy();
      // The requests are not read again while the notice shows: it would be replaced by the plan's state.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(screen.getByText('You already have a pending payment request for this plan. Please wait for admin approval.')).toBeTruthy();
    });
  });

  it('offers no second subscription for a plan whose request is under review, and leads to the request', async () => {
    stubPlanAndAccounts(accounts, { requests: [makeRequest()] });
    renderRoute('/user/subscribe/plan-gold', member);
    expect(await screen.findByRole('heading', { name: 'Request under review' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View My Payment Requests' }).getAttribute('href')).toBe('/dashboard?tab=plans');
    expect(screen.queryByRole('button', { name: /Submit Payment/ })).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('offers no second subscription for a plan the member has joined, and leads to the group', async () => {
    stubPlanAndAccounts(accounts, { groups: [makeGroup({ id: 'group-7', groupNumber: 'B2', memberStatus: 'ACTIVE', plan: { ...makeGroup().plan, id: 'plan-gold' } })] });
    renderRoute('/user/subscribe/plan-gold', member);
    expect(await screen.findByRole('heading', { name: 'Joined' })).toBeTruthy();
    expect(screen.getByText('You are already a member of this plan, in Group B2. Your monthly instalments are on My Groups.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View My Groups' }).getAttribute('href')).toBe('/dashboard?tab=groups&group=group-7');
    expect(screen.queryByRole('button', { name: /Submit Payment/ })).toBeNull();
  });

  it('copies an account number or an IBAN with one press, says so, and does not choose the account by it', async () => {
    const withIban = [makeBankAccount({ iban: 'PK36MEZN0001012233445566' })];
    stubPlanAndAccounts(withIban);
    // After userEvent.setup(), which puts a clipboard of its own in place.
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      await openPage();
      const list = screen.getByRole('radiogroup', { name: 'Select Bank Account' });
      // One list in the page: it is not a scroll box of its own.
      expect(list.className).not.toMatch(/overflow|max-h/);
      const card = within(screen.getByRole('group', { name: 'Umrah Committee Trust Meezan Bank' }));
      await user.click(card.getByRole('button', { name: 'Copy account number' }));
      expect(writeText).toHaveBeenLastCalledWith('0101-2233445566');
      expect(await screen.findByText('Account number copied')).toBeTruthy();
      await user.click(card.getByRole('button', { name: 'Copy IBAN' }));
      expect(writeText).toHaveBeenLastCalledWith('PK36MEZN0001012233445566');
      expect(await screen.findByText('IBAN copied')).toBeTruthy();
      expect((card.getByRole('radio') as HTMLInputElement).checked).toBe(false);
    } finally {
      if (original) Object.defineProperty(navigator, 'clipboard', original);
      else delete (navigator as { clipboard?: unknown }).clipboard;
    }
  });
});
