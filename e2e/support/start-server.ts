/**
 * The product as the browser tests see it: the built web app and the real server (server/start.ts, as
 * `npm start` runs it, jobs included) on a fresh embedded database, sending mail over SMTP to a catcher in this process that files each message under
 * e2e/.artifacts/mail for the tests to read, and SMS to a stand-in of an HTTP SMS gateway (on a free port,
 * its address given to the server as SMS_GATEWAY_URL) that files each one under e2e/.artifacts/sms.
 * Playwright starts this (webServer in playwright.config.ts), before any journey runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { loadConfig } from '../../server/config.ts';
import { loggerOptions } from '../../server/logger.ts';
import { startServer } from '../../server/start.ts';
import { isCompleteBuild } from '../../server/web-app.ts';
import { startSmsGatewayFake } from '../../server/test/phone-provider-fakes.ts';
import { startSmtpCatcher } from '../../server/test/smtp-catcher.ts';
import { E2E_ADMIN, E2E_PORT, MAIL_DIR, SMS_DIR } from './constants.ts';

const BUILT_WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

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

fs.rmSync(SMS_DIR, { recursive: true, force: true });
fs.mkdirSync(SMS_DIR, { recursive: true });
const SMS_AUTH = { name: 'Authorization', value: 'Bearer e2e-sms-gateway-key' };
let smsSequence = 0;
const sms = await startSmsGatewayFake({
  authHeader: SMS_AUTH,
  onSms: (message) => {
    smsSequence++;
    const name = `${String(smsSequence).padStart(5, '0')}.json`;
    const partial = path.join(SMS_DIR, `.${name}.partial`);
    fs.writeFileSync(partial, JSON.stringify(message));
    fs.renameSync(partial, path.join(SMS_DIR, name));
  },
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
  SMS_GATEWAY_URL: sms.sendUrl,
  SMS_GATEWAY_AUTH_HEADER: `${SMS_AUTH.name}: ${SMS_AUTH.value}`,
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  LOG_LEVEL: 'warn',
  // A few seconds of notice between a commitment and its draw (7.2 s), so that the journeys show the
  // wait: the Draw button disabled until then and enabled by itself, a draw through the API made once
  // the commitment's drawableAt has come (support/winners.ts drawWhenDrawable).
  DRAW_NOTICE_HOURS: '0.002',
});
const logger = pino(loggerOptions('warn'));
// The server as `npm start` runs it (server/start.ts), with the mail worker looking for mail often, and
// limits no journey reaches: every journey signs in many times from one address (the per-address limits
// are tested in the server suite).
const server = await startServer({
  config,
  logger,
  mailIntervalMs: 300,
  app: { webDir, authRateLimits: { perAddress: 100_000, perEmail: 100_000, signInsPerEmail: 100_000, signInsPerEmailFromOneAddress: 100_000, perUserChanges: 100_000, windowMs: 60_000 } },
});

const stop = async () => {
  await server.stop('SIGTERM');
  await smtp.close();
  await sms.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
