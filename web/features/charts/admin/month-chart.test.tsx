import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MonthChart, monthLabel } from './month-chart.tsx';

const months = [
  { year: 2025, month: 12, due: 150_000, collected: 125_000 },
  { year: 2026, month: 1, due: 175_000, collected: 175_000 },
  { year: 2026, month: 2, due: 200_000, collected: 90_500.5 },
];

function renderChart(props: Partial<Parameters<typeof MonthChart<(typeof months)[number]>>[0]> = {}) {
  return render(
    <MonthChart
      title="Collected against due"
      unit="pkr"
      months={months}
      series={[
        { label: 'Due', tone: 'accent', value: (m) => m.due },
        { label: 'Collected', tone: 'primary', value: (m) => m.collected },
      ]}
      {...props}
    />,
  );
}

describe('monthLabel', () => {
  it('names a month as the axis shows it, and in full', () => {
    expect(monthLabel({ year: 2026, month: 3 }, 'en')).toBe('Mar 26');
    expect(monthLabel({ year: 2026, month: 3 }, 'en', 'long')).toBe('March 2026');
  });
});

describe('MonthChart', () => {
  it('shows the drawing as an image with a summary, and a legend in words', () => {
    renderChart();
    const section = screen.getByRole('region', { name: 'Collected against due' });
    expect(within(section).getByRole('img', { name: 'Bar chart of Due and Collected by month, from December 2025 to February 2026. The figures are in the table view.' })).toBeTruthy();
    const legend = within(section).getByRole('list', { name: 'Legend' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Due', 'Collected']);
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('puts a table of the same numbers in place of the drawing, by keyboard, and back', async () => {
    const user = userEvent.setup();
    renderChart();
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    await user.tab();
    expect(document.activeElement).toBe(toggle);
    await user.keyboard('{Enter}');
    // The same button, named for what it shows next.
    expect(toggle.textContent).toBe('Show as chart');
    const table = screen.getByRole('table', { name: 'Collected against due' });
    expect(toggle.getAttribute('aria-controls')).toBe(table.parentElement?.id);
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Month', 'Due', 'Collected']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)]);
    expect(rows).toEqual([
      ['December 2025', 'PKR 150,000', 'PKR 125,000'],
      ['January 2026', 'PKR 175,000', 'PKR 175,000'],
      ['February 2026', 'PKR 200,000', 'PKR 90,500.5'],
    ]);
    expect(screen.queryByRole('img')).toBeNull();

    await user.keyboard(' ');
    expect(toggle.textContent).toBe('Show as table');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('img')).toBeTruthy();
  });

  it('shows counts as whole numbers, and says so when there are no months', async () => {
    const user = userEvent.setup();
    const { unmount } = render(
      <MonthChart title="Members joining" unit="count" kind="line" months={[{ year: 2026, month: 3, joined: 1200 }]} series={[{ label: 'Joined', tone: 'primary', value: (m) => m.joined }]} />,
    );
    expect(screen.getByRole('img', { name: /^Line chart of Joined by month, from March 2026 to March 2026/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(within(screen.getByRole('table', { name: 'Members joining' })).getByRole('cell').textContent).toBe('1,200');
    unmount();

    renderChart({ months: [], emptyText: 'Nothing is due yet.' });
    expect(screen.getByText('Nothing is due yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show as table' })).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
