/**
 * The release as an operator installs it (docs/deploy.md, "Build once, run many"): a copy of this tree
 * with its web app built, pruned to the production packages by `npm ci --omit=dev` (from the npm cache
 * the full install filled), starts with `npm start` without building again and serves the landing page
 * and /api/health; without a build, the same install says how to make one instead of failing on a
 * missing package. Run once, on the embedded database: what it shows does not depend on the driver.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'umrah-release-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'umrah-release-data-'));
afterAll(() => {
  fs.rmSync(copy, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The files of the checkout as they are now (committed or not, never what .gitignore leaves out). */
function copyCheckout(target: string) {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root }).toString('utf8').split('\0').filter(Boolean);
  for (const file of files) {
    const from = path.join(root, file);
    if (!fs.existsSync(from)) continue;
    fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    fs.copyFileSync(from, path.join(target, file));
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const npmEnv = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

beforeAll(() => {
  copyCheckout(copy);
  // `npm run build` in the copy, with this checkout's packages lent for it (as a build machine has them);
  // this checkout's own dist/ is left alone, for the other tests that serve it.
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  execFileSync('npm', ['run', 'build'], { cwd: copy, env: npmEnv, stdio: 'pipe' });
  fs.rmSync(path.join(copy, 'node_modules'));
  // The production packages only, from the cache `npm ci` filled.
  execFileSync('npm', ['ci', '--omit=dev', '--prefer-offline'], { cwd: copy, env: npmEnv, stdio: 'pipe' });
}, 300_000);

describe('a production install', () => {
  it('has none of the build or test tools', () => {
    for (const tool of ['vite', 'vitest', '@playwright/test', 'typescript', 'lighthouse', 'eslint']) expect(fs.existsSync(path.join(copy, 'node_modules', tool))).toBe(false);
    for (const runtime of ['fastify', 'pg', '@electric-sql/pglite', 'pdfkit', 'prom-client']) expect(fs.existsSync(path.join(copy, 'node_modules', runtime))).toBe(true);
  });

  it('starts with npm start on its built tree, serving the landing page and /api/health, and stops cleanly', async () => {
    const builtAt = fs.statSync(path.join(copy, 'dist', 'web', 'index.html')).mtimeMs;
    const port = await freePort();
    const child = spawn('npm', ['start'], { cwd: copy, env: { ...npmEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    // 'close': once every holder of the output has ended, the server npm started included.
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    try {
      let health: Response | undefined;
      while (!health) {
        if (child.exitCode !== null) throw new Error(`npm start ended:\n${output}`);
        health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
        if (!health) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(health.status).toBe(200);
      const body = await health.json();
      expect(body.data).toMatchObject({ status: 'ok', database: 'reachable', version: JSON.parse(fs.readFileSync(path.join(copy, 'package.json'), 'utf8')).version });
      // What the build wrote down (the copy has no .git, so no commit either).
      const release = JSON.parse(fs.readFileSync(path.join(copy, 'dist', 'release.json'), 'utf8'));
      expect(release.version).toBe(body.data.version);
      expect(body.data.commit).toBe(release.commit);

      const landing = await fetch(`http://127.0.0.1:${port}/`);
      expect(landing.status).toBe(200);
      expect(landing.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await landing.text()).toContain('<div id="root">');
      // Served as built: npm start did not build again.
      expect(fs.statSync(path.join(copy, 'dist', 'web', 'index.html')).mtimeMs).toBe(builtAt);
    } finally {
      // To npm and the server it started alike, as a terminal's Ctrl-C or a service manager would.
      process.kill(-child.pid!, 'SIGTERM');
    }
    // npm ends by the signal itself; the server said it stopped cleanly (it exits with 0 then: shutdown.test.ts).
    await exited;
    expect(output).toMatch(/"msg":"stopped"/);
  });

  it('without a build, says how to make one instead of failing on a missing package', () => {
    fs.rmSync(path.join(copy, 'dist'), { recursive: true, force: true });
    let failure: { status: number | null; stderr: Buffer } | undefined;
    try {
      execFileSync(process.execPath, ['scripts/build.ts', '--if-missing'], { cwd: copy, stdio: 'pipe' });
    } catch (error) {
      failure = error as { status: number | null; stderr: Buffer };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr.toString()).toMatch(/no built web app in dist\/web.*npm run build/s);
  });
});
