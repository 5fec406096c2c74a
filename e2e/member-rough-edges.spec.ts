/**
 * Rough edges a member meets, each tried as a person would, on a phone and on a desktop: a new page
 * opens at its top rather than where the last one was scrolled to, registering with a taken address
 * says only what is true, a verification link opened again says the address is verified, and the landing page offers a signed-in member their dashboard, not a
 * sign-in they do not need. Then the member's own pages: an error is shown where the eye is, a plan
 * already joined or requested is not sold twice, an instalment is paid one way only, every dashboard tab
 * is in reach on a phone, bank details are copied with one press from a list that does not scroll
 * inside the page, a notification opens what it is about, a winner is told what happens next, and
 * every date is written one way. The plans, groups and draws are seeded by the admin through the API.
 */
import type { z } from 'zod';
import type { userListAnswer } from '../contract/users.ts';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { karachiPeriod, memberGroupCard, monthCard, openDashboardTab } from './support/instalments.ts';
import { newMember, registerAndVerify, registerThroughUi, signInToDashboard, type Member } from './support/journeys.ts';
import { waitForLink, waitForText } from './support/mailbox.ts';
import { adminApi, createPlan, firstOf, isoDate, type AdminApi } from './support/owed.ts';
import { memberPlanCard, newBankAccount, newPlan, openCommitteePlansTab, RECEIPT_PNG, type BankAccountInput, type PlanInput } from './support/plans.ts';
import { notificationBell, unreadCount } from './support/users.ts';
import { fillTransferDetails } from './support/transfer.ts';

const widths = [
  { name: 'phone', viewport: { width: 360, height: 740 }, phone: true },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, phone: false },
] as const;

const scrollTop = (page: Page) => page.evaluate(() => window.scrollY);

/** A plan and an active bank account (with an IBAN), made by the admin through the API. */
async function planAndAccount(admin: AdminApi, label: string): Promise<{ plan: PlanInput; planId: string; account: BankAccountInput & { iban: string }; accountId: string }> {
  const plan = newPlan(label);
  const planId = await createPlan(admin, plan);
  const account = { ...newBankAccount(label), iban: `PK36MEZN${String(Date.now()).slice(-10)}123456` };
  const created = await admin.post<{ data: { bankAccount: { id: string } } }>('/api/bank-accounts', { ...account, isActive: true });
  return { plan, planId, account, accountId: created.data.bankAccount.id };
}

/** The member's id, from the admin's users list. */
async function userIdOf(admin: AdminApi, email: string): Promise<string> {
  const listed = await admin.get<z.output<typeof userListAnswer>>(`/api/admin/users?search=${encodeURIComponent(email)}&limit=10`);
  const user = listed.users.find((candidate) => candidate.email === email);
  expect(user, email).toBeTruthy();
  return user?.id ?? '';
}

/**
 * Group A1 of the plan, starting this month (Karachi) or `startsIn` months from now, with the member added
 * to it by the admin (which notifies them; a group whose first month is already due also tells them of it).
 */
async function joinGroup(admin: AdminApi, planId: string, plan: PlanInput, userId: string, startsIn = 0): Promise<string> {
  const group = await admin.post<{ data: { group: { id: string } } }>('/api/admin/groups/create', {
    planId,
    groupName: `${plan.name} - Group A1`,
    groupNumber: 'A1',
    maxMembers: plan.maxMembers,
    startDate: isoDate(firstOf(karachiPeriod(startsIn))),
    isActive: true,
  });
  await admin.post(`/api/committee-plans/${planId}/add-user`, { userId, groupId: group.data.group.id });
  return group.data.group.id;
}

/** The member sends a subscription request with a receipt through the API (POST /api/payments/subscribe), as the subscribe page does. */
async function requestPlan(request: APIRequestContext, member: Member, plan: PlanInput, planId: string, accountId: string): Promise<void> {
  const login = await request.post('/api/auth/login', { data: { email: member.email, password: member.password } });
  const { token } = (await login.json()) as { token: string };
  const sent = await request.post('/api/payments/subscribe', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { planId, amount: String(plan.monthlyAmount), bankAccountId: accountId, description: `Subscription payment for ${plan.name}`, receipt: RECEIPT_PNG },
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

/**
 * A signed-in member on their dashboard. Registered and verified through the API and the emailed link
 * (the pages of that are tried above), then signed in through the login page.
 */
async function memberOnDashboard(page: Page, label: string): Promise<Member> {
  const member = newMember(label);
  const registered = await page.request.post('/api/auth/register', { data: { name: member.name, email: member.email, phone: member.phone, password: member.password } });
  expect(registered.status(), await registered.text()).toBe(201);
  const token = new URL(await waitForLink(member.email, '/verify-email')).searchParams.get('token') ?? '';
  const verified = await page.request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  expect(verified.status(), await verified.text()).toBe(200);
  // The browser's first page of the test: on a busy machine the app's first load may take a while.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible({ timeout: 30_000 });
  await signInToDashboard(page, member);
  return member;
}

/** Whether the element lies wholly inside the window, left to right (nothing pushed off a phone's screen). */
async function withinWindowWidth(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = locator.page().viewportSize()?.width ?? 0;
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

/** '12 Mar 2026': the one way the member's pages write a date (web/lib/format.ts), worked out here. */
const writtenDate = (date: Date) =>
  `${date.getUTCDate()} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][date.getUTCMonth()]} ${date.getUTCFullYear()}`;

for (const { name, viewport, phone } of widths) {
  test.describe(`a member's rough edges, on a ${name}`, () => {
    test.use({ viewport });

    test('a page opened from the bottom of the landing page starts at its top', async ({ page }) => {
      await page.goto('/');
      const footer = page.getByRole('contentinfo');
      await footer.scrollIntoViewIfNeeded();
      expect(await scrollTop(page)).toBeGreaterThan(500);
      await footer.getByRole('link', { name: 'Get Started' }).click();
      await expect(page).toHaveURL(/\/register$/);
      await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
      await expect.poll(() => scrollTop(page)).toBe(0);
    });

    test('registering again with a taken address says only what is true: an email was sent, which tells how to sign in', async ({ page }) => {
      const member = await registerAndVerify(page, `taken-${name}`);
      await registerThroughUi(page, { ...newMember(`taken-again-${name}`), email: member.email });
      await expect(page.getByText(/If this address already has an account, the email says how to sign in instead\./)).toBeVisible();
      await expect(page.getByText(/verification link to/)).toHaveCount(0);
      await waitForText(member.email, 'You already have an account, so no new one was created.');
    });

    test('a verification link opened a second time says the address is verified and leads to login', async ({ page }) => {
      const member = newMember(`twice-${name}`);
      await registerThroughUi(page, member);
      const link = await waitForLink(member.email, '/verify-email');
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
      await expect(page.getByText('Your email is already verified. You can log in.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Verification Failed' })).toHaveCount(0);
      await page.getByRole('link', { name: 'Go to Login' }).click();
      await expect(page).toHaveURL(/\/login$/);
    });

    test('the landing page offers a signed-in member the dashboard, not Sign In', async ({ page }) => {
      const member = await registerAndVerify(page, `edges-${name}`);
      await signInToDashboard(page, member);
      await page.goto('/');
      const header = page.getByRole('banner');
      if (phone) await header.getByRole('button', { name: 'Open menu' }).click();
      await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
      const dashboard = header.getByRole('link', { name: 'My Dashboard' }).filter({ visible: true });
      await expect(dashboard).toHaveCount(1);
      await dashboard.click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: `Assalam-o-Alaikum, ${member.name}` })).toBeVisible();
    });

    test('a server error on the phone subscribe flow is shown where the eye is, with focus on it; the plan page opens at its top', async ({ page, request }) => {
      const admin = await adminApi(request);
      const { plan, account } = await planAndAccount(admin, `error-${name}`);
      await memberOnDashboard(page, `error-${name}`);
      await openCommitteePlansTab(page);
      const card = memberPlanCard(page, plan.name);
      await card.scrollIntoViewIfNeeded();
      await card.getByRole('link', { name: `Subscribe to ${plan.name}`, exact: true }).click();
      await expect(page.getByRole('heading', { level: 2, name: plan.name, exact: true })).toBeVisible();
      await expect.poll(() => scrollTop(page)).toBe(0);

      await page.getByRole('radiogroup', { name: 'Select Bank Account' }).getByRole('radio', { name: `${account.accountName} ${account.bankName}`, exact: true }).check();
      await page.getByLabel('Payment Receipt', { exact: true }).setInputFiles(RECEIPT_PNG);
      await fillTransferDetails(page);
      // The server fails this once, as a server may.
      await page.route('**/api/payments/subscribe', (route) => route.fulfill({ status: 500, json: { success: false, message: 'Server error. Please try again later.' } }));
      await page.getByRole('button', { name: 'Submit Payment' }).click();

      // A 500 carries no reason a member can act on: the form says what failed (member document §8).
      const alert = page.getByRole('alert').filter({ hasText: 'Failed to create payment request' });
      await expect(alert).toBeFocused();
      await expect(alert).toBeInViewport({ ratio: 1 });
    });

    test('a plan already joined or already requested is not offered again: the list and the plan page show the state and lead to it', async ({ page, request }) => {
      // Two plans, a request and a group to seed, and four pages to visit.
      test.slow();
      const admin = await adminApi(request);
      const requested = await planAndAccount(admin, `requested-${name}`);
      const joined = await planAndAccount(admin, `joined-${name}`);
      const member = await memberOnDashboard(page, `twice-${name}`);
      await requestPlan(request, member, requested.plan, requested.planId, requested.accountId);
      const groupId = await joinGroup(admin, joined.planId, joined.plan, await userIdOf(admin, member.email));
      await page.reload();
      await openCommitteePlansTab(page);

      const requestedCard = memberPlanCard(page, requested.plan.name);
      await expect(requestedCard.getByText('Payment Pending', { exact: true })).toBeVisible();
      await expect(requestedCard.getByRole('link', { name: /^Subscribe/ })).toHaveCount(0);
      const joinedCard = memberPlanCard(page, joined.plan.name);
      await expect(joinedCard.getByText('Joined', { exact: true })).toBeVisible();
      await expect(joinedCard.getByText('You are a member of this plan, in Group A1.')).toBeVisible();
      await expect(joinedCard.getByRole('link', { name: /^Subscribe/ })).toHaveCount(0);

      // The plan pages themselves, opened by their address, offer no second payment either.
      await page.goto(`/user/subscribe/${requested.planId}`);
      await expect(page.getByRole('heading', { name: 'Request under review' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Submit Payment' })).toHaveCount(0);
      await page.goto(`/user/subscribe/${joined.planId}`);
      await expect(page.getByRole('heading', { name: 'Joined', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Submit Payment' })).toHaveCount(0);
      await page.getByRole('link', { name: 'View My Groups' }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard\\?tab=groups&group=${groupId}$`));
      await expect(page.getByRole('tab', { name: 'My Groups', exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(memberGroupCard(page, 'A1')).toBeInViewport();
    });

    test("an instalment is paid one way: the Payments tab's Submit Payment opens the month's payment page, which takes a bank transfer only", async ({ page, request }) => {
      const admin = await adminApi(request);
      const { plan, planId } = await planAndAccount(admin, `one-way-${name}`);
      const member = await memberOnDashboard(page, `one-way-${name}`);
      await joinGroup(admin, planId, plan, await userIdOf(admin, member.email));
      await page.reload();
      await openDashboardTab(page, 'Payments');
      await page.getByRole('link', { name: 'Submit Payment', exact: true }).click();

      await expect(page).toHaveURL(/\/user\/payment\/[^/]+$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: 'Payment Details', exact: true })).toBeVisible();
      await expect(page.getByText(`Group A1 - ${karachiPeriod(0).label}`, { exact: true })).toBeVisible();
      // No choice of method: Cash cannot be sent with a bank receipt.
      await expect(page.getByText('Cash', { exact: true })).toHaveCount(0);
      await expect(page.getByLabel('Payment Method')).toHaveCount(0);
    });

    test('every dashboard tab is on screen and reachable by the keyboard', async ({ page, request }) => {
      const admin = await adminApi(request);
      const { plan, planId } = await planAndAccount(admin, `tabs-${name}`);
      const member = await memberOnDashboard(page, `tabs-${name}`);
      await joinGroup(admin, planId, plan, await userIdOf(admin, member.email));
      await page.reload();
      const tabs = page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab');
      await expect(tabs).toHaveText(['My Groups', 'Committee Plans', 'Payments', 'Referrals']);
      for (const tab of await tabs.all()) {
        await expect(tab).toBeVisible();
        expect(await withinWindowWidth(tab), (await tab.textContent()) ?? undefined).toBe(true);
      }
      await openDashboardTab(page, 'My Groups');
      await page.getByRole('tab', { name: 'My Groups', exact: true }).focus();
      // One key at a time, as a person looks before pressing again: each tab takes focus and is chosen.
      for (const next of ['Committee Plans', 'Payments', 'Referrals']) {
        await page.keyboard.press('ArrowRight');
        await expect(page.getByRole('tab', { name: next, exact: true })).toBeFocused();
      }
      const referrals = page.getByRole('tab', { name: 'Referrals', exact: true });
      await expect(referrals).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('heading', { name: 'Referral Program' })).toBeVisible();
    });

    test('the bank accounts are one list in the page, and an account number or IBAN is copied with one press', async ({ page, request }) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      const admin = await adminApi(request);
      const { plan, planId, account } = await planAndAccount(admin, `copy-${name}`);
      await memberOnDashboard(page, `copy-${name}`);
      await page.goto(`/user/subscribe/${planId}`);
      await expect(page.getByRole('heading', { level: 2, name: plan.name, exact: true })).toBeVisible();

      const list = page.getByRole('radiogroup', { name: 'Select Bank Account' });
      // No scroll inside the page's scroll: the list is as tall as its accounts.
      expect(await list.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true);
      const card = list.getByRole('group', { name: `${account.accountName} ${account.bankName}`, exact: true });
      await card.getByRole('button', { name: 'Copy account number', exact: true }).click();
      await expect(page.getByText('Account number copied')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account.accountNumber);
      await card.getByRole('button', { name: 'Copy IBAN', exact: true }).click();
      await expect(page.getByText('IBAN copied')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account.iban);
      // Copying does not choose the account.
      await expect(card.getByRole('radio')).not.toBeChecked();
    });

    test('a notification opens what it is about and is marked read', async ({ page, request }) => {
      const admin = await adminApi(request);
      const { plan, planId } = await planAndAccount(admin, `notice-${name}`);
      const member = await memberOnDashboard(page, `notice-${name}`);
      // Starting next month: nothing is owed yet, so the one notice is that of joining, whatever the day.
      const groupId = await joinGroup(admin, planId, plan, await userIdOf(admin, member.email), 1);
      await page.reload();
      // The member is looking at another tab when the news comes.
      await openDashboardTab(page, 'Referrals');
      // The bell reads its count after the page: wait for it rather than read it once.
      await expect(notificationBell(page)).toHaveAccessibleName('Notifications, 1 unread');

      await notificationBell(page).click();
      await page.getByRole('list', { name: 'Latest notifications' }).getByRole('link', { name: /Added to a group/ }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard\\?tab=groups&group=${groupId}$`));
      await expect(page.getByRole('tab', { name: 'My Groups', exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(memberGroupCard(page, 'A1')).toBeInViewport();
      await expect.poll(() => unreadCount(page)).toBe(0);
    });

    test('a winner is told what happens next, and only what is true', async ({ page, request }) => {
      const admin = await adminApi(request);
      const { plan, planId } = await planAndAccount(admin, `won-${name}`);
      const member = await memberOnDashboard(page, `won-${name}`);
      const userId = await userIdOf(admin, member.email);
      await joinGroup(admin, planId, plan, userId);
      const period = karachiPeriod(0);
      await admin.post('/api/winners/select-specific', { committeeId: planId, groupNumber: 'A1', month: period.month, year: period.year, userId });
      await page.reload();
      await openDashboardTab(page, 'My Groups');

      const group = memberGroupCard(page, 'A1');
      const nextSteps = group.getByRole('note', { name: 'What happens next' });
      await expect(nextSteps).toContainText('An administrator will contact you to arrange your Umrah package.');
      await expect(nextSteps).toContainText('Keep paying your monthly instalments: they continue until the group ends.');
      await monthCard(group, period).click();
      const details = page.getByRole('dialog', { name: 'Month Details' });
      await expect(details.getByText('You Won!')).toBeVisible();
      await expect(details.getByRole('note', { name: 'What happens next' })).toContainText('An administrator will contact you to arrange your Umrah package.');
    });

    test('every date on the member pages is written one way', async ({ page, request }) => {
      const admin = await adminApi(request);
      const { plan, planId } = await planAndAccount(admin, `dates-${name}`);
      const member = await memberOnDashboard(page, `dates-${name}`);
      await joinGroup(admin, planId, plan, await userIdOf(admin, member.email));
      await page.reload();
      await openDashboardTab(page, 'My Groups');
      const start = firstOf(karachiPeriod(0));
      // The group's start date and the next instalment's due date, both the first of this month.
      await expect(memberGroupCard(page, 'A1').getByText(writtenDate(start), { exact: true })).toBeVisible();
      await expect(page.getByText(`Due ${writtenDate(start)}`)).toBeVisible();
      // The notification of joining gives its moment the same way (day before month), with its time.
      await notificationBell(page).click();
      const when = page.getByRole('list', { name: 'Latest notifications' }).getByRole('link', { name: /Added to a group/ }).locator('time');
      const today = new Date(`${isoDate(new Date(Date.now() + 5 * 3_600_000))}T00:00:00Z`);
      await expect(when).toHaveAttribute('title', new RegExp(`^${writtenDate(today)}, \\d{1,2}:\\d{2} [ap]m$`));
    });
  });
}
