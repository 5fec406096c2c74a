/**
 * Creates an administrator, or promotes an existing account:
 *   npm run admin -- --email admin@example.com --password 'a-strong-password' [--name 'Name'] [--disable-two-factor]
 * An existing account also gets the given password. --disable-two-factor also turns two-factor sign-in
 * off (for an admin who lost the phone with the authenticator app). Uses the same database as `npm start`.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { accountMessages, emailField, passwordField } from '../../contract/accounts.ts';
import { isCommonPassword } from '../lib/common-passwords.ts';
import { ensureAdmin } from '../accounts/account-service.ts';
import { turnOffTwoFactorFromConsole } from '../accounts/two-factor.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { DataDirectoryInUseError } from '../db/database.ts';
import { openDatabase } from '../runtime.ts';

const USAGE = 'Usage: npm run admin -- --email EMAIL --password PASSWORD [--name NAME] [--disable-two-factor]';

function readArguments() {
  try {
    return parseArgs({
      options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, 'disable-two-factor': { type: 'boolean' }, help: { type: 'boolean' } },
    }).values;
  } catch (error) {
    // An unknown or incomplete option: said in one line with the usage, not as a stack trace.
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(1);
  }
}

const { 'disable-two-factor': disableTwoFactor, help, ...accountValues } = readArguments();
if (help) {
  console.log(USAGE);
  process.exit(0);
}
const adminPassword = passwordField.refine((password) => !isCommonPassword(password), accountMessages.passwordTooCommon);
const parsed = z.object({ email: emailField, password: adminPassword, name: z.string().trim().min(1).optional() }).safeParse(accountValues);
if (!parsed.success) {
  console.error(USAGE);
  for (const issue of parsed.error.issues) console.error(`  ${issue.path.join('.')}: ${issue.message}`);
  process.exit(1);
}
const config = loadConfig({ ...process.env, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
const logger = createLogger('warn');
const db = await openDatabase(config, logger).catch((error: unknown) => {
  // The server (or another command) runs on the embedded database: nothing was changed.
  if (!(error instanceof DataDirectoryInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
});
try {
  const { created, user } = await ensureAdmin(db, { ...parsed.data, resetPassword: true });
  console.log(`${created ? 'Created' : 'Promoted'} administrator ${user.email}.`);
  if (disableTwoFactor) {
    const turnedOff = await turnOffTwoFactorFromConsole(db, user.id);
    console.log(turnedOff ? `Two-factor sign-in turned off for ${user.email}; its sessions have ended.` : `Two-factor sign-in was not on for ${user.email}.`);
  }
} finally {
  await db.close();
}
