/**
 * The monthly draw (admin document §2 "Winner Management"; member document §2 "My Groups tab";
 * RULES §9: one winner per group and month, no member wins twice until all have). A plan of two
 * members and three months, one group of both: the admin draws member one this month, marks the
 * prize paid, draws member two next month, and then nobody is left for the third month. The admin
 * works in one browser, each member in one of their own.
 */
import { expect, test } from '@playwright/test';
import { karachiPeriod, memberGroupCard, monthCard, openDashboardTab } from './support/instalments.ts';
import { chooseDraw, groupOfTwo, openAdminWinners, openWinnersTab, selectionForm, selectWinner, winnerEntry, winnerTotal } from './support/winners.ts';

test.describe('the monthly draw', () => {
  test('the admin draws each month’s winner of a group, the winner sees it, the prize is marked paid, and no one wins twice', async ({ page: admin, browser }) => {
    test.setTimeout(120_000);
    const thisMonth = karachiPeriod(0);
    const nextMonth = karachiPeriod(1);
    const thirdMonth = karachiPeriod(2);
    const setup = await groupOfTwo(admin, browser, 'draw', { duration: 3 });
    try {
      const { plan, groupNumber } = setup;
      const [one, two] = setup.members;
      // What the winner screens ask for: the winners a page at a time, the committee without its members.
      const winnerLists: URL[] = [];
      admin.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/winners') winnerLists.push(url);
      });

      await test.step('Winner Selection: both members are eligible for this month; the admin draws member one', async () => {
        await openAdminWinners(admin);
        await openWinnersTab(admin, 'Winner Selection');
        const details = admin.waitForResponse((response) => /^\/api\/committees\/[0-9a-f-]{36}$/.test(new URL(response.url()).pathname));
        await chooseDraw(admin, plan.name, groupNumber, thisMonth, '2 eligible members (previous winners excluded)');
        const committee = (await (await details).json()).data.committee;
        expect(committee.groups).toEqual([expect.objectContaining({ groupNumber, memberCount: 2 })]);
        expect(committee).not.toHaveProperty('members');
        const members = selectionForm(admin).member.getByRole('option');
        // The placeholder and the two members.
        await expect(members).toHaveCount(3);
        await selectWinner(admin, one.member, groupNumber);
      });

      await test.step('member one sees the win on My Groups and in the notification bell', async () => {
        const page = one.page;
        await page.goto('/dashboard');
        await expect(page.getByRole('heading', { level: 1, name: `Assalam-o-Alaikum, ${one.member.name}` })).toBeVisible();
        await openDashboardTab(page, 'My Groups');
        const card = monthCard(memberGroupCard(page, groupNumber), thisMonth);
        await expect(card).toBeVisible();
        await expect(card.getByText('You Won!', { exact: true })).toBeVisible();
        await expect(card.getByText(`Winner: ${one.member.name}`, { exact: true })).toBeVisible();
        // Next month has no winner yet.
        await expect(monthCard(memberGroupCard(page, groupNumber), nextMonth).getByText(/^Winner: /)).toHaveCount(0);

        const bell = page.getByRole('button', { name: /^Notifications/ });
        await expect(bell).toBeVisible();
        await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
        await bell.click();
        const latest = page.getByRole('list', { name: 'Latest notifications' });
        await expect(latest).toBeVisible();
        const won = latest.getByRole('listitem').filter({ hasText: 'You won!' });
        await expect(won).toHaveCount(1);
        await expect(won).toContainText(`Mubarak! You were selected as the winner of ${plan.name}, Group ${groupNumber}, for ${thisMonth.label}.`);
        await page.keyboard.press('Escape');
        await expect(latest).toBeHidden();
      });

      await test.step('member two did not win: no badge, the winner named', async () => {
        const page = two.page;
        await page.goto('/dashboard');
        await openDashboardTab(page, 'My Groups');
        const card = monthCard(memberGroupCard(page, groupNumber), thisMonth);
        await expect(card.getByText(`Winner: ${one.member.name}`, { exact: true })).toBeVisible();
        await expect(card.getByText('You Won!', { exact: true })).toHaveCount(0);
      });

      await test.step('Winner Management: the admin marks the prize Paid', async () => {
        await openWinnersTab(admin, 'Winner Management');
        // Other journeys draw winners in their own committees: this one's list is the one to read.
        await admin.getByRole('search', { name: 'Winner filters' }).getByLabel('Committee', { exact: true }).selectOption({ label: plan.name });
        await expect(admin.getByText('1 winner', { exact: true })).toBeVisible();
        expect(winnerLists.length).toBeGreaterThan(0);
        for (const url of winnerLists) {
          expect(url.searchParams.get('limit')).toBe('20');
          expect(url.searchParams.get('page')).toBe('1');
        }
        // One winner: no pages to move between.
        await expect(admin.getByRole('navigation', { name: 'Winner pages' })).toHaveCount(0);
        const entry = winnerEntry(admin, one.member);
        await expect(entry).toHaveCount(1);
        await expect(entry).toContainText(one.member.name);
        await expect(entry).toContainText(plan.name);
        await expect(entry).toContainText('Umrah');
        await expect(entry).toContainText('Selected');

        await entry.getByRole('button', { name: 'Update', exact: true }).click();
        const dialog = admin.getByRole('dialog', { name: 'Update Winner Status' });
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText(`${one.member.name}: ${plan.name}, Group ${groupNumber},`);
        const submit = dialog.getByRole('button', { name: 'Update Status', exact: true });
        // No status chosen yet.
        await expect(submit).toBeDisabled();
        await dialog.getByLabel('Status', { exact: true }).selectOption({ label: 'Paid' });
        await submit.click();
        await expect(admin.getByText('Winner status updated successfully', { exact: true }).first()).toBeVisible();
        await expect(dialog).toBeHidden();
        await expect(entry).toContainText('Paid');
      });

      await test.step('Statistics: one winner, paid', async () => {
        await openWinnersTab(admin, 'Statistics');
        await admin.getByRole('search', { name: 'Statistics filters' }).getByLabel('Committee', { exact: true }).selectOption({ label: plan.name });
        await expect(winnerTotal(admin, 'Total')).toHaveText('1');
        await expect(winnerTotal(admin, 'Paid')).toHaveText('1');
        await expect(winnerTotal(admin, 'Pending')).toHaveText('0');
        await expect(winnerTotal(admin, 'Cancelled')).toHaveText('0');
      });

      await test.step('next month only member two is eligible, and the admin draws them', async () => {
        await openWinnersTab(admin, 'Winner Selection');
        await chooseDraw(admin, plan.name, groupNumber, nextMonth, '1 eligible member (previous winners excluded)');
        const members = selectionForm(admin).member.getByRole('option');
        await expect(members).toHaveCount(2);
        await expect(members.filter({ hasText: one.member.email })).toHaveCount(0);
        await selectWinner(admin, two.member, groupNumber);
      });

      await test.step('the third month: everyone has won, nobody is left to draw', async () => {
        await chooseDraw(admin, plan.name, groupNumber, thirdMonth, 'All members have already won. No eligible members.');
        await expect(selectionForm(admin).member).toBeDisabled();
      });

      await test.step('member two sees their win for next month', async () => {
        const page = two.page;
        await page.reload();
        await openDashboardTab(page, 'My Groups');
        const card = monthCard(memberGroupCard(page, groupNumber), nextMonth);
        await expect(card.getByText('You Won!', { exact: true })).toBeVisible();
        await expect(card.getByText(`Winner: ${two.member.name}`, { exact: true })).toBeVisible();
      });
    } finally {
      await setup.close();
    }
  });
});
