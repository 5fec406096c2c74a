/**
 * The one-click unsubscribe links of the reminder emails (RFC 8058, RFC 2369; decision 054). A link
 * names the kind of email and the member, and carries an HMAC-SHA256 of both under a random key kept
 * in the database (`app_secrets`, as the receipt links' key): it needs no session, cannot be guessed,
 * and cannot be made for another member or kind without the key. The reminder job writes the links in
 * SQL (reminder-service.ts), so the same HMAC is written here twice: in JavaScript, and in SQL from the
 * key's inner and outer pads (RFC 2104) with PostgreSQL's own sha256().
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';

/** The kinds of email a link turns off: only the reminders can be turned off. */
export type UnsubscribeKind = 'reminders';

export async function loadUnsubscribeKey(q: Queryable): Promise<Buffer> {
  await q.write(`INSERT INTO app_secrets (name, value) VALUES ('unsubscribe_links', $1) ON CONFLICT (name) DO NOTHING`, [randomBytes(32).toString('base64')]);
  const { rows } = await q.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'unsubscribe_links'`);
  return Buffer.from(rows[0].value, 'base64');
}

const signed = (kind: UnsubscribeKind, userId: string) => `unsubscribe:${kind}:${userId}`;

function mac(key: Buffer, kind: UnsubscribeKind, userId: string): string {
  return createHmac('sha256', key).update(signed(kind, userId)).digest('base64url');
}

/** The token of a link: "reminders.<member id>.<HMAC>". */
export function unsubscribeToken(key: Buffer, kind: UnsubscribeKind, userId: string): string {
  return `${kind}.${userId}.${mac(key, kind, userId)}`;
}

/** The member and kind a token was made for, or undefined when it was not made with this key. */
export function readUnsubscribeToken(key: Buffer, token: string): { kind: UnsubscribeKind; userId: string } | undefined {
  const [kind, userId, given, ...rest] = token.split('.');
  if (kind !== 'reminders' || !userId || !given || rest.length > 0 || !isUuid(userId)) return undefined;
  const expected = Buffer.from(mac(key, kind, userId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? { kind, userId } : undefined;
}

/** The key's inner and outer HMAC pads (RFC 2104), the parameters of unsubscribeTokenSql. */
export function hmacPads(key: Buffer): [inner: Buffer, outer: Buffer] {
  const block = Buffer.alloc(64);
  key.copy(block);
  return [Buffer.from(block.map((b) => b ^ 0x36)), Buffer.from(block.map((b) => b ^ 0x5c))];
}

/** SQL: unsubscribeToken of a member id expression, with the pads of hmacPads as the bytea parameters given. */
export function unsubscribeTokenSql(kind: UnsubscribeKind, userId: string, pads: { inner: string; outer: string }): string {
  const digest = `sha256(${pads.outer} || sha256(${pads.inner} || convert_to('unsubscribe:${kind}:' || (${userId})::text, 'UTF8')))`;
  return `'${kind}.' || (${userId})::text || '.' || translate(rtrim(encode(${digest}, 'base64'), '='), '+/', '-_')`;
}
