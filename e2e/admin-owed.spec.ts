/**
 * Who owes what, for the administrator (RULES §6a). A group that started on the first of the month three
 * months ago; a member joins it now: the first month is settled by the plan purchase, the two months after
 * it and this month are owed (this month is due on its 1st), the two after that are scheduled. A month is
 * overdue once its 1st plus the grace days (grace day 10: 9 days) is behind today.
 *
 * The admin, on a phone and on a desktop, opens the users table, the member's ledger (each month's state
 * in words, the owed and overdue figures), the group's arrears grid (each cell named in full, the month
 * totals) and the dashboard, whose pending and overdue figures grow by exactly what the ledger and the
 * grid show.
 *
 * The setup (plan, bank account, group, approval) goes through the API; the member buys the plan through
 * the pages, in a browser of their own; everything the admin checks is read from the pages.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { karachiPeriod, type Period } from './support/instalments.ts';
import { DAY_MS, DURATION, GRACE_DAY, GROUP_NUMBER, MONTHLY, adminApi, approveIntoGroup, firstOf, instalments, isoDate, karachiToday, pkr, planWithOldGroup, type AdminApi } from './support/owed.ts';
import { escapeRegExp, signInAsAdmin, subscribeThroughUi } from './support/plans.ts';
import { memberInOwnBrowser, openLedgerFromUsers, searchUsers } from './support/users.ts';

type State = 'Paid' | 'Owed' | 'Overdue' | 'Scheduled';

/** What the admin should see, worked out from today's date alone. */
function expectations(now = new Date()) {
  const today = karachiToday(now);
  // The cycle: offsets −3 (paid by the purchase), −2, −1, 0 (owed), +1, +2 (scheduled).
  const months = Array.from({ length: DURATION }, (_, index) => karachiPeriod(index - 3, now));
  // Overdue once the 1st + (grace − 1) days is before today.
  const isOverdue = (period: Period) => firstOf(period).getTime() + (GRACE_DAY - 1) * DAY_MS < today.getTime();
  const states: State[] = months.map((period, index) => (index === 0 ? 'Paid' : index <= 3 ? (isOverdue(period) ? 'Overdue' : 'Owed') : 'Scheduled'));
  const count = (state: State) => states.filter((s) => s === state).length;
  const owed = count('Owed') + count('Overdue');
  const overdue = count('Overdue');
  return { start: isoDate(firstOf(months[0])), months, states, owed, overdue, paid: count('Paid'), scheduled: count('Scheduled') };
}


interface OverviewFigures {
  pendingPayments: number;
  owedPayments: number;
  overduePayments: number;
  overdueMembers: number;
}

async function overviewFigures(admin: AdminApi): Promise<OverviewFigures> {
  const body = await admin.get<{ overview: OverviewFigures }>('/api/admin/dashboard/overview');
  return body.overview;
}

/** Opens an entry of the admin navigation: the sidebar on a desktop, the drawer on a phone. */
async function openAdminNav(page: Page, entry: string, path: RegExp, heading: string): Promise<void> {
  // Below the lg breakpoint (1024px) the sidebar is a drawer behind the menu button.
  if ((page.viewportSize()?.width ?? 0) < 1024) await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: entry, exact: true }).click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** The values of a figure in a description list: the <dd>s after its <dt>. */
function figureValue(scope: Locator, term: string, index = 0): Locator {
  return scope.locator('dt', { hasText: new RegExp(`^${escapeRegExp(term)}$`) }).locator(`xpath=following-sibling::dd[${index + 1}]`);
}

const widths = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

for (const { name, viewport } of widths) {
  test.describe(`who owes what, for the admin, on a ${name}`, () => {
    test.use({ viewport });

    test("the ledger and the arrears grid show the owed and overdue months, and the dashboard's figures agree", async ({ page, request, browser }) => {
      test.setTimeout(180_000);
      const expected = expectations();
      const admin = await adminApi(request);
      const { plan, planId, account, groupId } = await planWithOldGroup(admin, `admin-owed-${name}`, expected.start);
      const groupTitle = `${plan.name} - Group ${GROUP_NUMBER}`;

      const memberBrowser = await memberInOwnBrowser(browser, `admin-owed-${name}`);
      const member = memberBrowser.member;
      const before = await test.step('the member buys the plan with a receipt; the admin approves it into the old group', async () => {
        try {
          await subscribeThroughUi(memberBrowser.page, plan.name, account);
        } finally {
          await memberBrowser.close();
        }
        // The dashboard's figures just before: the member adds exactly what the ledger shows.
        const figures = await overviewFigures(admin);
        await approveIntoGroup(admin, planId, groupId);
        return figures;
      });

      await signInAsAdmin(page);

      const seen = await test.step("users table → the member's ledger: every month's state in words, and the figures", async () => {
        await openAdminNav(page, 'User Management', /\/admin\/users$/, 'User Management');
        await searchUsers(page, member.email);
        // The table's Ledger link on a desktop; the card's Actions menu on a phone.
        await openLedgerFromUsers(page, member.name);
        await expect(page).toHaveURL(new RegExp(`/admin/users/[^/]+/ledger$`));

        const overall = page.getByRole('region', { name: 'Overall figures' });
        await expect(figureValue(overall, 'Owed')).toHaveText(pkr(expected.owed * MONTHLY));
        await expect(figureValue(overall, 'Owed', 1)).toHaveText(instalments(expected.owed));
        await expect(figureValue(overall, 'Overdue')).toHaveText(pkr(expected.overdue * MONTHLY));
        await expect(figureValue(overall, 'Overdue', 1)).toHaveText(instalments(expected.overdue));
        await expect(figureValue(overall, 'Under review', 1)).toHaveText(instalments(0));
        await expect(figureValue(overall, 'Paid', 1)).toHaveText(instalments(expected.paid));
        await expect(figureValue(overall, 'Remaining (scheduled)', 1)).toHaveText(instalments(expected.scheduled));

        const group = page.getByRole('region', { name: groupTitle, exact: true });
        await expect(group).toBeVisible();
        for (const [index, period] of expected.months.entries()) {
          // A card per month on a phone, a row per month on a desktop: either way named by the month.
          const entry =
            name === 'phone'
              ? group.getByRole('article', { name: period.label, exact: true })
              : group.getByRole('row').filter({ has: page.getByRole('rowheader', { name: period.label, exact: true }) });
          await expect(entry).toBeVisible();
          await expect(entry.getByText(expected.states[index], { exact: true })).toBeVisible();
          await expect(entry.getByText(pkr(MONTHLY), { exact: true })).toBeVisible();
        }
        // What the ledger says the member owes now, read from the page.
        const owedText = (await figureValue(overall, 'Owed', 1).textContent()) ?? '';
        const overdueText = (await figureValue(overall, 'Overdue', 1).textContent()) ?? '';
        return { owed: Number.parseInt(owedText, 10), overdue: Number.parseInt(overdueText, 10) };
      });
      expect(seen).toEqual({ owed: expected.owed, overdue: expected.overdue });

      await test.step("the group's arrears grid: the member's cells named in full, and the month totals", async () => {
        await openAdminNav(page, 'Dashboard', /\/admin$/, 'Dashboard');
        await page.getByRole('searchbox', { name: 'Search groups' }).fill(plan.name);
        const card = page.getByRole('article', { name: groupTitle, exact: true });
        // The grid asks for its first page of members.
        const answered = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/admin/groups/${groupId}/arrears`);
        await card.getByRole('link', { name: `Arrears of ${groupTitle}`, exact: true }).click();
        const answer = await answered;
        expect(new URL(answer.url()).searchParams.get('page')).toBe('1');
        const body = (await answer.json()) as { data: { pagination: unknown; months: unknown[]; members: { cells: unknown[] }[] } };
        expect(body.data.pagination).toEqual({ page: 1, limit: 25, total: 1, pages: 1, exact: true });
        expect(body.data.members).toHaveLength(1);
        expect(body.data.members[0].cells).toHaveLength(body.data.months.length);
        await expect(page).toHaveURL(new RegExp(`/admin/groups/${groupId}/arrears$`));
        await expect(page.getByRole('heading', { level: 1, name: `Arrears: ${groupTitle}` })).toBeVisible();

        const grid = page.getByRole('table', { name: `Arrears of ${groupTitle}: members down, months across` });
        await expect(grid).toBeVisible();
        for (const [index, period] of expected.months.entries()) {
          const cell = grid.getByRole('cell', { name: `${member.name}, ${period.label}: ${expected.states[index]}`, exact: true });
          await expect(cell).toHaveCount(1);
        }
        // The member's row: the name in the first column leads back to the ledger.
        await expect(grid.getByRole('rowheader').getByRole('link', { name: member.name, exact: true })).toHaveAttribute('href', /\/admin\/users\/[^/]+\/ledger$/);
        // One member, one page: no pager.
        await expect(page.getByRole('navigation', { name: 'Pages of members' })).toHaveCount(0);

        // Month totals (the member is the group's only one): due so far, collected, owed.
        const due = expected.months.map((_, index) => (index <= 3 ? MONTHLY : 0));
        const collected = expected.states.map((state) => (state === 'Paid' ? MONTHLY : 0));
        const owed = expected.states.map((state) => (state === 'Owed' || state === 'Overdue' ? MONTHLY : 0));
        const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
        for (const [label, values] of [
          ['Due so far', due],
          ['Collected', collected],
          ['Owed', owed],
        ] as const) {
          const row = grid.locator('tfoot tr').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
          await expect(row.getByRole('cell')).toHaveText([...values.map(pkr), `Group: ${pkr(sum(values))}`]);
        }

        // On a phone the grid scrolls sideways inside its frame, the page itself does not.
        if (name === 'phone') {
          const frame = page.getByRole('region', { name: `Arrears of ${groupTitle}: members down, months across` });
          const scroll = await frame.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
          expect(scroll.scrollWidth).toBeGreaterThan(scroll.clientWidth);
          const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(pageWidth).toBeLessThanOrEqual(viewport.width);
        }
      });

      await test.step("the dashboard's pending and overdue figures grew by what the ledger and the grid show", async () => {
        await page.getByRole('link', { name: 'Back to Dashboard' }).click();
        await expect(page).toHaveURL(/\/admin$/);
        const figures = page.getByRole('region', { name: 'Instalments', exact: true });
        // No receipt waits: pending = owed (RULES §6a: under review + owed).
        await expect(figureValue(figures, 'Pending payments')).toHaveText(String(before.pendingPayments + seen.owed));
        await expect(figureValue(figures, 'Owed')).toHaveText(String(before.owedPayments + seen.owed));
        await expect(figureValue(figures, 'Overdue')).toHaveText(String(before.overduePayments + seen.overdue));
        await expect(figureValue(figures, 'Members overdue')).toHaveText(String(before.overdueMembers + (seen.overdue > 0 ? 1 : 0)));

        const overdueNow = before.overduePayments + seen.overdue;
        const alerts = page.getByRole('region', { name: 'Alerts' });
        if (overdueNow > 0) {
          await expect(alerts.getByText(`${overdueNow} ${overdueNow === 1 ? 'instalment is' : 'instalments are'} overdue (owed after the grace day)`)).toBeVisible();
          await expect(alerts.getByRole('link', { name: 'See defaulters' })).toHaveAttribute('href', '/admin/payments?tab=reports&report=defaulters');
        }
      });
    });
  });
}
