import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, stubGetRequests } from '../../../test/api-stub.ts';
import type { SeriesMonth } from './api.ts';
import { DashboardCharts } from './dashboard-charts.tsx';
import { renderWithAdmin } from './test-support.tsx';

afterEach(() => vi.restoreAllMocks());

/** Twelve months, April 2025 to March 2026, each with its own figures. */
const months: SeriesMonth[] = Array.from({ length: 12 }, (_, index) => {
  const month = ((3 + index) % 12) + 1;
  return { year: index < 9 ? 2025 : 2026, month, due: 100_000 + index * 25_000, collected: 90_000 + index * 20_000, paidOut: index % 3 === 0 ? 300_000 : 0, joined: index + 2 };
});
const answer = ok({ data: { months } });

/** The table's body rows: the month, then each figure. */
const tableRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)]);

const pkr = (n: number) => `PKR ${n.toLocaleString('en-US')}`;

describe('Dashboard charts on /admin', () => {
  it('asks for the last 12 months and charts collected against due, with the same numbers in its table', async () => {
    const { reads, refused } = stubGetRequests({ '/api/admin/dashboard/series': answer });
    const user = userEvent.setup();
    renderWithAdmin(<DashboardCharts />);

    const chart = await screen.findByRole('region', { name: 'Collected against due, last 12 months' });
    expect(within(chart).getByRole('img', { name: /^Bar chart of Due and Collected by month, from April 2025 to March 2026/ })).toBeTruthy();
    expect(within(chart).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Due', 'Collected']);
    expect(reads.map((call) => call.search.get('months'))).toEqual(['12']);
    expect(refused).toEqual([]);

    await user.click(within(chart).getByRole('button', { name: 'Show as table' }));
    const table = within(chart).getByRole('table', { name: 'Collected against due, last 12 months' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Month', 'Due', 'Collected']);
    const rows = tableRows(table);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual(['April 2025', pkr(100_000), pkr(90_000)]);
    expect(rows[11]).toEqual(['March 2026', pkr(375_000), pkr(310_000)]);
  });

  it('charts the members joining each month, its table toggled from the keyboard', async () => {
    stubGetRequests({ '/api/admin/dashboard/series': answer });
    const user = userEvent.setup();
    renderWithAdmin(<DashboardCharts />);

    const chart = await screen.findByRole('region', { name: 'Members joining per month' });
    const toggle = within(chart).getByRole('button', { name: 'Show as table' });
    toggle.focus();
    await user.keyboard('{Enter}');
    // The same button, now offering the chart back.
    expect(toggle.textContent).toBe('Show as chart');
    const rows = tableRows(within(chart).getByRole('table', { name: 'Members joining per month' }));
    expect(rows.map((row) => row[1])).toEqual(months.map((month) => String(month.joined)));
    expect(rows[5][0]).toBe('September 2025');

    await user.keyboard(' ');
    expect(toggle.textContent).toBe('Show as table');
    expect(within(chart).queryByRole('table')).toBeNull();
    expect(within(chart).getByRole('img')).toBeTruthy();
  });

  it('shows that the months are loading, then the charts', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      await held;
      return new Response(JSON.stringify({ success: true, data: { months } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    renderWithAdmin(<DashboardCharts />);
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByText('Loading the monthly figures...')).toBeTruthy();
    release();
    expect(await screen.findByRole('region', { name: 'Members joining per month' })).toBeTruthy();
    expect(screen.queryByText('Loading the monthly figures...')).toBeNull();
  });

  it('says when the months cannot be loaded, and tries again on Retry', async () => {
    let calls = 0;
    stubGetRequests({ '/api/admin/dashboard/series': () => (++calls === 1 ? fail(403, 'Access denied.') : answer) });
    const user = userEvent.setup();
    renderWithAdmin(<DashboardCharts />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The monthly figures could not be loaded.');
    expect(screen.queryByRole('region', { name: 'Collected against due, last 12 months' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Collected against due, last 12 months' })).toBeTruthy();
    expect(calls).toBe(2);
  });
});
