/**
 * The verifiable draw (docs/draws.md; contract/draw-rule.ts), on a phone and on a desktop. A plan of
 * two members whose group A1 starts this month is set up through the API; the admin, through the pages,
 * picks the committee, group and month on Winner Selection, commits the draw (the commitment is
 * published, both members frozen), waits for its notice (the Draw button enables itself), draws the
 * winner (the seed is revealed), and finds the draw in the group's draw record with its seed. The test
 * checks the rule itself too: the seed hashes to the commitment, and the published rule picks the
 * winner shown.
 */
import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { drawIndex, drawInput } from '../contract/draw-rule.ts';
import { karachiPeriod } from './support/instalments.ts';
import { adminApi } from './support/owed.ts';
import { groupWithMembers, registerMembers } from './support/paging-seed.ts';
import { signInAsAdmin } from './support/plans.ts';
import { formatDateTime } from '../web/lib/format.ts';
import { chooseDraw, fairDraw, selectionForm } from './support/winners.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const short = (hex: string) => `${hex.slice(0, 8)}…${hex.slice(-8)}`;

interface DrawEntryAnswer {
  status: string;
  drawableAt: string;
  commitment: string;
  seed: string | null;
  eligible: { userId: string; name: string }[];
  pickedIndex: number | null;
  winner: { name: string } | null;
}

const widths = [
  { name: 'phone', viewport: { width: 360, height: 800 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

for (const { name, viewport } of widths) {
  test.describe(`the verifiable draw, on a ${name} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test('the admin commits the month’s draw, draws the winner, and the draw record shows it with its seed', async ({ page, request }) => {
      test.setTimeout(120_000);
      const period = karachiPeriod(0);
      const admin = await adminApi(request);
      const { members } = await registerMembers(request, admin, `fair draw ${name}`, 2);
      const { plan } = await groupWithMembers(admin, `fair-draw-${name}`, members, 3);

      await signInAsAdmin(page);
      await page.goto('/admin/winners');
      await expect(page.getByRole('heading', { level: 1, name: 'Winner Management' })).toBeVisible();
      await chooseDraw(page, plan.name, 'A1', period, '2 eligible members (previous winners excluded)');
      await selectionForm(page).paymentType.selectOption({ label: 'Cash' });

      const area = page.getByRole('region', { name: 'Draw fairly' });
      await expect(area.getByText(`Group A1, ${period.label}`, { exact: true })).toBeVisible();

      const committed = await test.step('commit: the commitment is published and both members are frozen', async () => {
        const answer = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/A1/commit'));
        await area.getByRole('button', { name: 'Commit the draw', exact: true }).click();
        const response = await answer;
        expect(response.status()).toBe(201);
        const draw = ((await response.json()) as { data: { draw: DrawEntryAnswer } }).data.draw;
        expect(draw.status).toBe('COMMITTED');
        expect(draw.seed).toBeNull();
        expect(draw.eligible.map((member) => member.name).sort()).toEqual(members.map((member) => member.name).sort());
        await expect(area.getByText('Commitment published', { exact: true })).toBeVisible();
        await expect(area.getByText(short(draw.commitment), { exact: true })).toBeVisible();
        await expect(area.getByText('2 eligible members frozen', { exact: true })).toBeVisible();
        const when = `Can be drawn from ${formatDateTime(draw.drawableAt, 'en')} (Pakistan time)`;
        await expect(area.getByText(when, { exact: true })).toBeVisible();
        return draw;
      });

      await test.step('the notice: Draw waits until the commitment may be drawn, and then enables itself', async () => {
        // Its description says until when; nothing is pressed meanwhile.
        await expect(fairDraw(page).draw).toBeEnabled({ timeout: 15_000 });
      });

      const drawn = await test.step('draw: the winner is shown, drawn from the committed list, with the seed revealed', async () => {
        const answer = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/A1/draw'));
        await area.getByRole('button', { name: 'Draw the winner', exact: true }).click();
        const response = await answer;
        expect(response.status()).toBe(201);
        const body = (await response.json()) as { data: { draw: DrawEntryAnswer; winner: { paymentType: string; winner: { name: string } } } };
        const { draw, winner } = body.data;
        expect(draw.status).toBe('DRAWN');
        expect(draw.commitment).toBe(committed.commitment);
        expect(winner.paymentType).toBe('CASH');
        await expect(page.getByText('Success! Winner drawn for Group A1', { exact: true }).first()).toBeVisible();
        await expect(area.getByText(`Winner: ${winner.winner.name}`, { exact: true })).toBeVisible();
        await expect(area.getByText('Drawn from the committed list', { exact: true })).toBeVisible();
        await expect(area.getByText(short(draw.seed ?? ''), { exact: true })).toBeVisible();

        // Anyone can check it: the seed hashes to the commitment, and the rule picks this winner.
        const seed = draw.seed ?? '';
        expect(sha256(seed)).toBe(committed.commitment);
        const ids = draw.eligible.map((member) => member.userId);
        const index = drawIndex(sha256(drawInput(seed, period.year, period.month, ids)), ids.length);
        expect(draw.pickedIndex).toBe(index);
        expect(draw.eligible[index].name).toBe(winner.winner.name);
        return { seed, winnerName: winner.winner.name };
      });

      await test.step('the month is taken: the manual choice lists nobody who has won it, and the draw record lists the draw', async () => {
        await expect(selectionForm(page).form.getByText('1 eligible member (previous winners excluded)', { exact: true })).toBeVisible();

        const opener = area.getByRole('button', { name: 'Draw record', exact: true });
        await opener.click();
        const dialog = page.getByRole('dialog', { name: 'Draw record: Group A1' });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByText(`${plan.name}: every draw and manual choice, month by month.`, { exact: true })).toBeVisible();
        const entries = dialog.getByRole('article', { name: period.label, exact: true }).getByRole('region', { name: 'Draw', exact: true });
        await expect(entries).toHaveCount(1);
        const entry = entries.first();
        await expect(entry.getByText('Drawn', { exact: true })).toBeVisible();
        await expect(entry.getByText('Verified: the winner follows from the revealed number', { exact: true })).toBeVisible();
        await entry.getByText('Show the full commitment', { exact: true }).click();
        await expect(entry.getByText(committed.commitment, { exact: true })).toBeVisible();
        await entry.getByText('Show the full number', { exact: true }).click();
        await expect(entry.getByText(drawn.seed, { exact: true })).toBeVisible();
        await expect(entry.getByText(`Winner: ${drawn.winnerName}`, { exact: true })).toBeVisible();
        // The administrator reads full names.
        for (const member of members) await expect(entry.getByText(member.name, { exact: true })).toBeVisible();
        // Nothing overflows the screen: the hashes wrap.
        const box = await dialog.boundingBox();
        expect(box && box.x + box.width).toBeLessThanOrEqual(viewport.width);

        // The keyboard closes it, and focus goes back to the button that opened it.
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(opener).toBeFocused();
      });
    });
  });
}
