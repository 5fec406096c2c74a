/**
 * Reconciliation by bank account (/admin/reconciliation), on a phone and on a desktop. A member buys a
 * plan paying into a new bank account and the admin approves it; the admin then reconciles that account
 * for today: the day shows the one approved payment, its list names the member, and ticking it against
 * the bank statement says "1 of 1 ticked", which stays after a reload (kept in the browser).
 *
 * The admin's setup (plan, bank account, group, approval) goes through the API; the member's purchase and
 * the admin's reconciling through the pages.
 */
import { expect, test } from '@playwright/test';
import { karachiPeriod } from './support/instalments.ts';
import { registerAndVerify, signInToDashboard } from './support/journeys.ts';
import { MONTHLY, adminApi, approveIntoGroup, firstOf, isoDate, pkr, planWithOldGroup } from './support/owed.ts';
import { signInAsAdmin, subscribeThroughUi } from './support/plans.ts';

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
      try {
        await test.step('the admin opens Reconciliation and chooses the account, by day', async () => {
          await adminPage.goto('/login');
          await signInAsAdmin(adminPage);
          await adminPage.goto('/admin/reconciliation');
          await expect(adminPage.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();
          await adminPage.getByLabel('Bank account').selectOption({ label: `${account.bankName} · ${account.accountNumber} (${account.accountName})` });
          await expect(adminPage.getByLabel('Show by')).toHaveValue('day');
        });

        await test.step("today's period shows the one approved payment; its list names the member", async () => {
          const show = adminPage.getByRole('button', { name: /^Show payments of / });
          await expect(show).toHaveCount(1);
          await show.click();
          await expect(adminPage.getByRole('status').filter({ hasText: 'ticked' })).toContainText('0 of 1 ticked');
          await expect(adminPage.getByText(member.name, { exact: true })).toBeVisible();
        });

        await test.step('ticking it says "1 of 1 ticked" with the ticked money, and the tick stays after a reload', async () => {
          const tick = adminPage.getByRole('checkbox', { name: new RegExp(`^Tick ${member.name}, ${pkr(MONTHLY)}`) });
          await tick.check();
          const status = adminPage.getByRole('status').filter({ hasText: 'ticked' });
          await expect(status).toContainText('1 of 1 ticked');
          await expect(status).toContainText(`Ticked ${pkr(MONTHLY)} of ${pkr(MONTHLY)}`);

          await adminPage.reload();
          await adminPage.getByLabel('Bank account').selectOption({ label: `${account.bankName} · ${account.accountNumber} (${account.accountName})` });
          await adminPage.getByRole('button', { name: /^Show payments of / }).click();
          await expect(adminPage.getByRole('checkbox', { name: new RegExp(`^Tick ${member.name}`) })).toBeChecked();
          await expect(adminPage.getByRole('status').filter({ hasText: 'ticked' })).toContainText('1 of 1 ticked');
        });

        await test.step('the page fits the screen: nothing scrolls sideways', async () => {
          const overflow = await adminPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow).toBeLessThanOrEqual(0);
        });
      } finally {
        await context.close();
      }
    });
  });
}
