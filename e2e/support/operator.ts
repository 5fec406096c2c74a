/**
 * Steps of the operator's journeys (e2e/operator-answers.spec.ts): members made through the API and
 * their emailed links, the admin's actions found by their labels as a person finds them at each width.
 */
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { newMember, signIn, type Member } from './journeys.ts';
import { waitForLink } from './mailbox.ts';
import type { AdminApi } from './owed.ts';

export const widths = [
  { name: 'phone', viewport: { width: 360, height: 740 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

/** A registered member whose address is verified (through the API and the emailed link), with their id. */
export async function verifiedMember(page: Page, admin: AdminApi, label: string): Promise<Member & { id: string }> {
  const member = newMember(label);
  const registered = await page.request.post('/api/auth/register', { data: { name: member.name, email: member.email, phone: member.phone, password: member.password } });
  expect(registered.status(), await registered.text()).toBe(201);
  const token = new URL(await waitForLink(member.email, '/verify-email')).searchParams.get('token') ?? '';
  const verified = await page.request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  expect(verified.status(), await verified.text()).toBe(200);
  const listed = await admin.get<{ users: { id: string; email: string }[] }>(`/api/admin/users?search=${encodeURIComponent(member.email)}&limit=10`);
  const id = listed.users.find((user) => user.email === member.email)?.id ?? '';
  expect(id, member.email).not.toBe('');
  return { ...member, id };
}

/**
 * Runs a user action as a person does at this width: the row's button in the table (wide screens),
 * else the card's 'Actions for {name}' menu.
 */
export async function userAction(admin: Page, member: Member, action: string): Promise<void> {
  const button = admin.getByRole('table', { name: 'Users' }).getByRole('row', { name: new RegExp(member.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).getByRole('button', { name: action, exact: true });
  const menuButton = admin.getByRole('button', { name: `Actions for ${member.name}`, exact: true });
  await expect(button.or(menuButton)).toBeVisible();
  if (await menuButton.isVisible()) {
    await menuButton.click();
    await admin.getByRole('menu', { name: `Actions for ${member.name}` }).getByRole('menuitem', { name: action, exact: true }).click();
  } else {
    await button.click();
  }
}

/** The login page's form-level alert after signing in with the member's password, in a browser of their own. */
export async function refusedSignIn(browser: Browser, viewport: { width: number; height: number }, member: Member): Promise<{ alert: Locator; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, member.email, member.password);
  return { alert: page.getByRole('alert').filter({ hasText: 'Please contact support.' }), close: () => context.close() };
}
