/**
 * Plans, groups, bank accounts and buying a plan (admin document §2 "Committee Plans", "Bank
 * Accounts", "Plan Requests", "Groups Management"; member document §2 Committee Plans tab and
 * /user/subscribe/:planId). The admin works in one browser, each member in another.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { registerAndVerify, signInToDashboard, type Member } from './support/journeys.ts';
import {
  addBankAccountThroughUi,
  approveThroughUi,
  createPlanThroughUi,
  memberPlanCard,
  memberRequestRow,
  newBankAccount,
  newPlan,
  openAdminPage,
  openCommitteePlansTab,
  planRequestItem,
  signInAsAdmin,
  subscribeThroughUi,
  type BankAccountInput,
} from './support/plans.ts';

/** A member in a browser of their own: registered, verified and signed in to the dashboard. */
async function memberInOwnBrowser(browser: Browser, label: string): Promise<{ page: Page; member: Member; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const member = await registerAndVerify(page, label);
  await page.goto('/login');
  await signInToDashboard(page, member);
  return { page, member, close: () => context.close() };
}

/** A member who has bought the plan (one request, pending) from their own browser. */
async function memberWhoSubscribed(browser: Browser, label: string, planName: string, account: BankAccountInput) {
  const member = await memberInOwnBrowser(browser, label);
  await subscribeThroughUi(member.page, planName, account);
  return member;
}

test.describe('buying a plan', () => {
  test('the admin makes a plan and a bank account, a member buys the plan, and the admin approves it into a new group', async ({ page: admin, browser }) => {
    const plan = newPlan('approve');
    const account = newBankAccount('approve');

    await test.step('the admin creates the plan', async () => {
      await signInAsAdmin(admin);
      const card = await createPlanThroughUi(admin, plan);
      await expect(card.getByText('Premium Package')).toBeVisible();
      await expect(card.getByText('PKR 25,000', { exact: true })).toBeVisible();
      await expect(card.getByText('PKR 300,000', { exact: true })).toBeVisible();
      await expect(card.getByText('12 months', { exact: true })).toBeVisible();
      await expect(card.getByText(plan.benefit, { exact: true })).toBeVisible();
    });

    await test.step('the admin adds the bank account', async () => {
      await addBankAccountThroughUi(admin, account);
    });

    const buyer = await memberInOwnBrowser(browser, 'buyer');
    try {
      const { page: member } = buyer;

      await test.step('the member subscribes with a receipt', async () => {
        await expect(memberPlanCard(member, plan.name).getByRole('link', { name: `Subscribe to ${plan.name}`, exact: true })).toBeVisible();
        await subscribeThroughUi(member, plan.name, account);
      });

      await test.step('the dashboard shows the request as pending', async () => {
        const card = memberPlanCard(member, plan.name);
        await expect(card.getByText('Payment Pending', { exact: true })).toBeVisible();
        await expect(card.getByRole('button', { name: 'REQUEST PENDING' })).toBeDisabled();
        await expect(card.getByText(/under review/)).toBeVisible();
        // Cannot be bought again while the admin decides.
        await expect(card.getByRole('link', { name: `Subscribe to ${plan.name}` })).toHaveCount(0);

        const row = memberRequestRow(member, plan.name);
        await expect(row.getByText('Pending', { exact: true })).toBeVisible();
        await expect(row.getByText('PKR 25,000', { exact: true })).toBeVisible();
        await expect(row.getByRole('button', { name: 'Receipt Uploaded' })).toBeDisabled();
      });

      await test.step('the admin opens the receipt in a new tab', async () => {
        await openAdminPage(admin, 'Plan Requests', /\/admin\/plan-requests$/);
        const request = planRequestItem(admin, plan.name, buyer.member.name);
        await expect(request).toBeVisible();
        await expect(request.getByText('Pending', { exact: true })).toBeVisible();
        await expect(request.getByRole('img', { name: `Payment receipt from ${buyer.member.name}` })).toBeVisible();

        const opened = admin.context().waitForEvent('response', (response) => response.request().isNavigationRequest() && response.url().includes('/api/receipts/'));
        const popupOpened = admin.waitForEvent('popup');
        await request.getByRole('link', { name: 'View', exact: true }).click();
        const [popup, response] = await Promise.all([popupOpened, opened]);
        expect(response.frame().page()).toBe(popup);
        expect(response.status()).toBe(200);
        expect(response.headers()['content-type']).toBe('image/png');
        await popup.close();
      });

      await test.step('the admin approves into a new group A1', async () => {
        await approveThroughUi(admin, plan.name, buyer.member.name, 'A1', { newGroup: true });
        const request = planRequestItem(admin, plan.name, buyer.member.name);
        await expect(request.getByText('Approved', { exact: true })).toBeVisible();
        await expect(request.getByText('Group A1', { exact: true })).toBeVisible();
        await expect(request.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
        await expect(request.getByRole('button', { name: 'Reject', exact: true })).toHaveCount(0);
      });

      await test.step('the member sees the request approved', async () => {
        await member.reload();
        await openCommitteePlansTab(member);
        const row = memberRequestRow(member, plan.name);
        await expect(row.getByText('Approved', { exact: true })).toBeVisible();
        await expect(row.getByText('Pending', { exact: true })).toHaveCount(0);
        await expect(memberPlanCard(member, plan.name).getByText('Payment Pending', { exact: true })).toHaveCount(0);
      });
    } finally {
      await buyer.close();
    }
  });

  test('the admin rejects a request with a reason, and the member sees the reason', async ({ page: admin, browser }) => {
    const plan = newPlan('reject');
    const account = newBankAccount('reject');
    const reason = 'The receipt does not show the transferred amount.';

    await signInAsAdmin(admin);
    await createPlanThroughUi(admin, plan);
    await addBankAccountThroughUi(admin, account);

    // The first buyer is approved; the second is the one refused.
    const first = await memberWhoSubscribed(browser, 'first', plan.name, account);
    const second = await memberWhoSubscribed(browser, 'second', plan.name, account);
    try {
      await openAdminPage(admin, 'Plan Requests', /\/admin\/plan-requests$/);
      await approveThroughUi(admin, plan.name, first.member.name, 'A1', { newGroup: true });

      const request = planRequestItem(admin, plan.name, second.member.name);
      await request.getByRole('button', { name: 'Reject', exact: true }).click();
      const dialog = admin.getByRole('dialog', { name: 'Reject Payment Request' });
      await expect(dialog).toBeVisible();
      const reasonField = dialog.getByLabel('Rejection reason', { exact: true });

      // No reason: refused by the form, and nothing changes.
      await dialog.getByRole('button', { name: 'Reject Payment' }).click();
      await expect(dialog.getByText('Please provide a rejection reason')).toBeVisible();
      await expect(reasonField).toHaveAttribute('aria-invalid', 'true');
      await expect(dialog).toBeVisible();

      await reasonField.fill(reason);
      await dialog.getByRole('button', { name: 'Reject Payment' }).click();
      await expect(admin.getByText('Payment rejected successfully').first()).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(request.getByText('Rejected', { exact: true })).toBeVisible();
      await expect(request.getByText(reason, { exact: true })).toBeVisible();

      const { page: member } = second;
      await member.reload();
      await openCommitteePlansTab(member);
      const row = memberRequestRow(member, plan.name);
      await expect(row.getByText('Rejected', { exact: true })).toBeVisible();
      await expect(row.getByText(reason)).toBeVisible();
      await expect(row).toContainText(`Rejection reason: ${reason}`);
      // The plan may be bought again after a refusal.
      await expect(memberPlanCard(member, plan.name).getByRole('link', { name: `Subscribe to ${plan.name}`, exact: true })).toBeVisible();
    } finally {
      await first.close();
      await second.close();
    }
  });
});

test.describe('groups management', () => {
  test('the group an approval made is on the admin dashboard, with its member', async ({ page: admin, browser }) => {
    const plan = newPlan('group');
    const account = newBankAccount('group');

    await signInAsAdmin(admin);
    await createPlanThroughUi(admin, plan);
    await addBankAccountThroughUi(admin, account);
    const buyer = await memberWhoSubscribed(browser, 'grouped', plan.name, account);
    try {
      await openAdminPage(admin, 'Plan Requests', /\/admin\/plan-requests$/);
      await approveThroughUi(admin, plan.name, buyer.member.name, 'A1', { newGroup: true });
    } finally {
      await buyer.close();
    }

    await openAdminPage(admin, 'Dashboard', /\/admin$/);
    const groups = admin.getByRole('region', { name: 'Groups Management' });
    const group = groups.getByRole('article', { name: `${plan.name} - Group A1`, exact: true });
    await expect(group).toBeVisible();
    await expect(group.getByText(`1/${plan.maxMembers}`, { exact: true })).toBeVisible();
    await expect(group.getByRole('progressbar')).toHaveAttribute('aria-valuetext', `1 of ${plan.maxMembers} members`);
    await expect(group.getByText('PKR 300,000', { exact: true })).toBeVisible();

    await group.getByRole('button', { name: 'View', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'Group Details' });
    await expect(dialog).toBeVisible();
    const tabs = dialog.getByRole('tablist', { name: 'Group details' }).getByRole('tab');
    await expect(tabs).toHaveText(['Overview', 'Members', 'Payments', 'Statistics']);

    const overview = dialog.getByRole('tab', { name: 'Overview' });
    await expect(overview).toHaveAttribute('aria-selected', 'true');
    const panel = dialog.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { name: `${plan.name} - Group A1`, exact: true })).toBeVisible();
    await expect(panel.getByText(`1/${plan.maxMembers}`, { exact: true })).toBeVisible();

    await dialog.getByRole('tab', { name: 'Members' }).click();
    await expect(dialog.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByText(buyer.member.name, { exact: true })).toBeVisible();
    await expect(panel.getByText(buyer.member.email, { exact: true })).toBeVisible();

    await dialog.getByRole('tab', { name: 'Payments' }).click();
    await expect(dialog.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
    // The whole schedule, one row a month: the first month, paid with the approval; the rest scheduled.
    const rows = panel.getByRole('listitem');
    await expect(rows).toHaveCount(plan.duration);
    await expect(panel.getByText(`Showing ${plan.duration} of ${plan.duration} payments`)).toBeVisible();
    const paid = rows.filter({ has: admin.getByText('Paid', { exact: true }) });
    await expect(paid).toHaveCount(1);
    await expect(paid).toContainText(buyer.member.name);
    await expect(paid).toContainText('PKR 25,000');
    await expect(rows.filter({ has: admin.getByText('Scheduled', { exact: true }) })).toHaveCount(plan.duration - 1);

    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();

    // A group with members is not deleted, in the words of the server and the specification, on a
    // desktop and on a phone.
    for (const viewport of [{ width: 1440, height: 900 }, { width: 360, height: 740 }]) {
      await admin.setViewportSize(viewport);
      await group.getByRole('button', { name: 'Delete', exact: true }).click();
      const refused = admin.getByRole('dialog', { name: 'Cannot Delete Group' });
      await expect(refused.getByRole('alert')).toHaveText('This group has 1 members. Please remove all members before deleting.');
      await refused.getByRole('button', { name: 'OK' }).click();
      await expect(refused).toBeHidden();
    }
  });
});
