/**
 * Statements as PDF (RULES §6a), on a phone and on a desktop. A group that started on the first of last
 * month; a new member buys the plan with a receipt and the admin approves them into it. The member
 * downloads the statement of the group from its card on My Groups, and of all their groups from the
 * Payments tab; the admin downloads the member's statement from the member's ledger page. Each is a
 * file named statement-YYYY-MM-DD.pdf whose bytes are a PDF's.
 *
 * The admin's setup (plan, bank account, group, approval) goes through the API; everything else through
 * the pages.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { karachiPeriod, memberGroupCard, openDashboardTab } from './support/instalments.ts';
import { registerAndVerify, signInToDashboard } from './support/journeys.ts';
import { GROUP_NUMBER, adminApi, approveIntoGroup, firstOf, isoDate, planWithOldGroup } from './support/owed.ts';
import { signInAsAdmin, subscribeThroughUi } from './support/plans.ts';
import { openLedgerFromUsers, searchUsers } from './support/users.ts';

const widths = [
  { name: 'phone', viewport: { width: 360, height: 740 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

/** Presses the button and answers the file it downloads, checked to be a statement PDF. */
async function downloadFrom(page: Page, button: Locator): Promise<Download> {
  await expect(button).toBeVisible();
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-\d{2}\.pdf$/);
  const path = await download.path();
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Done: the button says so in words again, and can be pressed again.
  await expect(button).not.toHaveAttribute('aria-busy', 'true');
  return download;
}

for (const { name, viewport } of widths) {
  test.describe(`statements, on a ${name}`, () => {
    test.use({ viewport });

    test("the member downloads their group's statement and all groups'; the admin downloads the member's", async ({ page, request, browser }) => {
      test.setTimeout(120_000);
      const admin = await adminApi(request);
      const { plan, planId, account, groupId } = await planWithOldGroup(admin, `statement-${name}`, isoDate(firstOf(karachiPeriod(-1))));

      const member = await test.step('a new member buys the plan with a receipt; the admin approves it into the group', async () => {
        const member = await registerAndVerify(page, `statement-${name}`);
        await page.goto('/login');
        await signInToDashboard(page, member);
        await subscribeThroughUi(page, plan.name, account);
        await approveIntoGroup(admin, planId, groupId);
        await page.reload();
        return member;
      });

      await test.step('My Groups → the group card\'s "Download statement" saves the PDF', async () => {
        await openDashboardTab(page, 'My Groups');
        const group = memberGroupCard(page, GROUP_NUMBER);
        await downloadFrom(page, group.getByRole('button', { name: 'Download statement', exact: true }));
      });

      await test.step('Payments → "Download statement (all groups)" saves the PDF', async () => {
        await openDashboardTab(page, 'Payments');
        await downloadFrom(page, page.getByRole('button', { name: 'Download statement (all groups)', exact: true }));
      });

      await test.step("the admin, on the member's ledger page, downloads the member's statement", async () => {
        const context = await browser.newContext({ viewport, acceptDownloads: true });
        try {
          const adminPage = await context.newPage();
          await signInAsAdmin(adminPage);
          // Below the lg breakpoint (1024px) the sidebar is a drawer behind the menu button.
          if (viewport.width < 1024) await adminPage.getByRole('button', { name: 'Open navigation menu' }).click();
          await adminPage.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'User Management', exact: true }).click();
          await expect(adminPage).toHaveURL(/\/admin\/users$/);
          await searchUsers(adminPage, member.email);
          // The table's Ledger link on a desktop; the card's Actions menu on a phone.
          await openLedgerFromUsers(adminPage, member.name);
          await downloadFrom(adminPage, adminPage.getByRole('button', { name: 'Download statement', exact: true }));
        } finally {
          await context.close();
        }
      });
    });
  });
}
