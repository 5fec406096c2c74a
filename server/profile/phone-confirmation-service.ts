/**
 * A member's phone confirmed by a one-time code (decision 057). The code goes to the profile's phone by
 * WhatsApp when it is configured, else by SMS; only its hash is kept, for PHONE_CODE_MINUTES and
 * PHONE_CODE_TRIES wrong tries, one code per member (a new one replaces it). Typing it back sets
 * users.phone_confirmed_at; changing the phone clears it (profile-service.ts). Nothing but this code is
 * ever sent to a phone that is not confirmed.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TRIES,
  phoneMessages,
  phoneToE164,
  type PhoneCodeSent,
} from '../../contract/phone-confirmation.ts';
import { findUserById, type UserRow } from '../accounts/users.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError, badRequest, conflict, unavailable } from '../http/errors.ts';
import type { Throttle } from '../http/throttle.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { PhoneProvider } from '../messaging/channel.ts';
import { PHONE_CODE_MINUTES } from '../messaging/phone-texts.ts';

type CodeRow = { phone: string; code_hash: string; tries: number; expired: boolean; wait_seconds: number };

/**
 * Hashed with the member and the number, so that a code is worth nothing for another member or another
 * number. A code is short-lived and allowed few tries: the hash keeps it out of a copy of the database,
 * not from a search of its million values, which would need the member's own session to be of any use.
 */
function hashCode(userId: string, phone: string, code: string): string {
  return createHash('sha256').update(`${userId}:${phone}:${code}`, 'utf8').digest('hex');
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/** Two ways of writing one number are the same phone (0300 1234567 and +923001234567): its confirmation stays. */
export function isSamePhone(before: string | null, after: string | null): boolean {
  if (before === after) return true;
  if (before === null || after === null) return false;
  const number = phoneToE164(before);
  return number !== undefined && number === phoneToE164(after);
}

/**
 * Where WhatsApp and SMS messages to a member may go: their phone in E.164 once confirmed, else nowhere
 * (undefined). The one question a sender asks before anything but a confirmation code leaves for a phone.
 */
export async function confirmedPhoneOf(q: Queryable, userId: string): Promise<string | undefined> {
  const { rows } = await q.query<{ phone: string | null }>('SELECT phone FROM users WHERE id = $1 AND phone_confirmed_at IS NOT NULL', [userId]);
  return rows[0]?.phone ? phoneToE164(rows[0].phone) : undefined;
}

/** A code sent to a number the profile no longer has confirms nothing. */
export async function forgetPhoneCode(q: Queryable, userId: string): Promise<void> {
  await q.write('DELETE FROM phone_confirmation_codes WHERE user_id = $1', [userId]);
}

/** The profile's phone in E.164, refused in words when there is none, none a code could reach, or it is confirmed already. */
function phoneToConfirm(user: UserRow): string {
  if (!user.phone) throw badRequest(phoneMessages.noPhone, { phone: phoneMessages.noPhone });
  const phone = phoneToE164(user.phone);
  if (!phone) throw badRequest(phoneMessages.phoneUnusable, { phone: phoneMessages.phoneUnusable });
  if (user.phone_confirmed_at) throw conflict(phoneMessages.alreadyConfirmed);
  return phone;
}

function resendWait(seconds: number): AppError {
  const wait = Math.max(1, Math.ceil(seconds));
  return new AppError(429, phoneMessages.resendWait, undefined, { retryAt: new Date(Date.now() + wait * 1000).toISOString() }, wait);
}

async function currentCode(q: Queryable, userId: string, lock = ''): Promise<CodeRow | undefined> {
  const { rows } = await q.query<CodeRow>(
    `SELECT phone, code_hash, tries, expires_at <= now() AS expired,
            extract(epoch FROM sent_at + make_interval(secs => $2) - now())::float8 AS wait_seconds
       FROM phone_confirmation_codes WHERE user_id = $1 ${lock}`,
    [userId, PHONE_CODE_RESEND_SECONDS],
  );
  return rows[0];
}

/**
 * Sends a new code to the profile's phone. Refused: no phone or one no code can reach (400), confirmed
 * already or no provider configured (409), within a minute of the last code to this number or past the
 * hourly limit (429); the provider failing is a 503 and leaves no code behind, so the member may ask again at once.
 */
export async function sendPhoneCode(
  deps: { db: Database; provider: PhoneProvider | undefined; sends: Throttle; logger: FastifyBaseLogger },
  actor: Actor,
): Promise<PhoneCodeSent> {
  const user = (await findUserById(deps.db, actor.id))!;
  const phone = phoneToConfirm(user);
  const { provider } = deps;
  if (!provider) throw conflict(phoneMessages.noProvider);
  const waiting = await currentCode(deps.db, actor.id);
  if (waiting && waiting.phone === phone && waiting.wait_seconds > 0) throw resendWait(waiting.wait_seconds);
  // Each code costs money and lands on someone's phone: a few an hour, whatever the waits.
  await deps.sends.admit(actor.id);

  const code = String(randomInt(0, 10 ** 6)).padStart(6, '0');
  const codeHash = hashCode(actor.id, phone, code);
  // The code is kept before it is sent, in a transaction that holds the member's row: of two requests at
  // once, the second finds the first one's code and waits its minute.
  const reserved = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [actor.id]);
    // The profile changed meanwhile (another number, or confirmed by another request): answered as it is now.
    if (phoneToConfirm(rows[0]) !== phone) throw conflict(phoneMessages.noCode);
    const earlier = await currentCode(tx, actor.id);
    if (earlier && earlier.phone === phone && earlier.wait_seconds > 0) throw resendWait(earlier.wait_seconds);
    const { rows: saved } = await tx.query<{ sent_at: Date; expires_at: Date }>(
      `INSERT INTO phone_confirmation_codes (user_id, phone, code_hash, channel, sent_at, expires_at, tries)
       VALUES ($1, $2, $3, $4, now(), now() + make_interval(mins => $5), 0)
       ON CONFLICT (user_id) DO UPDATE SET phone = excluded.phone, code_hash = excluded.code_hash, channel = excluded.channel,
         sent_at = excluded.sent_at, expires_at = excluded.expires_at, tries = 0
       RETURNING sent_at, expires_at`,
      [actor.id, phone, codeHash, provider.channel, PHONE_CODE_MINUTES],
    );
    return saved[0];
  });

  const outcome = await provider.sendCode(phone, code, user.language);
  if (outcome.outcome !== 'sent') {
    deps.logger.warn({ channel: provider.channel, outcome: outcome.outcome, error: outcome.error }, 'phone confirmation code not sent');
    await deps.db.write('DELETE FROM phone_confirmation_codes WHERE user_id = $1 AND code_hash = $2', [actor.id, codeHash]);
    throw unavailable(phoneMessages.sendFailed, 60);
  }
  await recordAudit(deps.db, {
    actorId: actor.id,
    action: 'PHONE_CODE_SENT',
    entityType: 'user',
    entityId: actor.id,
    after: { phone, channel: provider.channel },
    ip: actor.ip,
  });
  return {
    channel: provider.channel,
    phone,
    expiresAt: new Date(reserved.expires_at).toISOString(),
    resendAt: new Date(new Date(reserved.sent_at).getTime() + PHONE_CODE_RESEND_SECONDS * 1000).toISOString(),
  };
}

/**
 * Checks a code against the member's one code. Refused: no code, or one sent to a number the profile no
 * longer has (409 noCode), expired (409), its tries used up (409), wrong (400 with the tries left, the
 * try counted). Right: the phone is confirmed, the code spent, an audit row written.
 */
export async function confirmPhone(db: Database, actor: Actor, code: string): Promise<UserRow> {
  const result = await db.transaction(async (tx) => {
    const { rows } = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [actor.id]);
    const phone = phoneToConfirm(rows[0]);
    const current = await currentCode(tx, actor.id, 'FOR UPDATE');
    if (!current || current.phone !== phone) throw conflict(phoneMessages.noCode);
    if (current.expired) throw conflict(phoneMessages.codeExpired);
    if (current.tries >= PHONE_CODE_TRIES) throw conflict(phoneMessages.tooManyTries);
    if (!sameHash(current.code_hash, hashCode(actor.id, phone, code))) {
      // Counted in this transaction, which commits: the refusal is thrown once it has.
      await tx.query('UPDATE phone_confirmation_codes SET tries = tries + 1 WHERE user_id = $1', [actor.id]);
      return { triesLeft: PHONE_CODE_TRIES - current.tries - 1 };
    }
    await forgetPhoneCode(tx, actor.id);
    const { rows: confirmed } = await tx.query<UserRow>('UPDATE users SET phone_confirmed_at = now(), updated_at = now() WHERE id = $1 RETURNING *', [actor.id]);
    await recordAudit(tx, { actorId: actor.id, action: 'PHONE_CONFIRM', entityType: 'user', entityId: actor.id, after: { phone }, ip: actor.ip });
    return { user: confirmed[0] };
  });
  if ('triesLeft' in result) throw new AppError(400, phoneMessages.codeWrong, { code: phoneMessages.codeWrong }, { triesLeft: result.triesLeft });
  return result.user;
}
