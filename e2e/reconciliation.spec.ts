/**
 * Reconciliation by bank account (/admin/reconciliation), on a phone and on a desktop. A member buys a
 * plan paying into a new bank account and the admin approves it; the admin then reconciles that account
 * for today: the day shows the one approved payment, its list names the member and its payment
 * reference, and ticking it against the bank statement says "1 of 1 ticked" and who ticked it. The tick
 * is the server's: it stays when the page is loaded afresh, and a second admin session, in another browser, sees it
 * with the same name and time.
 *
 * The admin's setup (plan, bank account, group, approval) goes through the API; the member's purchase and
 * the admin's reconciling through the pages.
 */
import { expect, test, type Page } from '@playwright/test';
import { karachiPeriod } from './support/instalments.ts';
import { registerAndVerify, signInToDashboard } from './support/journeys.ts';
import { MONTHLY, adminApi, approveIntoGroup, firstOf, isoDate, pkr, planWithOldGroup } from './support/owed.ts';
import { signInAsAdmin, subscribeThroughUi } from './support/plans.ts';

/** Opens Reconciliation (a fresh load of the page) on the account by day, and lists today's approved payments. */
async function openTodaysPayments(page: Page, account: { bankName: string; accountNumber: string; accountName: string }) {
  await page.goto('/admin/reconciliation');
  await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();
  await page.getByLabel('Bank account').selectOption({ label: `${account.bankName} · ${account.accountNumber} (${account.accountName})` });
  await expect(page.getByLabel('Show by')).toHaveValue('day');
  const show = page.getByRole('button', { name: /^Show payments of / });
  await expect(show).toHaveCount(1);
  await show.click();
}

const widths = [
  { name: 'phone', viewport: { width: 360, height: 740 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

for (const { name, viewport } of widths) {
  test.describe(`reconciliation by bank account, on a ${name}`, () => {
    test.use({ viewport });

    test("the admin reconciles the account for today: sees the member's approved payment and ticks it", async ({ page, request, browser }) => {
      const admin = await adminApi(request);
      const { plan, planId, account, groupId } = await planWithOldGroup(admin, `reconcile-${name}`, isoDate(firstOf(karachiPeriod(-1))));

      const member = await test.step('a member buys the plan paying into the new account; the admin approves it', async () => {
        const member = await registerAndVerify(page, `reconcile-${name}`);
        await page.goto('/login');
        await signInToDashboard(page, member);
        await subscribeThroughUi(page, plan.name, account);
        await approveIntoGroup(admin, planId, groupId);
        return member;
      });

      const context = await browser.newContext({ viewport });
      const adminPage = await context.newPage();
      const other = await browser.newContext({ viewport });
      const secondAdmin = await other.newPage();
      const tick = (page: Page) => page.getByRole('checkbox', { name: new RegExp(`^Tick ${member.name}, Plan request, ${pkr(MONTHLY)}`) });
      const tickedStatus = (page: Page) => page.getByRole('status').filter({ hasText: 'ticked' });
      try {
        await test.step("the admin opens Reconciliation on the account: today's one approved payment names the member and its payment reference", async () => {
          await adminPage.goto('/login');
          await signInAsAdmin(adminPage);
          await openTodaysPayments(adminPage, account);
          await expect(tickedStatus(adminPage)).toContainText('0 of 1 ticked');
          await expect(adminPage.getByText(member.name, { exact: true })).toBeVisible();
          await expect(adminPage.getByText(/^[2-9A-HJKMNP-Z]{7}$/)).toBeVisible();
          await expect(adminPage.getByText('No statement line matched yet')).toBeVisible();
        });

        let tickedBy = '';
        await test.step('ticking it says "1 of 1 ticked" with the ticked money and who ticked it, and the tick stays when the page is loaded afresh', async () => {
          await tick(adminPage).check();
          await expect(tickedStatus(adminPage)).toContainText('1 of 1 ticked');
          await expect(tickedStatus(adminPage)).toContainText(`Ticked ${pkr(MONTHLY)} of ${pkr(MONTHLY)}`);
          const { user } = await admin.get<{ user: { name: string } }>('/api/profile');
          const said = adminPage.getByText(new RegExp(`^Ticked by ${user.name}, `));
          await expect(said).toBeVisible();
          tickedBy = (await said.textContent()) ?? '';

          await openTodaysPayments(adminPage, account);
          await expect(tick(adminPage)).toBeChecked();
          await expect(tickedStatus(adminPage)).toContainText('1 of 1 ticked');
          await expect(adminPage.getByText(tickedBy, { exact: true })).toBeVisible();
        });

        await test.step('a second admin session, in another browser, sees the same tick, by the same admin at the same time', async () => {
          await secondAdmin.goto('/login');
          await signInAsAdmin(secondAdmin);
          await openTodaysPayments(secondAdmin, account);
          await expect(tick(secondAdmin)).toBeChecked();
          await expect(secondAdmin.getByText(tickedBy, { exact: true })).toBeVisible();
          // Unticked there, it is unticked for the first session too.
          await tick(secondAdmin).uncheck();
          await expect(tickedStatus(secondAdmin)).toContainText('0 of 1 ticked');
          await openTodaysPayments(adminPage, account);
          await expect(tick(adminPage)).not.toBeChecked();
        });

        await test.step('the page fits the screen: nothing scrolls sideways', async () => {
          const overflow = await adminPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow).toBeLessThanOrEqual(0);
        });
      } finally {
        await context.close();
        await other.close();
      }
    });
  });
}
