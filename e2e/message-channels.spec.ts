/**
 * A member chooses how each kind of message reaches them, on a phone (360 px: a list) and a desktop
 * (1440 px: a table): push turned off for the month's winner and reminder emails turned off are saved at
 * once and still so after a reload; WhatsApp and SMS wait for a confirmed phone, and say so. axe on the card.
 */
import { expect, test } from '@playwright/test';
import { Audit, settle } from './support/axe-audit.ts';
import { registerAndVerify, signInToDashboard } from './support/journeys.ts';
import { PHONE_AND_DESKTOP } from './support/constants.ts';

const VIEWPORTS = PHONE_AND_DESKTOP;

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a member turns off push for winners and reminder emails, and finds both off after a reload', async ({ page }) => {
      test.setTimeout(120_000);
      const audit = new Audit(page);
      const member = await registerAndVerify(page, `channels-${viewport.width}`);
      await signInToDashboard(page, member);
      await page.goto('/profile');

      const card = page.getByRole('region', { name: 'Messages' });
      const winnerPush = card.getByRole('switch', { name: "The month's winner by Push" });
      const reminderEmail = card.getByRole('switch', { name: 'Payment reminders by Email' });
      const reminderSms = card.getByRole('switch', { name: 'Payment reminders by SMS' });

      await test.step('push and reminder emails are on; SMS waits for a confirmed phone and says so', async () => {
        await expect(winnerPush).toBeChecked();
        await expect(reminderEmail).toBeChecked();
        await expect(reminderSms).not.toBeChecked();
        await expect(reminderSms).toBeDisabled();
        await expect(card.getByText('WhatsApp and SMS need a confirmed phone number.')).toBeVisible();
        await settle(page);
        await audit.check('profile, message choices');
      });

      await test.step('each change is saved at once', async () => {
        await winnerPush.click();
        await expect(page.getByText('Your message choices were saved.').first()).toBeVisible();
        await expect(winnerPush).not.toBeChecked();
        await reminderEmail.click();
        await expect(reminderEmail).not.toBeChecked();
        await expect(reminderEmail).toBeEnabled();
      });

      await test.step('after a reload both are still off, and the others still on', async () => {
        await page.reload();
        await expect(winnerPush).not.toBeChecked();
        await expect(reminderEmail).not.toBeChecked();
        await expect(card.getByRole('switch', { name: 'Payment reminders by Push' })).toBeChecked();
        await settle(page);
        await audit.check('profile, message choices saved');
      });
    });
  });
}
