/**
 * Winner Selection's verifiable draw (commit, wait for the notice, draw; or void with a reason), the
 * reason sent with a manual choice, the server's refusals shown as it words them, and the group's draw
 * record with its published link.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast, Toaster } from 'sonner';
import { winnerMessages } from '../../../../contract/winners.ts';
import { createQueryClient } from '../../../test/query-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { fakeApi, fail, ok, on, type FakeAnswer, type FakeHandler, type RecordedCall } from '../../../test/api-stub.ts';
import type { Committee, CommitteeDetails, DrawEntry, DrawRecord, EligibleMember, Winner } from './api.ts';
import { committeeAnswer, committeesAnswer, drawAnswerOf, drawCommitAnswerOf, drawRecordAnswerOf, eligibleAnswer, linkAnswer, winnerAnswerOf, winnerPageAnswer } from './test-support.ts';
import { AdminWinnersPage } from './winners-page.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  toast.dismiss();
});

const gold: Committee = { id: 'c-gold', name: 'Gold Umrah Plan', currentMembers: 2, maxMembers: 10, monthlyAmount: 25000, status: 'ACTIVE', groupCount: 1 };
const goldDetails: CommitteeDetails = { ...gold, groups: [{ id: 'g-1', groupNumber: '1', memberCount: 2, maxMembers: 10, isActive: true }] };
const ayesha: EligibleMember = { userId: 'u-ayesha', user: { name: 'Ayesha Khan', email: 'ayesha@example.com' }, memberNumber: 1, position: 1, hasOverdue: false, hasOwed: false };
const usman: EligibleMember = { userId: 'u-usman', user: { name: 'Usman Ali', email: 'usman@example.com' }, memberNumber: 2, position: 2, hasOverdue: false, hasOwed: false };

const COMMITMENT = 'a1b2c3d4'.repeat(7) + '0badf00d';
const SEED = 'feedface'.repeat(7) + 'deadbeef';

const committed: DrawEntry = {
  method: 'DRAW',
  id: 'd-1',
  status: 'COMMITTED',
  committedAt: '2026-03-01T05:00:00.000Z',
  drawableAt: '2026-03-02T05:00:00.000Z',
  commitment: COMMITMENT,
  ruleVersion: 1,
  eligible: [
    { userId: 'u-ayesha', name: 'Ayesha Khan', position: 1 },
    { userId: 'u-usman', name: 'Usman Ali', position: 2 },
  ],
  seed: null,
  drawInput: null,
  drawnAt: null,
  drawnBy: 'ADMIN',
  pickedIndex: null,
  winner: null,
  voidCause: null,
  voidReason: null,
  voidedAt: null,
};
const drawn: DrawEntry = {
  ...committed,
  status: 'DRAWN',
  seed: SEED,
  drawnAt: '2026-03-01T05:05:00.000Z',
  pickedIndex: 1,
  winner: { name: 'Usman Ali', isYou: false, status: 'SELECTED', cancelReason: null },
};
const usmanWinner: Winner = {
  id: 'w-1',
  userId: 'u-usman',
  winnerId: 'u-usman',
  winner: { name: 'Usman Ali', email: 'usman@example.com' },
  committeeId: 'c-gold',
  committee: { id: 'c-gold', name: 'Gold Umrah Plan' },
  groupId: 'g-1',
  groupNumber: '1',
  month: 3,
  year: 2026,
  amount: 250000,
  paymentType: 'CASH',
  status: 'SELECTED',
  notes: null,
  selectedAt: '2026-03-01T05:05:00.000Z',
  paidAt: null,
  cancelledAt: null,
};

const group = { id: 'g-1', groupNumber: '1', planName: 'Gold Umrah Plan', startDate: '2026-02-01' };
const RECORD_PATH = '/api/admin/groups/g-1/draws';

/** Group 1's draw record as the server holds it now: a test changes `months` as its writes would. */
function recordOf(months: DrawRecord['months']): DrawRecord {
  return { group, months };
}

/** A refusal with the code the server sends beside its message (server/http/error-codes.ts). */
const refused = (status: number, code: string, message: string): FakeAnswer => ({ status, body: { success: false, code, message } });

/** A moment `ms` from now, as the server writes it. */
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

/** The text an element's aria-describedby points at. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** The reads of the selection tab, and the group's record (empty unless given); the writes each test answers itself. */
function reads(record: () => DrawRecord = () => recordOf([])): FakeHandler {
  const answers: Record<string, ReturnType<typeof ok>> = {
    '/api/committees': committeesAnswer([gold]),
    '/api/committees/c-gold': committeeAnswer(goldDetails),
    '/api/winners': winnerPageAnswer([], { page: 1, limit: 20, total: 0, pages: 1, exact: true }),
    '/api/winners/eligible-members/c-gold/1': eligibleAnswer(gold, '1', [ayesha, usman]),
  };
  return (call) => (call.method !== 'GET' ? undefined : call.path === RECORD_PATH ? drawRecordAnswerOf(record()) : answers[call.path]);
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/admin/winners', element: <AdminWinnersPage /> }], { initialEntries: ['/admin/winners'] });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

/** Committee, Group 1, March 2026, and the payment type. */
async function chooseMarch(user: ReturnType<typeof userEvent.setup>, paymentType = 'Umrah') {
  await screen.findByRole('option', { name: 'Gold Umrah Plan (2/10)' });
  await user.selectOptions(screen.getByLabelText('Committee'), 'Gold Umrah Plan (2/10)');
  await screen.findByRole('option', { name: 'Group 1 (2 members)' });
  await user.selectOptions(screen.getByLabelText('Group'), 'Group 1 (2 members)');
  await user.selectOptions(screen.getByLabelText('Month'), 'March');
  const year = screen.getByLabelText('Year');
  await user.clear(year);
  await user.type(year, '2026');
  await user.selectOptions(screen.getByLabelText('Payment Type'), paymentType);
  await screen.findByText('2 eligible members (previous winners excluded)');
}

const posts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body]);

describe('/admin/winners, Draw fairly', { timeout: 30_000 }, () => {
  it('commits the draw, then draws the winner: the right bodies, the commitment, the frozen count, the winner and the seed', async () => {
    let months: DrawRecord['months'] = [];
    const calls = fakeApi(
      reads(() => recordOf(months)),
      on('POST', '/api/winners/draws/c-gold/1/commit', () => {
        months = [{ month: 3, year: 2026, entries: [committed] }];
        return drawCommitAnswerOf(committed, 'winner.drawCommitted', winnerMessages.drawCommitted('1'));
      }),
      on('POST', '/api/winners/draws/c-gold/1/draw', () => {
        months = [{ month: 3, year: 2026, entries: [drawn] }];
        return drawAnswerOf(usmanWinner, drawn, winnerMessages.drawn('1'));
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await chooseMarch(user, 'Cash');

    const area = screen.getByRole('region', { name: 'Draw fairly' });
    expect(within(area).getByText('Group 1, March 2026')).toBeTruthy();
    await user.click(within(area).getByRole('button', { name: 'Commit the draw' }));
    expect(await within(area).findByText('Commitment published')).toBeTruthy();
    expect(within(area).getByText('a1b2c3d4…0badf00d')).toBeTruthy();
    expect(within(area).getByText('2 eligible members frozen')).toBeTruthy();
    // Its notice has passed (2 Mar 2026, 10:00 am in Pakistan): the Draw button is there to press.
    expect(within(area).getByText('Can be drawn from 2 Mar 2026, 10:00 am (Pakistan time)')).toBeTruthy();
    expect(await screen.findByText('Commitment published for Group 1')).toBeTruthy();
    // One draw at a time: committing again waits for this one to be drawn or voided.
    expect((within(area).getByRole('button', { name: 'Commit the draw' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(area).getByRole('button', { name: 'Draw the winner' }));
    expect(await within(area).findByText('Winner: Usman Ali')).toBeTruthy();
    expect(within(area).getByText('Drawn from the committed list')).toBeTruthy();
    expect(within(area).getByText('feedface…deadbeef')).toBeTruthy();
    expect(await screen.findByText('Success! Winner drawn for Group 1')).toBeTruthy();
    expect(within(area).queryByText('Commitment published')).toBeNull();

    expect(posts(calls)).toEqual([
      ['/api/winners/draws/c-gold/1/commit', { month: 3, year: 2026 }],
      ['/api/winners/draws/c-gold/1/draw', { month: 3, year: 2026, paymentType: 'CASH' }],
    ]);
    // Like a manual choice, the winners' reads are refreshed: the eligible members are read again.
    expect(calls.filter((call) => call.path === '/api/winners/eligible-members/c-gold/1').length).toBeGreaterThan(1);
  });

  it("shows the server's 409 as it words it: drawing with nothing committed", async () => {
    const calls = fakeApi(
      reads(),
      on('POST', '/api/winners/draws/c-gold/1/draw', () => fail(409, winnerMessages.noCommitment)),
    );
    const user = userEvent.setup();
    renderPage();
    await chooseMarch(user);

    const area = screen.getByRole('region', { name: 'Draw fairly' });
    await user.click(within(area).getByRole('button', { name: 'Draw the winner' }));
    expect(await screen.findByText('No draw is committed for this group and month: commit one first.')).toBeTruthy();
    expect(within(area).queryByText('Drawn from the committed list')).toBeNull();
    expect(posts(calls)).toEqual([['/api/winners/draws/c-gold/1/draw', { month: 3, year: 2026, paymentType: 'UMRAH' }]]);
  });

  it('asks for the committee, group and month before committing, and sends nothing', async () => {
    const calls = fakeApi(reads());
    const user = userEvent.setup();
    renderPage();
    const area = await screen.findByRole('region', { name: 'Draw fairly' });
    expect(within(area).getByText('Choose the committee, group, month and year above to draw.')).toBeTruthy();
    await user.click(within(area).getByRole('button', { name: 'Commit the draw' }));
    expect(await screen.findByText('Choose the committee, group, month and year first')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });
});

describe('/admin/winners, the reason for a manual choice', { timeout: 30_000 }, () => {
  it('sends the reason, trimmed, with the chosen member', async () => {
    const calls = fakeApi(
      reads(),
      on('POST', '/api/winners/select-specific', () => winnerAnswerOf(usmanWinner, 'winner.selected', winnerMessages.selected('1'))),
    );
    const user = userEvent.setup();
    renderPage();
    await chooseMarch(user);
    await user.selectOptions(screen.getByLabelText('Member'), 'u-ayesha');
    const reason = screen.getByLabelText(/^Reason for choosing by hand/) as HTMLTextAreaElement;
    expect(reason.maxLength).toBe(500);
    expect(reason.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(reason.getAttribute('aria-describedby') ?? '')?.textContent).toBe("Members see this reason in the group's draw record.");
    await user.type(reason, '  Medical need, agreed by the group  ');
    await user.click(screen.getByRole('button', { name: 'Select Winner' }));

    expect(await screen.findByText('Success! Winner selected successfully for Group 1')).toBeTruthy();
    expect(posts(calls)).toEqual([
      ['/api/winners/select-specific', { committeeId: 'c-gold', groupNumber: '1', month: 3, year: 2026, paymentType: 'UMRAH', userId: 'u-ayesha', reason: 'Medical need, agreed by the group' }],
    ]);
    // The form is ready for the next choice.
    expect(reason.value).toBe('');
  });

  it('sends no reason when none is given, and shows a 409 in the server’s words', async () => {
    const calls = fakeApi(reads(), on('POST', '/api/winners/select-specific', () => fail(409, winnerMessages.monthTaken)));
    const user = userEvent.setup();
    renderPage();
    await chooseMarch(user);
    await user.selectOptions(screen.getByLabelText('Member'), 'u-usman');
    await user.click(screen.getByRole('button', { name: 'Select Winner' }));
    expect(await screen.findByText('A winner has already been selected for this group and month.')).toBeTruthy();
    expect(posts(calls)).toEqual([['/api/winners/select-specific', { committeeId: 'c-gold', groupNumber: '1', month: 3, year: 2026, paymentType: 'UMRAH', userId: 'u-usman' }]]);
  });
});


/** March 2026's draw, committed `ago` ms ago and drawable `notice` ms after that. */
function committedAt(ago: number, notice: number): DrawEntry {
  const at = Date.now() - ago;
  return { ...committed, committedAt: new Date(at).toISOString(), drawableAt: new Date(at + notice).toISOString() };
}

const drawButton = (area: HTMLElement) => within(area).getByRole('button', { name: 'Draw the winner' }) as HTMLButtonElement;

describe('/admin/winners, Draw fairly: the notice before the draw', { timeout: 30_000 }, () => {
  it('shows the open commitment from the record after a reload; Draw waits, described by when it can be drawn, and enables itself', async () => {
    // The clock stands still until the test moves it: however slow the machine, the notice has not
    // passed until then. The screen's own timer is a real one.
    vi.useFakeTimers({ toFake: ['Date'] });
    const open = committedAt(0, 1_000);
    fakeApi(reads(() => recordOf([{ month: 3, year: 2026, entries: [open] }])));
    const user = userEvent.setup();
    renderPage();
    await chooseMarch(user);

    const area = screen.getByRole('region', { name: 'Draw fairly' });
    const when = `Can be drawn from ${formatDateTime(open.drawableAt, 'en')} (Pakistan time)`;
    expect(await within(area).findByText(when)).toBeTruthy();
    expect(within(area).getByText('Commitment published')).toBeTruthy();
    expect(within(area).getByText('a1b2c3d4…0badf00d')).toBeTruthy();
    expect(within(area).getByText('2 eligible members frozen')).toBeTruthy();
    expect(drawButton(area).disabled).toBe(true);
    expect(description(drawButton(area))).toBe(when);

    // Still waiting a moment before its time, however often the timer looks.
    vi.setSystemTime(Date.parse(open.drawableAt) - 1);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(drawButton(area).disabled).toBe(true);
    // No press needed: the button is enabled when the moment comes.
    vi.setSystemTime(Date.parse(open.drawableAt));
    await waitFor(() => expect(drawButton(area).disabled).toBe(false));
    expect(description(drawButton(area))).toBe('Draws from the committed list and reveals the seed, with the payment type chosen above.');
  });

  it('enables Draw at once when there is no notice', async () => {
    fakeApi(reads(() => recordOf([{ month: 3, year: 2026, entries: [committedAt(0, 0)] }])));
    const user = userEvent.setup();
    renderPage();
    await chooseMarch(user);
    const area = screen.getByRole('region', { name: 'Draw fairly' });
    await within(area).findByText('Commitment published');
    expect(drawButton(area).disabled).toBe(false);
  });

  it('says when another month of the group is committed, with the offer to void it', async () => {
    const february = { ...committedAt(0, 3_600_000), id: 'd-feb' };
    fakeApi(reads(() => recordOf([{ month: 2, year: 2026, entries: [february] }])));
    const user = userEvent.setup();
    renderPage();
    await chooseMarch(user);
    const area = screen.getByRole('region', { name: 'Draw fairly' });
    expect(await within(area).findByText('A draw is committed for February 2026')).toBeTruthy();
    const commit = within(area).getByRole('button', { name: 'Commit the draw' }) as HTMLButtonElement;
    expect(commit.disabled).toBe(true);
    expect(description(commit)).toBe('Draw it, or void it with a reason, before committing another.');
    expect(within(area).getByRole('button', { name: 'Void this draw' })).toBeTruthy();
    // March has nothing committed: drawing it is the server's to refuse.
    expect(drawButton(area).disabled).toBe(false);
  });

  it('says a draw is already committed when committing answers 409 winner.commitmentOpen, and offers to void it', async () => {
    let months: DrawRecord['months'] = [];
    const calls = fakeApi(
      reads(() => recordOf(months)),
      on('POST', '/api/winners/draws/c-gold/1/commit', () => {
        // Another admin committed meanwhile.
        months = [{ month: 3, year: 2026, entries: [committedAt(0, 3_600_000)] }];
        return refused(409, 'winner.commitmentOpen', winnerMessages.commitmentOpen);
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await chooseMarch(user);
    const area = screen.getByRole('region', { name: 'Draw fairly' });
    await user.click(within(area).getByRole('button', { name: 'Commit the draw' }));
    expect(await screen.findByText(winnerMessages.commitmentOpen)).toBeTruthy();
    expect(await within(area).findByText('Draw it, or void it with a reason, before committing another.')).toBeTruthy();
    expect(within(area).getByRole('button', { name: 'Void this draw' })).toBeTruthy();
    expect(drawButton(area).disabled).toBe(true);
    expect(posts(calls)).toEqual([['/api/winners/draws/c-gold/1/commit', { month: 3, year: 2026 }]]);
  });

  it('reads the record again when the pick was no longer eligible (409 winner.pickIneligible), and shows the void', async () => {
    const open = committedAt(60_000, 0);
    let months: DrawRecord['months'] = [{ month: 3, year: 2026, entries: [open] }];
    fakeApi(
      reads(() => recordOf(months)),
      on('POST', '/api/winners/draws/c-gold/1/draw', () => {
        months = [{ month: 3, year: 2026, entries: [{ ...open, status: 'VOID', seed: SEED, pickedIndex: 0, voidCause: 'INELIGIBLE', voidedAt: fromNow(0), drawnAt: fromNow(0) }] }];
        return refused(409, 'winner.pickIneligible', winnerMessages.pickIneligible);
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await chooseMarch(user);
    const area = screen.getByRole('region', { name: 'Draw fairly' });
    await within(area).findByText('Commitment published');
    await user.click(drawButton(area));
    expect(await screen.findByText(winnerMessages.pickIneligible)).toBeTruthy();
    expect(await within(area).findByText("This month's last draw is void")).toBeTruthy();
    expect(within(area).getByText('Void: the member picked was no longer eligible')).toBeTruthy();
    expect(within(area).queryByText('Commitment published')).toBeNull();
    expect((within(area).getByRole('button', { name: 'Commit the draw' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('/admin/winners, Draw fairly: voiding a committed draw', { timeout: 30_000 }, () => {
  async function openVoid(user: ReturnType<typeof userEvent.setup>) {
    const area = screen.getByRole('region', { name: 'Draw fairly' });
    await user.click(await within(area).findByRole('button', { name: 'Void this draw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void the draw of Group 1, March 2026' });
    return { area, dialog, reason: within(dialog).getByLabelText('Reason for voiding') as HTMLTextAreaElement };
  }

  it('asks for a reason of 5 to 500 characters and sends nothing until there is one', async () => {
    const calls = fakeApi(reads(() => recordOf([{ month: 3, year: 2026, entries: [committedAt(0, 3_600_000)] }])));
    const user = userEvent.setup();
    renderPage();
    await chooseMarch(user);
    const { dialog, reason } = await openVoid(user);
    // The dialog explains itself, and starts on the reason.
    expect(within(dialog).getByText(/^The draw ends without a winner\. Its seed is revealed/)).toBeTruthy();
    expect(document.activeElement).toBe(reason);
    expect(reason.maxLength).toBe(500);
    expect(reason.getAttribute('aria-required')).toBe('true');

    await user.click(within(dialog).getByRole('button', { name: 'Void the draw' }));
    expect(await within(dialog).findByText(winnerMessages.voidReasonRequired)).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    await user.type(reason, '  abc  ');
    await user.click(within(dialog).getByRole('button', { name: 'Void the draw' }));
    expect(await within(dialog).findByText(winnerMessages.voidReasonRequired)).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    // Cancel closes it, and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls)).toEqual([]);
  });

  it("sends the month and the reason, shows the server's answer and the void it reads again", async () => {
    const open = committedAt(0, 3_600_000);
    let months: DrawRecord['months'] = [{ month: 3, year: 2026, entries: [open] }];
    const calls = fakeApi(
      reads(() => recordOf(months)),
      on('POST', '/api/winners/draws/c-gold/1/void', (call) => {
        const reason = (call.body as { reason: string }).reason;
        const voided: DrawEntry = { ...open, status: 'VOID', seed: SEED, voidCause: 'ADMIN', voidReason: reason, voidedAt: fromNow(0) };
        months = [{ month: 3, year: 2026, entries: [voided] }];
        return drawCommitAnswerOf(voided, 'winner.voided', winnerMessages.voided('1'), 200);
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await chooseMarch(user);
    const { area, dialog, reason } = await openVoid(user);
    await user.type(reason, '  Two members were not told of the draw  ');
    await user.click(within(dialog).getByRole('button', { name: 'Void the draw' }));

    expect(await screen.findByText(winnerMessages.voided('1'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls)).toEqual([['/api/winners/draws/c-gold/1/void', { month: 3, year: 2026, reason: 'Two members were not told of the draw' }]]);
    expect(await within(area).findByText('Voided by the administrator: “Two members were not told of the draw”')).toBeTruthy();
    expect(within(area).queryByRole('button', { name: 'Void this draw' })).toBeNull();
    expect((within(area).getByRole('button', { name: 'Commit the draw' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("keeps the dialog open with the server's refusal when the draw was drawn meanwhile", async () => {
    const calls = fakeApi(
      reads(() => recordOf([{ month: 3, year: 2026, entries: [committedAt(0, 3_600_000)] }])),
      on('POST', '/api/winners/draws/c-gold/1/void', () => refused(409, 'winner.noCommitment', winnerMessages.noCommitment)),
    );
    const user = userEvent.setup();
    renderPage();
    await chooseMarch(user);
    const { dialog, reason } = await openVoid(user);
    await user.type(reason, 'Wrong month committed');
    await user.click(within(dialog).getByRole('button', { name: 'Void the draw' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(winnerMessages.noCommitment);
    expect(screen.getByRole('dialog', { name: 'Void the draw of Group 1, March 2026' })).toBeTruthy();
    expect(posts(calls)).toHaveLength(1);
  });
});

describe('/admin/winners, a committed draw blocks other changes', { timeout: 30_000 }, () => {
  it("shows 409 winner.commitmentOpen of a manual choice in the server's words", async () => {
    fakeApi(reads(), on('POST', '/api/winners/select-specific', () => refused(409, 'winner.commitmentOpen', winnerMessages.commitmentOpen)));
    const user = userEvent.setup();
    renderPage();
    await chooseMarch(user);
    await user.selectOptions(screen.getByLabelText('Member'), 'u-usman');
    await user.click(screen.getByRole('button', { name: 'Select Winner' }));
    expect(await screen.findByText(winnerMessages.commitmentOpen)).toBeTruthy();
    // The form stays as it was, ready to try again once the draw is drawn or voided.
    expect((screen.getByLabelText('Member') as HTMLSelectElement).value).toBe('u-usman');
  });
});

describe('/admin/winners, the draw record', { timeout: 30_000 }, () => {
  const LINK_PATH = '/api/admin/groups/g-1/draw-record-link';
  const voided: DrawEntry = { ...committed, id: 'd-0', status: 'VOID', commitment: 'c'.repeat(64), seed: 'd'.repeat(64), voidCause: 'ADMIN', voidReason: 'Committed the wrong month', voidedAt: '2026-03-01T04:00:00.000Z' };
  const record: DrawRecord = recordOf([
    {
      month: 2,
      year: 2026,
      entries: [
        {
          method: 'MANUAL',
          id: 'm-1',
          selectedAt: '2026-02-03T05:00:00.000Z',
          selectedBy: 'ADMIN',
          reason: 'Travelling for Umrah in March',
          winner: { name: 'Ayesha Khan', isYou: false, status: 'CANCELLED', cancelReason: 'Member withdrew' },
        },
      ],
    },
    { month: 3, year: 2026, entries: [voided, drawn] },
  ]);
  const link = (n: number) => ({ token: `token-${n}`, url: `https://committee.example/draws/token-${n}`, createdAt: '2026-03-05T07:00:00.000Z' });

  async function openRecord(user: ReturnType<typeof userEvent.setup>) {
    await chooseMarch(user);
    const opener = within(screen.getByRole('region', { name: 'Draw fairly' })).getByRole('button', { name: 'Draw record' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Draw record: Group 1' });
    return { opener, dialog };
  }

  it('shows the record as members read it, with full names, each void with its cause, and gives focus back on close', async () => {
    const calls = fakeApi(reads(() => record), on('GET', LINK_PATH, () => linkAnswer(null)));
    const user = userEvent.setup();
    renderPage();
    const { opener, dialog } = await openRecord(user);
    expect(await within(dialog).findByText('Gold Umrah Plan: every draw and manual choice, month by month.')).toBeTruthy();

    const february = within(dialog).getByRole('article', { name: 'February 2026' });
    const manual = within(february).getByRole('region', { name: 'Chosen by the administrator' });
    expect(within(manual).getByText('Reason: Travelling for Umrah in March')).toBeTruthy();
    expect(within(manual).getByText('Reason: Member withdrew')).toBeTruthy();

    const march = within(dialog).getByRole('article', { name: 'March 2026' });
    const [first, second] = within(march).getAllByRole('region', { name: 'Draw' });
    expect(within(first).getByText('Void')).toBeTruthy();
    expect(within(first).getByText('Voided by the administrator: “Committed the wrong month”')).toBeTruthy();
    expect(within(second).getByText('Drawn')).toBeTruthy();
    expect(within(second).getByText(COMMITMENT)).toBeTruthy();
    expect(within(second).getByText(SEED)).toBeTruthy();
    expect(within(second).getByText('Winner: Usman Ali')).toBeTruthy();
    for (const id of ['u-ayesha', 'u-usman']) expect(within(second).getByText(id)).toBeTruthy();
    expect(calls.some((call) => call.method === 'GET' && call.path === RECORD_PATH)).toBe(true);

    // Closing gives focus back to the button that opened it.
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('publishes the record at a link, copies it, makes a new one and revokes it after asking', async () => {
    let current: ReturnType<typeof link> | null = null;
    let made = 0;
    const calls = fakeApi(
      reads(() => record),
      on('GET', LINK_PATH, () => linkAnswer(current)),
      on('POST', LINK_PATH, () => {
        current = link(++made);
        return linkAnswer(current, { code: 'winner.linkPublished', message: winnerMessages.linkPublished }, 201);
      }),
      on('DELETE', LINK_PATH, () => {
        current = null;
        return linkAnswer(null, { code: 'winner.linkRevoked', message: winnerMessages.linkRevoked });
      }),
    );
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      renderPage();
      const { dialog } = await openRecord(user);
      const section = within(dialog).getByRole('region', { name: 'Publish the record' });
      expect(within(section).getByText(/^Anyone with the link can see this record, with members' names shortened/)).toBeTruthy();
      expect(within(section).getByText(/Revoking the link stops it at once\.$/)).toBeTruthy();
      expect(await within(section).findByText('The record is not published.')).toBeTruthy();

      await user.click(within(section).getByRole('button', { name: 'Publish a link' }));
      expect(await within(section).findByText('https://committee.example/draws/token-1')).toBeTruthy();
      expect(await screen.findByText(winnerMessages.linkPublished)).toBeTruthy();
      await user.click(within(section).getByRole('button', { name: 'Copy' }));
      expect(writeText).toHaveBeenLastCalledWith('https://committee.example/draws/token-1');
      expect(await screen.findByText('Link copied')).toBeTruthy();

      await user.click(within(section).getByRole('button', { name: 'Make a new link' }));
      expect(await within(section).findByText('https://committee.example/draws/token-2')).toBeTruthy();
      expect(within(section).queryByText('https://committee.example/draws/token-1')).toBeNull();

      await user.click(within(section).getByRole('button', { name: 'Revoke the link' }));
      const confirm = await screen.findByRole('dialog', { name: 'Revoke the link?' });
      expect(within(confirm).getByText('From now on the link does not open the record. You can publish a new link later.')).toBeTruthy();
      await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
      expect(await within(section).findByText('The record is not published.')).toBeTruthy();
      expect(await screen.findByText(winnerMessages.linkRevoked)).toBeTruthy();
      expect(calls.filter((call) => call.path === LINK_PATH).map((call) => call.method)).toEqual(['GET', 'POST', 'POST', 'DELETE']);
    } finally {
      if (original) Object.defineProperty(navigator, 'clipboard', original);
      else delete (navigator as { clipboard?: unknown }).clipboard;
    }
  });

  it('sends nothing when the revoke is not confirmed', async () => {
    const calls = fakeApi(reads(() => record), on('GET', LINK_PATH, () => linkAnswer(link(1))));
    const user = userEvent.setup();
    renderPage();
    const { dialog } = await openRecord(user);
    const section = within(dialog).getByRole('region', { name: 'Publish the record' });
    await user.click(await within(section).findByRole('button', { name: 'Revoke the link' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the link?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke the link?' })).toBeNull());
    expect(within(section).getByText('https://committee.example/draws/token-1')).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});
