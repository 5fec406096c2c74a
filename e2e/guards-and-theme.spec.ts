/**
 * Who may open which page (member document §2 route table; admin document §2 "Access" and
 * "Admin layout"), the saved theme (member document §4), and page titles (§1).
 */
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/constants.ts';
import { registerAndVerify, signIn, signInToDashboard } from './support/journeys.ts';

const ADMIN_NAV = [
  'Dashboard',
  'Committee Plans',
  'User Management',
  'Payments',
  'Plan Requests',
  'Referral System',
  'Winner Management',
  'Bank Accounts',
  'Reconciliation',
  'Audit Log',
];

test.describe('route guards', () => {
  test('a visitor opening a member or admin page is sent to sign in', async ({ page }) => {
    for (const path of ['/dashboard', '/admin/users']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    }
  });

  test('a signed-in member is kept out of the admin area and off the sign-in page', async ({ page }) => {
    const member = await registerAndVerify(page, 'guard');
    await page.goto('/login');
    await signInToDashboard(page, member);

    await page.goto('/admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: `Assalam-o-Alaikum, ${member.name}` })).toBeVisible();

    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: `Assalam-o-Alaikum, ${member.name}` })).toBeVisible();
  });
});

test.describe('admin layout', () => {
  test('the admin lands on /admin, and the sidebar marks the current page', async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);

    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    await expect(nav.getByRole('link')).toHaveText(ADMIN_NAV);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'User Management' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'User Management' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    await expect(page.locator('[aria-current="page"]')).toHaveCount(1);
  });

  test('on a phone the sidebar is a drawer that closes once an entry is chosen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // The welcome toast shows at the bottom: the header's menu button is reachable while it shows.
    await expect(page.getByText('Welcome back! You have successfully logged in.')).toBeVisible();

    // No sidebar on a phone until the menu button opens the drawer.
    await expect(page.getByRole('navigation', { name: 'Admin navigation' })).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Open navigation menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    // A short timeout: a toast lying over the button would hold the click for its full 5 s.
    await menuButton.click({ timeout: 2_000 });

    const drawer = page.getByRole('dialog', { name: 'Admin Dashboard' });
    await expect(drawer).toBeVisible();
    const nav = drawer.getByRole('navigation', { name: 'Admin navigation' });
    await expect(nav.getByRole('link')).toHaveText(ADMIN_NAV);

    await nav.getByRole('link', { name: 'Payments' }).click();
    await expect(page).toHaveURL(/\/admin\/payments$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Management' })).toBeVisible();

    // Opened again, it shows where the admin is now, and its close button closes it.
    await menuButton.click();
    await expect(drawer.getByRole('link', { name: 'Payments' })).toHaveAttribute('aria-current', 'page');
    await drawer.getByRole('button', { name: 'Close navigation menu' }).click();
    await expect(drawer).toBeHidden();
  });
});

test.describe('theme', () => {
  test.use({ colorScheme: 'light' });

  test('the chosen theme survives a reload', async ({ page }) => {
    const html = page.locator('html');
    const savedTheme = () => page.evaluate(() => window.localStorage.getItem('committee-theme'));

    await page.goto('/');
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Switch to dark theme' }).first().click();
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await savedTheme()).toBe('dark');

    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await savedTheme()).toBe('dark');
    await expect(page.getByRole('button', { name: 'Switch to light theme' }).first()).toBeVisible();

    await page.getByRole('button', { name: 'Switch to light theme' }).first().click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(await savedTheme()).toBe('light');

    await page.reload();
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(await savedTheme()).toBe('light');
    await expect(page.getByRole('button', { name: 'Switch to dark theme' }).first()).toBeVisible();
  });

  // The page's own inline script applies the theme before any of the app's code has arrived; the
  // Content Security Policy allows it by its hash and nothing else inline.
  test('the saved theme is applied by the page itself, before the app loads, within the security policy', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.addInitScript(() => window.localStorage.setItem('committee-theme', 'dark'));
    const answer = await page.goto('/login');
    const preloads = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(preloads.some((href) => /\/assets\/login-page-[\w-]+\.js$/.test(href ?? ''))).toBe(true);
    expect(await answer?.headerValue('content-security-policy')).toMatch(/script-src 'self' 'sha256-[\w+/=]+'/);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
    // Nothing of the app ran: the root is still empty.
    expect(await page.locator('#root').innerHTML()).toBe('');
    expect(violations).toEqual([]);
  });
});

// A signed-in person's first answers are asked for by the page's HTML as it is read, before the app's
// code has arrived (web/build/early-answers.js): the session check and the dashboard's first reads. The
// app takes those answers instead of asking again.
test.describe("a signed-in person's first load", () => {
  test('asks for the session and the dashboard\'s first reads once each, before the app\'s code has run', async ({ page }) => {
    const member = await registerAndVerify(page, 'early');
    await page.goto('/login');
    await signInToDashboard(page, member);
    const firstReads = ['/api/auth/me', '/api/notifications?limit=20', '/api/payments/summary', '/api/committee-plans/user/groups', '/api/referrals/stats'];
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(`${request.method()} ${url.pathname}${url.search}`);
    });

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `Assalam-o-Alaikum, ${member.name}` })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Committee Plans' })).toBeVisible();
    for (const read of firstReads) expect(asked.filter((request) => request === `GET ${read}`), read).toHaveLength(1);

    // The page itself asks: with none of the app's code, the same reads still go out.
    asked.length = 0;
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect.poll(() => firstReads.every((read) => asked.includes(`GET ${read}`))).toBe(true);
  });
});

test.describe('page titles', () => {
  test('the landing, sign-in and register pages each have their own title', async ({ page }) => {
    const expected: Record<string, string> = {
      '/': 'Umrah Committee – Interest-free savings committees for Umrah',
      '/login': 'Sign In | Umrah Committee',
      '/register': 'Create Account | Umrah Committee',
    };
    const titles: string[] = [];
    for (const [path, title] of Object.entries(expected)) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      titles.push(await page.title());
    }
    expect(titles.every((title) => title.trim().length > 0)).toBe(true);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
