/**
 * Opt-in two-factor sign-in for administrators: an admin turns it on from their profile with a code
 * from an authenticator app (computed here from the key the page shows), and from then on signing in
 * asks for the password and then the code. A separate admin is made for it, so that the suite's own
 * admin keeps signing in with a password only.
 */
import { expect, test } from '@playwright/test';
import { registerAndVerify, signIn } from './support/journeys.ts';
import { waitForMessageMatching } from './support/mailbox.ts';
import { signInAsAdmin } from './support/plans.ts';
import { codeFor, msUntilNextStep, promoteToAdminThroughUi, signOutAdmin, wrongCodeFor } from './support/two-factor.ts';
import { WIDE_VIEWPORT, openAdminUsers, searchUsers } from './support/users.ts';

test.use({ viewport: WIDE_VIEWPORT });

test('an admin turns on two-factor sign-in; signing in then takes the password and a code from the app; they turn it off again', async ({ page, browser }) => {
  // Waits for real 30-second steps of the authenticator clock (each code is accepted once).
  test.setTimeout(150_000);
  const person = await registerAndVerify(page, 'two-factor');

  await test.step('the site admin makes them an administrator', async () => {
    const context = await browser.newContext({ viewport: WIDE_VIEWPORT });
    try {
      const admin = await context.newPage();
      await signInAsAdmin(admin);
      await openAdminUsers(admin);
      await searchUsers(admin, person.email);
      await promoteToAdminThroughUi(admin, person.email);
    } finally {
      await context.close();
    }
  });

  let secret = '';
  await test.step('they open their profile and turn two-factor sign-in on with the first code', async () => {
    await signIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
    await expect(page).toHaveURL(/\/admin\/profile$/);

    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await expect(card.getByText('Off', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Turn on' }).click();
    // A session alone is not enough (step-up): the current password first, a wrong one shown by its field.
    const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
    const currentPassword = confirm.getByLabel('Current password');
    await expect(currentPassword).toBeFocused();
    await currentPassword.fill('not-the-password');
    await currentPassword.press('Enter');
    await expect(confirm.getByText('Your current password is not correct.')).toBeVisible();
    await expect(currentPassword).toHaveAttribute('aria-invalid', 'true');
    await currentPassword.fill(person.password);
    await confirm.getByRole('button', { name: 'Continue' }).click();

    const dialog = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await expect(dialog).toBeVisible();
    const qr = dialog.getByRole('img', { name: 'QR code to add this account to your authenticator app' });
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    // The browser really drew it (the page's content security policy allows data: images).
    expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    secret = (await dialog.getByLabel('Cannot scan? Type this key into the app:').inputValue()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const code = dialog.getByLabel('6-digit code');
    await expect(code).toBeFocused();
    await code.fill(await codeFor(secret));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Two-factor sign-in is on. Other devices have been signed out.').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    // The recovery codes are shown once (e2e/account-safety.spec.ts signs in with one).
    const codes = page.getByRole('dialog', { name: 'Your recovery codes' });
    await expect(codes.getByRole('listitem')).toHaveCount(10);
    await codes.getByRole('button', { name: 'I have saved them' }).click();
    await expect(codes).toBeHidden();
    await expect(card.getByText('On', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Turn off' })).toBeVisible();
    // The owner is told by email, and the change is on their list of recent security changes.
    await waitForMessageMatching(person.email, /Security notice: two-factor sign-in was turned on/);
    const changes = page.getByRole('list', { name: 'Your recent security changes' });
    await expect(changes.getByText('Two-factor sign-in turned on')).toBeVisible();
  });

  await test.step('signed out, the password alone is not enough: the page asks for the code', async () => {
    await signOutAdmin(page);
    await signIn(page, person.email, person.password);
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeVisible();
    await expect(code).toBeFocused();
    // Letters too: the field also takes a recovery code.
    await expect(code).not.toHaveAttribute('inputmode', 'numeric');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('a wrong code is refused with the message', async () => {
    const code = page.getByLabel('Authentication code');
    await code.fill(await wrongCodeFor(secret));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('The code is not valid. Please try again.')).toBeVisible();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('the right code signs them in to the admin area', async () => {
    // The code of the next 30-second step: the one used to turn it on may still be current, and a code is accepted once.
    await page.getByLabel('Authentication code').fill(await codeFor(secret, 1));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  await test.step('on the profile, Turn off asks for the password and a code; then signing in takes the password alone', async () => {
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await card.getByRole('button', { name: 'Turn off' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off two-factor sign-in' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();

    await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
    await dialog.getByLabel('6-digit code').fill(await wrongCodeFor(secret));
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(dialog.getByText('Your password is not correct.')).toBeVisible();
    await expect(dialog.getByText('The code is not valid. Please try again.')).toBeVisible();

    // The sign-in used the code of the next step: only a later step's code is new, so wait for it.
    await page.waitForTimeout(msUntilNextStep());
    await dialog.getByLabel('Password', { exact: true }).fill(person.password);
    await dialog.getByLabel('6-digit code').fill(await codeFor(secret, 1));
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByText('Two-factor sign-in is off. Other devices have been signed out.').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Off', { exact: true })).toBeVisible();

    await signOutAdmin(page);
    await signIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/admin$/);
  });
});
