/**
 * A link to the landing or registration page (a referral link is /register?ref=CODE) shows a card when
 * pasted into WhatsApp: the page the server sends carries Open Graph and Twitter card tags, with
 * absolute addresses under APP_URL, and the picture they name is a 1200×630 PNG the server sends.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_APP_URL } from './test/test-app.ts';

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'umrah-share-card-'));
fs.mkdirSync(path.join(webDir, 'assets'));
const asBuilt = '<!doctype html><html><head><title>Umrah Committee</title><script type="module" src="/assets/app-9f8e.js"></script></head><body><div id="root"></div></body></html>';
fs.writeFileSync(path.join(webDir, 'index.html'), asBuilt);
fs.writeFileSync(path.join(webDir, 'assets', 'app-9f8e.js'), 'console.log(1);');
fs.writeFileSync(path.join(webDir, 'opening-pages.json'), JSON.stringify({ '/register': ['/assets/register-page-1c2d.js'] }));
// The build copies web/public into the app's root as it is.
fs.copyFileSync(path.join(import.meta.dirname, '..', 'web', 'public', 'share-card.png'), path.join(webDir, 'share-card.png'));
const ctx = await createTestContext({ webDir });
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

/** The content of each <meta> in the page's head, by its property or name. */
function metaTags(html: string): Map<string, string[]> {
  const head = html.slice(0, html.indexOf('</head>'));
  const tags = new Map<string, string[]>();
  for (const match of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) tags.set(match[1], [...(tags.get(match[1]) ?? []), match[2]]);
  return tags;
}

const one = (tags: Map<string, string[]>, key: string) => {
  const values = tags.get(key) ?? [];
  expect(values, key).toHaveLength(1);
  return values[0];
};

describe('the card a shared link shows', () => {
  it.each([
    ['/', `${TEST_APP_URL}/`, 'Interest-free savings committees for Umrah'],
    ['/register?ref=AYESHA7', `${TEST_APP_URL}/register`, 'Join Umrah Committee'],
    ['/register', `${TEST_APP_URL}/register`, 'Join Umrah Committee'],
  ])('%s answers HTML with a title, a description, an absolute picture and a large Twitter card', async (url, pageUrl, title) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const tags = metaTags(res.body);
    expect(one(tags, 'og:title')).toContain(title);
    expect(one(tags, 'og:description').length).toBeGreaterThan(40);
    expect(one(tags, 'og:type')).toBe('website');
    expect(one(tags, 'og:url')).toBe(pageUrl);
    expect(one(tags, 'og:image')).toBe(`${TEST_APP_URL}/share-card.png`);
    expect(one(tags, 'og:image:width')).toBe('1200');
    expect(one(tags, 'og:image:height')).toBe('630');
    expect(one(tags, 'twitter:card')).toBe('summary_large_image');
    expect(one(tags, 'twitter:title')).toBe(one(tags, 'og:title'));
    expect(one(tags, 'twitter:image')).toBe(`${TEST_APP_URL}/share-card.png`);
  });

  it('keeps the chunks an opening page names beside its card, and gives other pages no card', async () => {
    const register = (await get('/register?ref=AYESHA7')).body;
    expect(register).toContain('<link rel="modulepreload" crossorigin href="/assets/register-page-1c2d.js">');
    expect(register.indexOf('og:title')).toBeLessThan(register.indexOf('</head>'));
    for (const url of ['/login', '/dashboard', '/registerx']) expect((await get(url)).body, url).toBe(asBuilt);
  });

  it('sends the picture it names: a PNG of 1200×630', async () => {
    const image = new URL(one(metaTags((await get('/register?ref=AYESHA7')).body), 'og:image'));
    expect(image.origin).toBe(new URL(TEST_APP_URL).origin);
    const res = await get(image.pathname);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = res.rawPayload;
    // The PNG signature, then the IHDR chunk: width and height as 32-bit big-endian numbers.
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBe(630);
  });

  it('uses the configured APP_URL for every address it gives', async () => {
    const other = await createTestContext({ webDir, env: { APP_URL: 'https://committee.example.pk/' } });
    try {
      const tags = metaTags((await other.app.inject({ method: 'GET', url: '/register?ref=X' })).body);
      expect(one(tags, 'og:url')).toBe('https://committee.example.pk/register');
      expect(one(tags, 'og:image')).toBe('https://committee.example.pk/share-card.png');
    } finally {
      await other.close();
    }
  });
});
