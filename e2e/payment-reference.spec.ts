/**
 * The payment reference where a member pays (decision 052), on a phone and on a desktop: the month's
 * payment page shows it beside the bank accounts with a copy button and "Write this in the transfer's
 * remarks"; the button copies it; the receipt goes with the transfer's date and number; and the admin's
 * Pending Queue shows all three. The plan, the account and the group are seeded by the admin through the
 * API; the reference expected is the one the API gives the member for that month.
 */
import { expect, test, type Page } from '@playwright/test';
import { karachiPeriod, memberGroupCard, monthCard, openAdminPayments, pendingQueueItem, openDashboardTab } from './support/instalments.ts';
import { newMember, signInToDashboard, type Member } from './support/journeys.ts';
import { waitForLink } from './support/mailbox.ts';
import { adminApi, createPlan, firstOf, isoDate, type AdminApi } from './support/owed.ts';
import { newBankAccount, newPlan, RECEIPT_PNG, signInAsAdmin } from './support/plans.ts';
import { fillTransferDetails, karachiDate } from './support/transfer.ts';

const widths = [
  { name: 'phone', viewport: { width: 360, height: 740 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-03-04' as the admin's screens write a day: '4 Mar 2026'. */
const dayAsWritten = (date: string) => `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** The references' alphabet: digits and capitals without 0, O, 1, I and L; seven characters. */
const REFERENCE = /^[2-9A-HJKMNP-Z]{7}$/;

/** A member registered and verified through the API, signed in through the login page. */
async function memberOnDashboard(page: Page, label: string): Promise<Member & { token: string }> {
  const member = newMember(label);
  const registered = await page.request.post('/api/auth/register', { data: { name: member.name, email: member.email, phone: member.phone, password: member.password } });
  expect(registered.status(), await registered.text()).toBe(201);
  const token = new URL(await waitForLink(member.email, '/verify-email')).searchParams.get('token') ?? '';
  expect((await page.request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)).status()).toBe(200);
  const login = await page.request.post('/api/auth/login', { data: { email: member.email, password: member.password } });
  const session = ((await login.json()) as { token: string }).token;
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible({ timeout: 30_000 });
  await signInToDashboard(page, member);
  return { ...member, token: session };
}

/** A plan, an account and group A1 starting this month, with the member put in it by the admin. */
async function memberInGroup(admin: AdminApi, member: Member, label: string) {
  const plan = newPlan(label);
  const planId = await createPlan(admin, plan);
  const account = newBankAccount(label);
  await admin.post('/api/bank-accounts', { ...account, isActive: true });
  const group = await admin.post<{ data: { group: { id: string } } }>('/api/admin/groups/create', {
    planId,
    groupName: `${plan.name} - Group A1`,
    groupNumber: 'A1',
    maxMembers: plan.maxMembers,
    startDate: isoDate(firstOf(karachiPeriod(0))),
    isActive: true,
  });
  const users = await admin.get<{ users: { id: string; email: string }[] }>(`/api/admin/users?search=${encodeURIComponent(member.email)}&limit=10`);
  const userId = users.users.find((user) => user.email === member.email)?.id;
  await admin.post(`/api/committee-plans/${planId}/add-user`, { userId, groupId: group.data.group.id });
  return { plan, account, groupId: group.data.group.id };
}

for (const { name, viewport } of widths) {
  test.describe(`the payment reference, on a ${name}`, () => {
    test.use({ viewport });

    test("the payment page shows the month's reference with a copy button, and the admin sees it with the transfer's date and number", async ({ page, request, browser }) => {
      test.slow();
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      const admin = await adminApi(request);
      const member = await memberOnDashboard(page, `reference-${name}`);
      const { account, groupId } = await memberInGroup(admin, member, `reference-${name}`);
      const period = karachiPeriod(0);

      // The month's reference as the API gives it to the member.
      const groups = await page.request.get('/api/committee-plans/user/groups', { headers: { Authorization: `Bearer ${member.token}` } });
      const body = (await groups.json()) as { data: { groups: { id: string; payments: { month: number; year: number; paymentReference: string }[] }[] } };
      const expected = body.data.groups.find((group) => group.id === groupId)?.payments.find((p) => p.month === period.month && p.year === period.year)?.paymentReference ?? '';
      expect(expected).toMatch(REFERENCE);

      await test.step("Pay Now on the month opens its payment page, with the reference beside the accounts", async () => {
        await page.reload();
        await openDashboardTab(page, 'My Groups');
        await monthCard(memberGroupCard(page, 'A1'), period).click();
        await page.getByRole('dialog', { name: 'Month Details' }).getByRole('button', { name: 'Pay Now', exact: true }).click();
        await expect(page).toHaveURL(/\/user\/payment\/[^/]+$/);

        const box = page.getByRole('region', { name: 'Payment reference', exact: true });
        await expect(box.getByText(expected, { exact: true })).toBeVisible();
        await expect(box.getByText("Write this in the transfer's remarks", { exact: true })).toBeVisible();
        const copy = box.getByRole('button', { name: 'Copy the payment reference', exact: true });
        await expect(copy).toBeVisible();
        // Wholly on the screen, a phone's included: nothing pushed off its side.
        await copy.scrollIntoViewIfNeeded();
        await expect(copy).toBeInViewport({ ratio: 1 });
        const reference = await box.getByText(expected, { exact: true }).boundingBox();
        expect(reference && reference.x >= 0 && reference.x + reference.width <= viewport.width).toBe(true);
        // Beside the bank accounts: right after their list.
        const accounts = await page.getByRole('radiogroup', { name: 'Select Bank Account' }).boundingBox();
        const boxTop = await box.boundingBox();
        expect(accounts && boxTop && boxTop.y > accounts.y).toBe(true);

        await copy.click();
        await expect(page.getByText('Payment reference copied')).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
      });

      await test.step("the receipt goes with the transfer's date and the bank's transaction number", async () => {
        await page.getByRole('radiogroup', { name: 'Select Bank Account' }).getByRole('radio', { name: `${account.accountName} ${account.bankName}`, exact: true }).check();
        await fillTransferDetails(page, { number: `IBFT-${name.toUpperCase()}-77` });
        await page.getByLabel('Payment Receipt', { exact: true }).setInputFiles(RECEIPT_PNG);
        await page.getByRole('button', { name: 'Submit Payment', exact: true }).click();
        await expect(page.getByRole('heading', { name: 'Payment Submitted!', exact: true })).toBeVisible();
      });

      await test.step("the admin's Pending Queue shows the reference, the transfer date and the transaction number", async () => {
        const context = await browser.newContext({ viewport });
        try {
          const adminPage = await context.newPage();
          await signInAsAdmin(adminPage);
          await openAdminPayments(adminPage);
          const item = pendingQueueItem(adminPage, member.name, period);
          await expect(item).toBeVisible();
          const value = (label: string) => item.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd');
          await expect(value('Payment reference')).toHaveText(expected);
          await expect(value('Transfer date')).toHaveText(dayAsWritten(karachiDate()));
          await expect(value('Transaction number')).toHaveText(`IBFT-${name.toUpperCase()}-77`);
        } finally {
          await context.close();
        }
      });
    });
  });
}
