/**
 * A draw's commitment binds, and its record can be published (docs/draws.md), on a phone and on a
 * desktop. Two members of a group that starts this month (made through the API); the admin and one
 * member each in a browser of their own. The admin commits the month's draw: the member's record shows
 * the commitment and from when it can be drawn. The admin voids it with a reason: the member reads the
 * void and its reason, checked in the browser. The admin commits again, waits for the notice (the Draw
 * button disabled, then enabled by itself) and draws; publishes the record at a link; a browser nobody
 * is signed in to opens it and reads the record with every name shortened. The admin revokes the link:
 * it then says it does not open a draw record.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatDateTime } from '../web/lib/format.ts';
import { memberThroughApi } from './support/accessibility-seed.ts';
import { karachiPeriod, memberGroupCard, openDashboardTab } from './support/instalments.ts';
import { signInToDashboard } from './support/journeys.ts';
import { adminApi } from './support/owed.ts';
import { groupWithMembers } from './support/paging-seed.ts';
import { signInAsAdmin } from './support/plans.ts';
import { chooseDraw, fairDraw, selectionForm, shortName } from './support/winners.ts';

const widths = [
  { name: 'phone', viewport: { width: 360, height: 800 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

interface CommittedAnswer {
  data: { draw: { drawableAt: string; commitment: string } };
}

/** A signed-out browser of its own, at the phone's or the desktop's width. */
async function signedOutPage(browser: Browser, viewport: { width: number; height: number }): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport });
  return { page: await context.newPage(), close: () => context.close() };
}

/** The page is no wider than the screen: nothing to scroll sideways. */
async function fitsTheScreen(page: Page): Promise<void> {
  const { scroll, screen } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(scroll, `the page is ${scroll} px wide on a ${screen} px screen`).toBeLessThanOrEqual(screen);
}

for (const { name, viewport } of widths) {
  test.describe(`a binding draw and its published record, on a ${name} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test('commit, void with a reason, commit again, wait, draw; publish the record, open it signed out, revoke it', async ({ page: admin, browser, request }) => {
      test.setTimeout(240_000);
      const period = karachiPeriod(0);
      const api = await adminApi(request);
      const one = await memberThroughApi(request, `binding-${name}-one`);
      const two = await memberThroughApi(request, `binding-${name}-two`);
      const entrants = [one.member, two.member];
      const { plan } = await groupWithMembers(api, `binding-${name}`, entrants, 3);

      const memberContext = await browser.newContext({ viewport });
      const member = await memberContext.newPage();
      const visitor = await signedOutPage(browser, viewport);
      try {
        await member.goto('/login');
        await signInToDashboard(member, one.member);

        const draws = fairDraw(admin);
        const reason = `The list was frozen before a member's receipt was approved (${name})`;

        /** The member's record of this month: its draws, newest month first. */
        const memberRecord = async () => {
          await member.reload();
          await openDashboardTab(member, 'My Groups');
          const open = memberGroupCard(member, 'A1').getByRole('button', { name: 'Draw record', exact: true });
          await open.click();
          const dialog = member.getByRole('dialog', { name: 'Draw record' });
          await expect(dialog).toBeVisible();
          return { dialog, month: dialog.getByRole('article', { name: period.label, exact: true }) };
        };

        const first = await test.step('the admin commits the month: the commitment, and from when it can be drawn', async () => {
          await signInAsAdmin(admin);
          await admin.goto('/admin/winners');
          await expect(admin.getByRole('heading', { level: 1, name: 'Winner Management' })).toBeVisible();
          await chooseDraw(admin, plan.name, 'A1', period, '2 eligible members (previous winners excluded)');
          const answer = admin.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/A1/commit'));
          await draws.commit.click();
          const response = await answer;
          expect(response.status()).toBe(201);
          const draw = ((await response.json()) as CommittedAnswer).data.draw;
          await expect(draws.area.getByText('Commitment published', { exact: true })).toBeVisible();
          await expect(draws.area.getByText(`Can be drawn from ${formatDateTime(draw.drawableAt, 'en')} (Pakistan time)`, { exact: true })).toBeVisible();
          return draw;
        });

        await test.step("the member's record shows the commitment and from when it can be drawn", async () => {
          const { dialog, month } = await memberRecord();
          const draw = month.getByRole('region', { name: 'Draw', exact: true });
          await expect(draw).toHaveCount(1);
          await expect(draw.getByText('Committed', { exact: true })).toBeVisible();
          await expect(draw.getByText(`Can be drawn from ${formatDateTime(first.drawableAt, 'en')} (Pakistan time)`, { exact: true })).toBeVisible();
          await expect(draw.getByText('Not drawn yet: the commitment is published', { exact: true })).toBeVisible();
          await expect(draw.getByText(`${first.commitment.slice(0, 8)}…${first.commitment.slice(-6)}`, { exact: true })).toBeVisible();
          await dialog.getByRole('button', { name: 'Close', exact: true }).click();
          await expect(dialog).toBeHidden();
        });

        await test.step('the admin voids it with a reason; the server says so', async () => {
          await draws.void.click();
          const dialog = admin.getByRole('dialog', { name: `Void the draw of Group A1, ${period.label}` });
          await expect(dialog).toBeVisible();
          const field = dialog.getByLabel('Reason for voiding', { exact: true });
          await expect(field).toBeFocused();
          await field.fill(reason);
          await dialog.getByRole('button', { name: 'Void the draw', exact: true }).click();
          await expect(dialog).toBeHidden();
          await expect(admin.getByText(/^The draw for Group A1 is void: its seed is revealed/).first()).toBeVisible();
          await expect(draws.area.getByText("This month's last draw is void", { exact: true })).toBeVisible();
          await expect(draws.area.getByText(`Voided by the administrator: “${reason}”`, { exact: true })).toBeVisible();
        });

        await test.step('the member reads the void and its reason, checked in the browser', async () => {
          const { dialog, month } = await memberRecord();
          const draw = month.getByRole('region', { name: 'Draw', exact: true });
          await expect(draw.getByText('Void', { exact: true })).toBeVisible();
          await expect(draw.getByText(`Voided by the administrator: “${reason}”`, { exact: true })).toBeVisible();
          await expect(draw.getByText('Verified: the revealed number matches the commitment', { exact: true })).toBeVisible();
          await dialog.getByRole('button', { name: 'Close', exact: true }).click();
          await expect(dialog).toBeHidden();
        });

        const winnerName = await test.step('the admin commits again: Draw waits for the notice, enables itself, and draws', async () => {
          await selectionForm(admin).paymentType.selectOption({ label: 'Umrah' });
          await draws.commit.click();
          const when = draws.area.getByText(/^Can be drawn from .+ \(Pakistan time\)$/);
          await expect(when).toBeVisible();
          // Disabled, and its description says until when.
          await expect(draws.draw).toBeDisabled();
          await expect(draws.draw).toHaveAccessibleDescription((await when.textContent()) ?? '');
          // Nothing is pressed: the button enables itself when the notice has passed.
          await expect(draws.draw).toBeEnabled({ timeout: 15_000 });
          const answer = admin.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/A1/draw'));
          await draws.draw.click();
          const response = await answer;
          expect(response.status()).toBe(201);
          const drawn = (await response.json()) as { winner: { winner: { name: string } } };
          await expect(draws.area.getByText(`Winner: ${drawn.winner.winner.name}`, { exact: true })).toBeVisible();
          return drawn.winner.winner.name;
        });

        const url = await test.step('the admin publishes the record at a link', async () => {
          await draws.record.click();
          const dialog = admin.getByRole('dialog', { name: 'Draw record: Group A1' });
          await expect(dialog).toBeVisible();
          const section = dialog.getByRole('region', { name: 'Publish the record', exact: true });
          await expect(section.getByText(/^Anyone with the link can see this record, with members' names shortened/)).toBeVisible();
          await expect(section.getByText('The record is not published.', { exact: true })).toBeVisible();
          await section.getByRole('button', { name: 'Publish a link', exact: true }).click();
          const shown = section.locator('code').filter({ hasText: '/draws/' });
          await expect(shown).toBeVisible();
          await expect(section.getByRole('button', { name: 'Copy', exact: true })).toBeVisible();
          // The admin's record names everyone in full.
          for (const entrant of entrants) await expect(dialog.getByText(entrant.name, { exact: true }).first()).toBeVisible();
          return ((await shown.textContent()) ?? '').trim();
        });

        await test.step('a signed-out browser opens the link: the record, every name shortened', async () => {
          expect(url).toMatch(/\/draws\/[A-Za-z0-9_-]{43}$/);
          await visitor.page.goto(url);
          await expect(visitor.page.getByRole('heading', { level: 1, name: 'Draw record of Group A1' })).toBeVisible();
          await expect(visitor.page.getByText(plan.name, { exact: true })).toBeVisible();
          const month = visitor.page.getByRole('article', { name: period.label, exact: true });
          const [voided, drawn] = [month.getByRole('region', { name: 'Draw' }).nth(0), month.getByRole('region', { name: 'Draw' }).nth(1)];
          await expect(voided.getByText(`Voided by the administrator: “${reason}”`, { exact: true })).toBeVisible();
          await expect(drawn.getByText('Verified: the winner follows from the revealed number', { exact: true })).toBeVisible();
          await expect(drawn.getByText(`Winner: ${shortName(winnerName)}`, { exact: true })).toBeVisible();
          // Two entrants may shorten alike ("E2E 2." for numbers 2 and 23): each short name appears as often as they share it.
          const shortNames = entrants.map((entrant) => shortName(entrant.name));
          for (const entrant of entrants) {
            const short = shortName(entrant.name);
            await expect(drawn.getByText(short, { exact: true })).toHaveCount(shortNames.filter((name) => name === short).length);
            await expect(visitor.page.getByText(entrant.name)).toHaveCount(0);
          }
          await expect(visitor.page.getByRole('link', { name: 'Check it without this app (opens in a new tab)' })).toHaveAttribute('href', '/verify-draw.html');
          await fitsTheScreen(visitor.page);
        });

        await test.step('the admin revokes the link after confirming; it then opens no record', async () => {
          const section = admin.getByRole('dialog', { name: 'Draw record: Group A1' }).getByRole('region', { name: 'Publish the record', exact: true });
          await section.getByRole('button', { name: 'Revoke the link', exact: true }).click();
          const confirm = admin.getByRole('dialog', { name: 'Revoke the link?' });
          await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
          await expect(section.getByText('The record is not published.', { exact: true })).toBeVisible();

          await visitor.page.reload();
          await expect(visitor.page.getByRole('alert')).toContainText('This link does not open a draw record: it was never published or has been revoked.');
          await expect(visitor.page.getByRole('heading', { level: 1, name: 'Draw record' })).toBeVisible();
          await expect(visitor.page.getByRole('article')).toHaveCount(0);
          await fitsTheScreen(visitor.page);
        });
      } finally {
        await memberContext.close();
        await visitor.close();
      }
    });
  });
}
