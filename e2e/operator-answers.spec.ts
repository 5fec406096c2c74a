/**
 * Every screen of the operator's answers its question, tried as a person would at a phone's and a
 * desktop's width: a deactivation asks for confirmation and a reason, and the member who then tries
 * to sign in is told why; a month that has its winner cannot be drawn again, and says so; the overview
 * counts only groups with members as waiting for a winner, and a move is not a join; sessions name the
 * browser, system and phone, not the User-Agent. Plans, groups and members are seeded by the admin through the API.
 */
import { expect, test, type Page } from '@playwright/test';
import { createPlan, adminApi, isoDate, firstOf } from './support/owed.ts';
import { karachiPeriod } from './support/instalments.ts';
import { newPlan, openAdminPage, signInAsAdmin } from './support/plans.ts';
import { signInToDashboard } from './support/journeys.ts';
import { openAdminUsers, searchUsers } from './support/users.ts';
import { refusedSignIn, userAction, verifiedMember, widths } from './support/operator.ts';
import { chooseOptionStartingWith, fairDraw, openAdminWinners, openWinnersTab, selectionForm } from './support/winners.ts';

/** The overview's 'N groups have no winner for this month yet' (0 when the alert is not shown). */
async function groupsWithoutWinner(page: Page): Promise<number> {
  await expect(page.getByRole('heading', { name: 'System Overview' })).toBeVisible();
  const alert = page.getByText(/^\d+ groups? (has|have) no winner for this month yet$/);
  if ((await alert.count()) === 0) return 0;
  return Number(/^\d+/.exec((await alert.textContent()) ?? '')?.[0]);
}

/** The joins chart's figure for a month, read from its table; opening the table offers the chart back. */
async function joinsIn(page: Page, monthLabel: string): Promise<number> {
  const chart = page.getByRole('region', { name: 'Members joining per month' });
  await chart.getByRole('button', { name: 'Show as table', exact: true }).click();
  const back = chart.getByRole('button', { name: 'Show as chart', exact: true });
  await expect(back).toBeVisible();
  await expect(chart.getByRole('button', { name: 'Show as table', exact: true })).toHaveCount(0);
  const row = chart.getByRole('table').getByRole('row', { name: new RegExp(`^${monthLabel} `) });
  const joined = Number(await row.getByRole('cell').last().textContent());
  await back.click();
  await expect(chart.getByRole('table')).toHaveCount(0);
  await expect(chart.getByRole('button', { name: 'Show as table', exact: true })).toBeVisible();
  return joined;
}

for (const width of widths) {
  test.describe(`at ${width.name} width`, () => {
    test.use({ viewport: width.viewport });

    test('deactivating a user asks for a reason, and a deactivated or blocked member is told why at sign-in', async ({ page, browser }) => {
      const admin = await adminApi(page.request);
      const member = await verifiedMember(page, admin, `deact-${width.name}`);
      const blocked = await verifiedMember(page, admin, `blockd-${width.name}`);
      await admin.put(`/api/admin/users/${blocked.id}/block`, { isBlocked: true, reason: 'Sent the same receipt twice' });

      await page.goto('/login');
      await signInAsAdmin(page);
      await openAdminUsers(page);
      await searchUsers(page, member.email);
      await userAction(page, member, 'Deactivate');
      const dialog = page.getByRole('dialog', { name: 'Deactivate User' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(`${member.name} (${member.email}) will be signed out at once`)).toBeVisible();
      // Nothing happens without a reason.
      await dialog.getByRole('button', { name: 'Deactivate User' }).click();
      await expect(dialog.getByText('Please give a reason.')).toBeVisible();
      await expect(dialog.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
      await dialog.getByLabel('Reason').fill('Moved abroad, asked to close the account');
      await expect(dialog.getByText('They read it when they try to sign in. Kept in the audit log.')).toBeVisible();
      await dialog.getByRole('button', { name: 'Deactivate User' }).click();
      await expect(page.getByText('User deactivated successfully').first()).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Reason: Moved abroad, asked to close the account')).toBeVisible();

      const inactive = await refusedSignIn(browser, width.viewport, member);
      try {
        await expect(inactive.alert).toContainText('Your account is inactive. Please contact support.');
        await expect(inactive.alert).toContainText('Reason given: Moved abroad, asked to close the account');
      } finally {
        await inactive.close();
      }
      const refused = await refusedSignIn(browser, width.viewport, blocked);
      try {
        await expect(refused.alert).toContainText('Your account has been blocked. Please contact support.');
        await expect(refused.alert).toContainText('Reason given: Sent the same receipt twice');
      } finally {
        await refused.close();
      }
    });

    test('deactivating a group asks for confirmation and a reason', async ({ page }) => {
      const admin = await adminApi(page.request);
      const plan = newPlan(`grpoff-${width.name}`);
      const planId = await createPlan(admin, plan);
      await admin.post('/api/admin/groups/create', { planId, groupName: `${plan.name} - Group A1`, groupNumber: 'A1', maxMembers: plan.maxMembers, startDate: isoDate(firstOf(karachiPeriod(0))), isActive: true });

      await page.goto('/login');
      await signInAsAdmin(page);
      await openAdminPage(page, 'Dashboard', /\/admin$/);
      const groups = page.getByRole('region', { name: 'Groups Management' });
      await groups.getByRole('searchbox', { name: 'Search groups' }).fill(plan.name);
      const card = groups.getByRole('article', { name: `${plan.name} - Group A1`, exact: true });
      await card.getByRole('button', { name: 'Deactivate', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Deactivate Group' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(`${plan.name} - Group A1 will take no new members until activated again.`)).toBeVisible();
      await dialog.getByRole('button', { name: 'Deactivate Group' }).click();
      await expect(dialog.getByText('Please give a reason.')).toBeVisible();
      await dialog.getByLabel('Reason').fill('Paused until the plan is repriced');
      await dialog.getByRole('button', { name: 'Deactivate Group' }).click();
      await expect(page.getByText('Group deactivated successfully').first()).toBeVisible();
      await expect(card.getByRole('button', { name: 'Activate', exact: true })).toBeVisible();
    });

    test('the draw buttons are disabled once the month has a winner, and say why', async ({ page }) => {
      const admin = await adminApi(page.request);
      const plan = newPlan(`won-${width.name}`);
      const planId = await createPlan(admin, plan);
      const period = karachiPeriod(0);
      const group = await admin.post<{ data: { group: { id: string } } }>('/api/admin/groups/create', {
        planId, groupName: `${plan.name} - Group A1`, groupNumber: 'A1', maxMembers: plan.maxMembers, startDate: isoDate(firstOf(period)), isActive: true,
      });
      const winner = await verifiedMember(page, admin, `winner-${width.name}`);
      const other = await verifiedMember(page, admin, `other-${width.name}`);
      for (const member of [winner, other]) await admin.post(`/api/committee-plans/${planId}/add-user`, { userId: member.id, groupId: group.data.group.id });
      await admin.post('/api/winners/select-specific', { committeeId: planId, groupNumber: 'A1', month: period.month, year: period.year, userId: winner.id, reason: 'Chosen at the meeting' });

      await page.goto('/login');
      await signInAsAdmin(page);
      await openAdminWinners(page);
      await openWinnersTab(page, 'Winner Selection');
      const fields = selectionForm(page);
      await expect(fields.committee).toBeEnabled();
      await chooseOptionStartingWith(fields.committee, `${plan.name} (`);
      await expect(fields.group).toBeEnabled();
      await chooseOptionStartingWith(fields.group, 'Group A1 (');
      await fields.month.selectOption({ label: period.monthName });
      await fields.year.fill(String(period.year));

      const draw = fairDraw(page);
      const why = `${winner.name} has already won ${period.label} for group A1, so this month is not drawn again. To draw it again, cancel that winner in Winner Management first.`;
      await expect(draw.area.getByText(why)).toBeVisible();
      await expect(draw.commit).toBeDisabled();
      await expect(draw.draw).toBeDisabled();
      await expect(draw.commit).toHaveAccessibleDescription(why);
      await expect(draw.draw).toHaveAccessibleDescription(why);

      // Another month of the same group can still be drawn.
      await fields.month.selectOption({ label: karachiPeriod(1).monthName });
      await fields.year.fill(String(karachiPeriod(1).year));
      await expect(draw.area.getByText(why)).toBeHidden();
      await expect(draw.commit).toBeEnabled();
    });

    test('the overview counts only groups with members as waiting for a winner, a move is not a join, and the table offers the chart back', async ({ page }) => {
      const admin = await adminApi(page.request);
      const period = karachiPeriod(0);
      await page.goto('/login');
      await signInAsAdmin(page);
      const waitingBefore = await groupsWithoutWinner(page);
      const joinsBefore = await joinsIn(page, period.label);

      // Two groups running this month; a member joins the first and is moved to the second, which leaves the first empty.
      const plan = newPlan(`overview-${width.name}`);
      const planId = await createPlan(admin, plan);
      const create = (number: string) =>
        admin.post<{ data: { group: { id: string } } }>('/api/admin/groups/create', { planId, groupName: `${plan.name} - Group ${number}`, groupNumber: number, maxMembers: plan.maxMembers, startDate: isoDate(firstOf(period)), isActive: true });
      const first = await create('A1');
      const second = await create('B1');
      const member = await verifiedMember(page, admin, `moved-${width.name}`);
      await admin.post(`/api/committee-plans/${planId}/add-user`, { userId: member.id, groupId: first.data.group.id });
      await admin.post(`/api/admin/groups/${first.data.group.id}/members/${member.id}/move`, { toGroupId: second.data.group.id, reason: 'Asked for the other group' });

      await page.reload();
      await expect.poll(() => groupsWithoutWinner(page)).toBe(waitingBefore + 1);
      expect(await joinsIn(page, period.label)).toBe(joinsBefore + 1);
    });

    test('sessions show the browser, system and phone a person recognises, not the User-Agent', async ({ page, browser }) => {
      const admin = await adminApi(page.request);
      const member = await verifiedMember(page, admin, `sessions-${width.name}`);
      // The member also signed in on a Samsung phone.
      const phone = await browser.newContext({ userAgent: 'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Mobile Safari/537.36' });
      try {
        const signedIn = await phone.request.post('/api/auth/login', { data: { email: member.email, password: member.password } });
        expect(signedIn.status(), await signedIn.text()).toBe(200);
      } finally {
        await phone.close();
      }

      await page.goto('/login');
      await signInToDashboard(page, member);
      await page.goto('/profile');
      const card = page.getByRole('region', { name: 'Sessions' });
      const items = card.getByRole('list', { name: 'Your sessions' }).getByRole('listitem');
      await expect(items).toHaveCount(2);
      await expect(items.nth(1)).toContainText('Chrome on Android · Samsung SM-S911B');
      await expect(items.first()).toContainText('Chrome on Linux');
      await expect(card).not.toContainText('Mozilla');
      await expect(card).not.toContainText('AppleWebKit');
    });

    test('the admin header shows its whole title', async ({ page }) => {
      await page.goto('/login');
      await signInAsAdmin(page);
      const title = page.getByRole('banner').getByText('Admin Dashboard', { exact: true });
      await expect(title).toBeVisible();
      // Not cut short with an ellipsis: the text fits the box it is given.
      expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight)).toBe(true);
    });
  });
}
