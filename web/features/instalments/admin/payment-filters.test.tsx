/**
 * The filters of All Payments and Bulk Actions (admin document §2; RULES §6a words): what each tab opens
 * with (what needs action), the plan, group, state and due-month filters as the requests carry them,
 * "Clear filters", and a member's filter brought by a link.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, makeUser, renderRoute } from '../../../test/render.tsx';
import { fakeApi, type RecordedCall } from '../../../test/api-stub.ts';
import type { PaymentView } from '../../../../contract/instalments.ts';
import { listAnswer, makeInstalment, planGroupsAnswer, plansAnswer, queueAnswer, summaryAnswer } from './test-support.ts';

afterEach(() => vi.restoreAllMocks());

const admin = fakeAuth({ user: makeUser({ id: 'admin-1', name: 'Bilal Admin', email: 'admin@example.com', role: 'ADMIN' }) });

const ayesha = makeInstalment();
const usman = makeInstalment({
  id: '9a8b7c6d-0000-4000-8000-00000000beef',
  userId: 'user-2',
  user: { name: 'Usman Ali', email: 'usman@example.com', phone: null, cnic: null },
  month: 2,
  status: 'PENDING',
  state: 'OWED',
  underReview: false,
  submittedAt: null,
  receiptUrl: null,
  receiptImage: null,
  hasReceipt: false,
});

const plans = plansAnswer({ id: 'plan-1', name: 'Economy Umrah' }, { id: 'plan-2', name: 'Premium Umrah' });
const groupsOf: Record<string, { id: string; groupNumber: string }[]> = {
  'plan-1': [
    { id: 'group-1', groupNumber: 'A1' },
    { id: 'group-2', groupNumber: 'A2' },
  ],
  'plan-2': [{ id: 'group-9', groupNumber: 'B1' }],
};

/** The list answers `payments`, or what `rows` picks for the query asked. */
function serve(payments: PaymentView[], rows?: (query: URLSearchParams) => PaymentView[]) {
  return fakeApi((call) => {
    if (call.path === '/api/payments/pending-queue') return queueAnswer(payments.filter((p) => p.underReview));
    if (call.path === '/api/payments/summary') return summaryAnswer();
    if (call.path === '/api/payments') return listAnswer(rows ? rows(call.search) : payments);
    if (call.path === '/api/committee-plans') return plans;
    const planGroups = /^\/api\/admin\/groups\/plan\/([^/]+)$/.exec(call.path);
    if (planGroups) return planGroupsAnswer(groupsOf[decodeURIComponent(planGroups[1])] ?? []);
    return undefined;
  });
}

/** The query of the list's latest request, without paging. */
function lastListQuery(calls: RecordedCall[]): Record<string, string> {
  const list = calls.filter((call) => call.path === '/api/payments').at(-1);
  if (!list) throw new Error('The list was not asked for');
  const { page: _page, limit: _limit, ...query } = Object.fromEntries(list.search);
  return query;
}

/** This month in Karachi, 'YYYY-MM', worked out here rather than taken from the app. */
function karachiMonth(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Karachi', year: 'numeric', month: '2-digit' }).formatToParts(now);
  return `${parts.find((part) => part.type === 'year')?.value}-${parts.find((part) => part.type === 'month')?.value}`;
}

const control = <T extends HTMLElement = HTMLSelectElement>(label: string) => screen.getByLabelText(label) as T;
const input = (label: string) => control<HTMLInputElement>(label);

describe('/admin/payments, what each list opens with', () => {
  it('opens Bulk Actions on the receipts under review, of every month', async () => {
    const calls = serve([ayesha]);
    renderRoute('/admin/payments?tab=bulk', admin);
    await screen.findByRole('checkbox', { name: /Ayesha Khan/ });

    expect(lastListQuery(calls)).toEqual({ type: 'INSTALMENT', state: 'under-review' });
    const state = control('State');
    expect(state.selectedOptions[0].textContent).toBe('Under review');
    expect(within(state).getAllByRole('option').map((option) => option.textContent)).toEqual(['All states', 'Scheduled', 'Under review', 'Owed', 'Overdue', 'Paid']);
    expect(input('Due from').value).toBe('');
    expect(input('Due to').value).toBe('');
    // Each row says its state in the words of the filter.
    expect(within(screen.getByRole('article', { name: /Ayesha Khan/ })).getByText('Under review')).toBeTruthy();
  });

  it('opens All Payments on the months due up to this one (Karachi), every state', async () => {
    const calls = serve([ayesha, usman]);
    renderRoute('/admin/payments?tab=all', admin);
    await screen.findByText('Usman Ali');

    const thisMonth = karachiMonth();
    expect(lastListQuery(calls)).toEqual({ dueTo: thisMonth });
    expect(input('Due to').value).toBe(thisMonth);
    expect(input('Due from').value).toBe('');
    expect(control('State').value).toBe('all');
    expect(control('Plan').value).toBe('');
    // No plan yet: no group to choose.
    expect(control('Group').disabled).toBe(true);
    expect(control('Group').selectedOptions[0].textContent).toBe('Choose a plan first');
    expect(within(screen.getByRole('article', { name: /Usman Ali/ })).getByText('Owed')).toBeTruthy();
  });
});

describe('/admin/payments, filtering', () => {
  it('filters All Payments by plan, group of the plan, state and due months, and the requests carry them', async () => {
    const calls = serve([ayesha, usman]);
    const user = userEvent.setup();
    renderRoute('/admin/payments?tab=all', admin);
    await screen.findByText('Usman Ali');

    await waitFor(() => expect(within(control('Plan')).getAllByRole('option').map((option) => option.textContent)).toEqual(['All plans', 'Economy Umrah', 'Premium Umrah']));
    await user.selectOptions(control('Plan'), 'plan-1');
    await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ planId: 'plan-1' }));
    expect(control('Group').disabled).toBe(false);
    await waitFor(() => expect(within(control('Group')).getAllByRole('option').map((option) => option.textContent)).toEqual(['All groups', 'Group A1', 'Group A2']));
    expect(calls.some((call) => call.path === '/api/admin/groups/plan/plan-1')).toBe(true);

    await user.selectOptions(control('Group'), 'group-2');
    await user.selectOptions(control('State'), 'owed');
    fireEvent.change(input('Due from'), { target: { value: '2026-01' } });
    await waitFor(() => expect(lastListQuery(calls)).toEqual({ planId: 'plan-1', groupId: 'group-2', state: 'owed', dueFrom: '2026-01', dueTo: karachiMonth() }));

    // Another plan: its groups are others, so the group is chosen again.
    await user.selectOptions(control('Plan'), 'plan-2');
    await waitFor(() => expect(lastListQuery(calls)).toEqual({ planId: 'plan-2', state: 'owed', dueFrom: '2026-01', dueTo: karachiMonth() }));
    expect(control('Group').value).toBe('');
    await waitFor(() => expect(within(control('Group')).getAllByRole('option').map((option) => option.textContent)).toEqual(['All groups', 'Group B1']));
  });

  it('keeps the due months in order: a start after the end moves the end too', async () => {
    const calls = serve([ayesha]);
    renderRoute('/admin/payments?tab=bulk', admin);
    await screen.findByRole('checkbox', { name: /Ayesha Khan/ });
    fireEvent.change(input('Due to'), { target: { value: '2026-03' } });
    fireEvent.change(input('Due from'), { target: { value: '2026-05' } });
    await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ dueFrom: '2026-05', dueTo: '2026-05' }));
    expect(input('Due to').value).toBe('2026-05');
  });

  it('leaves the state and due months aside for plan purchases, which have neither', async () => {
    const calls = serve([ayesha]);
    const user = userEvent.setup();
    renderRoute('/admin/payments?tab=all', admin);
    await screen.findByText('Ayesha Khan');
    await user.selectOptions(control('Type'), 'subscription');
    await waitFor(() => expect(lastListQuery(calls)).toEqual({ type: 'SUBSCRIPTION' }));
    expect(control('State').disabled).toBe(true);
    expect(input('Due to').disabled).toBe(true);
    expect(screen.getByText('Plan purchases have no state or due month: those filters are left aside.')).toBeTruthy();
  });

  it('goes back to what each tab opens with on Clear filters', async () => {
    // Ayesha's receipt under review is what the tabs open with; Usman's month, what the filters find.
    const opening = (query: URLSearchParams) => {
      const { page: _page, limit: _limit, ...rest } = Object.fromEntries(query);
      return JSON.stringify(rest) === JSON.stringify({ type: 'INSTALMENT', state: 'under-review' }) || JSON.stringify(rest) === JSON.stringify({ dueTo: karachiMonth() });
    };
    const calls = serve([], (query) => (opening(query) ? [ayesha] : [usman]));
    const user = userEvent.setup();
    renderRoute('/admin/payments?tab=bulk', admin);
    await screen.findByRole('checkbox', { name: /Ayesha Khan/ });

    await user.selectOptions(control('Plan'), 'plan-1');
    await waitFor(() => expect(within(control('Group')).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(control('Group'), 'group-1');
    await user.selectOptions(control('State'), 'paid');
    fireEvent.change(input('Due to'), { target: { value: '2026-02' } });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'usman{Enter}');
    await waitFor(() => expect(lastListQuery(calls)).toEqual({ type: 'INSTALMENT', planId: 'plan-1', groupId: 'group-1', state: 'paid', dueTo: '2026-02', search: 'usman' }));

    await screen.findByRole('checkbox', { name: /Usman Ali/ });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    // The list of the opening filters again (read before, so possibly from the cache).
    await screen.findByRole('checkbox', { name: /Ayesha Khan/ });
    expect(screen.queryByRole('checkbox', { name: /Usman Ali/ })).toBeNull();
    expect(control('Plan').value).toBe('');
    expect(control('Group').disabled).toBe(true);
    expect(control('State').value).toBe('under-review');
    expect(input('Due to').value).toBe('');
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');

    // All Payments has its own: the months due so far.
    await user.click(screen.getByRole('tab', { name: 'All Payments' }));
    await user.selectOptions(control('State'), 'scheduled');
    fireEvent.change(input('Due to'), { target: { value: '' } });
    await waitFor(() => expect(lastListQuery(calls)).toEqual({ state: 'scheduled' }));
    await screen.findByText('Usman Ali');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByText('Ayesha Khan');
    expect(screen.queryByText('Usman Ali')).toBeNull();
    expect(control('State').value).toBe('all');
    expect(input('Due to').value).toBe(karachiMonth());
    expect(calls.filter((call) => call.path === '/api/payments').map((call) => call.search.get('dueTo'))).toContain(karachiMonth());
  });

  it("keeps to one member when a link names them, shows whom, and lets the filter go", async () => {
    const calls = serve([usman]);
    const user = userEvent.setup();
    const { router } = renderRoute('/admin/payments?tab=all&userId=user-2&state=owed', admin);
    await screen.findByText('usman@example.com');

    expect(lastListQuery(calls)).toEqual({ userId: 'user-2', state: 'owed', dueTo: karachiMonth() });
    expect(control('State').value).toBe('owed');
    expect(screen.getByText('Member: Usman Ali')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove the filter Member: Usman Ali' }));
    await waitFor(() => expect(lastListQuery(calls)).toEqual({ state: 'owed', dueTo: karachiMonth() }));
    expect(screen.queryByText('Member: Usman Ali')).toBeNull();
    // The link's filters leave the address once the admin changes one: a reload keeps to theirs.
    expect(router.state.location.search).toBe('?tab=all');
  });

  it('exports what the list shows: the CSV link carries the same filters', async () => {
    const calls = serve([ayesha]);
    const user = userEvent.setup();
    renderRoute('/admin/payments?tab=all', admin);
    await screen.findByText('Ayesha Khan');
    await user.selectOptions(control('Plan'), 'plan-1');
    await waitFor(() => expect(within(control('Group')).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(control('Group'), 'group-1');
    await user.selectOptions(control('State'), 'overdue');
    await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ state: 'overdue', groupId: 'group-1' }));

    await user.click(screen.getByRole('button', { name: 'Download CSV of payments' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/admin/exports/payments.csv')).toBe(true));
    const exported = calls.find((call) => call.path === '/api/admin/exports/payments.csv')!;
    expect(Object.fromEntries(exported.search)).toEqual(lastListQuery(calls));
  });
});
