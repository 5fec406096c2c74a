/**
 * Monthly instalments (member document §2 "My Groups tab", "Payments tab", /user/payment/:paymentId;
 * admin document §2 "Payment Management": Pending Queue, Bulk Actions). A member with a new group
 * of a three-month plan: this month is paid by the subscription, the next two are to be paid. The
 * admin works in one browser, the member in another.
 */
import { expect, test } from '@playwright/test';
import {
  bulkSelectCheckbox,
  groupProgress,
  karachiPeriod,
  memberGroupCard,
  memberWithNewGroup,
  monthCard,
  openAdminPayments,
  openAdminPaymentsTab,
  openDashboardTab,
  payMonthFromMyGroups,
  paymentHistoryItem,
  pendingQueueItem,
} from './support/instalments.ts';
import { RECEIPT_PNG } from './support/plans.ts';
import { fillTransferDetails } from './support/transfer.ts';

test.describe('monthly instalments', () => {
  test('the member pays next month from My Groups, the admin approves it in the Pending Queue, and the month shows Paid', async ({ page: admin, browser }) => {
    const thisMonth = karachiPeriod(0);
    const nextMonth = karachiPeriod(1);
    const lastMonth = karachiPeriod(2);
    const setup = await memberWithNewGroup(admin, browser, 'payer', { duration: 3 });
    try {
      const { page: member, groupNumber, account } = setup;
      const group = memberGroupCard(member, groupNumber);

      await test.step('My Groups shows the new group: this month paid, the next two pending, 33%', async () => {
        await member.reload();
        await openDashboardTab(member, 'My Groups');
        await expect(group).toBeVisible();
        await expect(group.getByText('Active', { exact: true })).toBeVisible();
        await expect(group.getByText(setup.plan.name, { exact: true })).toBeVisible();
        const progress = groupProgress(group, groupNumber);
        await expect(progress).toHaveAttribute('aria-valuenow', '33');
        await expect(progress).toHaveAttribute('aria-valuetext', '33%');

        const months = group.getByRole('list', { name: 'Payment Schedule' }).getByRole('button');
        await expect(months).toHaveCount(3);
        await expect(monthCard(group, thisMonth, 'Paid')).toBeVisible();
        await expect(monthCard(group, thisMonth, 'Paid')).toHaveAttribute('aria-current', 'date');
        await expect(monthCard(group, nextMonth, 'Scheduled')).toBeVisible();
        await expect(monthCard(group, nextMonth, 'Scheduled')).not.toHaveAttribute('aria-current', 'date');
        await expect(monthCard(group, lastMonth, 'Scheduled')).toBeVisible();
      });

      await test.step("this month's details: paid, nothing to pay", async () => {
        await monthCard(group, thisMonth, 'Paid').click();
        const details = member.getByRole('dialog', { name: 'Month Details' });
        await expect(details).toBeVisible();
        await expect(details.getByText(`Group ${groupNumber} - ${thisMonth.label}`, { exact: true })).toBeVisible();
        await expect(details.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
        await member.keyboard.press('Escape');
        await expect(details).toBeHidden();
        // Focus goes back to the card that opened it.
        await expect(monthCard(group, thisMonth, 'Paid')).toBeFocused();
      });

      await test.step('the member pays next month: Month Details → Pay Now → Payment Details', async () => {
        await payMonthFromMyGroups(member, groupNumber, nextMonth, account);
      });

      await test.step('back on the dashboard the month waits for review', async () => {
        // Two links say so: the page's own, at the top, and the confirmation's, under 'Payment Submitted!'.
        const back = member.getByRole('link', { name: 'Back to Dashboard', exact: true });
        await expect(back).toHaveCount(2);
        await back.last().click();
        await expect(member).toHaveURL(/\/dashboard$/);
        await openDashboardTab(member, 'My Groups');
        await expect(monthCard(group, nextMonth, 'Under review')).toBeVisible();
        await expect(groupProgress(group, groupNumber)).toHaveAttribute('aria-valuenow', '33');
      });

      await test.step('the admin approves it from the Pending Queue', async () => {
        await openAdminPayments(admin);
        await openAdminPaymentsTab(admin, 'Pending Queue');
        const item = pendingQueueItem(admin, setup.member.name, nextMonth);
        await expect(item).toBeVisible();
        await expect(item.getByText(`${setup.plan.name}, Group ${groupNumber}`, { exact: true })).toBeVisible();
        await expect(item.getByText('PKR 25,000', { exact: true })).toBeVisible();
        await expect(item.getByText('Under review', { exact: true })).toBeVisible();

        await item.getByRole('button', { name: 'Approve', exact: true }).click();
        const dialog = admin.getByRole('dialog', { name: 'Approve Payment' });
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText(`${setup.member.name}: PKR 25,000 for ${nextMonth.label}`);
        await expect(dialog.getByText('Approval is final here: undoing it later is a recorded correction, with a reason.')).toBeVisible();
        await dialog.getByRole('button', { name: 'Approve Payment', exact: true }).click();

        await expect(admin.getByText('Payment paid successfully', { exact: true }).first()).toBeVisible();
        await expect(dialog).toBeHidden();
        await expect(item).toHaveCount(0);
      });

      await test.step('the member sees the month Paid and the progress at 67%', async () => {
        await member.reload();
        await openDashboardTab(member, 'My Groups');
        await expect(monthCard(group, nextMonth, 'Paid')).toBeVisible();
        await expect(monthCard(group, lastMonth, 'Scheduled')).toBeVisible();
        const progress = groupProgress(group, groupNumber);
        await expect(progress).toHaveAttribute('aria-valuenow', '67');
        await expect(progress).toHaveAttribute('aria-valuetext', '67%');

        await openDashboardTab(member, 'Payments');
        const paid = paymentHistoryItem(member, nextMonth);
        await expect(paid.getByText('Approved', { exact: true })).toBeVisible();
      });
    } finally {
      await setup.close();
    }
  });

  test('the member pays the next month from the Payments tab, and the admin rejects it in Bulk Actions with a reason', async ({ page: admin, browser }) => {
    const nextMonth = karachiPeriod(1);
    const reason = 'The receipt is for a different account.';
    const setup = await memberWithNewGroup(admin, browser, 'bulk', { duration: 3 });
    try {
      const { page: member, groupNumber, account } = setup;

      await test.step("the member opens Submit Payment on the Payments tab: the next month's own payment page", async () => {
        await member.reload();
        await openDashboardTab(member, 'Payments');
        // One way to pay: the link leads to the month's payment page, as Pay Now does; no form of its own.
        await member.getByRole('link', { name: 'Submit Payment', exact: true }).click();
        await expect(member).toHaveURL(/\/user\/payment\/[^/]+$/);
        await expect(member.getByText(`Group ${groupNumber} - ${nextMonth.label}`, { exact: true })).toBeVisible();
        await expect(member.getByText('Cash', { exact: true })).toHaveCount(0);
        await member
          .getByRole('radiogroup', { name: 'Select Bank Account' })
          .getByRole('radio', { name: `${account.accountName} ${account.bankName}`, exact: true })
          .check();
        await member.getByLabel('Payment Receipt', { exact: true }).setInputFiles(RECEIPT_PNG);
        await fillTransferDetails(member);
        await member.getByRole('button', { name: 'Submit Payment', exact: true }).click();
        await expect(member.getByRole('heading', { name: 'Payment Submitted!', exact: true })).toBeVisible();

        await member.getByRole('link', { name: 'Back to Dashboard', exact: true }).last().click();
        await openDashboardTab(member, 'Payments');
        const item = paymentHistoryItem(member, nextMonth);
        await expect(item.getByText('Pending', { exact: true })).toBeVisible();
        await expect(item.getByText(`Group ${groupNumber}`, { exact: true })).toBeVisible();
        await expect(item.getByText('PKR 25,000', { exact: true })).toBeVisible();
        await expect(item.getByText('Bank Transfer', { exact: true })).toBeVisible();
      });

      await test.step('the admin selects it in Bulk Actions and rejects it with a reason', async () => {
        await openAdminPayments(admin);
        await openAdminPaymentsTab(admin, 'Bulk Actions');
        await expect(admin).toHaveURL(/\/admin\/payments\?tab=bulk$/);
        await expect(admin.getByText('0 payments selected', { exact: true })).toBeVisible();
        // Only this member's payments: the search narrows the list.
        await admin.getByRole('search', { name: 'Filter payments' }).getByLabel('Search', { exact: true }).fill(setup.member.name);
        const checkbox = bulkSelectCheckbox(admin, setup.member.name, nextMonth);
        await expect(checkbox).toBeVisible();
        await checkbox.check();
        await expect(admin.getByText('1 payment selected', { exact: true })).toBeVisible();
        await expect(admin.getByRole('tab', { name: 'Bulk Actions (1 selected)' })).toBeVisible();

        await admin.getByRole('button', { name: 'Reject Selected', exact: true }).click();
        const dialog = admin.getByRole('dialog', { name: 'Reject Selected Payments' });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByText('Reject 1 selected payment? Each member is told the reason and can send a new receipt.')).toBeVisible();
        // No reason: refused by the form.
        await dialog.getByRole('button', { name: 'Reject Payments', exact: true }).click();
        await expect(dialog.getByText('Please provide a rejection reason')).toBeVisible();
        await dialog.getByLabel('Rejection reason', { exact: true }).fill(reason);
        await dialog.getByRole('button', { name: 'Reject Payments', exact: true }).click();

        await expect(admin.getByText('Updated 1 payments successfully', { exact: true }).first()).toBeVisible();
        await expect(dialog).toBeHidden();
        await expect(admin.getByText('0 payments selected', { exact: true })).toBeVisible();
      });

      await test.step("the member's Payment History shows the month rejected, with the reason", async () => {
        await member.reload();
        await openDashboardTab(member, 'Payments');
        const item = paymentHistoryItem(member, nextMonth);
        await expect(item.getByText('Rejected', { exact: true })).toBeVisible();
        await expect(item).toContainText(`Rejection reason: ${reason}`);

        // On My Groups the month is rejected, and can be paid again.
        await openDashboardTab(member, 'My Groups');
        const group = memberGroupCard(member, groupNumber);
        await expect(groupProgress(group, groupNumber)).toHaveAttribute('aria-valuenow', '33');
        await monthCard(group, nextMonth, 'Scheduled Receipt rejected').click();
        const details = member.getByRole('dialog', { name: 'Month Details' });
        await expect(details).toContainText(`Rejection reason: ${reason}`);
        await expect(details.getByRole('button', { name: 'Pay Now', exact: true })).toBeVisible();
      });
    } finally {
      await setup.close();
    }
  });
});
