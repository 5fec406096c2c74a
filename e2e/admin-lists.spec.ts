/**
 * The admin's lists open on what needs action, and keep their actions in reach (admin document §2;
 * RULES §6a words). Bulk Actions opens on the receipts under review, and the plan and group filters
 * narrow it; All Payments opens on the months due so far (never the months to come), and its state
 * filter "Owed" lists the owed months (overdue included); the users table shows every row's actions
 * without scrolling sideways at 1366 and 1440 px, and on a phone each user's actions are in a menu.
 *
 * The setup goes through the API: two plans whose groups started three months ago (plan A with groups
 * A1 and A2, plan B with B1), a member in each group, each of whom sent the receipt of the second month
 * (under review). Everything the admin does, through the pages.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { memberThroughApi, subscribe, type SeededMember } from './support/accessibility-seed.ts';
import { bulkSelectCheckbox, karachiPeriod, openAdminPaymentsTab, type Period } from './support/instalments.ts';
import { DURATION, MONTHLY, adminApi, approveIntoGroup, createGroup, createPlan, firstOf, isoDate, type AdminApi } from './support/owed.ts';
import { newBankAccount, newPlan, RECEIPT_PNG, signInAsAdmin, type PlanInput } from './support/plans.ts';
import { searchUsers } from './support/users.ts';

interface Seed {
  planA: PlanInput;
  planB: PlanInput;
  /** In plan A's group A1, A2, and plan B's group B1. */
  inA1: SeededMember;
  inA2: SeededMember;
  inB1: SeededMember;
}

/** Each member's receipt waits for review for this month: the second of the groups. */
const reviewed = () => karachiPeriod(-2);

async function receiptUnderReview(request: APIRequestContext, token: string, groupId: string, bankAccountId: string, period: Period): Promise<void> {
  const response = await request.post('/api/payments', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { groupId, amount: String(MONTHLY), month: String(period.month), year: String(period.year), bankAccountId, receipt: RECEIPT_PNG },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function group(admin: AdminApi, plan: PlanInput, planId: string, groupNumber: string, start: string): Promise<string> {
  const created = await admin.post<{ data: { group: { id: string } } }>('/api/admin/groups/create', {
    planId,
    groupName: `${plan.name} - Group ${groupNumber}`,
    groupNumber,
    maxMembers: plan.maxMembers,
    startDate: start,
    isActive: true,
  });
  return created.data.group.id;
}

async function seedLists(request: APIRequestContext): Promise<Seed> {
  const admin = await adminApi(request);
  const start = isoDate(firstOf(karachiPeriod(-3)));
  const account = await admin.post<{ data: { bankAccount: { id: string } } }>('/api/bank-accounts', { ...newBankAccount('lists'), isActive: true });
  const bankAccountId = account.data.bankAccount.id;
  const planA: PlanInput = { ...newPlan('lists-a'), maxMembers: 5, duration: DURATION, monthlyAmount: MONTHLY };
  const planB: PlanInput = { ...newPlan('lists-b'), maxMembers: 5, duration: DURATION, monthlyAmount: MONTHLY };
  const planAId = await createPlan(admin, planA);
  const planBId = await createPlan(admin, planB);
  const a1 = await createGroup(admin, planA, planAId, start);
  const a2 = await group(admin, planA, planAId, 'A2', start);
  const b1 = await createGroup(admin, planB, planBId, start);

  const members: SeededMember[] = [];
  for (const [label, planId, groupId] of [
    ['lists-a1', planAId, a1],
    ['lists-a2', planAId, a2],
    ['lists-b1', planBId, b1],
  ] as const) {
    const { member, token } = await memberThroughApi(request, label);
    // One request at a time per plan: each is approved into its own group.
    await subscribe(request, token, planId, bankAccountId);
    await approveIntoGroup(admin, planId, groupId);
    await receiptUnderReview(request, token, groupId, bankAccountId, reviewed());
    members.push(member);
  }
  const [inA1, inA2, inB1] = members;
  return { planA, planB, inA1, inA2, inB1 };
}

let seed: Seed;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  seed = await seedLists(request);
});

/** 'YYYY-MM' of a period, as a month field holds it. */
const monthValue = (period: Period) => `${period.year}-${String(period.month).padStart(2, '0')}`;

/** The entries of a payments list: table rows from 1280px (beside the sidebar), cards below. */
function listEntries(page: Page, list: Locator): Locator {
  return (page.viewportSize()?.width ?? 0) >= 1280 ? list.getByRole('row').filter({ has: page.getByRole('cell') }) : list.getByRole('article');
}

/** A member's entry for a month in a payments list (the period as the list writes it, 'March 2026'). */
function entryOf(page: Page, list: Locator, name: string, period: Period): Locator {
  return listEntries(page, list).filter({ hasText: name }).filter({ hasText: period.label });
}

async function openPaymentManagement(page: Page): Promise<void> {
  await signInAsAdmin(page);
  // Below the lg breakpoint (1024px) the sidebar is a drawer behind the menu button.
  if ((page.viewportSize()?.width ?? 0) < 1024) await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Payments', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Management' })).toBeVisible();
}

/** Nothing on the page is wider than the window: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

const payments = [
  { name: 'phone', viewport: { width: 360, height: 740 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

for (const { name, viewport } of payments) {
  test.describe(`payment lists open on what needs action, on a ${name}`, () => {
    test.use({ viewport });

    test('Bulk Actions lists only the receipts under review; the plan, then the group, narrow it', async ({ page }) => {
      const { planA, inA1, inA2, inB1 } = seed;
      await openPaymentManagement(page);
      await openAdminPaymentsTab(page, 'Bulk Actions');
      const filters = page.getByRole('search', { name: 'Filter payments' });
      const list = page.getByRole('region', { name: 'Payments to select' });

      await test.step('it opens on State "Under review": every payment listed waits for a decision', async () => {
        await expect(filters.getByLabel('State', { exact: true })).toHaveValue('under-review');
        await expect(filters.getByLabel('Group', { exact: true })).toBeDisabled();
        await expect(filters.getByLabel('Due to', { exact: true })).toHaveValue('');
        await expect(list.locator('[data-state]').first()).toBeVisible();
        await expect(list.locator('[data-state]:not([data-state="UNDER_REVIEW"])')).toHaveCount(0);
        await expectNoSidewaysScroll(page);
      });

      await test.step("plan A: only its members' receipts", async () => {
        await filters.getByLabel('Plan', { exact: true }).selectOption({ label: planA.name });
        await expect(bulkSelectCheckbox(page, inA1.name, reviewed())).toBeVisible();
        await expect(bulkSelectCheckbox(page, inA2.name, reviewed())).toBeVisible();
        await expect(bulkSelectCheckbox(page, inB1.name, reviewed())).toHaveCount(0);
        await expect(listEntries(page, list)).toHaveCount(2);
      });

      await test.step("group A2 of plan A: only that group's receipt", async () => {
        const groupSelect = filters.getByLabel('Group', { exact: true });
        await expect(groupSelect).toBeEnabled();
        await groupSelect.selectOption({ label: 'Group A2' });
        await expect(bulkSelectCheckbox(page, inA1.name, reviewed())).toHaveCount(0);
        await expect(listEntries(page, list)).toHaveCount(1);
        await expect(bulkSelectCheckbox(page, inA2.name, reviewed())).toBeVisible();
        await expect(list.locator('[data-state="UNDER_REVIEW"]')).toHaveCount(1);
      });

      await test.step('Clear filters: every receipt under review again, of every plan', async () => {
        await filters.getByRole('button', { name: 'Clear filters', exact: true }).click();
        await expect(filters.getByLabel('Plan', { exact: true })).toHaveValue('');
        await expect(filters.getByLabel('State', { exact: true })).toHaveValue('under-review');
        await expect(list.locator('[data-state]:not([data-state="UNDER_REVIEW"])')).toHaveCount(0);
        await expect(listEntries(page, list)).not.toHaveCount(1);
      });
    });

    test('All Payments lists no month to come by default, and "Owed" lists the owed months', async ({ page }) => {
      const { planA, inA1 } = seed;
      await openPaymentManagement(page);
      await openAdminPaymentsTab(page, 'All Payments');
      const filters = page.getByRole('search', { name: 'Filter payments' });
      const list = page.getByRole('region', { name: 'Payments', exact: true });
      const [paid, underReview, lastMonth, thisMonth, nextMonth, monthAfter] = [-3, -2, -1, 0, 1, 2].map((offset) => karachiPeriod(offset));

      await test.step('it opens on the months due up to this one (Karachi), every state', async () => {
        await expect(filters.getByLabel('Due to', { exact: true })).toHaveValue(monthValue(thisMonth));
        await expect(filters.getByLabel('Due from', { exact: true })).toHaveValue('');
        await expect(filters.getByLabel('State', { exact: true })).toHaveValue('all');
        await expectNoSidewaysScroll(page);
      });

      await test.step("the member of group A1: this month and the months before, none to come", async () => {
        await filters.getByLabel('Plan', { exact: true }).selectOption({ label: planA.name });
        await filters.getByLabel('Group', { exact: true }).selectOption({ label: 'Group A1' });
        for (const period of [paid, underReview, lastMonth, thisMonth]) await expect(entryOf(page, list, inA1.name, period)).toBeVisible();
        for (const period of [nextMonth, monthAfter]) await expect(entryOf(page, list, inA1.name, period)).toHaveCount(0);
        await expect(listEntries(page, list)).toHaveCount(4);
        await expect(list.locator('[data-state="SCHEDULED"]')).toHaveCount(0);
      });

      await test.step('State "Owed": the months due and unpaid with no receipt waiting, overdue included', async () => {
        await filters.getByLabel('State', { exact: true }).selectOption({ label: 'Owed' });
        await expect(entryOf(page, list, inA1.name, underReview)).toHaveCount(0);
        await expect(entryOf(page, list, inA1.name, paid)).toHaveCount(0);
        for (const period of [lastMonth, thisMonth]) await expect(entryOf(page, list, inA1.name, period)).toBeVisible();
        await expect(listEntries(page, list)).toHaveCount(2);
        await expect(list.locator('[data-state]:not([data-state="OWED"]):not([data-state="OVERDUE"])')).toHaveCount(0);
      });

      await test.step('Clear filters: back to the months due so far, every state, every plan', async () => {
        await filters.getByRole('button', { name: 'Clear filters', exact: true }).click();
        await expect(filters.getByLabel('State', { exact: true })).toHaveValue('all');
        await expect(filters.getByLabel('Plan', { exact: true })).toHaveValue('');
        await expect(filters.getByLabel('Due to', { exact: true })).toHaveValue(monthValue(thisMonth));
      });
    });
  });
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
]) {
  test.describe(`the users table at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test("every row's actions are in view without scrolling sideways", async ({ page }) => {
      const { inA1 } = seed;
      await signInAsAdmin(page);
      await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'User Management', exact: true }).click();
      const table = page.getByRole('table', { name: 'Users' });
      await expect(table).toBeVisible();

      await test.step('the first page: the page and the table fit the window', async () => {
        await expect(table.getByRole('row').nth(1)).toBeVisible();
        await expectNoSidewaysScroll(page);
        const tableOverflow = await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth);
        expect(tableOverflow, 'the table scrolls sideways').toBeLessThanOrEqual(0);
        // The last row's actions too, once it is scrolled into view.
        const last = table.getByRole('row').last();
        await last.scrollIntoViewIfNeeded();
        for (const action of [last.getByRole('link', { name: /^Ledger of / }), last.getByRole('button', { name: 'Edit', exact: true })]) {
          await expect(action).toBeInViewport({ ratio: 1 });
        }
      });

      await test.step("a member's row: Ledger, Edit, Deactivate and Block are all in view", async () => {
        await searchUsers(page, inA1.email);
        const row = table.getByRole('row', { name: new RegExp(inA1.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
        await expect(row).toHaveCount(1);
        await row.scrollIntoViewIfNeeded();
        const actions = [
          row.getByRole('link', { name: `Ledger of ${inA1.name}`, exact: true }),
          row.getByRole('button', { name: 'Edit', exact: true }),
          row.getByRole('button', { name: 'Deactivate', exact: true }),
          row.getByRole('button', { name: 'Block', exact: true }),
        ];
        for (const action of actions) await expect(action).toBeInViewport({ ratio: 1 });
        await expectNoSidewaysScroll(page);

        // And they work: Edit opens the member's details.
        await row.getByRole('button', { name: 'Edit', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Edit User' });
        await expect(dialog.getByLabel('Full Name')).toHaveValue(inA1.name);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      });
    });
  });
}

test.describe('the users list on a phone (360x740)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("each user's actions are in a menu that the keyboard opens, and its Ledger opens the member's ledger", async ({ page }) => {
    const { inA2 } = seed;
    await signInAsAdmin(page);
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'User Management', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    await searchUsers(page, inA2.email);
    const card = page.getByRole('list', { name: 'Users' }).getByRole('article', { name: inA2.name, exact: true });
    const trigger = card.getByRole('button', { name: `Actions for ${inA2.name}`, exact: true });
    await expect(trigger).toBeVisible();
    await expectNoSidewaysScroll(page);

    await test.step('Enter opens the menu on its first action; the arrows move; Escape closes it and gives the focus back', async () => {
      await trigger.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: `Actions for ${inA2.name}` });
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('menuitem')).toHaveText(['Ledger', 'Edit', 'Deactivate', 'Block']);
      await expect(menu.getByRole('menuitem', { name: 'Ledger', exact: true })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: 'Edit', exact: true })).toBeFocused();
      // The menu fits the phone's screen.
      const box = await menu.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(trigger).toBeFocused();
    });

    await test.step("a tap on the menu's Ledger opens the member's ledger", async () => {
      await trigger.click();
      await page.getByRole('menu', { name: `Actions for ${inA2.name}` }).getByRole('menuitem', { name: 'Ledger', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/users/${inA2.id}/ledger$`));
      await expect(page.getByRole('heading', { level: 1, name: `Ledger: ${inA2.name}` })).toBeVisible();
    });
  });
});
