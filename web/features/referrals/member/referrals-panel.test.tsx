import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storageKeys } from '../../../lib/storage-keys.ts';
import { fakeAuth, makeUser, renderRoute } from '../../../test/render.tsx';
import { memberPaymentRoutes } from '../../../test/member-payment-fixtures.ts';
import { answerAs, fail, ok, stubGetRequests } from '../../../test/api-stub.ts';
import { commissionMessages, confirmCommissionAnswer } from '../../../../contract/referrals.ts';
import type { CommissionPayment } from './api.ts';
import { commissionPaymentsAnswerOf, makeCommissionPayment, makeNode, makeReferral, referralRoutes } from './test-support.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const member = fakeAuth({ user: makeUser() });

/** The dashboard on its Referrals tab, with only GET reads answered. */
async function openReferrals(data: Parameters<typeof referralRoutes>[0] = {}, section?: 'Tree View' | 'History' | 'Commission') {
  window.localStorage.setItem(storageKeys.dashboardTab, 'referrals');
  const stub = stubGetRequests({ ...memberPaymentRoutes(), ...referralRoutes(data) });
  const user = userEvent.setup();
  const view = renderRoute('/dashboard', member);
  await screen.findByRole('heading', { name: 'Referral Program' });
  if (section) await user.click(screen.getByRole('tab', { name: section }));
  return { ...stub, ...view, user };
}

/** Replaces navigator.clipboard for one test. */
function stubClipboard(value: unknown) {
  const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  Object.defineProperty(navigator, 'clipboard', { value, configurable: true });
  onTestFinished(() => {
    if (original) Object.defineProperty(navigator, 'clipboard', original);
    else delete (navigator as { clipboard?: unknown }).clipboard;
  });
}

/** Gives navigator the Web Share API's share (and, when given, canShare) for one test. */
function stubShare(share: (data: ShareData) => Promise<void>, canShare?: (data: ShareData) => boolean) {
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
  if (canShare) Object.defineProperty(navigator, 'canShare', { value: canShare, configurable: true });
  onTestFinished(() => {
    delete (navigator as { share?: unknown }).share;
    delete (navigator as { canShare?: unknown }).canShare;
  });
}

const SHARE_MESSAGE = "I'm saving for Umrah with an interest-free committee on Umrah Committee. Join with my link:";

describe('Referrals tab', () => {
  it('has the four sections, Overview first', async () => {
    await openReferrals();
    const sections = within(screen.getByRole('tablist', { name: 'Referral sections' }));
    expect(sections.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Tree View', 'History', 'Commission']);
    expect(sections.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('Overview', () => {
  it('shows the code, the sign-up link, the rates in force and who pays the commissions', async () => {
    const { refused } = await openReferrals({ rules: { level1Rate: 0.125, level2Rate: 0.05, level3Rate: 0, minimumCommission: 50, maximumCommission: 1500 } });
    expect(screen.getByText('AYESHA7')).toBeTruthy();
    const link = screen.getByLabelText('Your referral link') as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/register?ref=AYESHA7`);
    expect(link.readOnly).toBe(true);

    const structure = within(screen.getByRole('region', { name: 'Commission Structure' }));
    await structure.findByText('12.5%');
    const line = (level: string) => structure.getByText(level).closest('li')!;
    expect(within(line('Level 1')).getByText('12.5%')).toBeTruthy();
    expect(within(line('Level 2')).getByText('5.0%')).toBeTruthy();
    // A level at 0 earns nothing: it says so rather than '0.0%'.
    expect(within(line('Level 3')).getByText('Not paid')).toBeTruthy();
    expect(structure.getByText('Each commission is at least PKR 50.')).toBeTruthy();
    expect(structure.getByText('Each commission is at most PKR 1,500.')).toBeTruthy();
    expect(screen.queryByText(/\$/)).toBeNull();

    const how = within(screen.getByRole('region', { name: 'How It Works' }));
    expect(how.getByText(/never taken from any member's savings/)).toBeTruthy();
    expect(refused).toEqual([]);
  });

  it("says when the rates cannot be read, and does not make them up", async () => {
    await openReferrals({ answers: { '/api/referrals/commission-rules': fail(403, 'Access denied.') } });
    const structure = within(screen.getByRole('region', { name: 'Commission Structure' }));
    expect(await structure.findByText('Failed to load the commission rates')).toBeTruthy();
    expect(structure.queryByText('10.0%')).toBeNull();
    expect(structure.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it("changes Copy Link to 'Copied!' for 2 seconds, and Copy Code likewise", async () => {
    await openReferrals();
    // After userEvent.setup(), which puts its own clipboard in place.
    const writeText = vi.fn().mockResolvedValue(undefined);
    stubClipboard({ writeText });
    const copyLink = screen.getByRole('button', { name: 'Copy Link' });
    const copyCode = screen.getByRole('button', { name: 'Copy Code' });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => {
      fireEvent.click(copyLink);
    });
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/register?ref=AYESHA7`);
    expect(copyLink.textContent).toBe('Copied!');
    expect(copyCode.textContent).toBe('Copy Code');
    expect(screen.getByText('Referral link copied to the clipboard.')).toBeTruthy();

    await act(async () => {
      vi.advanceTimersByTime(1_900);
    });
    expect(copyLink.textContent).toBe('Copied!');
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(copyLink.textContent).toBe('Copy Link');

    await act(async () => {
      fireEvent.click(copyCode);
    });
    expect(writeText).toHaveBeenLastCalledWith('AYESHA7');
    expect(copyCode.textContent).toBe('Copied!');
    await act(async () => {
      vi.advanceTimersByTime(2_000);
    });
    expect(copyCode.textContent).toBe('Copy Code');
  });

  it('offers WhatsApp with the message and link written in where the browser has no share sheet', async () => {
    await openReferrals();
    expect(screen.queryByRole('button', { name: 'Share Link' })).toBeNull();
    const whatsApp = screen.getByRole('link', { name: 'Share on WhatsApp (opens in a new tab)' });
    const link = `${window.location.origin}/register?ref=AYESHA7`;
    const href = new URL(whatsApp.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/');
    expect(href.searchParams.get('text')).toBe(`${SHARE_MESSAGE}\n${link}`);
    // The whole text is percent-encoded: the link's own ? and = do not end WhatsApp's text.
    expect(whatsApp.getAttribute('href')).toBe(
      `https://wa.me/?text=I'm%20saving%20for%20Umrah%20with%20an%20interest-free%20committee%20on%20Umrah%20Committee.%20Join%20with%20my%20link%3A%0A${encodeURIComponent(link)}`,
    );
    expect(whatsApp.getAttribute('href')).toMatch(/%2Fregister%3Fref%3DAYESHA7$/);
    expect(whatsApp.getAttribute('target')).toBe('_blank');
    expect(whatsApp.getAttribute('rel')).toContain('noopener');
    // Copying stays beside it.
    expect(screen.getByRole('button', { name: 'Copy Link' })).toBeTruthy();
  });

  it("opens the browser's share sheet with the message and link where there is one, instead of WhatsApp's link", async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>().mockResolvedValue(undefined);
    stubShare(share);
    const { user } = await openReferrals();
    expect(screen.queryByRole('link', { name: /Share on WhatsApp/ })).toBeNull();
    const button = screen.getByRole('button', { name: 'Share Link' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(share).toHaveBeenCalledTimes(1);
    expect(share).toHaveBeenCalledWith({ title: 'Join me on Umrah Committee', text: SHARE_MESSAGE, url: `${window.location.origin}/register?ref=AYESHA7` });
    expect(screen.getByRole('button', { name: 'Copy Link' })).toBeTruthy();
  });

  it('says nothing when the share sheet is closed, and says so when it fails', async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>().mockRejectedValueOnce(new DOMException('Share canceled', 'AbortError'));
    stubShare(share);
    const { user } = await openReferrals();
    await user.click(screen.getByRole('button', { name: 'Share Link' }));
    expect(share).toHaveBeenCalledTimes(1);
    share.mockRejectedValueOnce(new DOMException('Not allowed', 'NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'Share Link' }));
    expect(await screen.findByText('Could not open sharing. Please copy the link and share it yourself.')).toBeTruthy();
    expect(screen.getAllByText(/Could not open sharing/)).toHaveLength(1);
  });

  it('offers WhatsApp where the share sheet cannot take a link', async () => {
    stubShare(vi.fn(), () => false);
    await openReferrals();
    expect(screen.queryByRole('button', { name: 'Share Link' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Share on WhatsApp (opens in a new tab)' })).toBeTruthy();
  });

  it('copies with the older copy command where the Clipboard API is missing, and says when nothing works', async () => {
    await openReferrals();
    stubClipboard(undefined);
    const execCommand = vi.fn().mockReturnValue(true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true, writable: true });
    onTestFinished(() => {
      delete (document as { execCommand?: unknown }).execCommand;
    });
    const copyCode = screen.getByRole('button', { name: 'Copy Code' });
    await act(async () => {
      fireEvent.click(copyCode);
    });
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copyCode.textContent).toBe('Copied!');

    execCommand.mockReturnValue(false);
    const copyLink = screen.getByRole('button', { name: 'Copy Link' });
    await act(async () => {
      fireEvent.click(copyLink);
    });
    expect(await screen.findByText('Could not copy. Please select the text and copy it yourself.')).toBeTruthy();
    expect(copyLink.textContent).toBe('Copy Link');
  });
});

describe('Tree View', () => {
  const sana = makeNode({
    id: 'referral-2',
    level: 2,
    status: 'PENDING',
    // Levels 2 and 3 come without an email, as the server sends them to a member.
    referredUser: { id: 'user-sana', name: 'Sana Malik', email: null, referralCode: 'SANA3', createdAt: '2026-02-20T09:00:00.000Z' },
    totalCommission: 1250.5,
    commissionRate: 0.05,
    commissionPayments: [],
    children: [
      makeNode({
        id: 'referral-3',
        level: 3,
        status: 'COMPLETED',
        referredUser: { id: 'user-omar', name: 'Omar Farooq', email: null, referralCode: 'OMAR4', createdAt: '2026-03-01T09:00:00.000Z' },
        totalCommission: 0,
        commissionRate: 0,
        commissionPayments: [],
      }),
    ],
  });
  const bilal = makeNode({ children: [sana] });
  const stats = { totalReferrals: 3, totalCommission: 3750.5, pendingCommission: 1250.5, paidCommission: 2500, level1Count: 1, level2Count: 1, level3Count: 1 };

  it('shows the stats and the people under each person, with level, status and commission in PKR', async () => {
    await openReferrals({ tree: [bilal], stats }, 'Tree View');
    const statsList = within(await screen.findByLabelText('Referral statistics'));
    const stat = (label: string) => statsList.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(stat('Total Referrals')).toBe('3');
    expect(stat('Total Commission')).toBe('PKR 3,750.5');
    expect(stat('Pending Commission')).toBe('PKR 1,250.5');
    expect(stat('Paid Commission')).toBe('PKR 2,500');
    expect(stat('Level 2')).toBe('1');

    const top = screen.getByRole('list', { name: 'People you referred' });
    const bilalCard = within(top).getByRole('article', { name: 'Bilal Ahmed' });
    expect(within(bilalCard).getByText('Level 1')).toBeTruthy();
    expect(within(bilalCard).getByText('Active')).toBeTruthy();
    expect(within(bilalCard).getByText('PKR 2,500')).toBeTruthy();
    expect(within(bilalCard).getByText('10.0%')).toBeTruthy();
    expect(within(bilalCard).getByText('1 (1 paid)')).toBeTruthy();
    // The member's own referral shows their email; the people under them show their name only.
    expect(within(bilalCard).getByText('Email', { selector: 'dt' }).nextElementSibling?.textContent).toBe('bilal@example.com');

    // Sana hangs under Bilal, Omar under Sana.
    const underBilal = screen.getByRole('list', { name: 'People referred by Bilal Ahmed' });
    const sanaCard = within(underBilal).getByRole('article', { name: 'Sana Malik' });
    expect(within(sanaCard).getByText('Level 2')).toBeTruthy();
    expect(within(sanaCard).getByText('Pending')).toBeTruthy();
    expect(within(sanaCard).getByText('PKR 1,250.5')).toBeTruthy();
    expect(within(sanaCard).getByText('5.0%')).toBeTruthy();
    const underSana = within(underBilal).getByRole('list', { name: 'People referred by Sana Malik' });
    const omarCard = within(underSana).getByRole('article', { name: 'Omar Farooq' });
    expect(within(omarCard).getByText('Level 3')).toBeTruthy();
    expect(within(omarCard).getByText('Completed')).toBeTruthy();
    expect(within(omarCard).getByText('Not paid')).toBeTruthy();
    for (const card of [sanaCard, omarCard]) expect(within(card).queryByText('Email')).toBeNull();
    expect(screen.queryByText(/\$/)).toBeNull();
  });

  it('says when there is nobody in the tree yet', async () => {
    await openReferrals({}, 'Tree View');
    expect(await screen.findByText('No referrals yet. Share your code to build your tree.')).toBeTruthy();
  });

  it("says 'Failed to load referral tree'", async () => {
    await openReferrals({ answers: { '/api/referrals/tree': fail(403, 'Access denied.') } }, 'Tree View');
    expect(await screen.findByText('Failed to load referral tree')).toBeTruthy();
  });

  it("says 'Failed to load referral tree' when the answer is not in the shape the server promises", async () => {
    // The tree without its stats: an answer the contract does not name.
    await openReferrals({ answers: { '/api/referrals/tree': ok({ tree: [makeNode()] }) } }, 'Tree View');
    expect(await screen.findByText('Failed to load referral tree')).toBeTruthy();
    expect(screen.queryByText('Bilal Ahmed')).toBeNull();
  });
});

describe('History', () => {
  it("says 'No referrals found.' when the member has referred nobody", async () => {
    await openReferrals({ referrals: [] }, 'History');
    expect(await screen.findByText('No referrals found.')).toBeTruthy();
  });

  it('lists everyone referred, newest first, with level, status and commission', async () => {
    const older = makeReferral();
    const newer = makeReferral({
      id: 'referral-2',
      level: 2,
      status: 'PENDING',
      createdAt: '2026-03-02T09:00:00.000Z',
      referredUser: { name: 'Sana Malik', email: null, referralCode: 'SANA3', createdAt: '2026-03-02T09:00:00.000Z' },
      totalCommission: 0,
    });
    await openReferrals({ referrals: [older, newer] }, 'History');
    const sana = await screen.findByRole('article', { name: 'Sana Malik' });
    expect(screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toEqual(['Sana Malik', 'Bilal Ahmed']);
    expect(within(sana).getByText('Level 2')).toBeTruthy();
    expect(within(sana).getByText('Pending')).toBeTruthy();
    expect(within(sana).getByText('PKR 0')).toBeTruthy();
    expect(within(sana).getByText('2 Mar 2026')).toBeTruthy();
    expect(within(sana).queryByText('Email')).toBeNull();
    const bilal = screen.getByRole('article', { name: 'Bilal Ahmed' });
    expect(within(bilal).getByText('bilal@example.com')).toBeTruthy();
    expect(within(bilal).getByText('PKR 2,500')).toBeTruthy();
  });

  it("says 'Failed to load referral history'", async () => {
    await openReferrals({ answers: { '/api/referrals': fail(403, 'Access denied.') } }, 'History');
    expect(await screen.findByText('Failed to load referral history')).toBeTruthy();
  });
});

describe('Commission', () => {
  it('has Pending Confirmation and Confirmed, each with its empty text', async () => {
    const { user } = await openReferrals({ commissionPayments: [] }, 'Commission');
    const tabs = within(await screen.findByRole('tablist', { name: 'Commission payments' }));
    expect(tabs.getByRole('tab', { name: 'Pending Confirmation' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('No pending payments to confirm.')).toBeTruthy();
    await user.click(tabs.getByRole('tab', { name: 'Confirmed' }));
    expect(await screen.findByText('No confirmed payments yet.')).toBeTruthy();
  });

  it('lists the payments in their tab, in PKR, with the notes of confirmed ones', async () => {
    const pending = makeCommissionPayment();
    const confirmed = makeCommissionPayment({
      id: 'commission-2',
      amount: 1000,
      userConfirmed: true,
      confirmedAt: '2026-02-05T09:00:00.000Z',
      userNotes: 'Arrived in my HBL account',
      paymentMethod: 'JazzCash',
      transactionId: null,
      paidAt: '2026-02-01T09:00:00.000Z',
      referral: { level: 2, commissionRate: 0.05, referredUser: { name: 'Sana Malik' } },
    });
    const { user } = await openReferrals({ commissionPayments: [pending, confirmed] }, 'Commission');
    const card = await screen.findByRole('article', { name: 'PKR 2,500 from Bilal Ahmed' });
    expect(within(card).getByText('Level 1')).toBeTruthy();
    expect(within(card).getByText('Gold Umrah Plan')).toBeTruthy();
    expect(within(card).getByText('Bank Transfer')).toBeTruthy();
    expect(within(card).getByText('TXN-7781')).toBeTruthy();
    expect(within(card).getByText('1 Mar 2026')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Confirm Receipt' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'PKR 1,000 from Sana Malik' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Confirmed' }));
    const done = await screen.findByRole('article', { name: 'PKR 1,000 from Sana Malik' });
    expect(within(done).getByText('JazzCash')).toBeTruthy();
    expect(within(done).getByText('5 Feb 2026')).toBeTruthy();
    expect(within(done).getByText('Arrived in my HBL account')).toBeTruthy();
    expect(within(done).queryByRole('button', { name: 'Confirm Receipt' })).toBeNull();
  });

  it('says beside the amount when the maximum or the minimum per commission changed it', async () => {
    const capped = makeCommissionPayment({ id: 'commission-capped', amount: 1000, uncappedAmount: 1250, cappedBy: 'MAXIMUM' });
    const raised = makeCommissionPayment({ id: 'commission-raised', amount: 200, uncappedAmount: 150, cappedBy: 'MINIMUM', referral: { level: 3, commissionRate: 0.02, referredUser: { name: 'Sana Malik' } } });
    // A commission neither bound changed has cappedBy null, and its uncapped amount is the amount paid.
    const untouched = makeCommissionPayment({ id: 'commission-untouched', amount: 2500, referral: { level: 1, commissionRate: 0.1, referredUser: { name: 'Omar Farooq' } } });
    const plain = makeCommissionPayment({ id: 'commission-plain', amount: 500, uncappedAmount: 500, cappedBy: null, referral: { level: 2, commissionRate: 0.05, referredUser: { name: 'Hina Raza' } } });
    await openReferrals({ commissionPayments: [capped, raised, untouched, plain] }, 'Commission');

    const cappedCard = within(await screen.findByRole('article', { name: 'PKR 1,000 from Bilal Ahmed' }));
    expect(cappedCard.getByText('Capped at the maximum of PKR 1,000 per commission (was PKR 1,250)')).toBeTruthy();
    const raisedCard = within(screen.getByRole('article', { name: 'PKR 200 from Sana Malik' }));
    expect(raisedCard.getByText('Raised to the minimum of PKR 200 per commission (was PKR 150)')).toBeTruthy();
    for (const name of ['PKR 2,500 from Omar Farooq', 'PKR 500 from Hina Raza']) {
      expect(within(screen.getByRole('article', { name })).queryByText(/Capped|Raised/)).toBeNull();
    }
  });

  it("says 'Failed to load commission payments'", async () => {
    await openReferrals({ answers: { '/api/referrals/commission-payments': fail(403, 'Access denied.') } }, 'Commission');
    expect(await screen.findByText('Failed to load commission payments')).toBeTruthy();
  });

  /**
   * The one test that answers a PUT: the confirmation itself. Every other call still goes to the
   * GET-only stub, which refuses and records anything else.
   */
  it('confirms a payment with the notes given, and moves it to Confirmed', async () => {
    const payment = makeCommissionPayment();
    let confirmedWith: { userNotes?: string } | null = null;
    const current = (): CommissionPayment[] =>
      confirmedWith ? [{ ...payment, userConfirmed: true, confirmedAt: '2026-03-06T09:00:00.000Z', userNotes: confirmedWith.userNotes ?? null }] : [payment];
    const { spy, refused, user } = await openReferrals(
      { answers: { '/api/referrals/commission-payments': () => commissionPaymentsAnswerOf(current()) } },
      'Commission',
    );
    // Only here: the confirmation PUT is answered and recorded. Everything else still goes to the GET-only stub.
    const getOnly = spy.getMockImplementation()!;
    spy.mockImplementation(async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if ((init?.method ?? 'GET').toUpperCase() === 'PUT' && new URL(url, 'http://localhost').pathname === `/api/referrals/commission-payments/${payment.id}/confirm`) {
        confirmedWith = JSON.parse(String(init?.body));
        const commissionPayment = current()[0];
        const answer = { success: true as const, code: 'commission.confirmed', message: commissionMessages.confirmed, commissionPayment, data: { commissionPayment } };
        return new Response(JSON.stringify(answerAs(confirmCommissionAnswer, answer).body), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return getOnly(input, init);
    });
    const card = await screen.findByRole('article', { name: 'PKR 2,500 from Bilal Ahmed' });

    await user.click(within(card).getByRole('button', { name: 'Confirm Receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Commission Payment' });
    expect(within(dialog).getByText('Confirm that you received PKR 2,500, your commission through Bilal Ahmed. A confirmation cannot be undone.')).toBeTruthy();
    const notes = within(dialog).getByRole('textbox', { name: 'Notes (optional)' });
    // Focus starts inside the dialog, on the notes.
    await waitFor(() => expect(document.activeElement).toBe(notes));
    await user.type(notes, '  Arrived in my Meezan account ');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Payment' }));

    expect(await screen.findByText('Commission payment confirmed successfully!')).toBeTruthy();
    expect(confirmedWith).toEqual({ userNotes: 'Arrived in my Meezan account' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('No pending payments to confirm.')).toBeTruthy();
    // The button that opened the dialog is gone with the payment: focus goes to the tab, not the page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Pending Confirmation' })));

    await user.click(screen.getByRole('tab', { name: 'Confirmed' }));
    const done = await screen.findByRole('article', { name: 'PKR 2,500 from Bilal Ahmed' });
    expect(within(done).getByText('Arrived in my Meezan account')).toBeTruthy();
    expect(refused).toEqual([]);
  });

  it("shows 'Failed to confirm payment' in the dialog when the confirmation fails, and keeps it open", async () => {
    const { spy, user } = await openReferrals({ commissionPayments: [makeCommissionPayment()] }, 'Commission');
    const getOnly = spy.getMockImplementation()!;
    // The PUT is answered with a refusal that carries no message of its own.
    spy.mockImplementation(async (input, init) =>
      (init?.method ?? 'GET').toUpperCase() === 'PUT' ? new Response(JSON.stringify({ success: false }), { status: 403, headers: { 'Content-Type': 'application/json' } }) : getOnly(input, init),
    );
    await user.click(await screen.findByRole('button', { name: 'Confirm Receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Commission Payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Payment' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to confirm payment');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
