/**
 * A member's draw record (My Groups → 'Draw record'), on a phone and on a desktop. A group of two
 * approved members that starts this month; the admin commits the draw of the group's first month
 * (the eligible members frozen, the commitment published) and then draws it (the seed revealed, the
 * winner picked by the published rule). The member opens the record and their browser checks the draw:
 * 'Verified', with the winner and the frozen list.
 *
 * The admin's part (plan, bank account, group, approvals, commit, draw once its notice has passed)
 * goes through the API; the members' (register, verify, buy the plan with a receipt, sign in, read the
 * record) through the pages.
 */
import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { dialogFitsAndCloses, karachiPeriod, memberGroupCard, memberInOwnBrowser, openDashboardTab } from './support/instalments.ts';
import { registerAndVerify, signInToDashboard } from './support/journeys.ts';
import { GROUP_NUMBER, adminApi, approveIntoGroup, firstOf, isoDate, planWithOldGroup } from './support/owed.ts';
import { subscribeThroughUi } from './support/plans.ts';
import { commitAndDrawThroughApi, shortName } from './support/winners.ts';

const widths = [
  { name: 'phone', viewport: { width: 360, height: 740 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

interface DrawnAnswer {
  winner: { winner: { name: string } };
  data: { draw: { commitment: string; seed: string | null; drawInput: string | null; pickedIndex: number | null; eligible: { userId: string; name: string }[] } };
}

for (const { name, viewport } of widths) {
  test.describe(`a member's draw record, on a ${name}`, () => {
    test.use({ viewport });

    test('the member checks the drawn month in the browser: Verified, with the winner and the frozen list', async ({ page, browser, request }) => {
      test.setTimeout(120_000);
      const first = karachiPeriod(0);
      const admin = await adminApi(request);
      const { plan, planId, account, groupId } = await planWithOldGroup(admin, `draws-${name}`, isoDate(firstOf(first)));

      const member = await test.step('two members buy the plan with a receipt; the admin approves both into the group', async () => {
        const one = await registerAndVerify(page, `draws-${name}-one`);
        await page.goto('/login');
        await signInToDashboard(page, one);
        await subscribeThroughUi(page, plan.name, account);
        await approveIntoGroup(admin, planId, groupId);
        const two = await memberInOwnBrowser(browser, `draws-${name}-two`);
        try {
          await subscribeThroughUi(two.page, plan.name, account);
          await approveIntoGroup(admin, planId, groupId);
        } finally {
          await two.close();
        }
        return one;
      });

      const drawn = await test.step("the admin commits the group's first month, then draws it", async () => {
        const committee = await admin.get<{ data: { committee: { groups: { groupNumber: string; memberCount: number }[] } } }>(`/api/committees/${planId}`);
        expect(committee.data.committee.groups).toEqual([expect.objectContaining({ groupNumber: GROUP_NUMBER, memberCount: 2 })]);
        const period = { month: first.month, year: first.year };
        // Drawn once the commitment's notice has passed.
        const answer = await commitAndDrawThroughApi<DrawnAnswer>(admin, planId, GROUP_NUMBER, period);
        // The commitment published before the draw is the fingerprint of the seed revealed at it.
        expect(answer.data.draw.seed).not.toBeNull();
        expect(createHash('sha256').update(answer.data.draw.seed ?? '', 'utf8').digest('hex')).toBe(answer.data.draw.commitment);
        return answer;
      });

      const winnerName = drawn.winner.winner.name;
      const expectedWinner = winnerName === member.name ? 'Winner: You' : `Winner: ${shortName(winnerName)}`;
      const group = memberGroupCard(page, GROUP_NUMBER);
      const open = group.getByRole('button', { name: 'Draw record', exact: true });
      const dialog = page.getByRole('dialog', { name: 'Draw record' });

      await test.step('My Groups → Draw record opens the record, with the group named and the rule in plain words', async () => {
        await page.reload();
        await openDashboardTab(page, 'My Groups');
        await expect(group.getByRole('button', { name: 'Group ledger', exact: true })).toBeVisible();
        await open.click();
        await expect(dialog).toBeVisible();
        await expect(dialog.getByText(`Group ${GROUP_NUMBER} · ${plan.name}`, { exact: true })).toBeVisible();
        await expect(dialog.getByText(/^How the winner is drawn: before the draw the list of eligible members is frozen/)).toBeVisible();
      });

      await test.step('the month drawn: Verified in the browser, the winner, the commitment and the two eligible members', async () => {
        const month = dialog.getByRole('article', { name: first.label, exact: true });
        const draw = month.getByRole('region', { name: 'Draw', exact: true });
        await expect(draw.getByText('Verified: the winner follows from the revealed number', { exact: true })).toBeVisible();
        await expect(draw.getByText('Does not match', { exact: true })).toHaveCount(0);
        await expect(draw.getByText(expectedWinner, { exact: true })).toBeVisible();
        await expect(draw.getByText('Drawn by: administrator', { exact: true })).toBeVisible();
        const commitment = drawn.data.draw.commitment;
        await expect(draw.getByText(`${commitment.slice(0, 8)}…${commitment.slice(-6)}`, { exact: true })).toBeVisible();
        await draw.getByText('Show the full commitment', { exact: true }).click();
        await expect(draw.getByText(commitment, { exact: true })).toBeVisible();
        const eligible = draw.getByRole('list', { name: '2 eligible members', exact: true });
        await expect(eligible.getByRole('listitem')).toHaveCount(2);
        await expect(eligible.getByText(member.name, { exact: true })).toBeVisible();
        await expect(eligible.getByRole('listitem').nth(drawn.data.draw.pickedIndex ?? -1).getByText('Picked', { exact: true })).toBeVisible();
        // Every input the rule hashes: each member's id, and the exact text hashed behind its expander.
        for (const entrant of drawn.data.draw.eligible) await expect(eligible.getByText(entrant.userId, { exact: true })).toBeVisible();
        await draw.getByText('Show the exact text the rule hashes', { exact: true }).click();
        await expect(draw.getByText(drawn.data.draw.drawInput ?? '', { exact: true })).toBeVisible();
      });

      await dialogFitsAndCloses(dialog, open, viewport);
    });
  });
}
