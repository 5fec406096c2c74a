/**
 * Correcting a group's membership on screen (docs/rules.md "Corrections"), on a phone (360px) and a
 * desktop (1440px). A plan with two groups, A1 and A2, starting this month; two members bought the plan and
 * were approved into A1 (the setup goes through the API).
 *
 * The admin opens A1's details on the dashboard, moves the first member to A2 with a reason and sees
 * "Moved to Group A2" with the reason in A1, and the member in A2's members with the corrections offered
 * again; then removes the second member from A1 with a reason and sees "Removed", with no correction left.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { memberThroughApi, subscribe } from './support/accessibility-seed.ts';
import { karachiPeriod } from './support/instalments.ts';
import { DURATION, GROUP_NUMBER, MONTHLY, adminApi, approveIntoGroup, createGroup, createPlan, firstOf, isoDate } from './support/owed.ts';
import { newBankAccount, newPlan, signInAsAdmin, type PlanInput } from './support/plans.ts';

const OTHER_GROUP = 'A2';

const widths = [
  { name: 'phone', viewport: { width: 360, height: 800 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

/** The group's card on the dashboard → View → the Members tab of its details. */
async function openMembers(page: Page, planName: string, groupNumber: string) {
  await page.getByRole('searchbox', { name: 'Search groups' }).fill(planName);
  const card = page.getByRole('article', { name: `${planName} - Group ${groupNumber}`, exact: true });
  await card.getByRole('button', { name: 'View', exact: true }).click();
  const details = page.getByRole('dialog', { name: 'Group Details' });
  await expect(details).toBeVisible();
  await details.getByRole('tab', { name: 'Members', exact: true }).click();
  return details;
}

/** Wholly on screen across: nothing cut off or pushed sideways at 360 px. */
async function expectWithinWidth(page: Page, target: ReturnType<Page['getByRole']>) {
  const box = await target.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'shown').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  // A comfortable touch target.
  expect(box!.height).toBeGreaterThanOrEqual(44);
}

/** No serious or critical axe finding (WCAG 2.1 AA: contrast, names) in the open dialogs. */
async function checkAxe(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), where).toEqual([]);
}

/** A member's row in the Members tab, by their email. */
const memberRow = (details: ReturnType<Page['getByRole']>, email: string) => details.getByRole('listitem').filter({ hasText: email });

for (const { name, viewport } of widths) {
  test.describe(`member corrections on a ${name}`, () => {
    test.use({ viewport });

    test('the admin moves a member to another group of the plan and removes another, each with a reason', async ({ page, request }) => {
      test.setTimeout(180_000);
      const admin = await adminApi(request);
      const plan: PlanInput = { ...newPlan(`corrections-${name}`), maxMembers: 5, duration: DURATION, monthlyAmount: MONTHLY };
      const planId = await createPlan(admin, plan);
      const account = await admin.post<{ data: { bankAccount: { id: string } } }>('/api/bank-accounts', { ...newBankAccount(`corrections-${name}`), isActive: true });
      const start = isoDate(firstOf(karachiPeriod(0)));
      const groupId = await createGroup(admin, plan, planId, start);
      await admin.post('/api/admin/groups/create', { planId, groupName: `${plan.name} - Group ${OTHER_GROUP}`, groupNumber: OTHER_GROUP, maxMembers: plan.maxMembers, startDate: start, isActive: true });

      const moving = await memberThroughApi(request, `corrections-${name}-move`);
      const leaving = await memberThroughApi(request, `corrections-${name}-remove`);
      for (const { token } of [moving, leaving]) {
        await subscribe(request, token, planId, account.data.bankAccount.id);
        await approveIntoGroup(admin, planId, groupId);
      }

      await signInAsAdmin(page);

      await test.step('the admin moves the first member to group A2 with a reason', async () => {
        const details = await openMembers(page, plan.name, GROUP_NUMBER);
        const moveButton = details.getByRole('button', { name: `Move ${moving.member.name} to another group`, exact: true });
        await moveButton.scrollIntoViewIfNeeded();
        await expectWithinWidth(page, moveButton);
        await expectWithinWidth(page, details.getByRole('button', { name: `Remove ${moving.member.name} from group`, exact: true }));
        await moveButton.click();
        const move = page.getByRole('dialog', { name: `Move ${moving.member.name} to another group`, exact: true });
        await expect(move).toBeVisible();
        await expect(move).toContainText("Paid months come along; the schedule follows the new group's months.");
        const target = move.getByLabel('Move to group', { exact: true });
        await expect(target).toBeFocused();
        // Only the plan's other group, with its seats.
        await expect(target.locator('option')).toHaveText(['Choose a group', `Group ${OTHER_GROUP} (0 of 5 members)`]);
        await target.selectOption({ label: `Group ${OTHER_GROUP} (0 of 5 members)` });
        await move.getByLabel('Reason', { exact: true }).fill('Wants the later departure');
        await move.getByRole('button', { name: 'Move member', exact: true }).click();
        await expect(page.getByText('Member moved to the new group', { exact: true })).toBeVisible();
        await expect(move).toBeHidden();

        const row = memberRow(details, moving.member.email);
        await expect(row.getByText(`Moved to Group ${OTHER_GROUP}`, { exact: true })).toBeVisible();
        await expect(row).toContainText('Wants the later departure');
        await expect(row.getByRole('button', { name: /to another group|from group/ })).toHaveCount(0);
        await page.keyboard.press('Escape');
        await expect(details).toBeHidden();
      });

      await test.step('the member is in group A2 now, active, with the corrections offered there', async () => {
        const details = await openMembers(page, plan.name, OTHER_GROUP);
        const row = memberRow(details, moving.member.email);
        await expect(row.getByText('Active', { exact: true })).toBeVisible();
        await expect(row.getByRole('button', { name: `Remove ${moving.member.name} from group`, exact: true })).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(details).toBeHidden();
      });

      await test.step('the admin removes the second member from group A1 with a reason', async () => {
        const details = await openMembers(page, plan.name, GROUP_NUMBER);
        const removeButton = details.getByRole('button', { name: `Remove ${leaving.member.name} from group`, exact: true });
        await removeButton.click();
        const remove = page.getByRole('dialog', { name: `Remove ${leaving.member.name} from the group?`, exact: true });
        await expect(remove).toContainText('Months already due stay owed. Months to come are taken off the schedule. Their seat is freed. A winner cannot be removed.');
        const reason = remove.getByLabel('Reason', { exact: true });
        await expect(reason).toBeFocused();
        // The reason is required; nothing is sent without it.
        await remove.getByRole('button', { name: 'Remove member', exact: true }).click();
        await expect(remove.getByText('Please give a reason for this correction.', { exact: true })).toBeVisible();
        await reason.fill('Left the country');
        await remove.getByRole('button', { name: 'Remove member', exact: true }).click();
        await expect(page.getByText('Member removed from the group', { exact: true })).toBeVisible();
        await expect(remove).toBeHidden();

        const row = memberRow(details, leaving.member.email);
        await expect(row.getByText('Removed', { exact: true })).toBeVisible();
        await expect(row).toContainText('Left the country');
        await expect(row.getByRole('button', { name: /to another group|from group/ })).toHaveCount(0);
        await checkAxe(page, 'the members who left, light theme');
        // Both seats of A1 are free again.
        await details.getByRole('tab', { name: 'Overview', exact: true }).click();
        await expect(details.getByText('0/5', { exact: true })).toBeVisible();
      });

      await test.step('in the dark theme the members who left and the correction dialogs read as well', async () => {
        // The theme a person chose earlier, as the app keeps it; read when the app starts.
        await page.evaluate(() => window.localStorage.setItem('committee-theme', 'dark'));
        await page.reload();
        await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        const details = await openMembers(page, plan.name, GROUP_NUMBER);
        await expect(memberRow(details, leaving.member.email).getByText('Removed', { exact: true })).toBeVisible();
        await expect(memberRow(details, moving.member.email).getByText(`Moved to Group ${OTHER_GROUP}`, { exact: true })).toBeVisible();
        await checkAxe(page, 'the members who left, dark theme');
        await page.keyboard.press('Escape');
        const other = await openMembers(page, plan.name, OTHER_GROUP);
        await other.getByRole('button', { name: `Remove ${moving.member.name} from group`, exact: true }).click();
        const remove = page.getByRole('dialog', { name: `Remove ${moving.member.name} from the group?`, exact: true });
        await remove.getByRole('button', { name: 'Remove member', exact: true }).click();
        await expect(remove.getByText('Please give a reason for this correction.', { exact: true })).toBeVisible();
        await checkAxe(page, 'Remove with its error, dark theme');
        await page.keyboard.press('Escape');
        await expect(remove).toBeHidden();
        await other.getByRole('button', { name: `Move ${moving.member.name} to another group`, exact: true }).click();
        const move = page.getByRole('dialog', { name: `Move ${moving.member.name} to another group`, exact: true });
        // A1 has free seats again, but the member left it and cannot rejoin: the server's refusal stands in the dialog.
        await move.getByLabel('Move to group', { exact: true }).selectOption({ label: `Group ${GROUP_NUMBER} (0 of 5 members)` });
        await move.getByLabel('Reason', { exact: true }).fill('Back to the first group');
        await move.getByRole('button', { name: 'Move member', exact: true }).click();
        await expect(move.getByRole('alert')).toHaveText('This member left that group before and cannot rejoin it.');
        await checkAxe(page, 'Move with the refusal, dark theme');
        await page.keyboard.press('Escape');
        await expect(move).toBeHidden();
      });
    });
  });
}
