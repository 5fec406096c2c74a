/**
 * The installed app (decision 054): the page links a valid manifest (names, icons, the dashboard as its
 * start), its service worker registers and controls the page, and Chromium finds nothing that keeps it
 * from being installed. Then a member's dashboard offline: signed in, the dashboard read once, the
 * network gone, the app reopened: the last figures, dated, with the offline notice; what would send
 * something refuses and says why; back online, the notice goes. On a phone and on a desktop.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test as base, type BrowserContext, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './support/constants.ts';

/**
 * A browser profile of its own, as an installed app has: Chromium never offers to install an app in
 * the throwaway (incognito) contexts the other journeys use. The service worker is allowed here; the
 * other journeys run without it (playwright.config.ts).
 */
const test = base.extend<{ appContext: BrowserContext; appPage: Page }>({
  appContext: async ({ playwright, viewport }, use, testInfo) => {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'umrah-installed-app-'));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...testInfo.project.use.launchOptions,
      baseURL: E2E_BASE_URL,
      viewport,
      serviceWorkers: 'allow',
    });
    await use(context);
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  },
  appPage: async ({ appContext }, use) => {
    await use(appContext.pages()[0] ?? (await appContext.newPage()));
  },
});

const widths = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Waits until the page is controlled by the app's service worker (the first visit installs it). */
async function controlledByServiceWorker(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}

for (const { name, viewport } of widths) {
  test.describe(`the installed app, on a ${name}`, () => {
    test.use({ viewport });

    test('a valid manifest, a service worker in control, and nothing keeping Chromium from installing it', async ({ appPage: page, request }) => {
      await page.goto('/');
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(href).toBe('/manifest.webmanifest');
      const answer = await request.get(href!);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
      const manifest = (await answer.json()) as Record<string, unknown> & { icons: ManifestIcon[]; name_localized: Record<string, { value: string }> };
      expect(manifest).toMatchObject({ name: 'Umrah Committee', short_name: 'Committee', start_url: '/dashboard', scope: '/', display: 'standalone', lang: 'en', dir: 'ltr' });
      expect(manifest.name_localized.ur.value).toBe('عمرہ کمیٹی');
      for (const purpose of ['any', 'maskable']) {
        for (const size of ['192x192', '512x512']) {
          const icon = manifest.icons.find((candidate) => candidate.sizes === size && (candidate.purpose ?? 'any') === purpose);
          expect(icon, `${purpose} ${size}`).toBeDefined();
          const picture = await request.get(icon!.src);
          expect(picture.status(), icon!.src).toBe(200);
          expect(picture.headers()['content-type']).toBe('image/png');
        }
      }
      await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveCount(1);

      expect(await controlledByServiceWorker(page)).toMatch(/\/sw\.js$/);
      const worker = await request.get('/sw.js');
      expect(worker.headers()['cache-control']).toBe('no-cache');

      const cdp = await page.context().newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    });
  });
}
