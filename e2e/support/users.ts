/**
 * Steps of the user-management journeys (admin document §2 "User Management", the notification
 * bell; member document §2 account menu "Profile"), done through the pages by their labels.
 */
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { newMember, registerThroughUi, signInToDashboard, verifyThroughEmail, type Member } from './journeys.ts';
import { escapeRegExp, openAdminPage } from './plans.ts';

/** Wide enough that /admin/users shows its table rather than cards. */
export const WIDE_VIEWPORT = { width: 1280, height: 900 };

/**
 * A Pakistani mobile number no other member of this run has, in two spellings: as registered
 * ('+92 3xx xxxxxxx') and as an admin might type it ('03xx-xxxxxxx').
 */
export function uniquePhone(): { registered: string; typed: string } {
  const digits = String(Date.now()).slice(-7);
  const operator = 310 + (process.pid % 50);
  return { registered: `+92 ${operator} ${digits}`, typed: `0${operator}-${digits}` };
}

/** A member in a browser of their own (registered with `phone` if given, verified, signed in to the dashboard). */
export async function memberInOwnBrowser(browser: Browser, label: string, options: { phone?: string } = {}): Promise<{ page: Page; member: Member; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: WIDE_VIEWPORT });
  const page = await context.newPage();
  try {
    const member: Member = { ...newMember(label), ...(options.phone ? { phone: options.phone } : {}) };
    await registerThroughUi(page, member);
    await verifyThroughEmail(page, member.email);
    await page.goto('/login');
    await signInToDashboard(page, member);
    return { page, member, close: () => context.close() };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** Opens User Management from the admin sidebar. */
export async function openAdminUsers(admin: Page): Promise<void> {
  await openAdminPage(admin, 'User Management', /\/admin\/users$/);
}

/** Types into 'Search users' (the list follows after a short pause). */
export async function searchUsers(admin: Page, text: string): Promise<void> {
  const box = admin.getByRole('searchbox', { name: 'Search users' });
  await box.fill(text);
  await expect(box).toHaveValue(text);
}

/** The member's row of the users table, found by their email address. */
export function userRow(admin: Page, email: string): Locator {
  return admin.getByRole('table', { name: 'Users' }).getByRole('row', { name: new RegExp(escapeRegExp(email)) });
}

/**
 * Opens the member's ledger from User Management as a person does at this width: the row's 'Ledger'
 * link in the table (from 1280px), else the card's 'Actions for {name}' menu → 'Ledger'.
 */
export async function openLedgerFromUsers(admin: Page, name: string): Promise<void> {
  const link = admin.getByRole('link', { name: `Ledger of ${name}`, exact: true });
  const menuButton = admin.getByRole('button', { name: `Actions for ${name}`, exact: true });
  await expect(link.or(menuButton)).toBeVisible();
  if (await menuButton.isVisible()) {
    await menuButton.click();
    await admin.getByRole('menu', { name: `Actions for ${name}` }).getByRole('menuitem', { name: 'Ledger', exact: true }).click();
  } else {
    await link.click();
  }
  await expect(admin.getByRole('heading', { level: 1, name: `Ledger: ${name}` })).toBeVisible();
}

/** 'Block' on the member's row, a reason, 'Block User'; waits for the toast and the row's 'Blocked'. */
export async function blockThroughUi(admin: Page, email: string, reason: string): Promise<void> {
  await userRow(admin, email).getByRole('button', { name: 'Block', exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: 'Block User' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Block User' }).click();
  await expect(admin.getByText('User blocked successfully').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** 'Unblock' on the member's row, 'Unblock User'; waits for the toast. */
export async function unblockThroughUi(admin: Page, email: string): Promise<void> {
  await userRow(admin, email).getByRole('button', { name: 'Unblock', exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: 'Unblock User' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Unblock User' }).click();
  await expect(admin.getByText('User unblocked successfully').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The header's notification bell: its name says the unread count ('Notifications, 2 unread'). */
export function notificationBell(page: Page): Locator {
  return page.getByRole('button', { name: /^Notifications/ });
}

/** The unread count the bell's name gives (0 when it says just 'Notifications'); beyond nine the name says '9+', so use unreadCountInPanel. */
export async function unreadCount(page: Page): Promise<number> {
  const bell = notificationBell(page);
  await expect(bell).toBeVisible();
  const name = (await bell.getAttribute('aria-label')) ?? '';
  if (name.includes('9+')) throw new Error('The bell says 9+: read the exact count with unreadCountInPanel');
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

/** The exact unread count, as the open notification panel states it ('12 unread'); the panel is closed again. */
export async function unreadCountInPanel(page: Page): Promise<number> {
  await notificationBell(page).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const status = panel.getByText(/^(\d+ unread|You are all caught up\.)$/);
  await expect(status).toBeVisible();
  const text = (await status.textContent()) ?? '';
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  return Number(/(\d+) unread/.exec(text)?.[1] ?? 0);
}

/** The bell's name for an unread count: the badge's own text, '9+' beyond nine. */
export function bellName(unread: number): string {
  return unread === 0 ? 'Notifications' : `Notifications, ${unread > 9 ? '9+' : unread} unread`;
}
