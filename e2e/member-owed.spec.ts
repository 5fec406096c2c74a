/**
 * What a member owes, on the dashboard (RULES §6a). A group that started on the first of the month three
 * months ago; a member joins it now: the first month is settled by the plan purchase, the two months
 * after it and this month are owed (this month is due on its 1st), the months after that are scheduled.
 * A month is overdue once its 1st plus the grace days (grace day 10: 9 days) is behind today. The member
 * signs in on a phone and on a desktop and sees the next instalment, 'Owed'/'Overdue' in words, and what
 * is owed, paid and remaining, the same figures in the tiles and on the Payments tab.
 *
 * The admin's part (plan, bank account, group, approval) goes through the API; the member's (register,
 * verify, buy the plan with a receipt, sign in, read the dashboard) through the pages.
 */
import { expect, test, type Page } from '@playwright/test';
import { karachiPeriod, memberGroupCard, monthCard, openDashboardTab, type Period } from './support/instalments.ts';
import { registerAndVerify, signInToDashboard } from './support/journeys.ts';
import { DAY_MS, DURATION, GRACE_DAY, GROUP_NUMBER, MONTHLY, adminApi, approveIntoGroup, firstOf, instalments, isoDate, karachiToday, pkr, planWithOldGroup } from './support/owed.ts';
import { escapeRegExp, subscribeThroughUi } from './support/plans.ts';

/** What the member should see, worked out from today's date alone. */
function expectations(now = new Date()) {
  const today = karachiToday(now);
  // The cycle: offsets −3 (paid by the purchase), −2, −1, 0 (owed), +1, +2 (scheduled).
  const months = Array.from({ length: DURATION }, (_, index) => karachiPeriod(index - 3, now));
  const owed = months.slice(1, 4);
  // Overdue once the 1st + (grace − 1) days is before today.
  const isOverdue = (period: Period) => firstOf(period).getTime() + (GRACE_DAY - 1) * DAY_MS < today.getTime();
  const overdue = owed.filter(isOverdue);
  const next = owed[0];
  return {
    start: isoDate(firstOf(months[0])),
    months,
    paid: months[0],
    owed,
    overdue,
    scheduled: months.slice(4),
    isOverdue,
    next,
    nextDaysLate: Math.round((today.getTime() - firstOf(next).getTime()) / DAY_MS),
  };
}


/** A figure of the next-instalment card: its term, then its amount and its count. */
function figure(card: ReturnType<Page['getByRole']>, term: string) {
  return card.getByRole('term').filter({ hasText: new RegExp(`^${escapeRegExp(term)}`) }).locator('xpath=..');
}

const widths = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

for (const { name, viewport } of widths) {
  test.describe(`what a member owes, on a ${name}`, () => {
    test.use({ viewport });

    test('the dashboard leads with the earliest owed month, says Owed and Overdue in words, and the figures agree', async ({ page, request }) => {
      const expected = expectations();
      const admin = await adminApi(request);
      const { plan, planId, account, groupId } = await planWithOldGroup(admin, `owed-${name}`, expected.start);

      await test.step('a new member buys the plan with a receipt; the admin approves it into the old group', async () => {
        const member = await registerAndVerify(page, `owed-${name}`);
        await page.goto('/login');
        await signInToDashboard(page, member);
        await subscribeThroughUi(page, plan.name, account);
        await approveIntoGroup(admin, planId, groupId);
        await page.reload();
      });

      const card = page.getByRole('region', { name: 'Your next instalment' });

      await test.step('the next instalment: the earliest owed month, overdue, with how late it is and Pay Now', async () => {
        await expect(card).toBeVisible();
        await expect(card.getByRole('heading', { name: expected.next.label, exact: true })).toBeVisible();
        await expect(card.getByText(`Group ${GROUP_NUMBER} · ${plan.name}`, { exact: true })).toBeVisible();
        await expect(card.getByText(pkr(MONTHLY), { exact: true }).first()).toBeVisible();
        await expect(card.getByText(`${expected.nextDaysLate} days late`, { exact: true })).toBeVisible();
        // Two months ago is always past its grace day: the word is there, not only the red.
        expect(expected.isOverdue(expected.next)).toBe(true);
        await expect(card.getByText('Overdue', { exact: true }).first()).toBeVisible();
        await expect(card.getByRole('link', { name: 'Pay Now', exact: true })).toBeVisible();
        // The card comes before the summary tiles.
        const cardTop = (await card.boundingBox())!.y;
        const tilesTop = (await page.getByRole('region', { name: 'Your summary' }).boundingBox())!.y;
        expect(cardTop).toBeLessThan(tilesTop);
      });

      await test.step('owed now: the two previous months and this one; paid: the first; remaining: owed and scheduled', async () => {
        const owed = figure(card, 'Owed now');
        await expect(owed.getByRole('definition').first()).toHaveText(pkr(expected.owed.length * MONTHLY));
        await expect(owed.getByText(instalments(expected.owed.length), { exact: true })).toBeVisible();
        await expect(owed.getByText(`Overdue: ${expected.overdue.length} (${pkr(expected.overdue.length * MONTHLY)})`, { exact: true })).toBeVisible();
        await expect(owed.getByText('Overdue', { exact: true })).toBeVisible();

        const paid = figure(card, 'Paid');
        await expect(paid.getByRole('definition').first()).toHaveText(pkr(MONTHLY));
        await expect(paid.getByText(instalments(1), { exact: true })).toBeVisible();

        const remaining = figure(card, 'Remaining in your cycle');
        const left = expected.owed.length + expected.scheduled.length;
        await expect(remaining.getByRole('definition').first()).toHaveText(pkr(left * MONTHLY));
        await expect(remaining.getByText(instalments(left), { exact: true })).toBeVisible();
      });

      await test.step('the page fits the screen: nothing to scroll sideways', async () => {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });

      await test.step('the tiles and the Payments tab show the same counts', async () => {
        const total = 1 + expected.owed.length;
        const tiles = page.getByRole('region', { name: 'Your summary' });
        const tile = (label: string) => tiles.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');
        await expect(tile('Total Payments')).toHaveText(String(total));
        await expect(tile('Pending Payments')).toHaveText(String(expected.owed.length));

        await openDashboardTab(page, 'Payments');
        const counts = page.getByRole('main').getByRole('term');
        const shown = (label: string) => counts.filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
        await expect(shown('Total')).toHaveText(String(total));
        await expect(shown('Approved')).toHaveText('1');
        await expect(shown('Pending')).toHaveText(String(expected.owed.length));
        await expect(page.getByText(`0 under review · ${expected.owed.length} owed`, { exact: true })).toBeVisible();
      });

      await test.step('My Groups draws each month by its state: Paid, Overdue or Owed, Scheduled', async () => {
        await openDashboardTab(page, 'My Groups');
        const group = memberGroupCard(page, GROUP_NUMBER);
        await expect(monthCard(group, expected.paid, 'Paid')).toBeVisible();
        for (const period of expected.owed) {
          await expect(monthCard(group, period, expected.isOverdue(period) ? 'Overdue' : 'Owed')).toBeVisible();
        }
        for (const period of expected.scheduled) await expect(monthCard(group, period, 'Scheduled')).toBeVisible();
        await expect(monthCard(group, karachiPeriod(0), expected.isOverdue(karachiPeriod(0)) ? 'Overdue' : 'Owed')).toHaveAttribute('aria-current', 'date');
      });

      await test.step("Pay Now opens the month's payment page", async () => {
        await page.getByRole('region', { name: 'Your next instalment' }).getByRole('link', { name: 'Pay Now', exact: true }).click();
        await expect(page).toHaveURL(/\/user\/payment\/[^/]+$/);
        await expect(page.getByRole('heading', { level: 1, name: 'Payment Details', exact: true })).toBeVisible();
        await expect(page.getByText(`Group ${GROUP_NUMBER} - ${expected.next.label}`, { exact: true })).toBeVisible();
      });
    });
  });
}
