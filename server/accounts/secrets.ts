/**
 * Random secrets and their stored form. Session tokens and one-time links are 256-bit random values;
 * only their SHA-256 digest is stored, so a copy of the database lets nobody sign in (RULES §3).
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import { hash, verify } from '@node-rs/argon2';

export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
// algorithm 2 is Argon2id (the package's const enum cannot be imported under isolatedModules).
const argonOptions = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Told of every argon2id run ('hash' or 'verify'). Nothing listens in production; the enumeration
 * tests count the runs to show that an unknown email costs the same work as a known one.
 */
export const passwordWorkChannel = diagnostics.channel('umrah-committee:password-work');

export function hashPassword(password: string): Promise<string> {
  if (passwordWorkChannel.hasSubscribers) passwordWorkChannel.publish('hash');
  return hash(password, argonOptions);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (passwordWorkChannel.hasSubscribers) passwordWorkChannel.publish('verify');
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Checked against when the email is unknown, so a wrong email costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;
export async function spendPasswordCheckTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
}

// No 0/O, 1/I/L: codes are read aloud and typed from phones.
const REFERRAL_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function generateReferralCode(length = 8): string {
  let code = '';
  for (let i = 0; i < length; i++) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}
