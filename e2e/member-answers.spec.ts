/**
 * Every screen answers the member's question, tried as a member would on a phone (360 px) and a desktop
 * (1440 px): the landing page leads a signed-in member to their dashboard; after verifying, the sign-in
 * form has the address in it; a language picked before signing in stays and is saved to the account;
 * a toast in Urdu is written in the Urdu face; the winner of the month reads it first; a refused receipt
 * is told on the top card with the reason and what to do; and right after buying a plan the top card
 * says the request is being checked. Plans, groups, draws and reviews are the admin's, through the API.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import urShared from '../web/locales/ur.json' with { type: 'json' };
import { memberThroughApi, subscribe, type SeededMember } from './support/accessibility-seed.ts';
import { karachiPeriod, type Period } from './support/instalments.ts';
import { newMember, signInToDashboard } from './support/journeys.ts';
import { waitForLink } from './support/mailbox.ts';
import { DURATION, GROUP_NUMBER, MONTHLY, adminApi, approveIntoGroup, createGroup, createPlan, firstOf, isoDate, karachiToday, pkr, type AdminApi } from './support/owed.ts';
import { newBankAccount, newPlan, RECEIPT_PNG, subscribeThroughUi, type BankAccountInput, type PlanInput } from './support/plans.ts';
import { commitAndDrawThroughApi } from './support/winners.ts';

const widths = [
  { name: 'phone', viewport: { width: 360, height: 740 }, phone: true },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, phone: false },
] as const;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const periodText = (period: Period) => `${MONTHS[period.month - 1]} ${period.year}`;
/** '12 Mar 2026': the one way the member's pages write a date (web/lib/format.ts), worked out here. */
const writtenDate = (date: Date) => `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()].slice(0, 3)} ${date.getUTCFullYear()}`;

/** A plan of six months and an active bank account, made by the admin. */
async function planAndAccount(admin: AdminApi, label: string, maxMembers = 5): Promise<{ plan: PlanInput; planId: string; account: BankAccountInput; accountId: string }> {
  const plan: PlanInput = { ...newPlan(label), maxMembers, duration: DURATION, monthlyAmount: MONTHLY };
  const planId = await createPlan(admin, plan);
  const account = newBankAccount(label);
  const created = await admin.post<{ data: { bankAccount: { id: string } } }>('/api/bank-accounts', { ...account, isActive: true });
  return { plan, planId, account, accountId: created.data.bankAccount.id };
}

/** A member who bought the plan and was approved into group A1, which starts at `start`. */
async function memberInGroup(request: APIRequestContext, admin: AdminApi, label: string, start: Period, maxMembers = 5) {
  const setup = await planAndAccount(admin, label, maxMembers);
  const groupId = await createGroup(admin, setup.plan, setup.planId, isoDate(firstOf(start)));
  const { member, token } = await memberThroughApi(request, label);
  await subscribe(request, token, setup.planId, setup.accountId);
  await approveIntoGroup(admin, setup.planId, groupId);
  return { ...setup, groupId, member, token };
}

/** The member's dashboard in this page, signed in through the login page. */
async function openDashboard(page: Page, member: SeededMember): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible({ timeout: 30_000 });
  await signInToDashboard(page, member);
}

/** The top card of the dashboard: the next instalment, and what the member must know about it. */
const topCard = (page: Page) => page.getByRole('region', { name: 'Your next instalment' });

/** No serious or critical axe finding inside the element. */
async function expectAxeClean(page: Page, selector: string, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), where).toEqual([]);
}

for (const { name, viewport, phone } of widths) {
  test.describe(`the member's answers, on a ${name}`, () => {
    test.use({ viewport });

    test('the landing page leads a signed-in member to the dashboard: no Sign In or Get Started anywhere on it', async ({ page, request }) => {
      const { member } = await memberThroughApi(request, `landing-${name}`);
      await openDashboard(page, member);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (phone) await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
      // The header, the hero, the call to action and the footer's quick links alike.
      await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Get Started', exact: true })).toHaveCount(0);
      const main = page.getByRole('main');
      await main.getByRole('link', { name: 'My Dashboard' }).first().click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: `Assalam-o-Alaikum, ${member.name}` })).toBeVisible();
    });

    test('after verifying the email, the sign-in form has the address filled in and asks only for the password', async ({ page }) => {
      const member = newMember(`verified-${name}`);
      const registered = await page.request.post('/api/auth/register', { data: { name: member.name, email: member.email, phone: member.phone, password: member.password } });
      expect(registered.status(), await registered.text()).toBe(201);
      // The emailed link, opened in a browser that has never seen the address (another device, say).
      await page.goto(await waitForLink(member.email, '/verify-email'));
      await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible({ timeout: 30_000 });
      await page.getByRole('link', { name: 'Go to Login' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByLabel('Email Address')).toHaveValue(member.email);
      await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
      await page.getByLabel('Password', { exact: true }).fill(member.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Assalam-o-Alaikum, ${member.name}` })).toBeVisible();
    });

    test('a language picked before signing in stays after it and is saved to the account; its toast is in the Urdu face', async ({ page, request }) => {
      // An account made in English: its saved language is English.
      const { member, token } = await memberThroughApi(request, `language-${name}`);
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible({ timeout: 30_000 });
      await page.getByRole('banner').getByRole('button', { name: 'Show the app in Urdu' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
      await page.locator('input[type="email"]').fill(member.email);
      await page.locator('input[autocomplete="current-password"]').fill(member.password);
      await page.locator('form button[type="submit"]').click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(member.name) })).toBeVisible();
      // The welcome toast, in Nastaliq: the toaster's own font family would show empty boxes.
      const toast = page.locator('[data-sonner-toast]').first();
      await expect(toast).toBeVisible();
      await expect(toast).toHaveCSS('font-family', /Noto Nastaliq Urdu/);
      // Still Urdu once signed in, and after a reload, which reads the account again.
      await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
      await expect
        .poll(async () => {
          const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
          return ((await me.json()) as { user: { language: string } }).user.language;
        })
        .toBe('ur');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(member.name) })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
      await expect(page.getByRole('banner').getByRole('button', { name: urShared.language.switchTo })).toBeVisible();
    });

    test('a member moved to another group sees the old one as moved on its date, not active, in the counts and on My Groups', async ({ page, request }) => {
      const admin = await adminApi(request);
      const thisMonth = karachiPeriod(0);
      const { plan, planId, groupId, member } = await memberInGroup(request, admin, `moved-${name}`, thisMonth);
      const other = await admin.post<{ data: { group: { id: string } } }>('/api/admin/groups/create', {
        planId,
        groupName: `${plan.name} - Group A2`,
        groupNumber: 'A2',
        maxMembers: plan.maxMembers,
        startDate: isoDate(firstOf(thisMonth)),
        isActive: true,
      });
      await admin.post(`/api/admin/groups/${groupId}/members/${member.id}/move`, { toGroupId: other.data.group.id, reason: 'Asked for the other group.' });
      await openDashboard(page, member);

      const activeGroups = page.getByRole('region', { name: 'Your summary' }).locator('dt', { hasText: 'Active Groups' }).locator('xpath=following-sibling::dd[1]');
      await expect(activeGroups).toHaveText('1');
      const tab = page.getByRole('tab', { name: 'My Groups', exact: true });
      await tab.click();
      const oldGroup = page.getByRole('article', { name: `Group ${GROUP_NUMBER}`, exact: true });
      const newGroup = page.getByRole('article', { name: 'Group A2', exact: true });
      await expect(newGroup.getByText('Active', { exact: true })).toBeVisible();
      await expect(oldGroup.getByText(`Moved on ${writtenDate(karachiToday())}`, { exact: true })).toBeVisible();
      await expect(oldGroup.getByText('Active', { exact: true })).toHaveCount(0);
      await expect(oldGroup).toContainText('You were moved to Group A2 of this plan');
    });

    test("the winner of the month reads it at the top of the dashboard, above what they owe", async ({ page, request }) => {
      const admin = await adminApi(request);
      const thisMonth = karachiPeriod(0);
      // A group of one: its only member is the one drawn.
      const { plan, planId, member } = await memberInGroup(request, admin, `winner-${name}`, thisMonth, 1);
      await commitAndDrawThroughApi(admin, planId, GROUP_NUMBER, thisMonth);
      await openDashboard(page, member);
      const banner = page.getByRole('region', { name: 'You won the draw!' });
      await expect(banner).toBeVisible();
      await expect(banner).toContainText(`${periodText(thisMonth)} · Group ${GROUP_NUMBER} · ${plan.name}: ${pkr(MONTHLY * DURATION)}`);
      await expect(banner.getByRole('note', { name: 'What happens next' })).toBeVisible();
      const bannerBox = await banner.boundingBox();
      const cardBox = await topCard(page).boundingBox();
      expect(bannerBox && cardBox && bannerBox.y < cardBox.y, 'the win comes before the next instalment').toBe(true);
      // On a phone the news is on the first screen, without scrolling.
      expect(bannerBox!.y).toBeLessThan(viewport.height);
    });

    test('a month whose receipt was refused says so on the top card, with the reason and what to do, in both themes', async ({ page, request }) => {
      const admin = await adminApi(request);
      const lastMonth = karachiPeriod(-1);
      const thisMonth = karachiPeriod(0);
      const { groupId, member, token, accountId } = await memberInGroup(request, admin, `refused-${name}`, lastMonth);
      const sent = await request.post('/api/payments', {
        headers: { Authorization: `Bearer ${token}` },
        multipart: { groupId, amount: String(MONTHLY), month: String(thisMonth.month), year: String(thisMonth.year), paymentMethod: 'BANK_TRANSFER', bankAccountId: accountId, receipt: RECEIPT_PNG },
      });
      expect(sent.status(), await sent.text()).toBe(201);
      const payment = ((await sent.json()) as { payment: { id: string } }).payment;
      const reason = 'The amount on the receipt does not match';
      await admin.put(`/api/payments/${payment.id}/status`, { status: 'REJECTED', reason });

      for (const theme of ['light', 'dark'] as const) {
        await page.addInitScript((chosen) => window.localStorage.setItem('committee-theme', chosen), theme);
        if (theme === 'light') await openDashboard(page, member);
        else await page.reload();
        const card = topCard(page);
        const refused = card.getByRole('group', { name: 'Receipt refused' });
        await expect(refused).toBeVisible();
        await expect(refused).toContainText(`Your receipt for ${periodText(thisMonth)} (Group ${GROUP_NUMBER}) was refused.`);
        await expect(refused).toContainText(`Reason: ${reason}`);
        await expect(refused).toContainText('Send a new receipt with Pay Now below. The month stays owed until a receipt is approved.');
        await expect(card.getByRole('link', { name: /Pay Now/ })).toBeVisible();
        await expectAxeClean(page, 'main section', `the top card, ${theme}`);
      }
    });

    test('right after buying a plan, the top card says the request is being checked, for which plan, and what comes next', async ({ page, request }) => {
      const admin = await adminApi(request);
      const { plan, account } = await planAndAccount(admin, `bought-${name}`);
      const { member } = await memberThroughApi(request, `bought-${name}`);
      await openDashboard(page, member);
      // Before: nothing bought, nothing due.
      await expect(topCard(page)).toContainText('Nothing due');
      await subscribeThroughUi(page, plan.name, account);
      const checking = topCard(page).getByRole('group', { name: 'Your plan request is being checked' });
      await expect(checking).toBeVisible();
      await expect(checking).toContainText(`${plan.name}: ${pkr(MONTHLY)}, sent `);
      await expect(checking).toContainText('An administrator is checking your payment and its receipt.');
      await expect(checking).toContainText('Once it is approved you are placed in a group of this plan, this payment counts as your first month');
      await expect(topCard(page)).not.toContainText('Nothing due');
    });
  });
}
