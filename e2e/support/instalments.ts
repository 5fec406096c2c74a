/**
 * Steps of the monthly-instalment journeys (member document §2 "My Groups tab", "Payments tab",
 * /user/payment/:paymentId; admin document §2 "Payment Management"), done through the pages by
 * their labels. Months are named as the app names them: in Karachi time (RULES §2).
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { registerAndVerify, signInToDashboard, type Member } from './journeys.ts';
import {
  addBankAccountThroughUi,
  approveThroughUi,
  createPlanThroughUi,
  escapeRegExp,
  newBankAccount,
  newPlan,
  openAdminPage,
  RECEIPT_PNG,
  signInAsAdmin,
  subscribeThroughUi,
  type BankAccountInput,
  type PlanInput,
} from './plans.ts';

import { BUSINESS_TIME_ZONE } from '../../contract/business-time.ts';
import { fillTransferDetails } from './transfer.ts';

export { BUSINESS_TIME_ZONE };

export interface Period {
  month: number;
  year: number;
  /** 'January', as the month selects show it. */
  monthName: string;
  /** 'January 2027', as the cards, lists and dialogs show it. */
  label: string;
}

/** The month `offset` months after the current one in Karachi (0: this month). */
export function karachiPeriod(offset = 0, now: Date = new Date()): Period {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: 'numeric' }).formatToParts(now);
  const read = (type: 'year' | 'month') => Number(parts.find((part) => part.type === type)?.value);
  const index = read('year') * 12 + (read('month') - 1) + offset;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  // The first of that month at noon in Karachi is that month whatever the machine's zone.
  const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: BUSINESS_TIME_ZONE }).format(new Date(Date.UTC(year, month - 1, 1, 7)));
  return { month, year, monthName, label: `${monthName} ${year}` };
}

/** A member in a browser of their own: registered, verified and signed in to the dashboard. */
export async function memberInOwnBrowser(browser: Browser, label: string): Promise<{ page: Page; member: Member; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const member = await registerAndVerify(page, label);
  await page.goto('/login');
  await signInToDashboard(page, member);
  return { page, member, close: () => context.close() };
}

export interface MemberWithGroup {
  plan: PlanInput;
  account: BankAccountInput;
  groupNumber: string;
  member: Member;
  /** The member's own page, on the dashboard. */
  page: Page;
  close: () => Promise<void>;
}

/**
 * Through the pages: the admin (signed in on `admin`) creates a plan of `duration` months and a bank
 * account; a new member subscribes with a receipt in a browser of their own; the admin approves the
 * request into a new group. The group starts this month (Karachi), which the subscription pays.
 */
export async function memberWithNewGroup(admin: Page, browser: Browser, label: string, options: { duration: number; groupNumber?: string }): Promise<MemberWithGroup> {
  const plan: PlanInput = { ...newPlan(label), maxMembers: 5, duration: options.duration };
  const account = newBankAccount(label);
  const groupNumber = options.groupNumber ?? 'A1';

  await signInAsAdmin(admin);
  await createPlanThroughUi(admin, plan);
  await addBankAccountThroughUi(admin, account);

  const own = await memberInOwnBrowser(browser, label);
  try {
    await subscribeThroughUi(own.page, plan.name, account);
    await openAdminPage(admin, 'Plan Requests', /\/admin\/plan-requests$/);
    await approveThroughUi(admin, plan.name, own.member.name, groupNumber, { newGroup: true });
  } catch (error) {
    await own.close();
    throw error;
  }
  return { plan, account, groupNumber, member: own.member, page: own.page, close: own.close };
}

/** Chooses a tab of the member's dashboard ('My Groups', 'Payments', …); the last one chosen is remembered, so a person clicks. */
export async function openDashboardTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** The group's card on the My Groups tab. */
export function memberGroupCard(page: Page, groupNumber: string): Locator {
  return page.getByRole('article', { name: `Group ${groupNumber}`, exact: true });
}

/** The group's payment progress bar. */
export function groupProgress(group: Locator, groupNumber: string): Locator {
  return group.getByRole('progressbar', { name: `Payment progress of Group ${groupNumber}`, exact: true });
}

/**
 * A month of the group's schedule: a button named by what it shows, '{Month} {Year} {State}' first (the
 * state may be followed by 'Receipt rejected'), then 'This month' on the current one, and the amount.
 */
export function monthCard(group: Locator, period: Period, status?: string): Locator {
  const state = status ? ` ${escapeRegExp(status)}(?: This month)? PKR ` : ' ';
  return group.getByRole('button', { name: new RegExp(`^${escapeRegExp(period.label)}${state}`) });
}

/**
 * My Groups → the month's card → 'Month Details' → 'Pay Now' → /user/payment/{id}: choose the bank
 * account, give the transfer's date, attach the receipt, 'Submit Payment'; ends on 'Payment Submitted!'.
 * Returns the payment id.
 */
export async function payMonthFromMyGroups(page: Page, groupNumber: string, period: Period, account: BankAccountInput): Promise<string> {
  await openDashboardTab(page, 'My Groups');
  const group = memberGroupCard(page, groupNumber);
  // Whatever the month's state (scheduled, owed, overdue), its card opens the same details.
  await monthCard(group, period).click();

  const details = page.getByRole('dialog', { name: 'Month Details' });
  await expect(details).toBeVisible();
  await expect(details.getByText(`Group ${groupNumber} - ${period.label}`, { exact: true })).toBeVisible();
  await details.getByRole('button', { name: 'Pay Now', exact: true }).click();

  await expect(page).toHaveURL(/\/user\/payment\/[^/]+$/);
  const paymentId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Details', exact: true })).toBeVisible();
  await expect(page.getByText(`Group ${groupNumber} - ${period.label}`, { exact: true })).toBeVisible();

  const submit = page.getByRole('button', { name: 'Submit Payment', exact: true });
  // Nothing chosen yet: the button waits for an account, the transfer's date and a receipt.
  await expect(submit).toBeDisabled();
  await page
    .getByRole('radiogroup', { name: 'Select Bank Account' })
    .getByRole('radio', { name: `${account.accountName} ${account.bankName}`, exact: true })
    .check();
  await page.getByLabel('Payment Receipt', { exact: true }).setInputFiles(RECEIPT_PNG);
  await expect(submit).toBeDisabled();
  await fillTransferDetails(page);
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page.getByRole('heading', { name: 'Payment Submitted!', exact: true })).toBeVisible();
  await expect(page.getByText('Your monthly payment has been submitted for verification. You will be notified once approved.')).toBeVisible();
  return paymentId;
}

/** Opens /admin/payments from the sidebar ('Payments' → 'Payment Management'). */
export async function openAdminPayments(admin: Page): Promise<void> {
  await openAdminPage(admin, 'Payments', /\/admin\/payments(\?.*)?$/, 'Payment Management');
}

/** Chooses a tab of Payment Management by the start of its name (the Pending Queue tab also says how many wait). */
export async function openAdminPaymentsTab(admin: Page, name: string): Promise<void> {
  const tab = admin.getByRole('tablist', { name: 'Payment management sections' }).getByRole('tab', { name: new RegExp(`^${escapeRegExp(name)}`) });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** A receipt in the Pending Queue: an article named by the member's name and the period. */
export function pendingQueueItem(admin: Page, memberName: string, period: Period): Locator {
  return admin.getByRole('region', { name: 'Payments waiting for review' }).getByRole('article', { name: `${memberName} ${period.label}`, exact: true });
}

/** The checkbox of a payment in Bulk Actions: 'Select payment {last 8 of id}: {name}, {period}'. */
export function bulkSelectCheckbox(admin: Page, memberName: string, period: Period): Locator {
  return admin.getByRole('checkbox', { name: new RegExp(`^Select payment \\S{8}: ${escapeRegExp(memberName)}, ${escapeRegExp(period.label)}$`) });
}

/** A payment of the member's Payment History (Payments tab): an article named by its period. */
export function paymentHistoryItem(page: Page, period: Period): Locator {
  return page.getByRole('region', { name: 'Payment History', exact: true }).getByRole('article', { name: period.label, exact: true });
}

/** A dialog opened from a member's group card: it fits the screen, and Close puts focus back on its opener. */
export async function dialogFitsAndCloses(dialog: Locator, opener: Locator, viewport: { width: number }) {
  await test.step('the dialog fits the screen: nothing pushed off its sides', async () => {
    const box = await dialog.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
  await test.step('Close shuts the dialog and puts focus back on the button that opened it', async () => {
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
}
