/**
 * The installed app's service worker (built into dist/web/sw.js by vite-plugin-pwa, vite.config.ts;
 * decision 055):
 *
 * - The app's shell and its built files are kept (Workbox's precache, listed at build), so the app
 *   opens without a network. A page is asked of the server first (it names that page's chunks and
 *   its share card, server/web-app.ts); only when there is no answer is the kept index.html shown.
 * - Nothing under /api is kept or answered here: the figures a member sees offline are the app's own
 *   (web/lib/offline-answers.ts), read-only and dated.
 * - A new version takes over as soon as it is installed, and the pages it takes over reload once
 *   (web/lib/service-worker.ts): never a page of the old version running on the new version's files.
 * - Push messages (contract/push-message.ts) become notifications in the member's language; a tap on
 *   one opens its screen of the app, in the app's window when one is open.
 */
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { pushMessageSchema } from '../contract/push-message.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

/** The app's page, kept at install: what a navigation shows when the server cannot be reached. */
const APP_PAGE = '/index.html';
/** Where a notification without a usable address opens. */
const HOME = '/dashboard';

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// Only the files as listed: '/' is a page of its own (the landing, with its share card), not index.html.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache(APP_PAGE)) ?? Response.error();
      }
    },
    // The API's answers and the standalone draw verifier (its own policy) are never the app's page.
    { denylist: [/^\/api(\/|$)/, /^\/verify-draw\.html$/] },
  ),
);

self.addEventListener('push', (event) => {
  const message = readPushMessage(event.data);
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      lang: message.lang,
      dir: message.lang === 'ur' ? 'rtl' : 'ltr',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: message.url },
    }),
  );
});

function readPushMessage(data: PushMessageData | null) {
  try {
    const parsed = pushMessageSchema.safeParse(data?.json());
    return parsed.success ? parsed.data : undefined;
  } catch {
    // Not JSON: no message of ours.
    return undefined;
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = addressInApp((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(openInApp(url));
});

/** The full address of a path inside the app; anything else (another site, not a path) opens the dashboard. */
function addressInApp(path: unknown): string {
  const origin = self.location.origin;
  if (typeof path !== 'string' || !path.startsWith('/')) return `${origin}${HOME}`;
  const url = new URL(path, origin);
  return url.origin === origin ? url.href : `${origin}${HOME}`;
}

/** Shows the address in an open window of the app (focused), else in a new one. */
async function openInApp(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    const focused = await open.focus();
    // A window this worker does not control cannot be navigated from here: a new one is opened instead.
    const navigated = await focused.navigate(url).catch(() => null);
    if (navigated) return;
  }
  await self.clients.openWindow(url);
}
