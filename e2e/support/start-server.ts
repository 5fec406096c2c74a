/**
 * The product as the browser tests see it: the built web app and the real API on a fresh embedded
 * database, sending mail over SMTP to a catcher in this process that files each message under
 * e2e/.artifacts/mail for the tests to read. Playwright starts this (webServer in playwright.config.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { loggerOptions } from '../../server/logger.ts';
import { MailWorker } from '../../server/mail/outbox.ts';
import { createMailTransport } from '../../server/mail/transport.ts';
import { openDatabase } from '../../server/runtime.ts';
import { startSmtpCatcher } from '../../server/test/smtp-catcher.ts';
import { E2E_ADMIN, E2E_PORT, MAIL_DIR } from './constants.ts';

fs.rmSync(MAIL_DIR, { recursive: true, force: true });
fs.mkdirSync(MAIL_DIR, { recursive: true });
let sequence = 0;
const smtp = await startSmtpCatcher((email) => {
  sequence++;
  fs.writeFileSync(path.join(MAIL_DIR, `${String(sequence).padStart(5, '0')}.json`), JSON.stringify({ to: email.to, text: email.text }));
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'umrah-e2e-'));
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
const app = await buildApp({ config, db, logger, mailQueued: () => worker.nudge(), authRateLimits: { perAddress: 100_000, perEmail: 100_000, windowMs: 60_000 } });
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
