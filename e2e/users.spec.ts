/**
 * User management and the account (admin document §2 "User Management", the notification bell;
 * member document §2 account menu "Profile"). The admin works in one browser, each member in another.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support/journeys.ts';
import { addBankAccountThroughUi, createPlanThroughUi, newBankAccount, newPlan, openAdminPage, signInAsAdmin, subscribeThroughUi } from './support/plans.ts';
import {
  WIDE_VIEWPORT,
  blockThroughUi,
  memberInOwnBrowser,
  notificationBell,
  openAdminUsers,
  searchUsers,
  unblockThroughUi,
  uniquePhone,
  bellName,
  unreadCountInPanel,
  userRow,
} from './support/users.ts';

test.use({ viewport: WIDE_VIEWPORT });

const BLOCKED_MESSAGE = 'Your account has been blocked. Please contact support.';

test.describe('user management', () => {
  test('the admin finds a member by phone and blocks them: their open dashboard ends, they cannot sign in until unblocked', async ({ page: admin, browser }) => {
    const phone = uniquePhone();
    const reason = 'E2E: suspicious payments';
    const own = await memberInOwnBrowser(browser, 'blocked', { phone: phone.registered });
    try {
      const { page: member, member: person } = own;

      await test.step('the admin finds the member by their phone typed another way', async () => {
        await signInAsAdmin(admin);
        await openAdminUsers(admin);
        await searchUsers(admin, phone.typed);
        const row = userRow(admin, person.email);
        await expect(row).toBeVisible();
        await expect(row.getByText(person.name, { exact: true })).toBeVisible();
        await expect(row.getByText(phone.registered, { exact: true })).toBeVisible();
        // Only this member has that number.
        await expect(admin.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
      });

      await test.step('the admin blocks them with a reason', async () => {
        await blockThroughUi(admin, person.email, reason);
        const row = userRow(admin, person.email);
        await expect(row.getByText('Blocked', { exact: true })).toBeVisible();
        await expect(row.getByText(`Reason: ${reason}`)).toBeVisible();
        await expect(row.getByRole('button', { name: 'Unblock', exact: true })).toBeVisible();
      });

      await test.step("the member's open dashboard is sent to sign in on its next request", async () => {
        await expect(member).toHaveURL(/\/dashboard$/);
        await member.getByRole('tab', { name: 'Referrals', exact: true }).click();
        await expect(member).toHaveURL(/\/login$/);
        await expect(member.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
      });

      await test.step('signing in says the account is blocked', async () => {
        await signIn(member, person.email, person.password);
        await expect(member.getByRole('alert').filter({ hasText: BLOCKED_MESSAGE })).toBeVisible();
        await expect(member).toHaveURL(/\/login$/);
      });

      await test.step('the admin unblocks them and they can sign in again', async () => {
        await unblockThroughUi(admin, person.email);
        const row = userRow(admin, person.email);
        await expect(row.getByText('Blocked', { exact: true })).toHaveCount(0);
        await expect(row.getByRole('button', { name: 'Block', exact: true })).toBeVisible();

        await signIn(member, person.email, person.password);
        await expect(member).toHaveURL(/\/dashboard$/);
        await expect(member.getByRole('heading', { level: 1, name: `Assalam-o-Alaikum, ${person.name}` })).toBeVisible();
      });
    } finally {
      await own.close();
    }
  });

  test("the admin's bell shows a new plan request after a member subscribes", async ({ page: admin, browser }) => {
    const plan = newPlan('bell');
    const account = newBankAccount('bell');
    await signInAsAdmin(admin);
    await createPlanThroughUi(admin, plan);
    await addBankAccountThroughUi(admin, account);
    await openAdminPage(admin, 'Dashboard', /\/admin$/);
    const before = await unreadCountInPanel(admin);

    const own = await memberInOwnBrowser(browser, 'bell');
    try {
      await subscribeThroughUi(own.page, plan.name, account);
    } finally {
      await own.close();
    }

    await test.step('the unread count rises and the list shows the request', async () => {
      // The bell asks every 30 seconds; a reload asks at once.
      await admin.reload();
      await expect(notificationBell(admin)).toHaveAccessibleName(bellName(before + 1));
      await notificationBell(admin).click();
      const panel = admin.getByRole('dialog', { name: 'Notifications' });
      await expect(panel).toBeVisible();
      await expect(panel.getByText(`${before + 1} unread`, { exact: true })).toBeVisible();
      const item = panel.getByRole('list', { name: 'Latest notifications' }).getByRole('listitem').filter({ hasText: `A member asked to join ${plan.name}.` });
      await expect(item).toBeVisible();
      await expect(item.getByText('New plan request', { exact: true })).toBeVisible();
    });
  });
});

test.describe('member profile', () => {
  test('a member renames themself from the Profile menu, the dashboard greets them by the new name, and they sign out from the profile page', async ({ browser }) => {
    const own = await memberInOwnBrowser(browser, 'profile');
    try {
      const { page, member } = own;
      const newName = `${member.name} Renamed`;

      await page.getByRole('button', { name: 'Open account menu' }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Profile' }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
      await expect(page).toHaveTitle('Profile Settings | Umrah Committee');
      await expect(page.getByRole('heading', { level: 2, name: member.name, exact: true })).toBeVisible();

      await page.getByRole('button', { name: 'Edit Profile' }).click();
      const form = page.getByRole('form', { name: 'Edit Profile' });
      await expect(form.getByLabel('Full Name')).toHaveValue(member.name);
      await form.getByLabel('Full Name').fill(newName);
      await form.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Your profile has been updated successfully.').first()).toBeVisible();
      await expect(form).toBeHidden();
      await expect(page.getByRole('heading', { level: 2, name: newName, exact: true })).toBeVisible();

      await page.getByRole('link', { name: 'Back to Dashboard' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: `Assalam-o-Alaikum, ${newName}` })).toBeVisible();
      // Still so after a reload: the server has the new name.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: `Assalam-o-Alaikum, ${newName}` })).toBeVisible();

      // Every member page has the account menu: they sign out from the profile page.
      await page.getByRole('button', { name: 'Open account menu' }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Profile' }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await page.getByRole('button', { name: 'Open account menu' }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Logout' }).click();
      await page.getByRole('dialog', { name: 'Confirm Logout' }).getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/login$/);
      // The session is over: the dashboard asks them to sign in again.
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/login$/);
    } finally {
      await own.close();
    }
  });
});
