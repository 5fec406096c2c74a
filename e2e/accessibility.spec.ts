/**
 * Every page of the app, on a phone (360 px) and a desktop (1440 px), in the light and the dark theme,
 * checked with axe against WCAG 2.0 and 2.1 A and AA, plus the rule that a control's accessible name
 * contains its visible label (label-content-name-mismatch, experimental in axe). No serious or critical
 * finding is allowed. Each page's tabs, and the dialogs and menus a page opens (the account menu, the
 * notifications, the logout confirmation, a month's details, the admin's forms and confirmations),
 * are checked as they are shown.
 *
 * The data is made through the API (support/accessibility-seed.ts); each test signs in once and walks
 * through its pages. The theme is the one a person chose earlier, as the app keeps it (its storage key).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { Audit, checkEveryTab, settle } from './support/axe-audit.ts';
import { seedAccessibilityData, type AccessibilitySeed } from './support/accessibility-seed.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { karachiPeriod, memberGroupCard, monthCard } from './support/instalments.ts';
import { signIn, signInToDashboard } from './support/journeys.ts';

const THEME_KEY = 'committee-theme';

async function visit(page: Page, audit: Audit, path: string, heading: string | RegExp, where = path): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
  await settle(page);
  await audit.check(where);
}

/** Opens a dialog or menu with its button, checks the page with it open, and closes it with Escape. */
async function checkPopup(page: Page, audit: Audit, opener: Locator, popup: Locator, where: string): Promise<void> {
  await opener.click();
  await expect(popup).toBeVisible();
  await settle(page);
  await audit.check(where);
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
}

let seed: AccessibilitySeed;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  seed = await seedAccessibilityData(request);
});

const widths = [
  { name: 'phone', viewport: { width: 360, height: 800 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/** The theme a person chose earlier, as the app keeps it; read when the app starts, so the page is loaded again. */
async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [THEME_KEY, theme] as const);
  await page.reload();
  const html = page.locator('html');
  if (theme === 'dark') await expect(html).toHaveClass(/\bdark\b/);
  else await expect(html).not.toHaveClass(/\bdark\b/);
}

async function publicPages(page: Page, audit: Audit, theme: Theme): Promise<void> {
  await page.goto('/');
  await useTheme(page, theme);
  await settle(page);
  await audit.check(`${theme} /`);
  await visit(page, audit, '/login', 'Welcome Back', `${theme} /login`);
  await visit(page, audit, '/register', 'Create Your Account', `${theme} /register`);
  await visit(page, audit, '/forgot-password', /./, `${theme} /forgot-password`);
  await visit(page, audit, '/reset-password?token=not-a-real-token', /./, `${theme} /reset-password`);
  await visit(page, audit, '/verify-email?email=someone%40e2e.test', /./, `${theme} /verify-email`);
  await visit(page, audit, '/no-such-page', /./, `${theme} /no-such-page`);
  // A group's draw record at its published link, every detail opened; and a link that opens none.
  await visit(page, audit, seed.drawRecordPath, 'Draw record of Group A1', `${theme} /draws/:token`);
  await page.locator('details').evaluateAll((all) => all.forEach((details) => ((details as HTMLDetailsElement).open = true)));
  await audit.check(`${theme} /draws/:token with every detail open`);
  await visit(page, audit, '/draws/not-a-published-link', 'Draw record', `${theme} /draws/:token, a link that opens no record`);
  // A sign-in that fails shows its error beside the form.
  await page.goto('/login');
  await signIn(page, 'nobody@e2e.test', 'wrong-password-1');
  await expect(page.getByRole('alert').first()).toBeVisible();
  await audit.check(`${theme} /login with an error`);
}

async function memberPages(page: Page, audit: Audit, theme: Theme): Promise<void> {
  await page.goto('/dashboard');
  await useTheme(page, theme);
  await expect(page.getByRole('heading', { level: 1, name: `Assalam-o-Alaikum, ${seed.member.name}` })).toBeVisible();
  await settle(page);
  const where = `${theme} /dashboard`;
  await audit.check(where);
  await checkEveryTab(page, audit, where);

  const accountMenu = page.getByRole('button', { name: /^Open account menu/ });
  await checkPopup(page, audit, accountMenu, page.getByRole('menu'), `${where} › account menu`);
  await checkPopup(page, audit, page.getByRole('button', { name: /^Notifications/ }), page.getByRole('dialog'), `${where} › notifications`);

  // The logout confirmation, from the account menu.
  await accountMenu.click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const logout = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(logout).toBeVisible();
  await audit.check(`${where} › logout confirmation`);
  await page.keyboard.press('Escape');
  await expect(logout).toBeHidden();

  // My Groups with the group's months (paid, under review, owed, overdue, scheduled) → a month's
  // details → Pay Now: the payment page.
  const groupsTab = page.getByRole('tab', { name: 'My Groups', exact: true });
  await groupsTab.click();
  await expect(groupsTab).toHaveAttribute('aria-selected', 'true');
  const owedMonth = monthCard(memberGroupCard(page, seed.groupNumber), karachiPeriod(-1));
  await expect(owedMonth).toBeVisible();
  await settle(page);
  await audit.check(`${where} › My Groups with a group`);
  await checkPopup(
    page,
    audit,
    memberGroupCard(page, seed.groupNumber).getByRole('button', { name: 'Draw record', exact: true }),
    page.getByRole('dialog', { name: 'Draw record' }),
    `${where} › My Groups › Draw record`,
  );
  await owedMonth.click();
  const details = page.getByRole('dialog', { name: 'Month Details' });
  await expect(details).toBeVisible();
  await audit.check(`${where} › My Groups › Month Details`);
  await details.getByRole('button', { name: 'Pay Now', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/payment\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Details' })).toBeVisible();
  await settle(page);
  await audit.check(`${theme} /user/payment/:paymentId`);

  await visit(page, audit, `/user/subscribe/${seed.planId}`, /./, `${theme} /user/subscribe/:planId`);
  await visit(page, audit, '/profile', /./, `${theme} /profile`);
  await checkEveryTab(page, audit, `${theme} /profile`);
}

async function adminPages(page: Page, audit: Audit, theme: Theme): Promise<void> {
  await page.goto('/admin');
  await useTheme(page, theme);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await settle(page);
  await audit.check(`${theme} /admin`);
  await checkPopup(page, audit, page.getByRole('button', { name: /^Open user menu/ }), page.getByRole('menu'), `${theme} /admin › user menu`);
  // A group's details on the dashboard: its members, and the two corrections of a member (move, remove).
  await page.getByRole('searchbox', { name: 'Search groups' }).fill(seed.plan.name);
  await page.getByRole('article', { name: `${seed.plan.name} - Group ${seed.groupNumber}`, exact: true }).getByRole('button', { name: 'View', exact: true }).click();
  const details = page.getByRole('dialog', { name: 'Group Details' });
  await details.getByRole('tab', { name: 'Members', exact: true }).click();
  await settle(page);
  await audit.check(`${theme} /admin › Group Details › Members`);
  const name = seed.member.name;
  for (const [button, dialog] of [[`Move ${name} to another group`, `Move ${name} to another group`], [`Remove ${name} from group`, `Remove ${name} from the group?`]]) {
    await checkPopup(page, audit, details.getByRole('button', { name: button, exact: true }), page.getByRole('dialog', { name: dialog, exact: true }), `${theme} /admin › Group Details › ${dialog}`);
  }
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  /** Each page of the sidebar and beyond, with the forms and confirmations opened there most. */
  const pages: { path: string; where?: string; popups?: () => Promise<void> }[] = [
    {
      path: '/admin/committee-plans',
      popups: () => checkPopup(page, audit, page.getByRole('button', { name: 'Create Plan' }), page.getByRole('dialog', { name: 'Create Committee Plan' }), `${theme} /admin/committee-plans › Create Plan`),
    },
    {
      path: '/admin/users',
      popups: async () => {
        const blockUser = page.getByRole('dialog', { name: 'Block User' });
        // From 1280px a table with each row's buttons; below, cards with each user's actions in a menu.
        if ((page.viewportSize()?.width ?? 0) >= 1280) {
          await checkPopup(page, audit, page.getByRole('button', { name: 'Block', exact: true }).first(), blockUser, `${theme} /admin/users › Block User`);
          return;
        }
        const actions = page.getByRole('button', { name: `Actions for ${seed.member.name}`, exact: true });
        await checkPopup(page, audit, actions, page.getByRole('menu'), `${theme} /admin/users › a user's actions menu`);
        await actions.click();
        await page.getByRole('menu').getByRole('menuitem', { name: 'Block', exact: true }).click();
        await expect(blockUser).toBeVisible();
        await settle(page);
        await audit.check(`${theme} /admin/users › Block User`);
        await page.keyboard.press('Escape');
        await expect(blockUser).toBeHidden();
      },
    },
    {
      path: `/admin/users/${seed.member.id}/ledger`,
      where: '/admin/users/:id/ledger',
      // The member's receipt under review can be corrected (the undo of an approval is the same kind of dialog).
      popups: () =>
        checkPopup(page, audit, page.getByRole('button', { name: /^Correct receipt of / }).first(), page.getByRole('dialog', { name: 'Correct receipt' }), `${theme} /admin/users/:id/ledger › Correct receipt`),
    },
    { path: '/admin/payments' },
    {
      path: '/admin/plan-requests',
      popups: async () => {
        const request = page.getByRole('region', { name: 'Payment requests' }).getByRole('article').filter({ has: page.getByRole('button', { name: 'Reject', exact: true }) }).first();
        await checkPopup(page, audit, request.getByRole('button', { name: 'Reject', exact: true }), page.getByRole('dialog').or(page.getByRole('alertdialog')), `${theme} /admin/plan-requests › Reject`);
        await checkPopup(page, audit, request.getByRole('button', { name: 'Approve', exact: true }), page.getByRole('dialog', { name: 'Approve Payment Request' }), `${theme} /admin/plan-requests › Approve`);
      },
    },
    { path: '/admin/referrals' },
    { path: '/admin/winners' },
    {
      path: '/admin/bank-accounts',
      popups: () => checkPopup(page, audit, page.getByRole('button', { name: 'Add Account' }), page.getByRole('dialog', { name: 'Add Bank Account' }), `${theme} /admin/bank-accounts › Add Account`),
    },
    { path: '/admin/reconciliation' },
    { path: '/admin/audit' },
    { path: `/admin/payment-detail/${seed.instalmentId}`, where: '/admin/payment-detail/:paymentId' },
    { path: `/admin/groups/${seed.groupId}/arrears`, where: '/admin/groups/:id/arrears' },
    { path: '/admin/profile' },
  ];
  for (const { path, where = path, popups } of pages) {
    await visit(page, audit, path, /./, `${theme} ${where}`);
    await popups?.();
    await checkEveryTab(page, audit, `${theme} ${where}`);
  }
}

for (const { name: device, viewport } of widths) {
  test.describe(`accessibility on a ${device} (${viewport.width} px), light and dark`, () => {
    test.use({ viewport });

    test('public pages have no serious or critical findings', async ({ page }) => {
      test.setTimeout(300_000);
      const audit = new Audit(page);
      for (const theme of THEMES) await publicPages(page, audit, theme);
      audit.expectClean();
    });

    test('member pages, tabs, menus and dialogs have no serious or critical findings', async ({ page }) => {
      test.setTimeout(600_000);
      const audit = new Audit(page);
      await page.goto('/login');
      await signInToDashboard(page, seed.member);
      for (const theme of THEMES) await memberPages(page, audit, theme);
      audit.expectClean();
    });

    test('admin pages, tabs, menus and dialogs have no serious or critical findings', async ({ page }) => {
      test.setTimeout(1_200_000);
      const audit = new Audit(page);
      await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await expect(page).toHaveURL(/\/admin$/);
      for (const theme of THEMES) await adminPages(page, audit, theme);
      audit.expectClean();
    });
  });
}

/**
 * The same pages in Urdu, right to left, on a phone: each page and each of its tabs is rtl, fits the
 * screen without scrolling sideways (tables and the arrears grid scroll inside their own box), and has
 * no serious or critical finding. Urdu is chosen with the header's switch, which also keeps it in the
 * person's profile; the admin goes back to English at the end, as the other walks expect.
 */
test.describe('Urdu on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  /** The header's switch to Urdu: its name starts with the visible "اردو". */
  const choose = async (page: Page, name: RegExp, dir: 'rtl' | 'ltr') => {
    // Kept in the profile before going on: a signed-in person's pages follow their profile's language.
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/profile/language') && response.ok());
    await page.getByRole('banner').getByRole('button', { name }).click();
    await saved;
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
  };
  const chooseUrdu = (page: Page) => choose(page, /^اردو/, 'rtl');

  async function checkRtlPage(page: Page, audit: Audit, path: string, where = path): Promise<void> {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await settle(page);
    const fits = async (at: string) => {
      const { scroll, screen } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, screen: window.innerWidth }));
      expect.soft(scroll, `${at}: the page is ${scroll} px wide on a ${screen} px screen`).toBeLessThanOrEqual(screen);
    };
    await fits(`ur ${where}`);
    await audit.check(`ur ${where}`);
    for (const tab of await page.getByRole('tab').all()) {
      if (!(await tab.isVisible())) continue;
      await tab.click();
      await settle(page);
      await fits(`ur ${where} › tab`);
      await audit.check(`ur ${where} › tab`);
    }
  }

  test('member pages read right to left, fit the screen and have no serious or critical findings', async ({ page }) => {
    test.setTimeout(300_000);
    const audit = new Audit(page);
    await page.goto('/login');
    await signInToDashboard(page, seed.referred);
    await chooseUrdu(page);
    for (const path of ['/dashboard', '/profile']) await checkRtlPage(page, audit, path);
    await checkRtlPage(page, audit, seed.drawRecordPath, '/draws/:token');
    audit.expectClean();
  });

  test('admin pages, tables and the arrears grid read right to left, fit the screen and have no serious or critical findings', async ({ page }) => {
    test.setTimeout(600_000);
    const audit = new Audit(page);
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await chooseUrdu(page);
    try {
      const paths = [
        '/admin',
        '/admin/committee-plans',
        '/admin/users',
        '/admin/payments',
        '/admin/plan-requests',
        '/admin/referrals',
        '/admin/winners',
        '/admin/bank-accounts',
        '/admin/reconciliation',
        '/admin/audit',
        '/admin/profile',
      ];
      for (const path of paths) await checkRtlPage(page, audit, path);
      await checkRtlPage(page, audit, `/admin/payment-detail/${seed.instalmentId}`, '/admin/payment-detail/:paymentId');
      await checkRtlPage(page, audit, `/admin/groups/${seed.groupId}/arrears`, '/admin/groups/:id/arrears');
      audit.expectClean();
    } finally {
      // Back to English, in the profile too: the walks above read the admin's pages in English.
      await page.goto('/admin');
      await choose(page, /^English/, 'ltr');
    }
  });
});
