/** Reads the messages the test server's SMTP catcher received. */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { MAIL_DIR } from './constants.ts';

type Filed = { to: string[]; text: string };

function messagesTo(address: string): Filed[] {
  if (!fs.existsSync(MAIL_DIR)) return [];
  return fs
    .readdirSync(MAIL_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(MAIL_DIR, file), 'utf8')) as Filed)
    .filter((m) => m.to.includes(address));
}

/** Waits for the newest message to an address that contains a link to `linkPath`, and returns the link. */
export async function waitForLink(address: string, linkPath: '/verify-email' | '/reset-password', count = 1): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const links = messagesTo(address)
          .map((m) => new RegExp(`https?://[^\\s"<>]+${linkPath}\\?[^\\s"<>]+`).exec(m.text)?.[0])
          .filter((l): l is string => !!l);
        link = links.length >= count ? links[links.length - 1] : '';
        return link;
      },
      { timeout: 15_000, message: `an email to ${address} with a ${linkPath} link` },
    )
    .not.toBe('');
  return link;
}

/** Waits for a message to an address whose text contains `words`. */
export async function waitForText(address: string, words: string): Promise<void> {
  await expect
    .poll(() => messagesTo(address).some((m) => m.text.includes(words)), { timeout: 15_000, message: `an email to ${address} saying "${words}"` })
    .toBe(true);
}
