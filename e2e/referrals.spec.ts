/**
 * Issue "Referrals and commissions": a member shares their referral link; a newcomer registers
 * through it and buys a plan; the admin approves, which earns the referrer 10% of the monthly amount;
 * the admin pays the month's commissions in one batch; the referrer confirms the receipt.
 * Three people, three browsers: the referrer, the newcomer and the admin.
 */
import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from './support/constants.ts';
import { karachiPeriod, openAdminPayments, openAdminPaymentsTab, openDashboardTab } from './support/instalments.ts';
import { newMember, registerAndVerify, signInToDashboard } from './support/journeys.ts';
import { addBankAccountThroughUi, approveThroughUi, createPlanThroughUi, newBankAccount, newPlan, openAdminPage, signInAsAdmin, subscribeThroughUi } from './support/plans.ts';
import {
  commissionPaymentCard,
  contextWithClipboard,
  copyReferralLink,
  DEFAULT_MAXIMUM_COMMISSION,
  LEVEL1_RATE,
  openCommissionTab,
  openReferralSection,
  pendingCommissionRow,
  pendingCommissionsTable,
  referralEarningsTile,
  referredPerson,
  registerThroughReferralLink,
} from './support/referrals.ts';

// An action that cannot find its control fails in 15 s rather than at the end of the test.
test.use({ actionTimeout: 15_000 });

const pkr = (rupees: number) => `PKR ${rupees.toLocaleString('en-PK')}`;

test('a referral link brings in a member whose approved plan earns the referrer a commission, paid and confirmed', async ({ browser }) => {
  test.setTimeout(180_000);
  // PKR 8,000 a month: 10% of it (PKR 800) stays under the default cap of PKR 1,000 per commission
  // (RULES §8), so the rate itself shows. (25,000 a month would earn the capped PKR 1,000, not 2,500.)
  const plan = { ...newPlan('referral'), monthlyAmount: 8_000 };
  const account = newBankAccount('referral');
  const commission = Math.min(plan.monthlyAmount * LEVEL1_RATE, DEFAULT_MAXIMUM_COMMISSION);
  const commissionText = pkr(commission); // 'PKR 800'
  const period = karachiPeriod(0);

  const adminContext = await browser.newContext();
  const referrerContext = await contextWithClipboard(browser);
  const newcomerContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    const referrerPage = await referrerContext.newPage();
    const newcomerPage = await newcomerContext.newPage();

    // The admin prepares a plan and a bank account to pay into.
    await test.step('admin creates a plan and a bank account', async () => {
      await admin.goto('/login');
      await signInAsAdmin(admin);
      await createPlanThroughUi(admin, plan);
      await addBankAccountThroughUi(admin, account);
    });

    // 1. The referrer copies their link from Referrals → Overview.
    const referrer = await registerAndVerify(referrerPage, 'referrer');
    await referrerPage.goto('/login');
    await signInToDashboard(referrerPage, referrer);
    let link = '';
    let code = '';
    await test.step('referrer copies the referral link', async () => {
      await openDashboardTab(referrerPage, 'Referrals');
      await expect(referrerPage.getByRole('heading', { level: 2, name: 'Referral Program' })).toBeVisible();
      await openReferralSection(referrerPage, 'Overview');
      const result = await copyReferralLink(referrerPage);
      code = result.code;
      link = result.copied;
      expect(link).toBe(`${E2E_BASE_URL}/register?ref=${encodeURIComponent(code)}`);
      expect(link).toBe(result.shownLink);
      // The rules in force: level 1 earns 10%, each commission at most PKR 1,000.
      const structure = referrerPage.getByRole('region', { name: 'Commission Structure', exact: true });
      await expect(structure.getByRole('listitem').filter({ hasText: /^Level 1/ })).toContainText(/(^|[^\d.])10(\.0)?%/);
      await expect(structure).toContainText(`Each commission is at most ${pkr(DEFAULT_MAXIMUM_COMMISSION)}.`);
      // Nobody referred yet: the tree is empty.
      await openReferralSection(referrerPage, 'Tree View');
      await expect(referrerPage.getByText('No referrals yet. Share your code to build your tree.')).toBeVisible();
    });

    // 2. A newcomer opens the link in a browser of their own, registers and buys the plan.
    const newcomer = newMember('newcomer');
    await test.step('newcomer registers through the link and subscribes', async () => {
      await registerThroughReferralLink(newcomerPage, link, code, newcomer);
      await subscribeThroughUi(newcomerPage, plan.name, account);
    });

    // 3. The admin approves the newcomer's request into a new group.
    await test.step("admin approves the newcomer's request", async () => {
      await openAdminPage(admin, 'Plan Requests', /\/admin\/plan-requests$/);
      await approveThroughUi(admin, plan.name, newcomer.name, 'R1', { newGroup: true });
    });

    // 4. The referrer sees the newcomer in the tree and the commission in the summary.
    await test.step('referrer sees the newcomer and the commission', async () => {
      await referrerPage.reload();
      await expect(referrerPage.getByRole('heading', { level: 1, name: `Assalam-o-Alaikum, ${referrer.name}` })).toBeVisible();
      const tile = referralEarningsTile(referrerPage);
      await expect(tile).toContainText(commissionText);
      await expect(tile).toContainText('Earned from your referrals');

      await openDashboardTab(referrerPage, 'Referrals');
      await openReferralSection(referrerPage, 'Tree View');
      const person = referredPerson(referrerPage, newcomer.name);
      await expect(person).toBeVisible();
      await expect(person).toContainText('Level 1');
      await expect(person).toContainText(newcomer.email);
      await expect(person).toContainText(commissionText);
      await expect(person).toContainText(/(^|[^\d.])10(\.0)?%/);
      const statsList = referrerPage.getByLabel('Referral statistics', { exact: true });
      await expect(statsList).toContainText(`Total Referrals1`);
      await expect(statsList).toContainText(`Total Commission${commissionText}`);
      await expect(statsList).toContainText(`Pending Commission${commissionText}`);
    });

    // 5. The admin pays the month's commissions in one batch.
    await test.step('admin processes the bulk commission payment', async () => {
      await openAdminPayments(admin);
      await openAdminPaymentsTab(admin, 'Commission Payments');
      await expect(admin.getByLabel('Month', { exact: true })).toHaveValue(String(period.month));
      await expect(admin.getByLabel('Year', { exact: true })).toHaveValue(String(period.year));
      const table = pendingCommissionsTable(admin, period.label);
      const row = pendingCommissionRow(table, referrer.name, newcomer.name);
      await expect(row).toBeVisible();
      await expect(row).toContainText(referrer.email);
      await expect(row).toContainText(plan.name);
      await expect(row).toContainText('Level 1');
      await expect(row).toContainText(pkr(plan.monthlyAmount));
      await expect(row).toContainText(commissionText);
      await expect(admin.getByText(`${period.label}: 1 pending commission, total`, { exact: true })).toBeVisible();

      await admin.getByRole('button', { name: 'Process Bulk Payment', exact: true }).click();
      const dialog = admin.getByRole('dialog', { name: 'Process Bulk Payment' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(period.label);
      await expect(dialog).toContainText(commissionText);
      await expect(dialog.getByLabel('Payment method')).toHaveValue('BANK_TRANSFER');
      await dialog.getByRole('button', { name: 'Process Payment', exact: true }).click();
      await expect(admin.getByText(`Commission payments processed successfully! Total: ${commissionText}`, { exact: true }).first()).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(admin.getByText('No pending commissions', { exact: true })).toBeVisible();
      await expect(table).toHaveCount(0);
    });

    // 6. The referrer confirms that the money arrived.
    const note = `Arrived in my Meezan account ${Date.now()}`;
    await test.step('referrer confirms the commission payment', async () => {
      await referrerPage.reload();
      await openDashboardTab(referrerPage, 'Referrals');
      await openReferralSection(referrerPage, 'Commission');
      await openCommissionTab(referrerPage, 'Pending Confirmation');
      const pending = commissionPaymentCard(referrerPage, commissionText, newcomer.name);
      await expect(pending).toBeVisible();
      await expect(pending).toContainText(plan.name);
      await expect(pending).toContainText('Bank Transfer');

      await pending.getByRole('button', { name: 'Confirm Receipt', exact: true }).click();
      const dialog = referrerPage.getByRole('dialog', { name: 'Confirm Commission Payment' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`Confirm that you received ${commissionText}, your commission through ${newcomer.name}.`);
      await dialog.getByRole('textbox', { name: 'Notes (optional)', exact: true }).fill(note);
      await dialog.getByRole('button', { name: 'Confirm Payment', exact: true }).click();
      await expect(referrerPage.getByText('Commission payment confirmed successfully!', { exact: true }).first()).toBeVisible();
      await expect(dialog).toBeHidden();

      await expect(pending).toHaveCount(0);
      await expect(referrerPage.getByText('No pending payments to confirm.')).toBeVisible();
      await openCommissionTab(referrerPage, 'Confirmed');
      const confirmed = commissionPaymentCard(referrerPage, commissionText, newcomer.name);
      await expect(confirmed).toBeVisible();
      await expect(confirmed).toContainText(`Your notes: ${note}`);
      await expect(confirmed).toContainText('Confirmed on');
      await expect(confirmed.getByRole('button', { name: 'Confirm Receipt' })).toHaveCount(0);

      // Still there after a reload: the server kept the confirmation and the note.
      await referrerPage.reload();
      await openDashboardTab(referrerPage, 'Referrals');
      await openReferralSection(referrerPage, 'Commission');
      await openCommissionTab(referrerPage, 'Confirmed');
      await expect(commissionPaymentCard(referrerPage, commissionText, newcomer.name)).toContainText(`Your notes: ${note}`);
    });
  } finally {
    await Promise.all([adminContext.close(), referrerContext.close(), newcomerContext.close()]);
  }
});
