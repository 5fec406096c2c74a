/**
 * The built web app as the server sends it: precompressed copies with the right Content-Encoding, a long
 * cache for hashed assets, client routes answered with the app's page, and a real 404 for missing files.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from './test/test-app.ts';

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'umrah-web-files-'));
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
fs.mkdirSync(path.join(webDir, 'assets'));
const themeScript = "document.documentElement.classList.toggle('dark', true);";
fs.writeFileSync(path.join(webDir, 'index.html'), `<!doctype html><html><head><script>${themeScript}</script><script type="module" src="/assets/app-1a2b3c.js"></script></head><body></body></html>`);
// What the build lists for the pages visitors open the app on (web/build/page-html.ts), with two entries
// that are no files of the build: they must never reach a page.
fs.writeFileSync(
  path.join(webDir, 'opening-pages.json'),
  JSON.stringify({ '/dashboard': ['/assets/dashboard-page-4d5e.js', '/assets/card-7f8a.js', 'https://elsewhere.example/x.js', '/assets/"><script>alert(1)</script>.js'], '/login': 'not a list' }),
);
fs.writeFileSync(path.join(webDir, 'assets', 'app-1a2b3c.js'), script);
fs.writeFileSync(path.join(webDir, 'assets', 'app-1a2b3c.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(webDir, 'assets', 'app-1a2b3c.js.gz'), zlib.gzipSync(script));
fs.writeFileSync(path.join(webDir, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
const serviceWorker = 'self.addEventListener("fetch", () => undefined);';
fs.writeFileSync(path.join(webDir, 'sw.js'), serviceWorker);
fs.writeFileSync(path.join(webDir, 'sw.js.br'), zlib.brotliCompressSync(serviceWorker));
fs.writeFileSync(path.join(webDir, 'manifest.webmanifest'), JSON.stringify({ name: 'Umrah Committee', start_url: '/dashboard' }));
const ctx = await createTestContext({ webDir });
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('the built web app', () => {
  it('sends the brotli copy to a browser that takes it, gzip to one that takes only gzip, and the file itself otherwise', async () => {
    const br = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const gz = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('lets browsers keep hashed assets for a year, and always asks again for the page', async () => {
    expect((await get('/assets/app-1a2b3c.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await get('/dashboard');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker as a script and the manifest as a manifest, asked for again at every start', async () => {
    for (const encoding of ['br', 'identity']) {
      const worker = await get('/sw.js', { 'accept-encoding': encoding });
      expect(worker.statusCode, encoding).toBe(200);
      expect(worker.headers['content-type'], encoding).toMatch(/^(text|application)\/javascript/);
      expect(worker.headers['cache-control'], encoding).toBe('no-cache');
    }
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ start_url: '/dashboard' });
    // The policy lets the page register its worker and read its manifest, from its own origin only.
    const csp = String(manifest.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('serves robots.txt as text, and answers a real 404 for a missing file instead of the page', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/text\/plain/);
    expect(robots.body).toContain('Disallow: /api/');
    for (const url of ['/assets/gone-123.js', '/favicon-missing.png', '/sitemap.xml', '/assets/nothing']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<!doctype html>');
    }
    // Client routes, with or without a query, still get the page.
    for (const url of ['/user/payment/abc', '/admin/users?page=2', '/verify-email?token=a.b']) expect((await get(url)).statusCode, url).toBe(200);
  });

  it('keeps robots.txt in the build, keeping crawlers out of the API and the signed-in pages', () => {
    const robots = fs.readFileSync(path.join(import.meta.dirname, '..', 'web', 'public', 'robots.txt'), 'utf8');
    for (const line of ['Disallow: /api/', 'Disallow: /admin', 'Disallow: /dashboard']) expect(robots).toContain(line);
  });

  it("allows the page's own inline script by its hash, and no other", async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    const hash = `'sha256-${createHash('sha256').update(themeScript).digest('base64')}'`;
    expect(csp).toContain(`script-src 'self' ${hash}`);
    expect(csp.split(';').find((directive) => directive.trim().startsWith('script-src'))?.trim()).toBe(`script-src 'self' ${hash}`);
    // The same policy on API answers and files: it is one header for everything.
    expect((await get('/api/health')).headers['content-security-policy']).toBe(csp);
  });

  it('names the chunks of an opening page in its HTML, and only files the build wrote', async () => {
    for (const url of ['/dashboard', '/dashboard/', '/dashboard?tab=payments']) {
      const page = (await get(url)).body;
      expect(page.match(/<link rel="modulepreload"[^>]*>/g), url).toEqual([
        '<link rel="modulepreload" crossorigin href="/assets/dashboard-page-4d5e.js">',
        '<link rel="modulepreload" crossorigin href="/assets/card-7f8a.js">',
      ]);
      expect(page.indexOf('dashboard-page-4d5e.js'), url).toBeLessThan(page.indexOf('</head>'));
    }
    // Other pages, and a page whose list is no list, are the page as built (the landing page adds only
    // its share card: share-card.test.ts).
    const asBuilt = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
    for (const url of ['/login', '/admin/users', '/dashboardx']) expect((await get(url)).body, url).toBe(asBuilt);
    expect((await get('/')).body).not.toContain('modulepreload');
  });
});
