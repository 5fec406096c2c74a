/**
 * The service worker's own handlers (web/sw.ts), run against a stand-in of a worker's scope: what a tap
 * on a notification opens, and that a new version takes over at once. Workbox's precache and routes are
 * Workbox's (the browser test sees them work, e2e/installable-app.spec.ts); here they are only recorded.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('workbox-core', () => ({ clientsClaim: vi.fn() }));
vi.mock('workbox-precaching', () => ({ cleanupOutdatedCaches: vi.fn(), matchPrecache: vi.fn(), precacheAndRoute: vi.fn() }));
vi.mock('workbox-routing', () => ({ NavigationRoute: vi.fn(), registerRoute: vi.fn() }));

const ORIGIN = 'https://umrah.example';

interface FakeWindow {
  url: string;
  focus: () => Promise<FakeWindow>;
  navigate: (url: string) => Promise<FakeWindow | null>;
}

/** A window client of the app: navigating it fails when the worker does not control it. */
function fakeWindow(url: string, controlled = true): FakeWindow {
  const client: FakeWindow = {
    url,
    focus: vi.fn(async () => client),
    navigate: vi.fn(async () => (controlled ? client : Promise.reject(new TypeError('not controlled')))),
  };
  return client;
}

type Handler = (event: unknown) => void;

/** The worker's scope as far as web/sw.ts uses it, with its event handlers kept to be called. */
function fakeScope(windows: FakeWindow[]) {
  const handlers = new Map<string, Handler>();
  return {
    handlers,
    scope: {
      __WB_MANIFEST: [],
      location: new URL(`${ORIGIN}/sw.js`),
      skipWaiting: vi.fn(async () => undefined),
      addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
      registration: { showNotification: vi.fn(async () => undefined) },
      clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) },
    },
  };
}

/** Loads the worker's code into a scope (a fresh module each time: it registers its handlers as it loads). */
async function loadWorker(windows: FakeWindow[] = []) {
  const fake = fakeScope(windows);
  vi.stubGlobal('self', fake.scope);
  vi.resetModules();
  // Not a literal: the worker's code is typed by its own configuration (web/tsconfig.sw.json).
  const workerModule = './sw.ts';
  await import(/* @vite-ignore */ workerModule);
  return fake;
}

/** A tap on a notification carrying `data`; answers what the worker waited on. */
async function tap(handlers: Map<string, Handler>, data: unknown) {
  let waited: Promise<unknown> = Promise.resolve();
  const close = vi.fn();
  handlers.get('notificationclick')!({ notification: { data, close }, waitUntil: (promise: Promise<unknown>) => (waited = promise) });
  await waited;
  expect(close).toHaveBeenCalled();
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('the service worker', () => {
  it('takes over as soon as it is installed', async () => {
    const { scope } = await loadWorker();
    const { clientsClaim } = await import('workbox-core');
    expect(scope.skipWaiting).toHaveBeenCalled();
    expect(clientsClaim).toHaveBeenCalled();
  });

  it("opens a notification's screen in the app's open window, focused", async () => {
    const other = fakeWindow('https://elsewhere.example/');
    const app = fakeWindow(`${ORIGIN}/profile`);
    const { handlers, scope } = await loadWorker([other, app]);
    await tap(handlers, { url: '/dashboard?tab=payments' });
    expect(app.focus).toHaveBeenCalled();
    expect(app.navigate).toHaveBeenCalledWith(`${ORIGIN}/dashboard?tab=payments`);
    expect(other.focus).not.toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when none of the app is open, or when the open one cannot be navigated', async () => {
    const first = await loadWorker([]);
    await tap(first.handlers, { url: '/user/payment/abc' });
    expect(first.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/user/payment/abc`);

    const uncontrolled = fakeWindow(`${ORIGIN}/login`, false);
    const second = await loadWorker([uncontrolled]);
    await tap(second.handlers, { url: '/dashboard' });
    expect(uncontrolled.focus).toHaveBeenCalled();
    expect(second.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/dashboard`);
  });

  it('opens only addresses of the app: anything else opens the dashboard', async () => {
    for (const url of ['https://phishing.example/login', '//phishing.example/x', 'javascript:alert(1)', 42, undefined]) {
      const { handlers, scope } = await loadWorker([]);
      await tap(handlers, { url });
      expect(scope.clients.openWindow, String(url)).toHaveBeenCalledWith(`${ORIGIN}/dashboard`);
    }
  });

  it('shows a push message in its language and direction, and nothing for a message in another shape', async () => {
    const { handlers, scope } = await loadWorker();
    const push = async (json: () => unknown) => {
      let waited: Promise<unknown> = Promise.resolve();
      handlers.get('push')!({ data: { json }, waitUntil: (promise: Promise<unknown>) => (waited = promise) });
      await waited;
    };
    await push(() => ({ title: 'Reminder', body: 'Your instalment is due.', url: '/dashboard', lang: 'en' }));
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Reminder', {
      body: 'Your instalment is due.',
      tag: undefined,
      lang: 'en',
      dir: 'ltr',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: '/dashboard' },
    });
    await push(() => ({ title: 'No body' }));
    await push(() => {
      throw new SyntaxError('not JSON');
    });
    expect(scope.registration.showNotification).toHaveBeenCalledTimes(1);
  });
});
