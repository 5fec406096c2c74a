/**
 * The installed app (decision 055): the page links a valid manifest (names, icons, the dashboard as its
 * start), its service worker registers and controls the page, and Chromium finds nothing that keeps it
 * from being installed. Then a member's dashboard offline: signed in, the dashboard read once, the
 * network gone, the app reopened: the last figures, dated, with the offline notice; what would send
 * something refuses and says why; back online, the notice goes. On a phone and on a desktop.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test as base, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import type { PushMessage } from '../contract/push-message.ts';
import { memberThroughApi, planAndAccount, subscribe } from './support/accessibility-seed.ts';
import { Audit } from './support/axe-audit.ts';
import { E2E_BASE_URL } from './support/constants.ts';
import { karachiPeriod } from './support/instalments.ts';
import { signInToDashboard } from './support/journeys.ts';
import { adminApi, approveIntoGroup, createGroup, firstOf, isoDate } from './support/owed.ts';

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

/** A member of a group that started three months ago, who owes its months since (made through the API). */
async function memberWhoOwes(request: APIRequestContext, label: string) {
  const admin = await adminApi(request);
  const { plan, planId, bankAccountId } = await planAndAccount(admin, label);
  const groupId = await createGroup(admin, plan, planId, isoDate(firstOf(karachiPeriod(-3))));
  const { member, token } = await memberThroughApi(request, label);
  await subscribe(request, token, planId, bankAccountId);
  await approveIntoGroup(admin, planId, groupId);
  return member;
}

/** A figure of the next-instalment card, by its term: its amount. */
const figure = (page: Page, term: string) =>
  page.getByRole('region', { name: 'Your next instalment' }).getByRole('term').filter({ hasText: term }).locator('xpath=..').getByRole('definition').first();

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

    test('offline, the dashboard shows the last figures, dated, under a notice; nothing is sent; back online the notice goes', async ({ appContext, appPage: page, request }) => {
      const member = await memberWhoOwes(request, `installed-${name}`);
      await page.goto('/login');
      await signInToDashboard(page, member);
      await controlledByServiceWorker(page);
      const owed = figure(page, 'Owed now');
      await expect(owed).toHaveText(/^PKR [1-9]/);
      const owedOnline = await owed.textContent();
      const tiles = page.getByRole('region', { name: 'Your summary' });
      const totalPayments = tiles.getByRole('term').filter({ hasText: 'Total Payments' }).locator('xpath=following-sibling::dd[1]');
      await expect(totalPayments).toHaveText(/^[1-9]/);
      const totalOnline = await totalPayments.textContent();
      // The first screen's four answers are kept on the device as they arrive.
      await expect
        .poll(() => page.evaluate(() => Object.keys(JSON.parse(Object.entries(localStorage).find(([key]) => key.startsWith('offline-answers:'))?.[1] ?? '{}')).length))
        .toBe(4);

      await test.step('offline, the app opens on the figures as last read, with the notice and when they were read', async () => {
        await appContext.setOffline(true);
        // The service worker has no network either: the page comes from what it kept.
        const [worker] = appContext.serviceWorkers();
        expect(await worker.evaluate(() => fetch('/robots.txt').then(() => 'answered', () => 'no network'))).toBe('no network');
        await page.reload();
        await expect(page.getByRole('heading', { level: 1, name: `Assalam-o-Alaikum, ${member.name}` })).toBeVisible();
        const notice = page.getByRole('status').filter({ hasText: 'You are offline.' });
        await expect(notice).toContainText('These are your figures as last read; nothing can be sent until you are back online.');
        await expect(notice).toContainText(/Last updated \d{1,2} \w+ \d{4}/);
        await expect(owed).toHaveText(owedOnline!);
        await expect(totalPayments).toHaveText(totalOnline!);
        await expect(page).toHaveURL(/\/dashboard$/);
      });

      await test.step('the offline page is accessible', async () => {
        await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toBeVisible();
        const audit = new Audit(page);
        await audit.check(`offline dashboard (${name})`);
        audit.expectClean();
      });

      await test.step('marking the notifications read refuses, and says nothing was sent', async () => {
        await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
        await page.getByRole('button', { name: 'Mark all as read' }).click();
        await expect(page.getByText('You are offline. Nothing was sent: try again once you are back online.')).toBeVisible();
        await page.keyboard.press('Escape');
      });

      await test.step('back online, the notice goes and the figures are read again', async () => {
        const summaryRead = page.waitForResponse((response) => response.url().endsWith('/api/payments/summary') && response.ok());
        await appContext.setOffline(false);
        await summaryRead;
        await expect(page.getByText('You are offline.', { exact: false })).toHaveCount(0);
        await expect(owed).toHaveText(owedOnline!);
        // Nothing was marked read while offline: the unread count is the server's, unchanged.
        await expect(page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ })).toBeVisible();
      });
    });

    test('a push message becomes a notification in the member\'s language, with the screen it opens', async ({ appContext, appPage: page }) => {
      await appContext.grantPermissions(['notifications']);
      await page.goto('/');
      await controlledByServiceWorker(page);
      const cdp = await appContext.newCDPSession(page);
      const registrationId = new Promise<string>((resolve) =>
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((registration) => registration.scopeURL === `${E2E_BASE_URL}/` && !registration.isDeleted);
          if (ours) resolve(ours.registrationId);
        }),
      );
      // A push is delivered to the registration's activated worker: wait until the browser says it has one.
      const activated = new Set<string>();
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        for (const version of versions) if (version.status === 'activated') activated.add(version.registrationId);
      });
      await cdp.send('ServiceWorker.enable');
      const appRegistration = await registrationId;
      await expect.poll(() => activated.has(appRegistration)).toBe(true);
      const message: PushMessage = { title: 'قسط کی یاد دہانی', body: 'آپ کی قسط 10 تاریخ کو واجب الادا ہے۔', url: '/dashboard?tab=payments', tag: 'due-2026-03', lang: 'ur' };
      const deliver = (data: string) => cdp.send('ServiceWorker.deliverPushMessage', { origin: E2E_BASE_URL, registrationId: appRegistration, data });
      await deliver(JSON.stringify(message));
      const shown = () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
            title: notification.title,
            body: notification.body,
            tag: notification.tag,
            lang: notification.lang,
            dir: notification.dir,
            icon: notification.icon,
            badge: (notification as Notification & { badge: string }).badge,
            data: notification.data as unknown,
          })),
        );
      // In a long run the browser has now and then shown nothing of a message delivered this way (never when
      // this file runs alone): while nothing shows it is delivered again, and its tag makes a second copy
      // replace the first, so one notification is still all there may be.
      const shownOnceDelivered = async () => {
        const now = await shown();
        if (now.length === 0) await deliver(JSON.stringify(message));
        return now;
      };
      await expect.poll(shownOnceDelivered, { timeout: 20_000 }).toEqual([
        {
          title: message.title,
          body: message.body,
          tag: message.tag,
          lang: 'ur',
          dir: 'rtl',
          icon: `${E2E_BASE_URL}/icons/icon-192.png`,
          badge: `${E2E_BASE_URL}/icons/badge-96.png`,
          data: { url: '/dashboard?tab=payments' },
        },
      ]);
      // A message in another shape shows nothing.
      await deliver('{"title":"No body, no language"}');
      await expect.poll(async () => (await shown()).length).toBe(1);
    });
  });
}
