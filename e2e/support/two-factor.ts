/**
 * Steps of the two-factor sign-in journey, done through the pages by their labels, and the codes an
 * authenticator app would show, computed with the same library the server checks them with.
 */
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { userRow } from './users.ts';

const STEP_SECONDS = 30;

/** The code an authenticator app shows for the secret now, or `steps` 30-second steps from now. */
export function codeFor(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * STEP_SECONDS });
}

/** How long until the authenticator clock moves on to its next 30-second step (plus a little). */
export function msUntilNextStep(): number {
  return STEP_SECONDS * 1000 - (Date.now() % (STEP_SECONDS * 1000)) + 250;
}

/** A 6-digit code that is none of the codes the server could accept around now. */
export async function wrongCodeFor(secret: string): Promise<string> {
  const near = new Set(await Promise.all([-2, -1, 0, 1, 2].map((steps) => codeFor(secret, steps))));
  let code = 0;
  while (near.has(String(code).padStart(6, '0'))) code++;
  return String(code).padStart(6, '0');
}

/** User Management → 'Edit' on the person's row → Role 'Administrator' → 'Save Changes'; waits for the toast. */
export async function promoteToAdminThroughUi(admin: Page, email: string): Promise<void> {
  await userRow(admin, email).getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: 'Edit User' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Role').selectOption('ADMIN');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(admin.getByText('User updated successfully').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The admin header's account menu → 'Logout' → 'Confirm Logout'; ends on /login. */
export async function signOutAdmin(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Logout' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}
