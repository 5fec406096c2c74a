/**
 * The operator's charts, each with its table view: on the dashboard, collected against due and members
 * joining per month over the last 12 months (GET /api/admin/dashboard/series); in a group's details,
 * its collection per month (GET /api/admin/groups/{id}/ledger). On a phone (360px) and a desktop (1440px)
 * the admin sees each chart drawn (an SVG with bars), switches it to its table and back, and reads in the
 * table the same numbers the server answers; axe finds nothing serious in the charts either way.
 *
 * The data (a plan whose group started three months ago, a member who bought it and joined the group) is
 * made through the API: the first month is collected, the months after it are owed.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { memberThroughApi, subscribe } from './support/accessibility-seed.ts';
import { karachiPeriod } from './support/instalments.ts';
import { DURATION, GROUP_NUMBER, MONTHLY, adminApi, approveIntoGroup, createGroup, createPlan, firstOf, isoDate, pkr } from './support/owed.ts';
import { newBankAccount, newPlan, signInAsAdmin, type PlanInput } from './support/plans.ts';

type SeriesMonth = { year: number; month: number; due: number; collected: number; paidOut: number; joined: number };
type LedgerMonth = { year: number; month: number; due: number; collected: number; scheduled: boolean };

/** "March 2026", written out here rather than taken from the app. */
const monthName = ({ year, month }: { year: number; month: number }) =>
  new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The rows of a chart's table: the month, then each figure. */
async function tableRows(table: Locator): Promise<string[][]> {
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())));
}

/** Checks the chart drawn with bars, switches to its table, checks the rows, and switches back. */
async function checkChart(page: Page, chart: Locator, name: string, expected: string[][], headers: string[]): Promise<void> {
  await expect(chart).toBeVisible();
  const drawing = chart.getByRole('img', { name: /^Bar chart of / });
  await expect(drawing).toHaveAccessibleName(/^Bar chart of .+ by month, from .+ to .+\. The figures are in the table view\.$/);
  await expect(drawing.locator('svg.recharts-surface')).toBeVisible();
  await expect(drawing.locator('.recharts-bar-rectangle path').first()).toBeVisible();
  await checkAxe(page, `${name}, drawn`);

  await chart.getByRole('button', { name: 'Show as table' }).click();
  // Open, the button offers the chart back.
  const toggle = chart.getByRole('button', { name: 'Show as chart' });
  await expect(toggle).toBeVisible();
  const table = chart.getByRole('table', { name });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['Month', ...headers]);
  expect(await tableRows(table)).toEqual(expected);
  await expect(drawing).toHaveCount(0);
  await checkAxe(page, `${name}, as a table`);

  // The keyboard switches it back.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(chart.getByRole('button', { name: 'Show as table' })).toBeFocused();
  await expect(table).toHaveCount(0);
  await expect(chart.locator('.recharts-bar-rectangle path').first()).toBeVisible();
}

/** No serious or critical WCAG 2.1 AA finding inside the charts. */
async function checkAxe(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include('[data-month-chart]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), where).toEqual([]);
}

const widths = [
  { name: 'phone', viewport: { width: 360, height: 800 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

for (const { name, viewport } of widths) {
  test.describe(`the admin's charts on a ${name}`, () => {
    test.use({ viewport });

    test('the dashboard charts collected against due and members joining, and a group its collection per month, each with its table', async ({ page, request }) => {
      test.setTimeout(120_000);
      const admin = await adminApi(request);
      const { plan, groupId } = await test.step('a group that started three months ago, and a member who joined it', async () => {
        const plan: PlanInput = { ...newPlan(`charts-${name}`), maxMembers: 5, duration: DURATION, monthlyAmount: MONTHLY };
        const planId = await createPlan(admin, plan);
        const account = await admin.post<{ data: { bankAccount: { id: string } } }>('/api/bank-accounts', { ...newBankAccount(`charts-${name}`), isActive: true });
        const groupId = await createGroup(admin, plan, planId, isoDate(firstOf(karachiPeriod(-3))));
        const { token } = await memberThroughApi(request, `charts-${name}`);
        await subscribe(request, token, planId, account.data.bankAccount.id);
        await approveIntoGroup(admin, planId, groupId);
        return { plan, groupId };
      });

      await signInAsAdmin(page);

      await test.step('dashboard: collected against due, last 12 months', async () => {
        const series = (await admin.get<{ data: { months: SeriesMonth[] } }>('/api/admin/dashboard/series?months=12')).data.months;
        expect(series).toHaveLength(12);
        const chart = page.getByRole('region', { name: 'Collected against due, last 12 months' });
        await chart.scrollIntoViewIfNeeded();
        await checkChart(
          page,
          chart,
          'Collected against due, last 12 months',
          series.map((month) => [monthName(month), pkr(month.due), pkr(month.collected)]),
          ['Due', 'Collected'],
        );
      });

      await test.step('dashboard: members joining per month', async () => {
        const series = (await admin.get<{ data: { months: SeriesMonth[] } }>('/api/admin/dashboard/series?months=12')).data.months;
        // The member just joined: this month counts them.
        expect(series.at(-1)!.joined).toBeGreaterThan(0);
        const chart = page.getByRole('region', { name: 'Members joining per month' });
        await chart.scrollIntoViewIfNeeded();
        await checkChart(page, chart, 'Members joining per month', series.map((month) => [monthName(month), month.joined.toLocaleString('en-US')]), ['Members joined']);
      });

      await test.step("the group's details: collection per month", async () => {
        const ledger = (await admin.get<{ data: { months: LedgerMonth[] } }>(`/api/admin/groups/${groupId}/ledger`)).data.months.filter((month) => !month.scheduled);
        // The month the purchase settled, and the owed months after it up to this one.
        expect(ledger).toHaveLength(4);
        expect(ledger[0].collected).toBe(MONTHLY);

        const card = page.getByRole('article', { name: `${plan.name} - Group ${GROUP_NUMBER}`, exact: true });
        await card.scrollIntoViewIfNeeded();
        await card.getByRole('button', { name: 'View', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Group Details' });
        await expect(dialog).toBeVisible();
        await dialog.getByRole('tab', { name: 'Statistics' }).click();
        const chart = dialog.getByRole('region', { name: 'Collection per month' });
        await chart.scrollIntoViewIfNeeded();
        await checkChart(page, chart, 'Collection per month', ledger.map((month) => [monthName(month), pkr(month.due), pkr(month.collected)]), ['Due', 'Collected']);
        // The drawing fits the dialog: no sideways scrolling on a phone.
        const [chartBox, dialogBox] = await Promise.all([chart.boundingBox(), dialog.boundingBox()]);
        expect(chartBox!.x + chartBox!.width).toBeLessThanOrEqual(dialogBox!.x + dialogBox!.width + 1);
      });
    });
  });
}
