import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, stubGetRequests } from '../../test/api-stub.ts';
import { DashboardOverview, overviewAlerts } from './dashboard-overview.tsx';
import { makeOverview, renderWithAdmin } from './test-support.tsx';

afterEach(() => vi.restoreAllMocks());

const answer = (overview = makeOverview()) => {
  const generatedAt = '2026-03-12T10:15:30.000Z';
  return ok({ overview, generatedAt, data: { overview, generatedAt } });
};

describe('overviewAlerts', () => {
  it('lists only the figures above 0, in order', () => {
    expect(overviewAlerts({ blockedUsers: 0, pausedCommittees: 0, overduePayments: 0 })).toEqual([]);
    expect(overviewAlerts({ blockedUsers: 2, pausedCommittees: 0, overduePayments: 5 })).toEqual([
      { key: 'blockedUsers', count: 2 },
      { key: 'overduePayments', count: 5 },
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
    expect(within(overview).getByText('35 pending')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Alerts' })).toBeNull();
    expect(refused).toEqual([]);
  });

  it('shows the Alerts card with each figure above 0, and only those', async () => {
    stubGetRequests({ '/api/admin/dashboard/overview': answer(makeOverview({ blockedUsers: 1, pausedCommittees: 0, overduePayments: 7 })) });
    renderWithAdmin(<DashboardOverview />);

    const alerts = await screen.findByRole('region', { name: 'Alerts' });
    expect(within(alerts).getByText('1 user is blocked')).toBeTruthy();
    expect(within(alerts).getByText('7 payments are overdue')).toBeTruthy();
    expect(within(alerts).queryByText(/paused/)).toBeNull();
    expect(within(alerts).getByRole('link', { name: 'Review blocked users' }).getAttribute('href')).toBe('/admin/users?status=BLOCKED');
  });

  it('says when the figures cannot be loaded, and tries again on Retry', async () => {
    let calls = 0;
    stubGetRequests({ '/api/admin/dashboard/overview': () => (++calls === 1 ? fail(403, 'Access denied.') : answer()) });
    const user = userEvent.setup();
    renderWithAdmin(<DashboardOverview />);

    const failure = await screen.findByRole('alert');
    expect(within(failure).getByRole('heading', { name: 'Unable to Load Dashboard Data' })).toBeTruthy();
    expect(within(failure).queryByText(/port 5000/)).toBeNull();
    expect(screen.queryByText('System Online')).toBeNull();

    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('System Online')).toBeTruthy();
  });
});
