/**
 * Lighthouse (mobile preset: a mid-range phone on a slow 4G link, simulated) on the landing page, the
 * login page and a signed-in member's dashboard, against the built app served by the real server on a
 * fresh embedded database. A report, not a test: it prints the scores and writes the reports; it fails
 * only when it cannot run.
 *
 *   npm run lighthouse                     builds the web app, then audits (3 runs per page, the median kept)
 *   npm run lighthouse -- --runs 5 --no-build
 *
 * Reports (HTML and JSON, the median run of each page) and summary.json go to dist/lighthouse/
 * (git-ignored). Chromium is Debian's (/usr/bin/chromium, or CHROME_PATH); lighthouse 13 (it needs Node
 * 22.19 or later). The server is e2e/support/start-server.ts, the one the browser tests use, on a port of its own:
 * it mails through an SMTP catcher, so the member registers and verifies like a person, through the API.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { chromium, type BrowserContext } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist/lighthouse');
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The administrator start-server.ts creates (e2e/support/constants.ts).
const ADMIN = { email: 'admin@umrah.test', password: 'admin-pass-123' };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: 'landing,login,dashboard' },
    'no-build': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log('Usage: npm run lighthouse [-- --runs N] [--no-build] [--pages landing,login,dashboard]\nAudits /, /login and /dashboard (signed in) with the mobile preset; reports in dist/lighthouse/.');
  process.exit(0);
}
const runs = Math.max(1, Number.parseInt(args.runs!, 10) || 3);

type Page = { name: string; slug: string; path: string; signedIn: boolean };
const PAGES: Page[] = [
  { name: 'Landing', slug: 'landing', path: '/', signedIn: false },
  { name: 'Login', slug: 'login', path: '/login', signedIn: false },
  { name: 'Member dashboard', slug: 'dashboard', path: '/dashboard', signedIn: true },
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor<T>(what: string, attempt: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await attempt();
      if (value !== undefined) return value;
    } catch {
      // Not yet.
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The product as the browser tests run it (built app, real API, fresh embedded database, SMTP catcher). */
async function startProduct(port: number): Promise<{ baseUrl: string; mailDir: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['e2e/support/start-server.ts'], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`The server stopped (exit ${code}) before it answered`))));
  exited.catch(() => {}); // Only the wait below cares; the server stops at the end anyway.
  await Promise.race([exited, waitFor('the server', async () => ((await fetch(`${baseUrl}/api/health`)).ok ? true : undefined), 120_000)]);
  return { baseUrl, mailDir: path.join(root, 'e2e/.artifacts', `mail-${port}`), child };
}

async function api<T>(baseUrl: string, method: string, route: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

type SignedIn = { token: string; user: unknown };

/** A committee plan for the dashboard to list, and a member who registered and verified through the API. */
async function prepareMember(baseUrl: string, mailDir: string): Promise<SignedIn> {
  const admin = await api<SignedIn>(baseUrl, 'POST', '/api/auth/login', ADMIN);
  await api(
    baseUrl,
    'POST',
    '/api/committee-plans',
    {
      name: 'Economy Umrah 12 months',
      description: 'Fourteen days in Makkah and Madinah with flights, hotel and visa.',
      packageType: 'economy',
      monthlyAmount: 25_000,
      duration: 12,
      totalAmount: 300_000,
      maxMembers: 20,
      benefits: ['Return flights', 'Hotel near the Haram', 'Visa and transport'],
    },
    admin.token,
  );

  const member = { name: 'Lighthouse Member', email: `lighthouse-${Date.now()}@example.test`, phone: '0300-1234567', password: `lh-${process.pid}-pass-word` };
  await api(baseUrl, 'POST', '/api/auth/register', { name: member.name, email: member.email, phone: member.phone, password: member.password });
  const link = await waitFor(
    `the verification email to ${member.email}`,
    async () => {
      for (const file of fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith('.json')) : []) {
        const mail = JSON.parse(fs.readFileSync(path.join(mailDir, file), 'utf8')) as { to: string[]; text: string };
        const found = mail.to.includes(member.email) ? /https?:\/\/[^\s"<>]+\/verify-email\?[^\s"<>]+/.exec(mail.text)?.[0] : undefined;
        if (found) return found;
      }
      return undefined;
    },
    20_000,
  );
  await api(baseUrl, 'GET', `/api/auth/verify-email?token=${encodeURIComponent(new URL(link).searchParams.get('token') ?? '')}`);
  return api<SignedIn>(baseUrl, 'POST', '/api/auth/login', { email: member.email, password: member.password });
}

/**
 * Signs the browser in as the app does (auth_token and user_data in localStorage, web/lib/auth.tsx),
 * from a page of the same origin that loads none of the app (robots.txt), then empties the HTTP cache
 * and removes the service worker with what it kept:
 * the dashboard is measured on a cold load like the other pages.
 */
async function signInBrowser(context: BrowserContext, baseUrl: string, session: SignedIn): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/robots.txt`);
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('auth_token', token);
    localStorage.setItem('user_data', JSON.stringify(user));
  }, session);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  // The app's service worker and the files it kept (decision 055) too: with them, the app would come
  // from the phone rather than the network.
  await cdp.send('Storage.clearDataForOrigin', { origin: baseUrl, storageTypes: 'service_workers,cache_storage' });
  await cdp.detach();
  await page.close();
}

const score = (result: RunnerResult, category: string) => Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
const metric = (result: RunnerResult, id: string) => result.lhr.audits[id]?.numericValue ?? Number.NaN;

async function main() {
  if (!args['no-build']) {
    console.log('Building the web app (vite build)…');
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  }
  fs.mkdirSync(outDir, { recursive: true });

  const port = await freePort();
  const debuggingPort = await freePort();
  console.log(`Starting the product on port ${port} (embedded database)…`);
  const product = await startProduct(port);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'umrah-lighthouse-'));
  let context: BrowserContext | undefined;
  try {
    const session = await prepareMember(product.baseUrl, product.mailDir);
    // The browser's default context, which Lighthouse's own tabs share, so the sign-in reaches them.
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromePath,
      headless: true,
      args: [`--remote-debugging-port=${debuggingPort}`, '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });

    const summary: Record<string, unknown>[] = [];
    let version = '';
    const chosen = args.pages!.split(',').map((slug) => slug.trim());
    for (const page of PAGES.filter((p) => chosen.includes(p.slug))) {
      const results: RunnerResult[] = [];
      for (let run = 1; run <= runs; run++) {
        if (page.signedIn) await signInBrowser(context, product.baseUrl, session);
        const flags: Flags = {
          port: debuggingPort,
          output: ['html', 'json'],
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          // Lighthouse empties the origin's storage (and the HTTP cache) before a run; the signed-in page keeps the session.
          disableStorageReset: page.signedIn,
        };
        const result = await lighthouse(`${product.baseUrl}${page.path}`, flags);
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        const landedOn = new URL(result.lhr.finalDisplayedUrl).pathname;
        if (landedOn !== page.path) throw new Error(`${page.name}: expected to stay on ${page.path} but ended on ${landedOn}`);
        console.log(`  ${page.name} run ${run}: performance ${score(result, 'performance')}, accessibility ${score(result, 'accessibility')}`);
        results.push(result);
        version = result.lhr.lighthouseVersion;
      }
      // The median run by performance score (Lighthouse's advice for a noisy machine).
      const median = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'))[Math.floor((results.length - 1) / 2)];
      const [html, json] = median.report as string[];
      fs.writeFileSync(path.join(outDir, `${page.slug}.report.html`), html);
      fs.writeFileSync(path.join(outDir, `${page.slug}.report.json`), json);
      const failing = Object.values(median.lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable')
        .filter((audit) => Object.values(median.lhr.categories).some((c) => c.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0)))
        .map((audit) => audit.id);
      summary.push({
        page: page.name,
        path: page.path,
        ...Object.fromEntries(CATEGORIES.map((c) => [c, score(median, c)])),
        performanceRuns: results.map((r) => score(r, 'performance')),
        fcpMs: Math.round(metric(median, 'first-contentful-paint')),
        lcpMs: Math.round(metric(median, 'largest-contentful-paint')),
        tbtMs: Math.round(metric(median, 'total-blocking-time')),
        cls: Number(metric(median, 'cumulative-layout-shift').toFixed(3)),
        speedIndexMs: Math.round(metric(median, 'speed-index')),
        // Lighthouse's measure of this machine's speed at the time (about 1000-2000 on an idle laptop): a low
        // one means a busy machine, and slower figures than a visitor's phone would give.
        benchmarkIndex: Math.round(median.lhr.environment.benchmarkIndex),
        failingAudits: failing,
      });
    }

    fs.writeFileSync(path.join(outDir, 'summary.json'), `${JSON.stringify({ date: new Date().toISOString(), lighthouse: version, chromium: chromePath, runs, pages: summary }, null, 2)}\n`);
    const header = ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'SI', 'perf runs', 'CPU index'];
    const rows = summary.map((s) => [
      `${s.page} (${s.path})`,
      String(s.performance),
      String(s.accessibility),
      String(s['best-practices']),
      String(s.seo),
      `${((s.fcpMs as number) / 1000).toFixed(1)} s`,
      `${((s.lcpMs as number) / 1000).toFixed(1)} s`,
      `${s.tbtMs} ms`,
      String(s.cls),
      `${((s.speedIndexMs as number) / 1000).toFixed(1)} s`,
      (s.performanceRuns as number[]).join(' '),
      String(s.benchmarkIndex),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
    console.log(`\nLighthouse ${version}, mobile preset, median of ${runs} run(s):\n${[line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')}`);
    for (const s of summary) if ((s.failingAudits as string[]).length) console.log(`${s.page}: audits below 90: ${(s.failingAudits as string[]).join(', ')}`);
    console.log(`\nReports: ${path.relative(root, outDir)}/<page>.report.html`);
  } finally {
    await context?.close().catch(() => {});
    fs.rmSync(profile, { recursive: true, force: true });
    product.child.kill('SIGTERM');
    await new Promise((resolve) => product.child.once('exit', resolve));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
