/**
 * Every route of the app (web/app/router.tsx), public, member and admin, in the light and the dark
 * theme, on a phone (360 px) and a desktop (1440 px): axe finds nothing serious or critical. The
 * member has a plan and a group whose months are in every state: paid, under review, refused with a
 * reason, owed, and still to come; the payment page is opened for each of them, as is the member's
 * and the admin's every tab. Dialogs are checked by e2e/accessibility.spec.ts.
 *
 * Then the audit log in Urdu: at 1440 px the page does not scroll sideways, nor on a phone, where only
 * a table may scroll inside its own box.
 *
 * The data is made once through the API; each test is one browser context, one person in one theme,
 * signed in once. The theme is the one the person chose earlier, as the app keeps it (its storage key).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seedAccessibilityData, type AccessibilitySeed } from './support/accessibility-seed.ts';
import { Audit, checkEveryTab, settle } from './support/axe-audit.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { karachiPeriod, type Period } from './support/instalments.ts';
import { signIn, signInToDashboard } from './support/journeys.ts';
import { adminApi, MONTHLY } from './support/owed.ts';
import { RECEIPT_PNG } from './support/plans.ts';
import { fillTransferDetails } from './support/transfer.ts';

const THEME_KEY = 'committee-theme';
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const WIDTHS = [
  { device: 'phone', viewport: { width: 360, height: 800 } },
  { device: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

interface GroupMonth {
  id: string;
  month: number;
  year: number;
  amount: number;
}

interface Seed extends AccessibilitySeed {
  /** The member's months by what the payment page shows for them. */
  months: Record<'paid' | 'underReview' | 'refused' | 'owed' | 'toCome', GroupMonth>;
}

let seed: Seed;

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * The accessibility data, and the member's third month refused with a reason (the first is paid with
 * the purchase, the second under review): the member's group then shows every state a month can be in.
 */
async function seedEveryState(request: APIRequestContext): Promise<Seed> {
  const base = await seedAccessibilityData(request);
  const admin = await adminApi(request);
  const login = await ok<{ token: string }>(await request.post('/api/auth/login', { data: { email: base.member.email, password: base.member.password } }));
  const headers = { Authorization: `Bearer ${login.token}` };
  const { bankAccounts } = await ok<{ bankAccounts: { id: string }[] }>(await request.get('/api/bank-accounts/active', { headers }));
  const send = async (period: Period) => {
    const sent = await ok<{ payment: { id: string } }>(
      await request.post('/api/payments', {
        headers,
        multipart: { groupId: base.groupId, amount: String(MONTHLY), month: String(period.month), year: String(period.year), bankAccountId: bankAccounts[0]!.id, receipt: RECEIPT_PNG },
      }),
    );
    return sent.payment.id;
  };
  await admin.put(`/api/payments/${await send(karachiPeriod(-1))}/status`, { status: 'rejected', reason: 'The receipt shows another account number' });

  const answer = await ok<{ groups?: { id: string; payments: GroupMonth[] }[]; data?: { groups: { id: string; payments: GroupMonth[] }[] } }>(
    await request.get('/api/committee-plans/user/groups', { headers }),
  );
  const group = (answer.groups ?? answer.data?.groups ?? []).find((one) => one.id === base.groupId);
  expect(group, 'the member sees the group').toBeDefined();
  const monthOf = (offset: number) => {
    const period = karachiPeriod(offset);
    const found = group!.payments.find((payment) => payment.month === period.month && payment.year === period.year);
    expect(found, `the month ${period.label}`).toBeDefined();
    return found!;
  };
  return { ...base, months: { paid: monthOf(-3), underReview: monthOf(-2), refused: monthOf(-1), owed: monthOf(0), toCome: monthOf(1) } };
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  seed = await seedEveryState(request);
});

/** The theme a person chose earlier, kept before any page of the context loads. */
async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [THEME_KEY, theme] as const);
}

async function expectTheme(page: Page, theme: Theme): Promise<void> {
  const html = page.locator('html');
  if (theme === 'dark') await expect(html).toHaveClass(/\bdark\b/);
  else await expect(html).not.toHaveClass(/\bdark\b/);
}

async function visit(page: Page, audit: Audit, path: string, where: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await settle(page);
  await audit.check(where);
  await checkEveryTab(page, audit, where);
}

/**
 * The payment page of one month, as the dashboard's Month Details opens it: the month is kept in
 * storage first (the page reads the month's current state from the member's groups).
 */
async function visitPayment(page: Page, audit: Audit, month: GroupMonth, where: string): Promise<void> {
  const selected = { paymentId: month.id, groupId: seed.groupId, groupNumber: seed.groupNumber, month: month.month, year: month.year, amount: month.amount, group: { id: seed.groupId, groupNumber: seed.groupNumber, plan: { id: seed.planId, name: seed.plan.name, monthlyAmount: MONTHLY, duration: seed.plan.duration, totalAmount: 0 } } };
  await page.evaluate((value) => window.localStorage.setItem('selected-payment', value), JSON.stringify(selected));
  await page.goto(`/user/payment/${month.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Details' })).toBeVisible();
  await settle(page);
  await audit.check(where);
}

const PUBLIC_PATHS = () => [
  ['/', '/'],
  ['/login', '/login'],
  ['/register', '/register'],
  ['/forgot-password', '/forgot-password'],
  ['/reset-password?token=not-a-real-token', '/reset-password'],
  ['/verify-email?email=someone%40e2e.test', '/verify-email'],
  [seed.drawRecordPath, '/draws/:token'],
  ['/draws/not-a-published-link', '/draws/:token that opens nothing'],
  ['/no-such-page', 'a page that does not exist'],
];

const ADMIN_PATHS = () => [
  ['/admin', '/admin'],
  ['/admin/committee-plans', '/admin/committee-plans'],
  ['/admin/users', '/admin/users'],
  [`/admin/users/${seed.member.id}/ledger`, '/admin/users/:id/ledger'],
  ['/admin/payments', '/admin/payments'],
  ['/admin/plan-requests', '/admin/plan-requests'],
  ['/admin/referrals', '/admin/referrals'],
  ['/admin/winners', '/admin/winners'],
  ['/admin/bank-accounts', '/admin/bank-accounts'],
  ['/admin/reconciliation', '/admin/reconciliation'],
  ['/admin/audit', '/admin/audit'],
  [`/admin/payment-detail/${seed.instalmentId}`, '/admin/payment-detail/:paymentId'],
  [`/admin/groups/${seed.groupId}/arrears`, '/admin/groups/:id/arrears'],
  ['/admin/profile', '/admin/profile'],
];

for (const { device, viewport } of WIDTHS) {
  for (const theme of THEMES) {
    test.describe(`every page on a ${device} (${viewport.width} px) in the ${theme} theme`, () => {
      test.use({ viewport });

      test('public pages have no serious or critical axe findings', async ({ page }) => {
        test.setTimeout(300_000);
        await useTheme(page, theme);
        const audit = new Audit(page);
        for (const [path, where] of PUBLIC_PATHS()) {
          await page.goto(path!);
          await expectTheme(page, theme);
          await settle(page);
          await audit.check(`${theme} ${where}`);
        }
        audit.expectClean();
      });

      test('member pages, the payment page of a month in every state included, have no serious or critical axe findings', async ({ page }) => {
        test.setTimeout(300_000);
        await useTheme(page, theme);
        const audit = new Audit(page);
        await page.goto('/login');
        await signInToDashboard(page, seed.member);
        await expectTheme(page, theme);
        await visit(page, audit, '/dashboard', `${theme} /dashboard`);
        for (const [state, month] of Object.entries(seed.months)) await visitPayment(page, audit, month, `${theme} /user/payment/:paymentId of a month ${state}`);
        // The refused month's form as it is filled in: an account chosen, then the receipt attached.
        await visitPayment(page, audit, seed.months.refused, `${theme} /user/payment/:paymentId of a month refused`);
        await page.getByRole('radiogroup', { name: 'Select Bank Account' }).getByRole('radio').first().check();
        await audit.check(`${theme} /user/payment/:paymentId of a month refused, an account chosen`);
        await page.getByLabel('Payment Receipt', { exact: true }).setInputFiles(RECEIPT_PNG);
        await fillTransferDetails(page, { number: 'FT-0001' });
        await expect(page.getByRole('button', { name: 'Submit Payment', exact: true })).toBeEnabled();
        await audit.check(`${theme} /user/payment/:paymentId of a month refused, ready to send`);
        await visit(page, audit, `/user/subscribe/${seed.planId}`, `${theme} /user/subscribe/:planId`);
        await visit(page, audit, '/profile', `${theme} /profile`);
        audit.expectClean();
      });

      test('admin pages have no serious or critical axe findings', async ({ page }) => {
        test.setTimeout(600_000);
        await useTheme(page, theme);
        const audit = new Audit(page);
        await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
        await expect(page).toHaveURL(/\/admin$/);
        await expectTheme(page, theme);
        for (const [path, where] of ADMIN_PATHS()) await visit(page, audit, path!, `${theme} ${where}`);
        audit.expectClean();
      });
    });
  }
}

/**
 * The audit log in Urdu, right to left: its long Urdu labels and entries fit a 1440 px screen, and on a
 * phone the page itself does not scroll sideways (a table may, inside its own box). Urdu is chosen
 * with the header's switch, which keeps it in the admin's profile; English comes back at the end, as
 * the other walks expect.
 */
test.describe('the audit log in Urdu', () => {
  const choose = async (page: Page, name: RegExp, dir: 'rtl' | 'ltr') => {
    // Kept in the profile before going on: a signed-in person's pages follow their profile's language.
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/profile/language') && response.ok());
    await page.getByRole('banner').getByRole('button', { name }).click();
    await saved;
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
  };

  /** Each box on the page whose content is wider than the box, so that it scrolls sideways: a short description of it and by how much. */
  const boxesScrollingSideways = (page: Page) =>
    page.locator('main').evaluate((main) =>
      [main, ...main.querySelectorAll('*')]
        .filter((box) => ['auto', 'scroll'].includes(getComputedStyle(box).overflowX) && box.scrollWidth > box.clientWidth)
        .map((box) => `${box.tagName.toLowerCase()}.${[...box.classList].slice(0, 3).join('.')} ${box.scrollWidth} px in ${box.clientWidth} px`),
    );

  const overflow = (page: Page) => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));

  test('fits a 1440 px screen and a phone without the page scrolling sideways', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await choose(page, /^اردو/, 'rtl');
    try {
      await page.goto('/admin/audit');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await settle(page);
      await expect(page.getByRole('listitem').or(page.getByRole('row')).first()).toBeVisible();
      const wide = await overflow(page);
      expect(wide.scroll, `at 1440 px the page is ${wide.scroll} px wide in a ${wide.client} px window`).toBeLessThanOrEqual(wide.client);
      // Nor does the log scroll sideways inside its own box: at this width it has the room to fit.
      expect(await boxesScrollingSideways(page), 'boxes scrolling sideways at 1440 px').toEqual([]);

      await page.setViewportSize({ width: 360, height: 800 });
      await settle(page);
      const narrow = await overflow(page);
      expect(narrow.scroll, `on a phone the page is ${narrow.scroll} px wide in a ${narrow.client} px window`).toBeLessThanOrEqual(narrow.client);
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/admin');
      await choose(page, /^English/, 'ltr');
    }
  });
});
