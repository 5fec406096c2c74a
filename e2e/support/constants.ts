import path from 'node:path';
import { fileURLToPath } from 'node:url';

// E2E_PORT lets several browser runs share one machine; each gets its own server and mailbox.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 5179);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const MAIL_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.artifacts', `mail-${E2E_PORT}`);
/** The SMS the test server's gateway stand-in received (support/sms.ts), one file each. */
export const SMS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.artifacts', `sms-${E2E_PORT}`);
export const E2E_ADMIN = { email: 'admin@umrah.test', password: 'admin-pass-123' };

/** The two widths a journey is walked at: a small phone and a desktop. */
export const PHONE_AND_DESKTOP = [
  { width: 360, height: 780 },
  { width: 1440, height: 900 },
];
