/**
 * Reminders on screen (docs/rules.md "Reminders"), on a phone (360px) and a desktop (1440px). A group that
 * started on the first of the month three months ago; a member joins it now: the first month is settled by
 * the plan purchase, the two after it and this month are owed (e2e/admin-owed.spec.ts), so "Send reminders
 * now" has three reminders for one member.
 *
 * The admin opens the group's details on the dashboard, presses "Send reminders now", reads the count the
 * server gives before anything is sent, confirms, and reads the server's answer. The member then finds a
 * "Payment reminder" in the bell, turns the reminder emails off on the profile, and after a reload the
 * switch is still off. The setup (plan, bank account, group, approval) goes through the API.
 */
import { expect, test } from '@playwright/test';
import { karachiPeriod } from './support/instalments.ts';
import { GROUP_NUMBER, adminApi, approveIntoGroup, firstOf, isoDate, planWithOldGroup } from './support/owed.ts';
import { signInAsAdmin, subscribeThroughUi } from './support/plans.ts';
import { memberInOwnBrowser, notificationBell } from './support/users.ts';

/** Owed now: the months two and one ago and this month (the one three months ago was paid by the purchase). */
const OWED_MONTHS = 3;

const widths = [
  { name: 'phone', viewport: { width: 360, height: 800 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

for (const { name, viewport } of widths) {
  test.describe(`reminders on a ${name}`, () => {
    test.use({ viewport });

    test('the admin sends reminders after seeing how many; the member sees one in the bell and turns the emails off', async ({ page, request, browser }) => {
      test.setTimeout(180_000);
      const admin = await adminApi(request);
      const start = isoDate(firstOf(karachiPeriod(-3)));
      const { plan, planId, account, groupId } = await planWithOldGroup(admin, `reminders-${name}`, start);
      const groupTitle = `${plan.name} - Group ${GROUP_NUMBER}`;

      const memberBrowser = await memberInOwnBrowser(browser, `reminders-${name}`);
      const member = memberBrowser.page;
      try {
        await member.setViewportSize(viewport);
        await test.step('the member buys the plan; the admin approves it into the old group', async () => {
          await subscribeThroughUi(member, plan.name, account);
          await approveIntoGroup(admin, planId, groupId);
        });

        await test.step("the admin opens the group's details, sees the count, and sends the reminders", async () => {
          await signInAsAdmin(page);
          await page.getByRole('searchbox', { name: 'Search groups' }).fill(plan.name);
          const card = page.getByRole('article', { name: groupTitle, exact: true });
          await card.getByRole('button', { name: 'View', exact: true }).click();
          const details = page.getByRole('dialog', { name: 'Group Details' });
          await expect(details).toBeVisible();

          const preview = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/admin/groups/${groupId}/reminders`);
          const sendNow = details.getByRole('button', { name: 'Send reminders now', exact: true });
          await sendNow.click();
          const counted = await preview;
          expect(new URL(counted.url()).searchParams.get('dryRun')).toBe('true');

          const confirm = page.getByRole('dialog', { name: `Send ${OWED_MONTHS} reminders to 1 member?`, exact: true });
          await expect(confirm).toBeVisible();
          await expect(confirm).toContainText('Nobody is reminded twice of the same month.');
          await confirm.getByRole('button', { name: 'Send reminders', exact: true }).click();
          await expect(page.getByText(`${OWED_MONTHS} reminders sent`, { exact: true })).toBeVisible();
          await expect(confirm).toBeHidden();
          // Focus comes back to the button, in the details that stay open.
          await expect(sendNow).toBeFocused();

          // Sent once: a second press finds nobody left to remind, and offers nothing to send.
          await sendNow.click();
          const none = page.getByRole('dialog', { name: 'Nobody to remind', exact: true });
          await expect(none).toBeVisible();
          await expect(none.getByRole('button', { name: 'Send reminders', exact: true })).toHaveCount(0);
          await page.keyboard.press('Escape');
          await expect(none).toBeHidden();
          await expect(details).toBeVisible();
        });

        await test.step('the member finds the payment reminders in the bell', async () => {
          await member.reload();
          await notificationBell(member).click();
          const list = member.getByRole('list', { name: 'Latest notifications' });
          const reminders = list.getByRole('link').filter({ hasText: 'Payment reminder' });
          await expect(reminders).toHaveCount(OWED_MONTHS);
          await expect(reminders.first()).toContainText('A reminder from the committee: your payment for');
          await member.keyboard.press('Escape');
        });

        await test.step('the member turns the reminder emails off; after a reload they are still off', async () => {
          await member.goto('/profile');
          // The Messages card: each kind of message by each channel, reminder emails among them.
          const messages = member.getByRole('region', { name: 'Messages', exact: true });
          const toggle = messages.getByRole('switch', { name: 'Payment reminders by Email', exact: true });
          await expect(toggle).toBeChecked();
          const saved = member.waitForResponse((response) => new URL(response.url()).pathname === '/api/profile/message-channels' && response.request().method() === 'PUT');
          await toggle.click();
          expect((await saved).status()).toBe(200);
          await expect(member.getByText('Your message choices were saved.', { exact: true }).first()).toBeVisible();
          await expect(toggle).not.toBeChecked();

          await member.reload();
          await expect(member.getByRole('region', { name: 'Messages', exact: true }).getByRole('switch', { name: 'Payment reminders by Email', exact: true })).not.toBeChecked();
          // The rest of the profile is as it was.
          await expect(member.getByRole('heading', { level: 2, name: memberBrowser.member.name, exact: true })).toBeVisible();
        });

        await test.step("the admin's reminder settings: the days before the due date, checked by the server", async () => {
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog', { name: 'Group Details' })).toBeHidden();
          await page.getByRole('button', { name: 'Reminder settings', exact: true }).click();
          const settings = page.getByRole('dialog', { name: 'Reminder settings', exact: true });
          const days = settings.getByLabel('Days before the due date', { exact: true });
          await expect(days).toBeFocused();
          const before = await days.inputValue();
          await days.fill('15');
          await settings.getByRole('button', { name: 'Save', exact: true }).click();
          await expect(settings.getByText('Days before must be a whole number from 1 to 14.', { exact: true })).toBeVisible();
          await expect(days).toHaveAttribute('aria-invalid', 'true');
          // Left as it was.
          await settings.getByRole('button', { name: 'Cancel', exact: true }).click();
          await expect(settings).toBeHidden();
          expect((await admin.get<{ data: { daysBefore: number } }>('/api/admin/settings/reminders')).data.daysBefore).toBe(Number(before));
        });
      } finally {
        await memberBrowser.close();
      }
    });
  });
}
