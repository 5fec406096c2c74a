/**
 * A member's group ledger (My Groups → 'Group ledger'), on a phone and on a desktop. A group that
 * started on the first of last month; a new member buys the plan with a receipt and the admin approves
 * them into it: the purchase pays the first month, this month is owed, the months after it are still to
 * come. Alone in the group, the member reads the ledger: collected is what they paid, due so far is
 * two months, nothing is paid out, and their own instalment of each month is labelled in words.
 *
 * The admin's part (plan, bank account, group, approval) goes through the API; the member's (register,
 * verify, buy the plan with a receipt, sign in, read the ledger) through the pages.
 */
import { expect, test, type Locator } from '@playwright/test';
import { dialogFitsAndCloses, karachiPeriod, memberGroupCard, openDashboardTab } from './support/instalments.ts';
import { registerAndVerify, signInToDashboard } from './support/journeys.ts';
import { GROUP_NUMBER, MONTHLY, adminApi, approveIntoGroup, firstOf, isoDate, pkr, planWithOldGroup } from './support/owed.ts';
import { subscribeThroughUi } from './support/plans.ts';

const widths = [
  { name: 'phone', viewport: { width: 360, height: 740 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

/** The amount shown for a term (a total, or a figure of a month) inside `scope`. */
const amountOf = (scope: Locator, term: string) => scope.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

for (const { name, viewport } of widths) {
  test.describe(`a member's group ledger, on a ${name}`, () => {
    test.use({ viewport });

    test('shows what was collected (what the member paid) and labels their own instalment; closes back to its button', async ({ page, request }) => {
      const first = karachiPeriod(-1);
      const current = karachiPeriod(0);
      const next = karachiPeriod(1);
      const admin = await adminApi(request);
      const { plan, planId, account, groupId } = await planWithOldGroup(admin, `ledger-${name}`, isoDate(firstOf(first)));

      await test.step('a new member buys the plan with a receipt; the admin approves it into the group', async () => {
        const member = await registerAndVerify(page, `ledger-${name}`);
        await page.goto('/login');
        await signInToDashboard(page, member);
        await subscribeThroughUi(page, plan.name, account);
        await approveIntoGroup(admin, planId, groupId);
        await page.reload();
      });

      const group = memberGroupCard(page, GROUP_NUMBER);
      const open = group.getByRole('button', { name: 'Group ledger', exact: true });
      const dialog = page.getByRole('dialog', { name: 'Group ledger' });

      await test.step('My Groups → Group ledger opens the dialog with the group named and what a ledger is', async () => {
        await openDashboardTab(page, 'My Groups');
        await open.click();
        await expect(dialog).toBeVisible();
        await expect(dialog.getByText(`Group ${GROUP_NUMBER} · ${plan.name}`, { exact: true })).toBeVisible();
        await expect(dialog.getByText(/^Every rupee of this group:/)).toBeVisible();
      });

      await test.step('the totals: collected is the one instalment paid; two months due; nothing paid out', async () => {
        const totals = dialog.getByRole('region', { name: 'So far' });
        await expect(amountOf(totals, 'Collected')).toHaveText(pkr(MONTHLY));
        await expect(amountOf(totals, 'Due so far')).toHaveText(pkr(2 * MONTHLY));
        await expect(amountOf(totals, 'Paid out')).toHaveText(pkr(0));
        await expect(amountOf(totals, 'Held')).toHaveText(pkr(MONTHLY));
      });

      await test.step("each month that has come, with the member's own instalment labelled in words", async () => {
        const months = dialog.getByRole('list', { name: 'Month by month' });
        await expect(months.getByRole('listitem')).toHaveCount(2);
        const paid = months.getByRole('article', { name: first.label, exact: true });
        await expect(amountOf(paid, 'Collected')).toHaveText(pkr(MONTHLY));
        await expect(paid.getByText('Your instalment', { exact: true })).toBeVisible();
        await expect(paid.getByText('Paid', { exact: true })).toBeVisible();
        const owed = months.getByRole('article', { name: current.label, exact: true });
        await expect(amountOf(owed, 'Collected')).toHaveText(pkr(0));
        await expect(owed.getByText('Your instalment', { exact: true })).toBeVisible();
        await expect(owed.getByText(/^(Owed|Overdue)$/)).toBeVisible();
      });

      await test.step('the months still to come wait behind "Show upcoming months"', async () => {
        await expect(dialog.getByRole('article', { name: next.label, exact: true })).toHaveCount(0);
        await dialog.getByRole('button', { name: 'Show upcoming months', exact: true }).click();
        await expect(dialog.getByRole('list', { name: 'Upcoming months' }).getByRole('article', { name: next.label, exact: true })).toBeVisible();
      });

      await dialogFitsAndCloses(dialog, open, viewport);
    });
  });
}
