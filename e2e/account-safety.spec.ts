/**
 * Account safety, on a phone (360 px) and a desktop (1440 px):
 * - an admin turns two-factor sign-in on and is handed ten recovery codes, once; signed out, they sign
 *   in with a recovery code instead of an authenticator code, and the same code is refused the second time;
 * - a member signed in in two browsers signs the other one out from the Sessions card of their profile,
 *   and the other browser's next step lands on the login page.
 */
import fs from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { waitForMessageMatching } from './support/mailbox.ts';
import { registerAndVerify, signIn, signInToDashboard } from './support/journeys.ts';
import { signInAsAdmin } from './support/plans.ts';
import { codeFor, promoteToAdminThroughUi, signOutAdmin } from './support/two-factor.ts';
import { WIDE_VIEWPORT, openAdminUsers, searchUsers } from './support/users.ts';
import { PHONE_AND_DESKTOP } from './support/constants.ts';

const VIEWPORTS = PHONE_AND_DESKTOP;

/** The suite's own admin makes the person an administrator, in a wide browser of its own. */
async function promote(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: WIDE_VIEWPORT });
  try {
    const admin = await context.newPage();
    await signInAsAdmin(admin);
    await openAdminUsers(admin);
    await searchUsers(admin, email);
    await promoteToAdminThroughUi(admin, email);
  } finally {
    await context.close();
  }
}

/** No part of the page is wider than the screen. */
async function fitsTheScreen(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an admin gets recovery codes with two-factor sign-in, signs in with one, and the same code is refused the second time', async ({ page, browser, context }) => {
      test.setTimeout(120_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const person = await registerAndVerify(page, `recovery-${viewport.width}`);
      await promote(browser, person.email);

      let codes: string[] = [];
      await test.step('they turn two-factor sign-in on and are shown ten recovery codes once', async () => {
        await signIn(page, person.email, person.password);
        await expect(page).toHaveURL(/\/admin$/);
        await page.goto('/admin/profile');
        const card = page.getByRole('region', { name: 'Two-factor sign-in' });
        await card.getByRole('button', { name: 'Turn on' }).click();
        const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
        await confirm.getByLabel('Current password').fill(person.password);
        await confirm.getByRole('button', { name: 'Continue' }).click();
        const setup = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
        const secret = (await setup.getByLabel('Cannot scan? Type this key into the app:').inputValue()).replace(/\s/g, '');
        await setup.getByLabel('6-digit code').fill(await codeFor(secret));
        await setup.getByRole('button', { name: 'Confirm' }).click();

        const dialog = page.getByRole('dialog', { name: 'Your recovery codes' });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByText('These codes are shown only once. Copy or download them now: you will not see them again.')).toBeVisible();
        const items = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
        await expect(items).toHaveCount(10);
        codes = (await items.allTextContents()).map((code) => code.trim());
        for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
        await fitsTheScreen(page, viewport.width);

        const copy = dialog.getByRole('button', { name: 'Copy all' });
        await expect(copy).toBeFocused();
        await copy.click();
        await expect(page.getByText('The recovery codes were copied.').first()).toBeVisible();
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        for (const code of codes) expect(copied).toContain(code);

        const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download as text' }).click()]);
        expect(download.suggestedFilename()).toBe('umrah-committee-recovery-codes.txt');
        const file = await fs.readFile((await download.path())!, 'utf8');
        for (const code of codes) expect(file).toContain(code);

        await dialog.getByRole('button', { name: 'I have saved them' }).click();
        await expect(dialog).toBeHidden();
        await expect(card.getByRole('button', { name: 'New recovery codes' })).toBeVisible();
        // Shown once: not on the page any more, nor after a reload.
        await page.reload();
        await expect(card.getByRole('button', { name: 'New recovery codes' })).toBeVisible();
        await expect(page.getByText(codes[0])).toHaveCount(0);
      });

      await test.step('signed out, they sign in with a recovery code where the app code goes', async () => {
        await signOutAdmin(page);
        await signIn(page, person.email, person.password);
        const field = page.getByLabel('Authentication code');
        await expect(field).toBeFocused();
        await expect(page.getByText(/Enter one of your recovery codes instead/)).toBeVisible();
        await field.fill(codes[0].toLowerCase());
        await page.getByRole('button', { name: 'Sign In' }).click();
        await expect(page).toHaveURL(/\/admin$/);
      });

      await test.step('the same code is refused the second time', async () => {
        await signOutAdmin(page);
        await signIn(page, person.email, person.password);
        await page.getByLabel('Authentication code').fill(codes[0]);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await expect(page.getByText('The code is not valid. Please try again.')).toBeVisible();
        await expect(page.getByLabel('Authentication code')).toHaveAttribute('aria-invalid', 'true');
        await expect(page).toHaveURL(/\/login$/);
        // Another code of the set still works.
        await page.getByLabel('Authentication code').fill(codes[1]);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await expect(page).toHaveURL(/\/admin$/);
      });
    });

    test('a member signed in on two browsers signs the other out from the Sessions card', async ({ page, browser }) => {
      test.setTimeout(90_000);
      const member = await registerAndVerify(page, `sessions-${viewport.width}`);
      await page.goto('/login');
      await signInToDashboard(page, member);

      const otherContext = await browser.newContext({ viewport });
      try {
        const other = await otherContext.newPage();
        await other.goto('/login');
        await signInToDashboard(other, member);

        await test.step('the Sessions card lists both, this one marked "This device"', async () => {
          await page.getByRole('button', { name: 'Open account menu' }).click();
          await page.getByRole('menu').getByRole('menuitem', { name: 'Profile' }).click();
          await expect(page).toHaveURL(/\/profile$/);
          const card = page.getByRole('region', { name: 'Sessions' });
          const items = card.getByRole('list', { name: 'Your sessions' }).getByRole('listitem');
          await expect(items).toHaveCount(2);
          await expect(card.getByText('This device')).toHaveCount(1);
          await expect(items.first().getByText('This device')).toBeVisible();
          await expect(items.first()).toContainText('Chrome');
          await fitsTheScreen(page, viewport.width);
        });

        await test.step('"Sign out other sessions", confirmed, signs the other browser out', async () => {
          const card = page.getByRole('region', { name: 'Sessions' });
          const button = card.getByRole('button', { name: 'Sign out other sessions' });
          await button.click();
          const dialog = page.getByRole('dialog', { name: 'Sign out other sessions?' });
          await expect(dialog).toBeVisible();
          await expect(dialog.getByText('The other device where you are signed in will be signed out. This device stays signed in.')).toBeVisible();
          await dialog.getByRole('button', { name: 'Sign out others' }).click();
          await expect(page.getByText('1 other session was signed out.').first()).toBeVisible();
          await expect(dialog).toBeHidden();
          await expect(card.getByRole('list', { name: 'Your sessions' }).getByRole('listitem')).toHaveCount(1);
          await expect(card.getByText('You are not signed in anywhere else.')).toBeVisible();
          await expect(button).toBeDisabled();
        });

        await test.step("the other browser's next step lands on the login page; this one stays signed in", async () => {
          await other.getByRole('button', { name: 'Open account menu' }).click();
          await other.getByRole('menu').getByRole('menuitem', { name: 'Profile' }).click();
          await expect(other).toHaveURL(/\/login$/);
          await expect(other.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

          await page.reload();
          await expect(page).toHaveURL(/\/profile$/);
          await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
        });

        await test.step('a new password needs the current one; the change is emailed and listed under recent security changes', async () => {
          await page.getByRole('button', { name: 'Edit Profile' }).click();
          const form = page.getByRole('form', { name: 'Edit Profile' });
          await form.getByLabel('New Password', { exact: true }).fill('a-fresh-pass-7');
          await form.getByLabel('Confirm New Password').fill('a-fresh-pass-7');
          await form.getByLabel('Current Password').fill('not-my-password');
          await form.getByRole('button', { name: 'Save Changes' }).click();
          await expect(form.getByText('Your current password is not correct.')).toBeVisible();
          await expect(form.getByLabel('Current Password')).toBeFocused();
          // Refused, not signed out.
          await expect(page).toHaveURL(/\/profile$/);
          await form.getByLabel('Current Password').fill(member.password);
          await form.getByRole('button', { name: 'Save Changes' }).click();
          await expect(page.getByText('Your password has been changed. Other devices have been signed out.').first()).toBeVisible();
          const notice = await waitForMessageMatching(member.email, /Security notice: your password was changed/);
          expect(notice.body).toMatch(/Device: Chrome on /);
          expect(notice.body).toContain('(Pakistan time)');
          await expect(page.getByRole('list', { name: 'Your recent security changes' }).getByText('Password changed')).toBeVisible();
        });
      } finally {
        await otherContext.close();
      }
    });
  });
}
