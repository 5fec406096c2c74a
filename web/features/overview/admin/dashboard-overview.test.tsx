import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, stubGetRequests } from '../../../test/api-stub.ts';
import { DashboardOverview, overviewAlerts } from './dashboard-overview.tsx';
import { makeFigures } from '../../../test/figure-fixtures.ts';
import { makeOverview, renderWithAdmin } from './test-support.tsx';

afterEach(() => vi.restoreAllMocks());

const answer = (overview = makeOverview()) => {
  const generatedAt = '2026-03-12T10:15:30.000Z';
  return ok({ overview, generatedAt, data: { overview, generatedAt } });
};

describe('overviewAlerts', () => {
  it('lists only the figures above 0, in order', () => {
    expect(overviewAlerts({ blockedUsers: 0, pausedCommittees: 0, overduePayments: 0, overdueMembers: 0, underReviewPayments: 0 })).toEqual([]);
    expect(overviewAlerts({ blockedUsers: 2, pausedCommittees: 0, overduePayments: 5, overdueMembers: 0, underReviewPayments: 3, pendingPlanRequests: 1, groupsWithoutWinner: 4, unpaidCommissionMonths: 2 })).toEqual([
      // The day's work first: what waits for review, then what is overdue, then draws and payouts.
      { key: 'underReviewPayments', count: 3 },
      { key: 'pendingPlanRequests', count: 1 },
      { key: 'overduePayments', count: 5 },
      { key: 'groupsWithoutWinner', count: 4 },
      { key: 'unpaidCommissionMonths', count: 2 },
      { key: 'blockedUsers', count: 2 },
    ]);
  });
});

describe('Dashboard overview on /admin', () => {
  it('shows the banner and the System Overview, and no Alerts card when nothing needs attention', async () => {
    const { refused } = stubGetRequests({ '/api/admin/dashboard/overview': answer() });
    renderWithAdmin(<DashboardOverview />);

    expect(await screen.findByText('System Online')).toBeTruthy();
    // 10:15:30 UTC is 3:15:30 PM in Karachi.
    expect(screen.getByText(/^Last updated: 3:15:30/)).toBeTruthy();
    const overview = screen.getByRole('region', { name: 'System Overview' });
    expect(within(overview).getByText('Total Users')).toBeTruthy();
    expect(within(overview).getByText('120')).toBeTruthy();
    expect(within(overview).getByText('110 active')).toBeTruthy();
    expect(within(overview).getByText('Committee Plans')).toBeTruthy();
    expect(within(overview).getByText('14')).toBeTruthy();
    // Total payments = paid + pending (RULES §6a), as the tile says.
    expect(within(overview).getByText('865 paid + 35 pending')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Alerts' })).toBeNull();
    expect(refused).toEqual([]);
  });

  it('shows each instalment figure with the words of what it counts', async () => {
    const overview = makeOverview({
      pendingPayments: 9,
      underReviewPayments: 4,
      owedPayments: 5,
      overduePayments: 3,
      overdueMembers: 2,
      collectedAmount: 125_000,
      collectionRate: 81,
      figures: makeFigures({
        pending: { count: 9, amount: 45_000 },
        underReview: { count: 4, amount: 20_000 },
        owed: { count: 5, amount: 25_000 },
        overdue: { count: 3, amount: 15_000 },
        paid: { count: 25, amount: 125_000 },
        dueSoFar: { count: 30, amount: 150_000 },
        collected: 125_000,
        collectionRate: 81,
      }),
    });
    stubGetRequests({ '/api/admin/dashboard/overview': answer(overview) });
    renderWithAdmin(<DashboardOverview />);

    const figures = await screen.findByRole('region', { name: 'Instalments' });
    const figure = (term: string) => {
      const dt = within(figures).getByText(term, { selector: 'dt' });
      return within(dt.parentElement!).getAllByRole('definition').map((dd) => dd.textContent);
    };
    expect(figure('Pending payments')).toEqual(['9', 'Under review or owed (never future months) · PKR 45,000']);
    expect(figure('Receipts under review')).toEqual(['4', 'Waiting for an admin; not owed while they wait']);
    expect(figure('Owed')).toEqual(['5', 'Due, not paid, no receipt waiting; overdue included · PKR 25,000']);
    expect(figure('Overdue')).toEqual(['3', 'Owed after the grace day · PKR 15,000']);
    expect(figure('Members overdue')).toEqual(['2', 'Members with at least one overdue instalment']);
    expect(figure('Collected (PKR)')).toEqual(['PKR 125,000', '25 instalments paid']);
    expect(figure('Collection rate')).toEqual(['81%', 'Paid ÷ due so far (PKR 150,000 due so far)']);
  });

  it('shows the Alerts card with each figure above 0, and only those', async () => {
    stubGetRequests({ '/api/admin/dashboard/overview': answer(makeOverview({ blockedUsers: 1, pausedCommittees: 0, overduePayments: 7 })) });
    renderWithAdmin(<DashboardOverview />);

    const alerts = await screen.findByRole('region', { name: 'Alerts' });
    expect(within(alerts).getByText('1 user is blocked')).toBeTruthy();
    expect(within(alerts).getByText('7 instalments are overdue (owed after the grace day)')).toBeTruthy();
    expect(within(alerts).queryByText(/paused/)).toBeNull();
    expect(within(alerts).queryByText(/waiting for review/)).toBeNull();
    expect(within(alerts).getByRole('link', { name: 'Review blocked users' }).getAttribute('href')).toBe('/admin/users?status=BLOCKED');
  });

  it('alerts on receipts waiting for review and on members overdue, each with a link to its list', async () => {
    // Nothing else needs attention: these two alone make the card appear.
    stubGetRequests({
      '/api/admin/dashboard/overview': answer(makeOverview({ blockedUsers: 0, pausedCommittees: 0, overduePayments: 6, underReviewPayments: 4, overdueMembers: 3 })),
    });
    renderWithAdmin(<DashboardOverview />);

    const alerts = await screen.findByRole('region', { name: 'Alerts' });
    const items = within(alerts).getAllByRole('listitem');
    expect(items.map((item) => item.firstChild?.textContent)).toEqual([
      '4 receipts are waiting for review',
      '3 members have an overdue instalment',
      '6 instalments are overdue (owed after the grace day)',
    ]);
    expect(within(alerts).getByRole('link', { name: 'Review receipts' }).getAttribute('href')).toBe('/admin/payments');
    expect(within(alerts).getByRole('link', { name: 'See defaulters' }).getAttribute('href')).toBe('/admin/payments?tab=reports&report=defaulters');
    expect(within(alerts).getByRole('link', { name: 'See pending instalments' }).getAttribute('href')).toBe('/admin/payments?tab=reports&report=pending');
  });

  it('says how long the oldest receipt has waited, and alerts on plan requests, draws and unpaid commissions with links to their lists', async () => {
    stubGetRequests({
      '/api/admin/dashboard/overview': answer(makeOverview({ underReviewPayments: 2, oldestReceiptWaitingDays: 6, pendingPlanRequests: 1, groupsWithoutWinner: 3, unpaidCommissionMonths: 1 })),
    });
    renderWithAdmin(<DashboardOverview />);
    const alerts = await screen.findByRole('region', { name: 'Alerts' });
    expect(within(alerts).getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual([
      '2 receipts are waiting for review (the oldest has waited 6 days)',
      '1 plan request is waiting for review',
      '3 groups have no winner for this month yet',
      'Commissions of 1 past month are unpaid',
    ]);
    expect(within(alerts).getByRole('link', { name: 'Review requests' }).getAttribute('href')).toBe('/admin/plan-requests');
    expect(within(alerts).getByRole('link', { name: 'Draw winners' }).getAttribute('href')).toBe('/admin/winners');
    expect(within(alerts).getByRole('link', { name: 'Pay commissions' }).getAttribute('href')).toBe('/admin/payments?tab=commissions');
  });

  it('shows the Alerts card for a single receipt under review, in the singular', async () => {
    stubGetRequests({ '/api/admin/dashboard/overview': answer(makeOverview({ underReviewPayments: 1 })) });
    renderWithAdmin(<DashboardOverview />);
    const alerts = await screen.findByRole('region', { name: 'Alerts' });
    expect(within(alerts).getByText('1 receipt is waiting for review')).toBeTruthy();
  });

  it('says when the figures cannot be loaded, and tries again on Retry', async () => {
    let calls = 0;
    stubGetRequests({ '/api/admin/dashboard/overview': () => (++calls === 1 ? fail(403, 'Access denied.') : answer()) });
    const user = userEvent.setup();
    renderWithAdmin(<DashboardOverview />);

    const failure = await screen.findByRole('alert');
    expect(within(failure).getByRole('heading', { name: 'Unable to Load Dashboard Data' })).toBeTruthy();
    expect(within(failure).getByText('Failed to load data')).toBeTruthy();
    expect(within(failure).queryByText(/port 5000/)).toBeNull();
    expect(screen.queryByText('System Online')).toBeNull();

    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('System Online')).toBeTruthy();
  });
});
