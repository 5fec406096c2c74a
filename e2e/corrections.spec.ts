/**
 * Undoing an approval (docs/rules.md "Corrections"). A group that started last month; a member buys the
 * plan (last month is settled by the purchase) and pays this month with a receipt, which the admin
 * approves. The admin then finds the money never arrived: from the users table to the member's ledger,
 * 'Undo approval' on this month, with a reason. The ledger shows the month owed (or overdue after the
 * grace day) with the reason, and the member's own month card says the same.
 *
 * The plan, group, approvals go through the API; the member pays through the pages, in a browser of their
 * own; the undo and everything checked after it go through the pages. The second journey corrects a
 * receipt under review to the month it pays for, from the same ledger.
 */
import { expect, test } from '@playwright/test';
import { karachiPeriod, memberGroupCard, monthCard, openDashboardTab, payMonthFromMyGroups } from './support/instalments.ts';
import { DAY_MS, GRACE_DAY, GROUP_NUMBER, adminApi, approveIntoGroup, firstOf, isoDate, karachiToday, planWithOldGroup } from './support/owed.ts';
import { signInAsAdmin, subscribeThroughUi } from './support/plans.ts';
import { memberInOwnBrowser, openAdminUsers, openLedgerFromUsers, searchUsers } from './support/users.ts';

const widths = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

for (const { name, viewport } of widths) {
  test.describe(`an admin corrects a payment, on a ${name}`, () => {
    test.use({ viewport });

    test("undoes an approval with a reason, and the member's month shows owed again", async ({ page, request, browser }) => {
      test.setTimeout(180_000);
      const admin = await adminApi(request);
      const lastMonth = karachiPeriod(-1);
      const thisMonth = karachiPeriod(0);
      // Owed from its 1st; overdue once the 1st plus the grace days is behind today (worked out here).
      const owedWord = firstOf(thisMonth).getTime() + (GRACE_DAY - 1) * DAY_MS < karachiToday().getTime() ? 'Overdue' : 'Owed';
      const { plan, planId, account, groupId } = await planWithOldGroup(admin, `undo-${name}`, isoDate(firstOf(lastMonth)));
      const reason = `The transfer never reached the account (${name}).`;

      const memberBrowser = await memberInOwnBrowser(browser, `undo-${name}`);
      const member = memberBrowser.member;
      try {
        await test.step('the member buys the plan and pays this month; the admin approves both', async () => {
          await subscribeThroughUi(memberBrowser.page, plan.name, account);
          await approveIntoGroup(admin, planId, groupId);
          await memberBrowser.page.reload();
          const paymentId = await payMonthFromMyGroups(memberBrowser.page, GROUP_NUMBER, thisMonth, account);
          await admin.put(`/api/payments/${paymentId}/status`, { status: 'paid' });
        });

        await signInAsAdmin(page);
        await test.step("users table → the member's ledger → Undo approval of this month, with a reason", async () => {
          await openAdminUsers(page);
          await searchUsers(page, member.email);
          await openLedgerFromUsers(page, member.name);
          const entry =
            name === 'phone'
              ? page.getByRole('article', { name: thisMonth.label, exact: true })
              : page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: thisMonth.label, exact: true }) });
          await expect(entry.getByText('Paid', { exact: true })).toBeVisible();
          // The month the purchase paid is the plan request's: no undo there.
          await expect(page.getByRole('button', { name: `Undo approval of ${lastMonth.label}` })).toHaveCount(0);

          const undo = entry.getByRole('button', { name: `Undo approval of ${thisMonth.label}`, exact: true });
          await undo.click();
          const dialog = page.getByRole('dialog', { name: 'Undo approval' });
          await expect(dialog).toBeVisible();
          await expect(dialog.getByText(/the month becomes owed again/)).toBeVisible();
          // Nothing goes without a reason.
          await dialog.getByRole('button', { name: 'Undo approval', exact: true }).click();
          await expect(dialog.getByText('Please give a reason for this correction.')).toBeVisible();
          await dialog.getByLabel('Reason').fill(reason);
          await dialog.getByRole('button', { name: 'Undo approval', exact: true }).click();
          await expect(page.getByText('Approval undone').first()).toBeVisible();
          await expect(dialog).toBeHidden();

          await expect(entry.getByText(owedWord, { exact: true })).toBeVisible();
          await expect(entry.getByText(`Rejection reason: ${reason}`)).toBeVisible();
          await expect(entry.getByRole('button', { name: `Undo approval of ${thisMonth.label}` })).toHaveCount(0);
        });

        await test.step("the member's month card says it is owed", async () => {
          await memberBrowser.page.goto('/dashboard');
          await openDashboardTab(memberBrowser.page, 'My Groups');
          const group = memberGroupCard(memberBrowser.page, GROUP_NUMBER);
          // Refused after all: owed, with the receipt marked rejected.
          await expect(monthCard(group, thisMonth, `${owedWord} Receipt rejected`)).toBeVisible();
          await expect(monthCard(group, lastMonth, 'Paid')).toBeVisible();
        });
      } finally {
        await memberBrowser.close();
      }
    });

    test('corrects a receipt under review to the month it pays for, with a reason', async ({ page, request, browser }) => {
      test.setTimeout(180_000);
      const admin = await adminApi(request);
      const lastMonth = karachiPeriod(-1);
      const thisMonth = karachiPeriod(0);
      const nextMonth = karachiPeriod(1);
      const owedWord = firstOf(thisMonth).getTime() + (GRACE_DAY - 1) * DAY_MS < karachiToday().getTime() ? 'Overdue' : 'Owed';
      const { plan, planId, account, groupId } = await planWithOldGroup(admin, `correct-${name}`, isoDate(firstOf(lastMonth)));

      const memberBrowser = await memberInOwnBrowser(browser, `correct-${name}`);
      const member = memberBrowser.member;
      try {
        await test.step("the member buys the plan and sends this month's receipt, meant for next month", async () => {
          await subscribeThroughUi(memberBrowser.page, plan.name, account);
          await approveIntoGroup(admin, planId, groupId);
          await memberBrowser.page.reload();
          await payMonthFromMyGroups(memberBrowser.page, GROUP_NUMBER, thisMonth, account);
        });

        await signInAsAdmin(page);
        await test.step("the member's ledger → Correct receipt: next month, with a reason", async () => {
          await openAdminUsers(page);
          await searchUsers(page, member.email);
          await openLedgerFromUsers(page, member.name);
          const entry = (period: typeof thisMonth) =>
            name === 'phone'
              ? page.getByRole('article', { name: period.label, exact: true })
              : page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: period.label, exact: true }) });
          await expect(entry(thisMonth).getByText('Under review', { exact: true })).toBeVisible();

          await entry(thisMonth).getByRole('button', { name: `Correct receipt of ${thisMonth.label}`, exact: true }).click();
          const dialog = page.getByRole('dialog', { name: 'Correct receipt' });
          await expect(dialog).toBeVisible();
          await dialog.getByLabel('Month it pays for').selectOption({ label: nextMonth.label });
          await dialog.getByLabel('Reason').fill('The member paid next month ahead.');
          await dialog.getByRole('button', { name: 'Save correction', exact: true }).click();
          await expect(page.getByText('Receipt corrected').first()).toBeVisible();
          await expect(dialog).toBeHidden();

          await expect(entry(nextMonth).getByText('Under review', { exact: true })).toBeVisible();
          await expect(entry(thisMonth).getByText(owedWord, { exact: true })).toBeVisible();
        });
      } finally {
        await memberBrowser.close();
      }
    });
  });
}
