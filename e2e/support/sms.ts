/** Reads the SMS the test server's gateway stand-in received (support/start-server.ts files each one). */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { SMS_DIR } from './constants.ts';

type Filed = { to: string; text: string };

export function smsTo(number: string): Filed[] {
  if (!fs.existsSync(SMS_DIR)) return [];
  return fs
    .readdirSync(SMS_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(SMS_DIR, file), 'utf8')) as Filed)
    .filter((sms) => sms.to === number);
}

/** Waits for the SMS to a number after the first `earlier` ones, and returns the 6-digit code in it. */
export async function waitForSmsCode(number: string, earlier: number): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        const next = smsTo(number)[earlier];
        code = next ? (/\b([0-9]{6})\b/.exec(next.text)?.[1] ?? '') : '';
        return code;
      },
      { timeout: 15_000, message: `an SMS with a code to ${number}` },
    )
    .not.toBe('');
  return code;
}
