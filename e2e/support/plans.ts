/**
 * Steps of the plan-buying journeys (admin document §2 "Committee Plans", "Bank Accounts",
 * "Plan Requests"; member document §2 Committee Plans tab and /user/subscribe/:planId), done
 * through the pages by their labels. Each test makes its own plan and bank account with
 * newPlan() and newBankAccount(), so that no two tests (or runs) share them.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from './constants.ts';
import { signIn } from './journeys.ts';
import { fillTransferDetails } from './transfer.ts';

/** A 1×1 PNG: what a member attaches as the transfer receipt. */
export const RECEIPT_PNG = {
  name: 'receipt.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201a5d2d1a50000000049454e44ae426082',
    'hex',
  ),
};

export interface PlanInput {
  name: string;
  packageType: 'Economy' | 'Premium' | 'Luxury';
  maxMembers: number;
  monthlyAmount: number;
  duration: number;
  benefit: string;
}

export interface BankAccountInput {
  accountName: string;
  bankName: string;
  accountType: 'Current' | 'Savings' | 'Mobile Account';
  accountNumber: string;
}

let sequence = 0;
const stamp = () => `${Date.now().toString(36)}-${process.pid}-${++sequence}`;

/** A plan with a name no other test (or earlier run) has used. */
export function newPlan(label: string): PlanInput {
  return { name: `E2E ${label} Plan ${stamp()}`, packageType: 'Premium', maxMembers: 10, monthlyAmount: 25_000, duration: 12, benefit: 'Return air ticket' };
}

/** A bank account whose name no other test has used. */
export function newBankAccount(label: string): BankAccountInput {
  const id = stamp();
  return { accountName: `E2E ${label} Collections ${id}`, bankName: 'Meezan Bank', accountType: 'Current', accountNumber: `0123-${String(Date.now()).slice(-10)}` };
}

/** Regular-expression text for a literal string. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The admin signs in from /login and lands on /admin. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
}

/** Opens an entry of the admin sidebar (behind the menu button on a phone) and waits for its page heading. */
export async function openAdminPage(page: Page, entry: string, path: RegExp, heading = entry): Promise<void> {
  const link = page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: entry, exact: true });
  const menu = page.getByRole('button', { name: 'Open navigation menu' });
  // Waits for the frame: the sidebar's link on a desktop, or the menu button on a phone.
  await expect(link.or(menu).filter({ visible: true }).first()).toBeVisible();
  if (!(await link.isVisible())) await menu.click();
  await link.click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/**
 * Committee Plans → 'Create Plan': fills the dialog (checking that the total is monthly × duration),
 * saves, and waits for the toast and the plan's card. Returns the card.
 */
export async function createPlanThroughUi(page: Page, plan: PlanInput): Promise<Locator> {
  await openAdminPage(page, 'Committee Plans', /\/admin\/committee-plans$/);
  await page.getByRole('button', { name: 'Create Plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Committee Plan' });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Plan Name', { exact: true }).fill(plan.name);
  await dialog.getByLabel('Package Type', { exact: true }).selectOption({ label: plan.packageType });
  await dialog.getByLabel('Max Members', { exact: true }).fill(String(plan.maxMembers));
  await dialog.getByLabel('Monthly Amount (PKR)', { exact: true }).fill(String(plan.monthlyAmount));
  await dialog.getByLabel('Duration (months)', { exact: true }).fill(String(plan.duration));
  // The total follows the monthly amount and the duration by itself.
  await expect(dialog.getByLabel('Total Amount (PKR)', { exact: true })).toHaveValue(String(plan.monthlyAmount * plan.duration));
  await dialog.getByLabel('Benefit 1', { exact: true }).fill(plan.benefit);
  await dialog.getByRole('button', { name: 'Save Plan' }).click();

  await expect(page.getByText('Committee plan created successfully').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article', { name: plan.name, exact: true });
  await expect(card).toBeVisible();
  return card;
}

/** Bank Accounts → 'Add Account': fills the dialog, saves, and waits for the toast. */
export async function addBankAccountThroughUi(page: Page, account: BankAccountInput): Promise<void> {
  await openAdminPage(page, 'Bank Accounts', /\/admin\/bank-accounts$/);
  await page.getByRole('button', { name: 'Add Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Bank Account' });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Account Name', { exact: true }).fill(account.accountName);
  await dialog.getByLabel('Bank Name', { exact: true }).fill(account.bankName);
  await dialog.getByLabel('Account Type', { exact: true }).selectOption({ label: account.accountType });
  await dialog.getByLabel('Account Number', { exact: true }).fill(account.accountNumber);
  await dialog.getByRole('button', { name: 'Save Account' }).click();

  await expect(page.getByText('Bank account created successfully').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: account.accountName, exact: true })).toBeVisible();
}

/**
 * Shows the dashboard's Committee Plans tab. Which tab opens first depends on the member (a member
 * with a group may land elsewhere), so a person clicks it, as this does.
 */
export async function openCommitteePlansTab(page: Page): Promise<void> {
  const tab = page.getByRole('tab', { name: 'Committee Plans', exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** The plan's card in the member dashboard's 'Committee Plans' section. */
export function memberPlanCard(page: Page, planName: string): Locator {
  return page.getByRole('region', { name: 'Committee Plans' }).getByRole('article', { name: planName, exact: true });
}

/** The member's request for the plan in 'My Payment Requests'. */
export function memberRequestRow(page: Page, planName: string): Locator {
  return page.getByRole('region', { name: 'My Payment Requests' }).getByRole('article', { name: planName, exact: true });
}

/**
 * From the member's dashboard: 'Subscribe to {plan}', choose the bank account, give the transfer's
 * date, attach the receipt, 'Submit Payment'; ends back on /dashboard.
 */
export async function subscribeThroughUi(page: Page, planName: string, account: BankAccountInput): Promise<void> {
  await openCommitteePlansTab(page);
  await memberPlanCard(page, planName).getByRole('link', { name: `Subscribe to ${planName}`, exact: true }).click();
  await expect(page).toHaveURL(/\/user\/subscribe\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 2, name: planName, exact: true })).toBeVisible();

  const submit = page.getByRole('button', { name: 'Submit Payment' });
  // Nothing chosen yet: the button waits for an account, the transfer's date and a receipt.
  await expect(submit).toBeDisabled();
  await page
    .getByRole('radiogroup', { name: 'Select Bank Account' })
    .getByRole('radio', { name: `${account.accountName} ${account.bankName}`, exact: true })
    .check();
  await page.getByLabel('Payment Receipt', { exact: true }).setInputFiles(RECEIPT_PNG);
  await fillTransferDetails(page, { number: 'FT-E2E-0001' });
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Your payment has been submitted for verification. You will be notified once approved.')).toBeVisible();
}

/** The admin's view of a member's request on Plan Requests: its article is named by the plan and 'Requested by {name}'. */
export function planRequestItem(page: Page, planName: string, memberName: string): Locator {
  return page
    .getByRole('region', { name: 'Payment requests' })
    .getByRole('article', { name: new RegExp(`^${escapeRegExp(planName)} Requested by ${escapeRegExp(memberName)}$`) });
}

/**
 * On Plan Requests: 'Approve' the member's request and assign a group number. With `newGroup`
 * the plan has no group yet, and the dialog says a new group will be made with that number.
 */
export async function approveThroughUi(page: Page, planName: string, memberName: string, groupNumber: string, options: { newGroup: boolean }): Promise<void> {
  const request = planRequestItem(page, planName, memberName);
  await request.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve Payment Request' });
  await expect(dialog).toBeVisible();
  if (options.newGroup) {
    await expect(dialog.getByText('This plan has no groups yet. A new group will be created with the number you enter.')).toBeVisible();
  }
  await dialog.getByLabel('Committee group number', { exact: true }).fill(groupNumber);
  await dialog.getByRole('button', { name: 'Approve & Assign' }).click();
  await expect(page.getByText(`Payment approved and user assigned to committee group ${groupNumber} successfully`).first()).toBeVisible();
  await expect(dialog).toBeHidden();
}
