/**
 * The built single-page app as the server sends it (dist/web, web/build/): files with their
 * precompressed copies, client routes answered with the app's page, and a real 404 for missing files.
 *
 * The page is read once, at start. The build writes two things into it that the server finishes:
 * - its inline scripts (the theme, run before the first paint), which the Content Security Policy
 *   allows by their hashes (`inlineScriptHashes`, used by app.ts) and nothing else inline;
 * - opening-pages.json: for the pages visitors most often open the app on, the chunks each needs. That
 *   page's HTML names them as <link rel="modulepreload">, so a phone fetches them beside the entry.
 * The landing and registration pages also carry the card a shared link shows (share-card.ts).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sharedPagePaths, shareTagsFor } from './share-card.ts';

const OPENING_PAGES_FILE = 'opening-pages.json';

export type WebApp = {
  dir: string;
  /** Whether the app is built (index.html present); without it every page answers 503. */
  built: boolean;
  /** CSP sources ('sha256-…') of the page's inline scripts. */
  inlineScriptHashes: string[];
  /** The page to send for an address: with its chunks named when it is an opening page. */
  pageFor(pathname: string): string;
  /**
   * The Content Security Policy of the standalone verifier page (verify-draw.html, docs/draws.md), when
   * built: its own script and style by their hashes, and no request at all.
   */
  verifierPolicy?: string;
};

/**
 * The installed app's service worker and manifest (vite.config.ts): not named by their content, so a
 * browser asks again each time rather than keep an old one; an update reaches the app at its next start.
 */
const SERVICE_WORKER = 'sw.js';
const APP_MANIFEST = 'manifest.webmanifest';

/** The standalone page that checks a downloaded draw record (web/build/verify-draw-page.ts). */
const VERIFY_DRAW_PAGE = 'verify-draw.html';
const INLINE_STYLE = /<style>([\s\S]*?)<\/style>/g;
const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The verifier page's policy: what it runs is written in it; it loads, sends and frames nothing. */
function verifierPolicyOf(dir: string): string | undefined {
  const file = path.join(dir, VERIFY_DRAW_PAGE);
  if (!fs.existsSync(file)) return undefined;
  const page = fs.readFileSync(file, 'utf8');
  const scripts = [...page.matchAll(INLINE_SCRIPT)].map((match) => sha256Source(match[1]));
  const styles = [...page.matchAll(INLINE_STYLE)].map((match) => sha256Source(match[1]));
  return [
    "default-src 'none'",
    `script-src ${scripts.join(' ') || "'none'"}`,
    `style-src ${styles.join(' ') || "'none'"}`,
    "connect-src 'none'",
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;
// Only files the build wrote under /assets/, named as written: nothing from the file reaches the page otherwise.
const ASSET_FILE = /^\/assets\/[\w.-]+\.js$/;

/**
 * Whether a built app is whole: its index.html and every /assets/ file the page loads (a build caught
 * half-written, or interrupted, is not).
 */
export function isCompleteBuild(dir: string): boolean {
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) return false;
  const assets = [...fs.readFileSync(index, 'utf8').matchAll(/["'](\/assets\/[^"']+)["']/g)].map((m) => m[1]);
  return assets.length > 0 && assets.every((asset) => fs.existsSync(path.join(dir, asset)));
}

export function readWebApp(dir: string, appUrl: string): WebApp {
  const indexFile = path.join(dir, 'index.html');
  if (!fs.existsSync(indexFile)) return { dir, built: false, inlineScriptHashes: [], pageFor: () => '' };
  const page = fs.readFileSync(indexFile, 'utf8');
  const inlineScriptHashes = [...page.matchAll(INLINE_SCRIPT)].map((match) => `'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`);
  // What each page adds to the page as built, before </head>: its share card, its chunks.
  const additions = new Map<string, string[]>(sharedPagePaths.map((pathname) => [pathname, [shareTagsFor(pathname, appUrl)]]));
  const listFile = path.join(dir, OPENING_PAGES_FILE);
  const lists: Record<string, unknown> = fs.existsSync(listFile) ? JSON.parse(fs.readFileSync(listFile, 'utf8')) : {};
  for (const [pathname, files] of Object.entries(lists)) {
    if (!Array.isArray(files)) continue;
    const links = files.filter((file): file is string => typeof file === 'string' && ASSET_FILE.test(file)).map((file) => `<link rel="modulepreload" crossorigin href="${file}">`);
    if (links.length) additions.set(pathname, [...(additions.get(pathname) ?? []), ...links]);
  }
  const pages = new Map([...additions].map(([pathname, lines]) => [pathname, page.replace('</head>', () => `  ${lines.join('\n    ')}\n  </head>`)]));
  return {
    dir,
    built: true,
    inlineScriptHashes,
    pageFor: (pathname) => pages.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) ?? page,
    verifierPolicy: verifierPolicyOf(dir),
  };
}

/** Serves the built app; unknown non-API paths get the page so client routes work. */
export function registerWebApp(app: FastifyInstance, web: WebApp, notFound: { code: string; message: string }): void {
  if (web.built) {
    app.register(fastifyStatic, {
      root: web.dir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies beside each file; the one the browser accepts is sent as it is.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Files under assets/ carry a hash of their content in their name: they never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        // A precompressed copy (sw.js.br) is sent for the file it is a copy of.
        const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
        if (name === SERVICE_WORKER || name === APP_MANIFEST) reply.header('cache-control', 'no-cache');
        if (name === APP_MANIFEST) reply.header('content-type', 'application/manifest+json; charset=utf-8');
        if (name === VERIFY_DRAW_PAGE && web.verifierPolicy) reply.header('content-security-policy', web.verifierPolicy);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api';
    if (!isPage) return reply.code(404).send({ success: false, ...notFound });
    // A missing file (a name with an extension, or anything under /assets/) is a real 404, not the app's page.
    if (/\.[a-z0-9]+$/i.test(pathname) || pathname.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found');
    if (!web.built) return reply.code(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(web.pageFor(pathname));
  });
}
