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

/** Waits for a message to an address whose decoded subject or body matches `pattern`, and returns it as a person reads it. */
export async function waitForMessageMatching(address: string, pattern: RegExp): Promise<{ subject: string; body: string }> {
  let found: { subject: string; body: string } | undefined;
  await expect
    .poll(
      () => {
        found = messagesTo(address)
          .map((m) => readableMessage(m.text))
          .find((m) => pattern.test(m.subject) || pattern.test(m.body));
        return found !== undefined;
      },
      { timeout: 15_000, message: `an email to ${address} matching ${pattern}` },
    )
    .toBe(true);
  return found!;
}

/**
 * What a person reads in a filed message: its subject and its plain-text body, decoded (a message in
 * Urdu arrives with a base64 encoded-word subject and a base64 body).
 */
export function readableMessage(raw: string): { subject: string; body: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  // The subject as encoded words (=?UTF-8?B?…?=), decoded; the mailbox's copy may have lost the '=' of a
  // word's end where the header was folded.
  const subjectLine = /^Subject:(.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1] ?? '';
  const words = [...subjectLine.matchAll(/=\?utf-8\?b\?([A-Za-z0-9+/=]*)\?/gi)].map((m) => Buffer.from(m[1], 'base64').toString('utf8'));
  const subject = words.length > 0 ? words.join('') : subjectLine.trim();
  const plain = /Content-Type: text\/plain[^\n]*\r?\n(?:[^\n]+\r?\n)*?Content-Transfer-Encoding: (\S+)\r?\n\r?\n([\s\S]*?)\r?\n(?:--|$)/i.exec(raw);
  const body = plain ? (plain[1].toLowerCase() === 'base64' ? Buffer.from(plain[2].replace(/\s+/g, ''), 'base64').toString('utf8') : plain[2]) : rest.join('\n\n');
  return { subject, body };
}
