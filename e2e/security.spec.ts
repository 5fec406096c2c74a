/**
 * The built web app as a browser receives it: every page and file carries the security headers, the
 * CSP holds in a real browser (no inline script runs, no framing), and the bundle holds no secrets,
 * server code or source maps.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/constants.ts';

const BUILT_WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/web');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

test('every page and file carries CSP, HSTS, nosniff, Referrer-Policy and frame protection', async ({ request }) => {
  const index = await request.get('/');
  const assets = [...(await index.text()).matchAll(/["'](\/assets\/[^"']+)["']/g)].map((m) => m[1]);
  expect(assets.length).toBeGreaterThan(0);
  for (const url of ['/', '/login', '/register', '/dashboard', '/admin', '/admin/payments', '/no-such-page', ...assets, '/api/health']) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    const headers = res.headers();
    expect(headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy'], url).toContain("script-src 'self'");
    expect(headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
    expect(headers['x-content-type-options'], url).toBe('nosniff');
    expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options'], url).toBe('SAMEORIGIN');
  }
});

test('the browser refuses an injected inline script and framing of the app', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  // An inline script added to the page (as an injection would) does not run.
  const ran = await page.evaluate(async () => {
    (window as unknown as { injected?: boolean }).injected = false;
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.appendChild(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { injected?: boolean }).injected;
  });
  expect(ran).toBe(false);
  expect(violations.length).toBeGreaterThan(0);

  // Another site's page cannot show the app in a frame.
  await page.setContent(`<iframe id="app" src="${page.url()}"></iframe>`);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  await page.waitForTimeout(2_000);
  expect(await frame?.locator('button').count().catch(() => 0)).toBe(0);
});

test('the bundle holds no secrets, no server code and no source maps', () => {
  const files = filesUnder(BUILT_WEB_DIR);
  expect(files.some((f) => f.endsWith('.js'))).toBe(true);
  expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
  const forbidden = [
    /postgres(?:ql)?:\/\//i,
    /smtps?:\/\/[^"'\s]*@/i,
    /DATABASE_URL|SMTP_URL|ADMIN_PASSWORD|TEST_DATABASE_URL/,
    /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
    /\$argon2id\$/,
    /sourceMappingURL=/,
    /app_secrets|password_hash|token_hash/,
    new RegExp(E2E_ADMIN.password.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  ];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const pattern of forbidden) expect(text.match(pattern)?.[0], `${path.relative(BUILT_WEB_DIR, file)} contains ${pattern}`).toBeUndefined();
  }
});
