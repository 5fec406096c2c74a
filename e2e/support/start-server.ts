/**
 * The product as the browser tests see it: the built web app and the real API on a fresh embedded
 * database, sending mail over SMTP to a catcher in this process that files each message under
 * e2e/.artifacts/mail for the tests to read. Playwright starts this (webServer in playwright.config.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { loggerOptions } from '../../server/logger.ts';
import { MailWorker } from '../../server/mail/outbox.ts';
import { createMailTransport } from '../../server/mail/transport.ts';
import { openDatabase } from '../../server/runtime.ts';
import { startSmtpCatcher } from '../../server/test/smtp-catcher.ts';
import { E2E_ADMIN, E2E_PORT, MAIL_DIR } from './constants.ts';

const BUILT_WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

/** Whether a built app is whole: its index.html and every /assets/ file the page loads. */
function isCompleteBuild(dir: string): boolean {
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) return false;
  const assets = [...fs.readFileSync(index, 'utf8').matchAll(/["'](\/assets\/[^"']+)["']/g)].map((m) => m[1]);
  return assets.length > 0 && assets.every((asset) => fs.existsSync(path.join(dir, asset)));
}

/**
 * The app as built when the suite starts, copied aside: other work in this checkout may run
 * `vite build` meanwhile, which empties dist/web and would leave the pages without their scripts.
 * A copy caught in the middle of such a build is taken again.
 */
async function snapshotBuiltApp(target: string): Promise<void> {
  for (let attempt = 0; attempt < 60; attempt++) {
    fs.rmSync(target, { recursive: true, force: true });
    if (isCompleteBuild(BUILT_WEB_DIR)) {
      fs.cpSync(BUILT_WEB_DIR, target, { recursive: true });
      if (isCompleteBuild(target)) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`No complete build of the web app in ${BUILT_WEB_DIR}: run \`npx vite build\` first.`);
}

fs.rmSync(MAIL_DIR, { recursive: true, force: true });
fs.mkdirSync(MAIL_DIR, { recursive: true });
let sequence = 0;
const smtp = await startSmtpCatcher((email) => {
  sequence++;
  // Written under a temporary name and then renamed, so a test polling the folder never reads half a message.
  const name = `${String(sequence).padStart(5, '0')}.json`;
  const partial = path.join(MAIL_DIR, `.${name}.partial`);
  fs.writeFileSync(partial, JSON.stringify({ to: email.to, text: email.text }));
  fs.renameSync(partial, path.join(MAIL_DIR, name));
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'umrah-e2e-'));
const webDir = path.join(dataDir, 'web');
await snapshotBuiltApp(webDir);
const config = loadConfig({
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  APP_URL: `http://127.0.0.1:${E2E_PORT}`,
  SMTP_URL: smtp.url,
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  LOG_LEVEL: 'warn',
});
const logger = pino(loggerOptions('warn'));
const db = await openDatabase(config, logger);
const worker = new MailWorker(db, createMailTransport({ smtpUrl: smtp.url, from: config.mailFrom, logger }), logger, 300);
// Every journey signs in many times from one address: the per-address limits are tested in the server suite.
const app = await buildApp({ config, db, logger, webDir, mailQueued: () => worker.nudge(), authRateLimits: { perAddress: 100_000, perEmail: 100_000, signInsPerEmail: 100_000, signInsPerEmailFromOneAddress: 100_000, perUserChanges: 100_000, windowMs: 60_000 } });
await app.listen({ port: config.port, host: config.host });
worker.start();

const stop = async () => {
  await app.close();
  await worker.stop();
  await db.close();
  await smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
