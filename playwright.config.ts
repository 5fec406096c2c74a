import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL } from './e2e/support/constants.ts';

// Browser journeys in Debian's Chromium against the built app and a real server (e2e/support/start-server.ts).
export default defineConfig({
  testDir: 'e2e',
  // The journeys share one server and database, and some assert totals of the whole product (a month's
  // pending commissions, the number of winners). The accessibility walk makes data of its own on every
  // page, so it runs after them, on what they left and what it adds; so does the axe pass over every page.
  projects: [
    { name: 'journeys', testMatch: '**/*.spec.ts', testIgnore: ['**/accessibility.spec.ts', '**/axe-every-page.spec.ts'] },
    { name: 'accessibility', testMatch: ['**/accessibility.spec.ts', '**/axe-every-page.spec.ts'], dependencies: ['journeys'] },
  ],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: `e2e/.artifacts/results-${process.env.E2E_PORT ?? 5179}`,
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app's service worker would answer some requests itself, out of sight of page.route mocks: the
    // journeys run without it; the installed app's journey allows it (installable-app.spec.ts).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node e2e/support/start-server.ts',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
