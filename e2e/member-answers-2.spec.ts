/**
 * The member's answers, part two, on a phone (360 px) and a desktop (1440 px): a member approved into a
 * group that started four months ago reads one notice of what they owe and why, not a reminder per month;
 * an Urdu member reads an administrator's reason isolated in the Urdu sentence, without a doubled full
 * stop, and times without a Latin AM/PM; and the statement of a member moved to another group lists the
 * old group as moved on its date, not as an active one. Plans, groups, reviews and moves are the
 * admin's, through the API.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { pdfText } from '../server/test/pdf-text.ts';
import { memberThroughApi, subscribe, type SeededMember } from './support/accessibility-seed.ts';
import { karachiPeriod, openDashboardTab, type Period } from './support/instalments.ts';
import { signInToDashboard } from './support/journeys.ts';
import { DURATION, GRACE_DAY, GROUP_NUMBER, MONTHLY, adminApi, approveIntoGroup, createGroup, createPlan, firstOf, isoDate, karachiToday, pkr, type AdminApi } from './support/owed.ts';
import { newBankAccount, newPlan, type PlanInput } from './support/plans.ts';

const widths = [
  { name: 'phone', viewport: { width: 360, height: 740 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const periodText = (period: Period) => `${MONTHS[period.month - 1]} ${period.year}`;
const FSI = '\u2068';
const PDI = '\u2069';

/** A plan of six months, an active bank account, and group A1 starting at `start`; the member has bought the plan. */
async function memberWithRequest(request: APIRequestContext, admin: AdminApi, label: string, start: Period) {
  const plan: PlanInput = { ...newPlan(label), maxMembers: 5, duration: DURATION, monthlyAmount: MONTHLY };
  const planId = await createPlan(admin, plan);
  const account = await admin.post<{ data: { bankAccount: { id: string } } }>('/api/bank-accounts', { ...newBankAccount(label), isActive: true });
  const groupId = await createGroup(admin, plan, planId, isoDate(firstOf(start)));
  const { member, token } = await memberThroughApi(request, label);
  await subscribe(request, token, planId, account.data.bankAccount.id);
  return { plan, planId, groupId, member, token };
}

async function openDashboard(page: Page, member: SeededMember): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible({ timeout: 30_000 });
  await signInToDashboard(page, member);
}

for (const { name, viewport } of widths) {
  test.describe(`the member's answers (2), on a ${name}`, () => {
    test.use({ viewport });

    test('approved into a group that started four months ago, the member reads one notice of the months owed, their count and sum', async ({ page, request }) => {
      const admin = await adminApi(request);
      const start = karachiPeriod(-4);
      const { plan, planId, groupId, member } = await memberWithRequest(request, admin, `owed-on-joining-${name}`, start);
      await approveIntoGroup(admin, planId, groupId);
      await openDashboard(page, member);

      // The first month is settled by the purchase; the three after it and this month came due before joining.
      const owed = [karachiPeriod(-3), karachiPeriod(-2), karachiPeriod(-1), karachiPeriod(0)];
      const overdue = karachiToday().getUTCDate() > GRACE_DAY ? owed.length : owed.length - 1;
      await page.getByRole('button', { name: /^Notifications/ }).click();
      const list = page.getByRole('list', { name: 'Latest notifications' });
      const notice = list.getByRole('listitem').filter({ hasText: 'Months owed from before you joined' });
      await expect(notice).toHaveCount(1);
      await expect(notice).toContainText(
        `${plan.name}, Group ${GROUP_NUMBER} started in ${periodText(start)}. ${owed.length} months (${periodText(owed[0])} to ${periodText(owed[3])}) came due before you joined: ${pkr(owed.length * MONTHLY)} in all, owed now${overdue === owed.length ? ', and overdue' : `, ${overdue} of them overdue`}.`,
      );
      // Not a reminder or an overdue notice per month.
      await expect(list.getByRole('listitem').filter({ hasText: /^(Unread: )?Payment (due|overdue|reminder)/ })).toHaveCount(0);
      await expect(list.getByRole('listitem')).toHaveCount(2);
      // It leads to the payments, where the months are paid.
      await notice.getByRole('link').click();
      await expect(page).toHaveURL(/\/dashboard\?tab=payments$/);
    });

    test("in Urdu, an administrator's reason sits isolated in the sentence without a doubled full stop, and times have no AM/PM", async ({ page, request }) => {
      const admin = await adminApi(request);
      const { planId, member, token } = await memberWithRequest(request, admin, `urdu-reason-${name}`, karachiPeriod(0));
      const language = await request.put('/api/profile/language', { headers: { Authorization: `Bearer ${token}` }, data: { language: 'ur' } });
      expect(language.status(), await language.text()).toBe(200);
      const pending = await admin.get<{ data: { payments: { id: string }[] } }>(`/api/plan-payments?planId=${planId}&status=PENDING`);
      await admin.put(`/api/plan-payments/${pending.data.payments[0].id}/reject`, { rejectionReason: 'Blurry.' });

      await page.goto('/login');
      await page.locator('input[type="email"]').fill(member.email);
      await page.locator('input[autocomplete="current-password"]').fill(member.password);
      await page.locator('form button[type="submit"]').click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'ur');

      await page.getByRole('banner').getByRole('button', { name: /^اطلاعات/ }).click();
      const notice = page.getByRole('list', { name: 'تازہ ترین اطلاعات' }).getByRole('listitem').filter({ hasText: 'کمیٹی پلان کی درخواست مسترد' });
      await expect(notice).toHaveCount(1);
      const message = (await notice.textContent()) ?? '';
      expect(message).toContain(`منظور نہیں ہوئی: ${FSI}Blurry${PDI}۔ آپ نئی درخواست بھیج سکتے ہیں۔`);
      expect(message).not.toContain('Blurry.');
      // The moment it came, written in full where the pointer rests: the 24-hour clock, no Latin day period.
      const when = await notice.locator('time').getAttribute('title');
      expect(when).toMatch(/\b\d{1,2}:\d{2}\b/);
      expect(when).not.toMatch(/AM|PM|am|pm/);
    });

    test("the statement of a member moved to another group lists the old one as moved on its date and counts only the new one as active", async ({ page, request }) => {
      const admin = await adminApi(request);
      const thisMonth = karachiPeriod(0);
      const { plan, planId, groupId, member } = await memberWithRequest(request, admin, `moved-statement-${name}`, thisMonth);
      await approveIntoGroup(admin, planId, groupId);
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
      await openDashboardTab(page, 'Payments');
      const button = page.getByRole('button', { name: 'Download statement (all groups)', exact: true });
      const downloading = page.waitForEvent('download');
      await button.click();
      const download = await downloading;
      const { text } = await pdfText(new Uint8Array(await readFile(await download.path())));
      const flat = text.replace(/\n/g, ' ');
      const movedOn = isoDate(karachiToday());
      expect(flat).toContain('Active groups: 1.');
      expect(flat).toContain(`${plan.name}, Group ${GROUP_NUMBER}`);
      expect(flat).toContain(`Status: moved on ${movedOn} to Group A2 of this plan; your months moved with you and are listed there.`);
      // Only the new group is active: one "active" status, under A2.
      expect(flat.match(/Status: active\./g)).toHaveLength(1);
      expect(flat.indexOf('Status: active.')).toBeGreaterThan(flat.indexOf(`${plan.name}, Group A2`));
    });
  });
}

