/**
 * Rough edges a member meets, each tried as a person would, on a phone and on a desktop: a new page
 * opens at its top rather than where the last one was scrolled to, and the landing page offers a
 * signed-in member their dashboard, not a sign-in they do not need.
 */
import { expect, test, type Page } from '@playwright/test';
import { registerAndVerify, signInToDashboard } from './support/journeys.ts';

const widths = [
  { name: 'phone', viewport: { width: 360, height: 740 }, phone: true },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, phone: false },
] as const;

const scrollTop = (page: Page) => page.evaluate(() => window.scrollY);

for (const { name, viewport, phone } of widths) {
  test.describe(`a member's rough edges, on a ${name}`, () => {
    test.use({ viewport });

    test('a page opened from the bottom of the landing page starts at its top', async ({ page }) => {
      await page.goto('/');
      const footer = page.getByRole('contentinfo');
      await footer.scrollIntoViewIfNeeded();
      expect(await scrollTop(page)).toBeGreaterThan(500);
      await footer.getByRole('link', { name: 'Get Started' }).click();
      await expect(page).toHaveURL(/\/register$/);
      await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
      await expect.poll(() => scrollTop(page)).toBe(0);
    });

    test('the landing page offers a signed-in member the dashboard, not Sign In', async ({ page }) => {
      const member = await registerAndVerify(page, `edges-${name}`);
      await signInToDashboard(page, member);
      await page.goto('/');
      const header = page.getByRole('banner');
      if (phone) await header.getByRole('button', { name: 'Open menu' }).click();
      await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
      const dashboard = header.getByRole('link', { name: 'My Dashboard' }).filter({ visible: true });
      await expect(dashboard).toHaveCount(1);
      await dashboard.click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: `Assalam-o-Alaikum, ${member.name}` })).toBeVisible();
    });
  });
}
