/**
 * A member confirms their phone, on a phone (360 px) and a desktop (1440 px): "Confirm phone" on their
 * profile sends a code by SMS (to the gateway stand-in the test server sends to, support/start-server.ts),
 * a wrong code is refused with the tries left, the right one (typed and sent with Enter) confirms the
 * phone; changing the number in Edit Profile makes it unconfirmed again. axe on every state.
 */
import { expect, test } from '@playwright/test';
import { Audit, settle } from './support/axe-audit.ts';
import { registerAndVerify, signInToDashboard } from './support/journeys.ts';
import { smsTo, waitForSmsCode } from './support/sms.ts';
import { PHONE_AND_DESKTOP } from './support/constants.ts';

const VIEWPORTS = PHONE_AND_DESKTOP;

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a member confirms their phone with the code sent to it, and a new number asks for it again', async ({ page }) => {
      test.setTimeout(120_000);
      const audit = new Audit(page);
      const member = await registerAndVerify(page, `phone-${viewport.width}`);
      // Each run its own number, so that the codes read back are this run's.
      const digits = `345${String(Date.now()).slice(-7)}`;
      const number = `+92${digits}`;

      await test.step('they give their profile a number of their own: not confirmed yet', async () => {
        await signInToDashboard(page, member);
        await page.goto('/profile');
        await page.getByRole('button', { name: 'Edit Profile' }).click();
        const form = page.getByRole('form', { name: 'Edit Profile' });
        await form.getByLabel('Phone Number').fill(`0${digits.slice(0, 3)} ${digits.slice(3)}`);
        await form.getByRole('button', { name: 'Save Changes' }).click();
        const card = page.getByRole('region', { name: 'Phone' });
        await expect(card.getByText('Not confirmed')).toBeVisible();
        await settle(page);
        await audit.check('profile, phone not confirmed');
      });

      await test.step('Confirm phone sends a code by SMS; a wrong code is refused with the tries left', async () => {
        const card = page.getByRole('region', { name: 'Phone' });
        await card.getByRole('button', { name: 'Confirm phone' }).click();
        const dialog = page.getByRole('dialog', { name: 'Confirm your phone' });
        const send = dialog.getByRole('button', { name: 'Send code' });
        await expect(send).toBeFocused();
        await audit.check('confirm phone dialog');
        const earlier = smsTo(number).length;
        await send.press('Enter');

        const code = dialog.getByLabel('Code');
        await expect(code).toBeFocused();
        await expect(code).toHaveAttribute('inputmode', 'numeric');
        await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
        await expect(dialog.getByText(`We sent a 6-digit code by SMS to ${number}. It expires in 10 minutes.`)).toBeVisible();
        await expect(dialog.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
        const sent = await waitForSmsCode(number, earlier);
        expect(smsTo(number).at(-1)!.text).toContain('is your Umrah Committee code');

        await code.fill(sent === '000000' ? '111111' : '000000');
        await code.press('Enter');
        await expect(dialog.getByText('That code is not correct. 4 tries left.')).toBeVisible();
        await expect(code).toHaveAttribute('aria-invalid', 'true');
        await audit.check('confirm phone dialog, wrong code');

        await code.fill(sent);
        await code.press('Enter');
        await expect(dialog).toBeHidden();
        await expect(page.getByText('Your phone number is confirmed.').first()).toBeVisible();
        await expect(card.getByText('Confirmed', { exact: true })).toBeVisible();
        await expect(card.getByRole('button', { name: 'Confirm phone' })).toHaveCount(0);
        await settle(page);
        await audit.check('profile, phone confirmed');
      });

      await test.step('another number in Edit Profile is not confirmed', async () => {
        await page.getByRole('button', { name: 'Edit Profile' }).click();
        const form = page.getByRole('form', { name: 'Edit Profile' });
        await form.getByLabel('Phone Number').fill('0321 5551234');
        await form.getByRole('button', { name: 'Save Changes' }).click();
        const card = page.getByRole('region', { name: 'Phone' });
        await expect(card.getByText('Not confirmed')).toBeVisible();
        await expect(card.getByRole('button', { name: 'Confirm phone' })).toBeVisible();
      });

      audit.expectClean();
    });
  });
}
