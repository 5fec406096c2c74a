/**
 * What the browser downloads for a few pages, from the built app in dist/web (built with `npx vite
 * build` when missing or built without a manifest). Exact, from Vite's build manifest
 * (dist/web/.vite/manifest.json, `build.manifest` in vite.config.ts): a page loads index.html's own
 * scripts and stylesheets, the entry chunk with every chunk it imports statically, and the lazy route
 * modules of its route (web/app/router.tsx) with their static imports and CSS. Chunks that only a later
 * action loads (another page, a dialog's library such as the QR code) are not counted. Sizes are raw
 * bytes and gzip (level 6, as a typical server or proxy would send them; the product's own server sends
 * the brotli copies written at build, which are smaller still).
 *
 * Run alone: `node bench/bundle.ts` (add `--build` to build first); `npm run bench`
 * prints the same table after the endpoints.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

export type PageWeight = { page: string; files: string[]; jsBytes: number; jsGzip: number; cssBytes: number; cssGzip: number };

/**
 * The pages measured and the modules their routes load lazily (paths relative to web/, as in the
 * manifest). Keep in step with web/app/router.tsx: a module that is no longer a lazy chunk is an error
 * here rather than a page silently measured without it.
 */
export const PAGES: { page: string; routeModules: string[] }[] = [
  { page: 'Landing (/)', routeModules: ['features/landing/landing-page.tsx'] },
  { page: 'Login (/login)', routeModules: ['features/accounts/login-page.tsx'] },
  { page: 'Member dashboard (/dashboard)', routeModules: ['features/dashboard/dashboard-page.tsx'] },
  { page: 'Admin overview (/admin)', routeModules: ['features/admin-frame/index.ts'] },
];

/** One entry of Vite's build manifest (https://vite.dev/guide/backend-integration). */
type ManifestChunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

const MANIFEST = '.vite/manifest.json';

export function measureBundle(root: string, log: (message: string) => void): PageWeight[] {
  const webDir = path.join(root, 'dist/web');
  if (!fs.existsSync(path.join(webDir, 'index.html')) || !fs.existsSync(path.join(webDir, MANIFEST))) {
    log('dist/web or its build manifest is missing: building the web app (npx vite build)…');
    build(root);
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(webDir, MANIFEST), 'utf8')) as Manifest;
  const html = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  // index.html's script files, module preloads and stylesheets (its inline theme script is a few hundred bytes).
  const htmlFiles = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+\.(?:js|css))"/g)].map((m) => m[1].replace(/^\//, ''));
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length === 0) throw new Error(`${MANIFEST} names no entry chunk`);

  /** The chunks of these manifest keys and of everything they import statically, with their CSS. */
  const closure = (keys: string[]): Set<string> => {
    const files = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${MANIFEST} has no chunk for ${key}`);
      files.add(chunk.file);
      chunk.css?.forEach((file) => files.add(file));
      chunk.imports?.forEach(visit);
    };
    keys.forEach(visit);
    return files;
  };

  const size = (file: string) => {
    const data = fs.readFileSync(path.join(webDir, file));
    return { raw: data.length, gzip: zlib.gzipSync(data, { level: 6 }).length };
  };

  return PAGES.map(({ page, routeModules }) => {
    for (const key of routeModules) {
      if (!manifest[key]?.isDynamicEntry) {
        throw new Error(`${page}: ${key} is not a lazily loaded chunk in ${MANIFEST}; update PAGES in bench/bundle.ts to match web/app/router.tsx`);
      }
    }
    const files = [...new Set([...htmlFiles, ...closure([...entries, ...routeModules])])].sort();
    const weight: PageWeight = { page, files, jsBytes: 0, jsGzip: 0, cssBytes: 0, cssGzip: 0 };
    for (const file of files) {
      const { raw, gzip } = size(file);
      if (file.endsWith('.js')) {
        weight.jsBytes += raw;
        weight.jsGzip += gzip;
      } else if (file.endsWith('.css')) {
        weight.cssBytes += raw;
        weight.cssGzip += gzip;
      }
    }
    return weight;
  });
}

function build(root: string): void {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}

/** The table printed when this file is run alone. */
export function formatWeights(weights: PageWeight[]): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const header = ['page', 'JS gzip', 'CSS gzip', 'JS raw', 'CSS raw', 'files'];
  const rows = weights.map((w) => [w.page, kb(w.jsGzip), kb(w.cssGzip), kb(w.jsBytes), kb(w.cssBytes), String(w.files.length)]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  if (process.argv.includes('--build')) build(root);
  const weights = measureBundle(root, console.log);
  console.log(formatWeights(weights));
  if (process.argv.includes('--files')) for (const w of weights) console.log(`\n${w.page}:\n  ${w.files.join('\n  ')}`);
}
