import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster, toast } from 'sonner';
import { createQueryClient } from '../../../test/query-client.ts';
import type { CommissionItem, ReportItem, TreeNode } from './api.ts';
import { AdminReferralsPage } from './index.ts';
import { businessDate } from './rules.ts';
import { fail, ok, screenWidth, stubGetRequests, type StubRoutes } from '../../../test/api-stub.ts';
import { makeAdminUser, userListAnswerOf } from '../../../test/user-fixtures.ts';
import { commissionHistoryAnswerOf, commissionRulesAnswerOf, referralReportAnswerOf, referralTreeAnswerOf } from './test-support.ts';

afterEach(() => {
  vi.restoreAllMocks();
  toast.dismiss();
});

const ayesha = makeAdminUser({ id: '11111111-1111-4111-8111-111111111111', name: 'Ayesha Khan', email: 'ayesha@example.com', referralCode: 'AYESHA7' });

const node = (name: string, level: number, children: TreeNode[] = []): TreeNode => ({
  id: `ref-${name}`,
  level,
  status: level === 1 ? 'ACTIVE' : 'PENDING',
  referredUser: { id: `user-${name}`, name, email: `${name.toLowerCase().replace(' ', '.')}@example.com`, referralCode: name.slice(0, 4).toUpperCase(), createdAt: '2026-01-10T10:00:00.000Z' },
  totalCommission: level === 1 ? 2500 : 0,
  commissionRate: [0.1, 0.05, 0.02][level - 1],
  commissionPayments: [],
  children,
});

const tree = [node('Usman Ali', 1, [node('Sara Malik', 2, [node('Hamza Butt', 3)])])];
const stats = { totalReferrals: 3, totalCommission: 2500, pendingCommission: 1500, paidCommission: 1000, level1Count: 1, level2Count: 1, level3Count: 1 };

const commission: CommissionItem = {
  id: 'c1',
  amount: 1250,
  uncappedAmount: 1250,
  cappedBy: null,
  status: 'PAID',
  userConfirmed: false,
  confirmedAt: null,
  userNotes: null,
  paymentMethod: 'BANK_TRANSFER',
  transactionId: null,
  paidAt: '2026-03-02T10:00:00.000Z',
  paymentDate: '2026-03-02T10:00:00.000Z',
  createdAt: '2026-02-20T10:00:00.000Z',
  committee: { name: 'Economy Umrah' },
  referral: { level: 1, commissionRate: 0.1, referredUser: { name: 'Usman Ali' } },
};

const reportItem: ReportItem = {
  id: 'r1',
  level: 1,
  status: 'ACTIVE',
  commissionRate: 0.1,
  totalCommission: 2500,
  createdAt: '2026-01-10T10:00:00.000Z',
  referrer: { name: 'Ayesha Khan', email: 'ayesha@example.com' },
  referredUser: { name: 'Usman Ali', email: 'usman@example.com' },
};
const summary = { totalReferrals: 1, totalCommission: 2500, pendingCommission: 1500, paidCommission: 1000, levelBreakdown: { level1: 1, level2: 0, level3: 0 } };

const rules = { level1Rate: 0.1, level2Rate: 0.05, level3Rate: 0.02, minimumCommission: 0, maximumCommission: 1000 };

const routes: StubRoutes = {
  '/api/referrals/commission-rules': commissionRulesAnswerOf(rules),
  '/api/admin/users': (search) => userListAnswerOf(search.get('search') ? [ayesha] : [], { limit: 8 }),
  '/api/referrals/tree': (search) => (search.get('userId') === ayesha.id ? referralTreeAnswerOf(tree, stats) : fail(404, 'Resource not found.')),
  '/api/referrals/commission-history': commissionHistoryAnswerOf([commission], 1250),
  '/api/referrals/reports': (search) =>
    search.get('export') === 'true'
      ? referralReportAnswerOf([reportItem], summary, 'Referrer,Referred user\r\nAyesha Khan,Usman Ali')
      : referralReportAnswerOf([reportItem], summary),
};

function renderPage(path: string, extra: StubRoutes = {}) {
  const stub = stubGetRequests({ ...routes, ...extra });
  const router = createMemoryRouter([{ path: '/admin/referrals', element: <AdminReferralsPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...stub, router };
}

describe('/admin/referrals', () => {
  it('has the four tabs, and keeps the open one in the address', async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/admin/referrals');
    expect(screen.getByRole('heading', { level: 1, name: 'Referral Management' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Tree View', 'Commission Tracking', 'Reports', 'Settings']);
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(router.state.location.search).toBe('?tab=settings');
    expect(await screen.findByLabelText('Level 1 rate')).toBeTruthy();
  });

  it("Tree View: finds a user by search, then shows their tree and figures", async () => {
    const user = userEvent.setup();
    const { reads } = renderPage('/admin/referrals');
    expect(screen.getByText('Choose a user')).toBeTruthy();
    await user.type(screen.getByLabelText('Find a user'), 'ayesha');
    const results = await screen.findByRole('list', { name: 'Search results' });
    await user.click(within(results).getByRole('button', { name: /Ayesha Khan/ }));

    expect(await screen.findByRole('heading', { name: 'People referred by Ayesha Khan' })).toBeTruthy();
    expect(reads.find((call) => call.path === '/api/referrals/tree')?.search.get('userId')).toBe(ayesha.id);
    expect(reads.find((call) => call.path === '/api/admin/users')?.search.get('search')).toBe('ayesha');
    // Nested: Sara under Usman, Hamza under Sara.
    const underUsman = screen.getByRole('list', { name: 'Referred by Usman Ali' });
    expect(within(underUsman).getByText('Sara Malik')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Referred by Sara Malik' })).getByText('Hamza Butt')).toBeTruthy();
    const figures = screen.getByRole('heading', { name: 'Figures for Ayesha Khan' }).closest('section')!;
    expect(within(figures).getByText('PKR 1,500')).toBeTruthy();
    expect(within(figures).getByText('Total referrals').nextElementSibling?.textContent).toBe('3');

    // Focus follows the swap between the search box and the chosen user.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose another user' }));
    await user.click(screen.getByRole('button', { name: 'Choose another user' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Find a user'));
  });

  it('Commission Tracking: lists commissions with the total, and filters on the server', async () => {
    screenWidth(1280);
    const user = userEvent.setup();
    const { reads } = renderPage('/admin/referrals?tab=tracking');
    const table = await screen.findByRole('table', { name: 'Commissions' });
    expect(within(table).getByText('Usman Ali')).toBeTruthy();
    expect(within(table).getByText('10.0%')).toBeTruthy();
    expect(screen.getByText('Total commission:').textContent).toContain('PKR 1,250');

    await user.selectOptions(screen.getByLabelText('Status'), 'PAID');
    await user.selectOptions(screen.getByLabelText('Level'), '2');
    await waitFor(() => {
      const last = reads.filter((call) => call.path === '/api/referrals/commission-history').at(-1);
      expect(last?.search.get('status')).toBe('PAID');
      expect(last?.search.get('level')).toBe('2');
    });
  });

  it('Commission Tracking: says the history could not be loaded when the answer is not in the shape the server promises', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // The commissions under one name only, without their total and page: an answer the contract does not name.
    renderPage('/admin/referrals?tab=tracking', { '/api/referrals/commission-history': ok({ commissions: [commission] }) });
    expect(await screen.findByText('Failed to load commission history')).toBeTruthy();
    expect(screen.queryByText('Usman Ali')).toBeNull();
  });

  it('Commission Tracking: says when a commission was capped at the maximum or raised to the minimum', async () => {
    const cappedMax: CommissionItem = { ...commission, id: 'c-max', amount: 1000, uncappedAmount: 1250, cappedBy: 'MAXIMUM' };
    const cappedMin: CommissionItem = { ...commission, id: 'c-min', amount: 500, uncappedAmount: 320, cappedBy: 'MINIMUM' };
    const commissions = [cappedMax, cappedMin, commission];
    for (const width of [1280, 390]) {
      screenWidth(width);
      renderPage('/admin/referrals?tab=tracking', {
        '/api/referrals/commission-history': commissionHistoryAnswerOf(commissions, 2750),
      });
      expect(await screen.findByText('Capped at the maximum of PKR 1,000 (was PKR 1,250)')).toBeTruthy();
      expect(screen.getByText('Raised to the minimum of PKR 500 (was PKR 320)')).toBeTruthy();
      // The third is not bounded (the server sent no cappedBy): no note.
      expect(screen.getAllByText(/^(Capped at|Raised to)/)).toHaveLength(2);
      cleanup();
      vi.restoreAllMocks();
    }
  });

  it('Reports: switches between table and cards, and exports a CSV named with the date', async () => {
    screenWidth(1280);
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const user = userEvent.setup();
    const { reads } = renderPage('/admin/referrals?tab=reports');

    expect(await screen.findByRole('table', { name: 'Referrals' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Cards' }));
    expect(screen.queryByRole('table', { name: 'Referrals' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cards' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByText('Usman Ali').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Export Complete')).toBeTruthy();
    expect(reads.some((call) => call.path === '/api/referrals/reports' && call.search.get('export') === 'true')).toBe(true);
    expect(clicked).toHaveLength(1);
    expect(clicked[0].download).toBe(`referral-report-${businessDate()}.csv`);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });
});
