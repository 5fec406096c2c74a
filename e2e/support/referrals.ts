/**
 * Steps of the referral journeys (member document §2 "Referrals tab"; admin document §2 "Commission
 * Payments tab"), done through the pages by their labels: copying the referral link, registering
 * through it, and reading and confirming commissions.
 */
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { registerForm, signInToDashboard, verifyThroughEmail, type Member } from './journeys.ts';
import { escapeRegExp } from './plans.ts';

/** The business rule: a level 1 referrer earns 10% of each approved payment (default rules). */
export const LEVEL1_RATE = 0.1;
/** The default bound of one commission in PKR (RULES §8: minimum 0, maximum 1000). */
export const DEFAULT_MAXIMUM_COMMISSION = 1_000;

/** A browser of its own whose pages may read and write the clipboard (what 'Copy Link' copied). */
export async function contextWithClipboard(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
}

/** Chooses a section of the dashboard's Referrals tab ('Overview', 'Tree View', 'History', 'Commission'). */
export async function openReferralSection(page: Page, name: 'Overview' | 'Tree View' | 'History' | 'Commission'): Promise<void> {
  const tab = page.getByRole('tablist', { name: 'Referral sections' }).getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/**
 * Overview → 'Copy Link': the button says 'Copied!' and, about two seconds later, 'Copy Link' again.
 * Returns what the clipboard holds and the code shown on the page.
 */
export async function copyReferralLink(page: Page): Promise<{ copied: string; code: string; shownLink: string }> {
  const card = page.getByRole('region', { name: 'Your Referral Code', exact: true });
  await expect(card).toBeVisible();
  const shownLink = await card.getByLabel('Your referral link', { exact: true }).inputValue();
  const code = new URL(shownLink).searchParams.get('ref') ?? '';
  expect(code, 'the link carries a referral code').not.toBe('');
  // The code is shown in large type above the link.
  await expect(card.getByText(code, { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Copy Link', exact: true }).click();
  const clickedAt = Date.now();
  await expect(card.getByRole('button', { name: 'Copied!', exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Referral link copied to the clipboard.' })).toBeAttached();
  const copied = await page.evaluate(() => navigator.clipboard.readText());

  await expect(card.getByRole('button', { name: 'Copy Link', exact: true })).toBeVisible({ timeout: 5_000 });
  const shownFor = Date.now() - clickedAt;
  expect(shownFor, "'Copied!' shows for about two seconds").toBeGreaterThanOrEqual(1_500);
  await expect(card.getByRole('button', { name: 'Copied!', exact: true })).toHaveCount(0);
  return { copied, code, shownLink };
}

/**
 * A visitor opens the referral link, finds the code already in 'Referral Code', fills in the rest,
 * creates the account, verifies it through the emailed link and signs in to the dashboard.
 */
export async function registerThroughReferralLink(page: Page, link: string, code: string, member: Member): Promise<void> {
  await page.goto(link);
  await expect(page).toHaveURL(/\/register\?ref=/);
  await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
  const form = registerForm(page);
  await expect(form.referralCode).toHaveValue(code);
  await form.name.fill(member.name);
  await form.email.fill(member.email);
  await form.phone.fill(member.phone);
  await form.password.fill(member.password);
  await form.confirmPassword.fill(member.password);
  await form.submit.click();
  await expect(page).toHaveURL(/\/verify-email\?/);
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

  await verifyThroughEmail(page, member.email);
  await page.goto('/login');
  await signInToDashboard(page, member);
}

/** The Referral Earnings tile of the dashboard's 'Your summary'. */
export function referralEarningsTile(page: Page): Locator {
  return page
    .getByRole('region', { name: 'Your summary', exact: true })
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: 'Referral Earnings (PKR)' }) });
}

/** A person in Tree View's 'People you referred': an article named by their name. */
export function referredPerson(page: Page, name: string): Locator {
  return page.getByRole('list', { name: 'People you referred', exact: true }).getByRole('article', { name, exact: true });
}

/** Chooses 'Pending Confirmation' or 'Confirmed' in the Commission section. */
export async function openCommissionTab(page: Page, name: 'Pending Confirmation' | 'Confirmed'): Promise<void> {
  const tab = page.getByRole('tablist', { name: 'Commission payments', exact: true }).getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** A commission payment's card: 'PKR 2,500 from {name}'. */
export function commissionPaymentCard(page: Page, amount: string, fromName: string): Locator {
  return page.getByRole('article', { name: `${amount} from ${fromName}`, exact: true });
}

/** The admin's table of a month's pending commissions ('Pending commissions for January 2027'). */
export function pendingCommissionsTable(admin: Page, periodLabel: string): Locator {
  return admin.getByRole('table', { name: `Pending commissions for ${periodLabel}`, exact: true });
}

/** The row of the table for a referrer and the person they referred. */
export function pendingCommissionRow(table: Locator, referrerName: string, referredName: string): Locator {
  return table
    .getByRole('row')
    .filter({ hasText: new RegExp(escapeRegExp(referrerName)) })
    .filter({ hasText: new RegExp(escapeRegExp(referredName)) });
}
