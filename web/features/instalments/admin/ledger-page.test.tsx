import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { InstalmentState, LedgerEntry, MemberLedger } from '../../../../contract/figures.ts';
import userEvent from '@testing-library/user-event';
import { memberLedgerAnswer } from '../../../../contract/ledgers.ts';
import { answerAs, catchDownloads, fail, fakeApi, file, on, screenWidth, stubGetRequests, type StubRoute } from '../../../test/api-stub.ts';
import { fakeAuth, makeUser, renderRoute } from '../../../test/render.tsx';
import { makeFigures, makeInstalment } from './test-support.ts';
import { paymentAnswer } from '../../../../contract/instalments.ts';

/** A correction's answer: the instalment as it is now, with what the server said. */
const corrected = (message: string) => {
  const payment = makeInstalment();
  return answerAs(paymentAnswer, { success: true, code: 'ok', message, payment, data: { payment } });
};

afterEach(() => vi.restoreAllMocks());

const admin = fakeAuth({ user: makeUser({ id: 'admin-1', name: 'Bilal Admin', email: 'admin@example.com', role: 'ADMIN' }) });

/** The words each state is told in (RULES §6a), written out here rather than taken from the app. */
const STATE_WORDS: Record<InstalmentState, string> = { SCHEDULED: 'Scheduled', UNDER_REVIEW: 'Under review', OWED: 'Owed', OVERDUE: 'Overdue', PAID: 'Paid' };
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const pkr = (rupees: number) => `PKR ${rupees.toLocaleString('en-US')}`;
const period = (e: { month: number; year: number }) => `${MONTHS[e.month - 1]} ${e.year}`;

const entry = (month: number, state: InstalmentState, overrides: Partial<LedgerEntry> = {}): LedgerEntry => ({
  paymentId: `pay-${month}`,
  groupId: 'group-a1',
  groupNumber: 'A1',
  planName: 'Economy Umrah',
  month,
  year: 2026,
  amount: 5000,
  dueDate: `2026-${String(month).padStart(2, '0')}-01`,
  state,
  status: state === 'PAID' ? 'PAID' : state === 'OVERDUE' ? 'OVERDUE' : 'PENDING',
  submittedAt: null,
  reviewedAt: null,
  reviewedBy: null,
  paymentDate: null,
  rejectionReason: null,
  hasReceipt: false,
  receiptUrl: null,
  ...overrides,
});

const entries: LedgerEntry[] = [
  entry(1, 'PAID', {
    submittedAt: '2026-01-03T05:00:00.000Z',
    reviewedAt: '2026-01-04T06:30:00.000Z',
    reviewedBy: 'Bilal Admin',
    paymentDate: '2026-01-04T06:30:00.000Z',
    hasReceipt: true,
    receiptUrl: '/api/receipts/r-jan/file?expires=1&signature=abc',
  }),
  entry(2, 'OVERDUE', {
    status: 'REJECTED',
    submittedAt: '2026-02-05T05:00:00.000Z',
    reviewedAt: '2026-02-06T05:00:00.000Z',
    reviewedBy: 'Bilal Admin',
    rejectionReason: 'The amount on the receipt does not match',
    hasReceipt: true,
    receiptUrl: '/api/receipts/r-feb/file?expires=1&signature=def',
  }),
  entry(3, 'UNDER_REVIEW', { submittedAt: '2026-03-08T05:00:00.000Z', hasReceipt: true, receiptUrl: '/api/receipts/r-mar/file?expires=1&signature=ghi' }),
  entry(4, 'OWED'),
  entry(5, 'SCHEDULED'),
];

// The figures as the server would count them over these five months on 2026-04-05 (grace day 10).
const figures = makeFigures({
  scheduled: { count: 1, amount: 5000 },
  due: { count: 3, amount: 15000 },
  underReview: { count: 1, amount: 5000 },
  owed: { count: 2, amount: 10000 },
  overdue: { count: 1, amount: 5000 },
  paid: { count: 1, amount: 5000 },
  pending: { count: 3, amount: 15000 },
  dueSoFar: { count: 4, amount: 20000 },
  collected: 5000,
  collectionRate: 25,
});

const ledger: MemberLedger = {
  user: { id: 'user-7', name: 'Ali Raza', email: 'ali@example.com', phone: '0300-7654321' },
  asOf: '2026-04-05',
  figures,
  groups: [{ groupId: 'group-a1', groupNumber: 'A1', planName: 'Economy Umrah', figures }],
  entries,
};

/** GET /api/admin/users/{id}/ledger, in the whole shape the server sends. */
const ledgerAnswer = (data: MemberLedger) => answerAs(memberLedgerAnswer, { success: true, data });

const stubLedger = (answer = ledgerAnswer(ledger), statement?: StubRoute) =>
  stubGetRequests({ '/api/admin/users/user-7/ledger': answer, ...(statement && { '/api/admin/users/user-7/statement.pdf': statement }) });

/** The values under a figure's name in a description list. */
function figureValues(list: HTMLElement, term: string): string[] {
  const dt = within(list).getByText(term, { selector: 'dt' });
  return within(dt.parentElement!).getAllByRole('definition').map((dd) => dd.textContent ?? '');
}

describe('/admin/users/:id/ledger', () => {
  it('shows the member, the overall figures, and every instalment with its state, reviewer, rejection reason and receipt (desktop)', async () => {
    screenWidth(1280);
    const { reads } = stubLedger();
    renderRoute('/admin/users/user-7/ledger', admin);

    expect(await screen.findByRole('heading', { level: 1, name: `Ledger: ${ledger.user.name}` })).toBeTruthy();
    expect(screen.getByText(`${ledger.user.email} · ${ledger.user.phone}`)).toBeTruthy();
    expect(reads.map((call) => call.path)).toContain('/api/admin/users/user-7/ledger');
    expect(document.title).toBe('Ledger of Ali Raza | Umrah Committee');
    // Inside the admin frame, under User Management.
    const nav = screen.getByRole('navigation', { name: 'Admin navigation' });
    expect(within(nav).getByRole('link', { name: 'User Management' }).getAttribute('aria-current')).toBe('page');

    const list = screen.getByRole('region', { name: 'Overall figures' });
    const count = (n: number) => `${n} ${n === 1 ? 'instalment' : 'instalments'}`;
    expect(figureValues(list, 'Owed').slice(0, 2)).toEqual([pkr(figures.owed.amount), count(figures.owed.count)]);
    expect(figureValues(list, 'Overdue').slice(0, 2)).toEqual([pkr(figures.overdue.amount), count(figures.overdue.count)]);
    expect(figureValues(list, 'Under review').slice(0, 2)).toEqual([pkr(figures.underReview.amount), count(figures.underReview.count)]);
    expect(figureValues(list, 'Paid').slice(0, 2)).toEqual([pkr(figures.paid.amount), count(figures.paid.count)]);
    expect(figureValues(list, 'Remaining (scheduled)').slice(0, 2)).toEqual([pkr(figures.scheduled.amount), count(figures.scheduled.count)]);
    expect(figureValues(list, 'Collection rate').slice(0, 2)).toEqual([`${figures.collectionRate}%`, `Paid ÷ due so far (${pkr(figures.dueSoFar.amount)} due so far)`]);

    const group = screen.getByRole('region', { name: 'Economy Umrah - Group A1' });
    const table = within(group).getByRole('table', { name: 'Instalments of Ali Raza in Economy Umrah - Group A1' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(entries.length);
    entries.forEach((e, index) => {
      const row = rows[index];
      expect(within(row).getByRole('rowheader').textContent).toBe(period(e));
      expect(within(row).getByText(STATE_WORDS[e.state]).closest('[data-state]')?.getAttribute('data-state')).toBe(e.state);
      expect(within(row).getByText(pkr(e.amount))).toBeTruthy();
      if (e.receiptUrl) {
        const link = within(row).getByRole('link', { name: `View receipt for ${period(e)} (opens in a new tab)` });
        expect(link.getAttribute('href')).toBe(e.receiptUrl);
        expect(link.getAttribute('target')).toBe('_blank');
        expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      } else {
        expect(within(row).getByText('No receipt')).toBeTruthy();
      }
      if (e.reviewedBy) expect(within(row).getByText(new RegExp(`^${e.reviewedBy}, `))).toBeTruthy();
      else expect(within(row).getByText('Not reviewed')).toBeTruthy();
      if (e.rejectionReason) expect(within(row).getByText(`Rejection reason: ${e.rejectionReason}`)).toBeTruthy();
    });
  });

  it('shows each instalment as a card on a phone, named by its month, with its state in words', async () => {
    screenWidth(390);
    stubLedger();
    renderRoute('/admin/users/user-7/ledger', admin);
    const group = await screen.findByRole('region', { name: 'Economy Umrah - Group A1' });
    expect(within(group).queryByRole('table')).toBeNull();
    const cards = within(within(group).getByRole('list', { name: 'Instalments of Ali Raza in Economy Umrah - Group A1' })).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(entries.map(period));
    entries.forEach((e, index) => {
      expect(within(cards[index]).getByText(STATE_WORDS[e.state])).toBeTruthy();
    });
    const february = screen.getByRole('article', { name: period(entries[1]) });
    expect(within(february).getByText(`Rejection reason: ${entries[1].rejectionReason}`)).toBeTruthy();
  });

  it('says when the ledger cannot be loaded', async () => {
    stubLedger(fail(404, 'User not found'));
    renderRoute('/admin/users/user-7/ledger', admin);
    expect(await screen.findByText('Failed to load the ledger')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('says so when the member has no instalments yet', async () => {
    stubLedger(ledgerAnswer({ ...ledger, figures: makeFigures(), groups: [], entries: [] }));
    renderRoute('/admin/users/user-7/ledger', admin);
    expect(await screen.findByText('No instalments yet')).toBeTruthy();
  });

  it("downloads the member's statement of all their groups", async () => {
    const { reads } = stubLedger(undefined, file('%PDF-1.7 member', 'statement-2026-04-05.pdf'));
    renderRoute('/admin/users/user-7/ledger', admin);
    const button = await screen.findByRole('button', { name: 'Download statement' });
    const saved = catchDownloads();
    await userEvent.setup().click(button);
    await vi.waitFor(() => expect(saved.map((download) => download.name)).toEqual(['statement-2026-04-05.pdf']));
    const statementReads = reads.filter((call) => call.path.endsWith('.pdf'));
    expect(statementReads.map((call) => call.url)).toEqual(['/api/admin/users/user-7/statement.pdf']);
  });

  it('says why the statement could not be downloaded', async () => {
    stubLedger(undefined, fail(404, 'User not found'));
    renderRoute('/admin/users/user-7/ledger', admin);
    const button = await screen.findByRole('button', { name: 'Download statement' });
    const saved = catchDownloads();
    await userEvent.setup().click(button);
    expect(await screen.findByText('User not found')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  describe('corrections', () => {
    const ledgerRoute = on('GET', '/api/admin/users/user-7/ledger', () => ledgerAnswer(ledger));

    it('undoes the approval of a paid month with a reason, then reads the ledger again', async () => {
      screenWidth(1280);
      let reads = 0;
      const calls = fakeApi(
        (call) => (call.method === 'GET' && call.path === '/api/admin/users/user-7/ledger' ? (reads++, ledgerAnswer(ledger)) : undefined),
        on('POST', '/api/payments/pay-1/undo-approval', () => corrected('Approval undone')),
      );
      renderRoute('/admin/users/user-7/ledger', admin);
      const user = userEvent.setup();
      // Only the paid month offers an undo; only the receipt under review a correction.
      const undo = await screen.findByRole('button', { name: 'Undo approval of January 2026' });
      expect(screen.getAllByRole('button', { name: /^Undo approval of / })).toHaveLength(1);
      expect(screen.getAllByRole('button', { name: /^Correct receipt of / }).map((b) => b.getAttribute('aria-label'))).toEqual(['Correct receipt of March 2026']);
      await user.click(undo);
      const dialog = await screen.findByRole('dialog', { name: 'Undo approval' });
      expect(within(dialog).getByText(/the month becomes owed again/)).toBeTruthy();

      await user.click(within(dialog).getByRole('button', { name: 'Undo approval' }));
      expect(await within(dialog).findByText('Please give a reason for this correction.')).toBeTruthy();
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

      await user.type(within(dialog).getByLabelText('Reason'), 'The money never arrived.');
      await user.click(within(dialog).getByRole('button', { name: 'Undo approval' }));
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([['/api/payments/pay-1/undo-approval', { reason: 'The money never arrived.' }]]);
      await vi.waitFor(() => expect(reads).toBe(2));
    });

    it("keeps the dialog open with the server's reason when the undo is refused", async () => {
      screenWidth(390);
      fakeApi(
        ledgerRoute,
        on('POST', '/api/payments/pay-1/undo-approval', () => ({
          status: 409,
          body: { success: false, code: 'correction.commissionPaidOut', message: 'A referral commission from this payment has already been paid out, so its approval cannot be undone.' },
        })),
      );
      renderRoute('/admin/users/user-7/ledger', admin);
      const user = userEvent.setup();
      // On a phone, the action sits on the month's card.
      const january = await screen.findByRole('article', { name: 'January 2026' });
      await user.click(within(january).getByRole('button', { name: 'Undo approval of January 2026' }));
      const dialog = await screen.findByRole('dialog', { name: 'Undo approval' });
      await user.type(within(dialog).getByLabelText('Reason'), 'Mistake');
      await user.click(within(dialog).getByRole('button', { name: 'Undo approval' }));
      expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'A referral commission from this payment has already been paid out, so its approval cannot be undone.');
    });

    it('moves a receipt under review to the month it pays for, offering only months neither paid nor waiting', async () => {
      screenWidth(1280);
      const calls = fakeApi(ledgerRoute, on('PUT', '/api/payments/pay-3/correct', () => corrected('Receipt corrected')));
      renderRoute('/admin/users/user-7/ledger', admin);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Correct receipt of March 2026' }));
      const dialog = await screen.findByRole('dialog', { name: 'Correct receipt' });
      const month = within(dialog).getByLabelText('Month it pays for');
      expect(within(month).getAllByRole('option').map((o) => o.textContent)).toEqual(['February 2026', 'March 2026', 'April 2026', 'May 2026']);
      expect((month as HTMLSelectElement).value).toBe('2026-03');

      // Nothing changed: said, and nothing sent.
      await user.type(within(dialog).getByLabelText('Reason'), 'Paid for April');
      await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
      expect(await within(dialog).findByText('Please give the correct month or amount.')).toBeTruthy();
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

      await user.selectOptions(month, '2026-04');
      await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([['/api/payments/pay-3/correct', { reason: 'Paid for April', month: 4, year: 2026 }]]);
    });

    it('sends a corrected amount alone, and shows a field error the server gives', async () => {
      screenWidth(1280);
      const calls = fakeApi(
        ledgerRoute,
        on('PUT', '/api/payments/pay-3/correct', () => ({ status: 400, body: { success: false, code: 'validationFailed', message: 'The amount must be more than 0.', errors: { amount: 'The amount must be more than 0.' } } })),
      );
      renderRoute('/admin/users/user-7/ledger', admin);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Correct receipt of March 2026' }));
      const dialog = await screen.findByRole('dialog', { name: 'Correct receipt' });
      const amount = within(dialog).getByLabelText('Amount (PKR)');
      await user.clear(amount);
      await user.type(amount, '4500');
      await user.type(within(dialog).getByLabelText('Reason'), 'The slip shows PKR 4,500.');
      await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
      expect(await within(dialog).findByText('The amount must be more than 0.')).toBeTruthy();
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ reason: 'The slip shows PKR 4,500.', amount: 4500 }]);
    });
  });
});
