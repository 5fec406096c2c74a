/**
 * Files for the operator, on a phone and on a desktop. A group that started on the first of the month three
 * months ago; a member buys the plan and joins it now, so that their months after the first are overdue
 * (e2e/admin-owed.spec.ts). The admin opens Payment Management → Reports, the Defaulters report, and
 * downloads it as CSV: UTF-8 with a byte order mark, the header row, and the member among the defaulters.
 * From the group's details the admin downloads the member's statement of that group: a PDF.
 *
 * The setup goes through the API; everything the admin does, through the pages. Each screen with its
 * download buttons is checked with axe.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { memberThroughApi, subscribe } from './support/accessibility-seed.ts';
import { karachiPeriod } from './support/instalments.ts';
import { DURATION, GROUP_NUMBER, MONTHLY, adminApi, approveIntoGroup, createGroup, createPlan, firstOf, isoDate } from './support/owed.ts';
import { newBankAccount, newPlan, signInAsAdmin, type PlanInput } from './support/plans.ts';

const widths = [
  { name: 'phone', viewport: { width: 360, height: 740 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

const DEFAULTERS_HEADER = 'Member ID,Member,Email,Phone,Overdue instalments,Overdue amount (PKR),Oldest overdue due date';

/** No serious or critical WCAG 2.1 AA finding in the part of the page given, the label-in-name rule included. */
async function checkAxe(page: Page, selector: string, where: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), where).toEqual([]);
}

/** Starts the download with `press` and answers the file's bytes once the button is done. */
async function downloaded(page: Page, button: Locator, press: () => Promise<void>): Promise<{ download: Download; bytes: Buffer }> {
  await expect(button).toBeVisible();
  const downloading = page.waitForEvent('download');
  await press();
  const download = await downloading;
  const bytes = await readFile(await download.path());
  await expect(button).not.toHaveAttribute('aria-busy', 'true');
  return { download, bytes };
}

/** Opens an entry of the admin navigation: the sidebar on a desktop, the drawer on a phone. */
async function openAdminNav(page: Page, entry: string, path: RegExp, heading: string): Promise<void> {
  // Below the lg breakpoint (1024px) the sidebar is a drawer behind the menu button.
  if ((page.viewportSize()?.width ?? 0) < 1024) await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: entry, exact: true }).click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

for (const { name, viewport } of widths) {
  test.describe(`exports, on a ${name}`, () => {
    test.use({ viewport, acceptDownloads: true });

    test("the admin downloads the defaulters report as CSV, and a member's statement of a group from its details", async ({ page, request }) => {
      test.setTimeout(120_000);
      const admin = await adminApi(request);
      const { plan, member } = await test.step('a group that started three months ago; a member buys the plan and joins it: the months after the first are overdue', async () => {
        const plan: PlanInput = { ...newPlan(`exports-${name}`), maxMembers: 5, duration: DURATION, monthlyAmount: MONTHLY };
        const planId = await createPlan(admin, plan);
        const account = await admin.post<{ data: { bankAccount: { id: string } } }>('/api/bank-accounts', { ...newBankAccount(`exports-${name}`), isActive: true });
        const groupId = await createGroup(admin, plan, planId, isoDate(firstOf(karachiPeriod(-3))));
        const { member, token } = await memberThroughApi(request, `exports-${name}`);
        await subscribe(request, token, planId, account.data.bankAccount.id);
        await approveIntoGroup(admin, planId, groupId);
        return { plan, member };
      });

      await signInAsAdmin(page);

      await test.step('Payments (Payment Management) → Reports → Defaulters → Download CSV (from the keyboard)', async () => {
        await openAdminNav(page, 'Payments', /\/admin\/payments/, 'Payment Management');
        await page.getByRole('tab', { name: 'Reports', exact: true }).click();
        const reportType = page.getByRole('combobox', { name: 'Report type' });
        await reportType.selectOption('defaulters');
        const button = page.getByRole('button', { name: 'Download CSV of defaulters', exact: true });
        await expect(button).toHaveText('Download CSV');
        await checkAxe(page, '[role="tabpanel"]', 'the defaulters report');

        const { download, bytes } = await downloaded(page, button, async () => {
          await button.focus();
          await page.keyboard.press('Enter');
        });
        expect(download.suggestedFilename()).toMatch(/^defaulters-\d{4}-\d{2}-\d{2}\.csv$/);
        // UTF-8 with a byte order mark, so that a spreadsheet reads the names as they are.
        expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const lines = bytes.subarray(3).toString('utf8').split('\r\n');
        expect(lines[0]).toBe(DEFAULTERS_HEADER);
        const row = lines.find((line) => line.includes(member.email));
        expect(row, 'the member is among the defaulters').toBeDefined();
        expect(row).toContain(member.name);
      });

      await test.step("the group's details → Members → the member's statement of this group", async () => {
        await openAdminNav(page, 'Dashboard', /\/admin$/, 'Dashboard');
        await page.getByRole('searchbox', { name: 'Search groups' }).fill(plan.name);
        const card = page.getByRole('article', { name: `${plan.name} - Group ${GROUP_NUMBER}`, exact: true });
        await card.getByRole('button', { name: 'View', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Group Details' });
        await dialog.getByRole('tab', { name: 'Members' }).click();
        await expect(dialog.getByText(member.email)).toBeVisible();
        const button = dialog.getByRole('button', { name: `Statement of ${member.name} for this group`, exact: true });
        await checkAxe(page, '[role="dialog"]', "the group's members");

        const { download, bytes } = await downloaded(page, button, () => button.click());
        expect(download.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-\d{2}\.pdf$/);
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        // The icon button fits the dialog: nothing scrolls sideways on a phone.
        const [buttonBox, dialogBox] = await Promise.all([button.boundingBox(), dialog.boundingBox()]);
        expect(buttonBox!.x + buttonBox!.width).toBeLessThanOrEqual(dialogBox!.x + dialogBox!.width + 1);
      });
    });
  });
}
