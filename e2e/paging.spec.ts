/**
 * Paged lists, for the administrator, on a phone and on a desktop: User Management runs to a second page
 * (Next, then Previous), and a group's Payments tab shows its first 50 instalments, then the rest with
 * 'Show More'. The members, plan and group are made through the API; everything checked is read from the pages.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { karachiPeriod } from './support/instalments.ts';
import { adminApi } from './support/owed.ts';
import { groupWithMembers, registerMembers } from './support/paging-seed.ts';
import { escapeRegExp, signInAsAdmin } from './support/plans.ts';
import { searchUsers } from './support/users.ts';

const widths = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

/** Opens an entry of the admin navigation: the sidebar on a desktop, the drawer on a phone. */
async function openAdminNav(page: Page, entry: string, path: RegExp, heading: string): Promise<void> {
  // Below the lg breakpoint (1024px) the sidebar is a drawer behind the menu button.
  if ((page.viewportSize()?.width ?? 0) < 1024) await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: entry, exact: true }).click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** 'Feb 2027', as the group's Payments tab names a month. */
function shortMonth(month: number, year: number): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, 1));
}

for (const { name, viewport } of widths) {
  test.describe(`paged lists, for the admin, on a ${name}`, () => {
    test.use({ viewport });

    test('User Management: Next shows the second page of the search, Previous the first again', async ({ page, request }) => {
      test.setTimeout(120_000);
      const admin = await adminApi(request);
      const label = 'Pager';
      const { stamp, members } = await registerMembers(request, admin, label, 25);
      const names = members.map((member) => member.name);
      const namePattern = new RegExp(`^${escapeRegExp(`${label} ${stamp}`)} \\d{2}$`);

      // A table from 1280px up, cards below.
      const list: Locator = viewport.width >= 1280 ? page.getByRole('table', { name: 'Users' }) : page.getByRole('list', { name: 'Users' });
      const entries = viewport.width >= 1280 ? list.getByRole('row').filter({ hasText: stamp }) : list.getByRole('article').filter({ hasText: stamp });
      const shownNames = async () => (await list.getByText(namePattern).allTextContents()).map((text) => text.trim());
      const pager = page.getByRole('navigation', { name: 'User pages' });

      await signInAsAdmin(page);
      await openAdminNav(page, 'User Management', /\/admin\/users$/, 'User Management');
      // The list follows the search box after a short pause: wait for the search's own answer.
      const searched = page.waitForResponse((response) => {
        const url = new URL(response.url());
        return url.pathname === '/api/admin/users' && url.searchParams.get('search') === stamp;
      });
      await searchUsers(page, stamp);
      await searched;

      let firstPage: string[] = [];
      await test.step('page 1 of 2: the 20 newest of the 25 members', async () => {
        await expect(page.getByText('Showing 1–20 of 25', { exact: true })).toBeVisible();
        await expect(pager.getByText('Page 1 of 2', { exact: true })).toBeVisible();
        await expect(entries).toHaveCount(20);
        await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
        firstPage = await shownNames();
        expect(firstPage).toHaveLength(20);
        expect([...firstPage].sort()).toEqual(names.slice(5).sort());
      });

      await test.step('Next: page 2 of 2 shows the other five', async () => {
        await pager.getByRole('button', { name: 'Next' }).click();
        await expect(pager.getByText('Page 2 of 2', { exact: true })).toBeVisible();
        await expect(page.getByText('Showing 21–25 of 25', { exact: true })).toBeVisible();
        await expect(entries).toHaveCount(5);
        await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
        const secondPage = await shownNames();
        // The five registered first, none of them on page 1.
        expect([...secondPage].sort()).toEqual(names.slice(0, 5));
        expect(secondPage.filter((shown) => firstPage.includes(shown))).toEqual([]);
      });

      await test.step('Previous: back to page 1 of 2 and its 20 members', async () => {
        await pager.getByRole('button', { name: 'Previous' }).click();
        await expect(pager.getByText('Page 1 of 2', { exact: true })).toBeVisible();
        await expect(page.getByText('Showing 1–20 of 25', { exact: true })).toBeVisible();
        await expect(entries).toHaveCount(20);
        expect(await shownNames()).toEqual(firstPage);
      });
    });

    test("Group Details: the Payments tab shows 50 of the group's 60 instalments, and Show More the other 10", async ({ page, request }) => {
      test.setTimeout(120_000);
      const admin = await adminApi(request);
      const { members } = await registerMembers(request, admin, 'Group Pager', 5);
      // Five members of a 12-month plan: 60 instalments, month by month.
      const { plan, groupTitle } = await groupWithMembers(admin, `paging-${name}`, members, 12);
      const lastMonths = [karachiPeriod(10), karachiPeriod(11)].map((period) => shortMonth(period.month, period.year));

      await signInAsAdmin(page);
      await page.getByRole('searchbox', { name: 'Search groups' }).fill(plan.name);
      const card = page.getByRole('article', { name: groupTitle, exact: true });
      await card.getByRole('button', { name: 'View', exact: true }).click();

      const dialog = page.getByRole('dialog', { name: 'Group Details' });
      await expect(dialog).toBeVisible();
      const paymentsTab = dialog.getByRole('tab', { name: 'Payments', exact: true });
      await paymentsTab.click();
      await expect(paymentsTab).toHaveAttribute('aria-selected', 'true');
      const panel = dialog.getByRole('tabpanel', { name: 'Payments' });
      const rows = panel.getByRole('listitem');
      const rowsOf = (month: string) => rows.filter({ hasText: `${month} · ` });
      const showMore = panel.getByRole('button', { name: 'Show More', exact: true });

      await test.step('the first 50: months 1 to 10, none of the last two months', async () => {
        await expect(rows).toHaveCount(50);
        await expect(panel.getByText('Showing 50 of 60 payments', { exact: true })).toBeVisible();
        for (const month of lastMonths) await expect(rowsOf(month)).toHaveCount(0);
      });

      await test.step('Show More: all 60, the last two months for each of the five members', async () => {
        await showMore.click();
        await expect(rows).toHaveCount(60);
        await expect(panel.getByText('Showing 60 of 60 payments', { exact: true })).toBeVisible();
        for (const month of lastMonths) {
          await expect(rowsOf(month)).toHaveCount(5);
          for (const member of members) await expect(rowsOf(month).filter({ hasText: member.name })).toHaveCount(1);
        }
        // Nothing more to show.
        await expect(showMore).toHaveCount(0);
      });
    });
  });
}
