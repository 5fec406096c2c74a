/**
 * Two-factor recovery codes: ten single-use codes for an account with two-factor sign-in on, each
 * taking the place of one authenticator code at sign-in (for a lost or dead phone). Answered once,
 * when made, and never again; a new set replaces the old one; turning two-factor off deletes them.
 *
 * Stored as SHA-256 of the user's id and the code, not argon2: a code is ~49 random bits and stands in
 * for the second factor only (the password, hashed with argon2, is still needed), so a slow hash would
 * only cost each sign-in with a code ten argon2 runs.
 *
 * A code is used by one conditional UPDATE (… WHERE used_at IS NULL RETURNING), so two sign-ins with
 * the same code at the same moment cannot both succeed.
 */
import { createHash, randomInt } from 'node:crypto';
import {
  formatRecoveryCode,
  normalizeRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  twoFactorMessages,
} from '../../contract/accounts.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { conflict } from '../http/errors.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { recoveryCodeUsedEmail, recoveryCodeUsedNotice } from './account-emails.ts';
import { type Language } from '../mail/layout.ts';
import { notifyUser } from '../notifications/notify.ts';
import { claimStepUp, proveStepUp, type SecondStepClient, type StepUpProof } from './second-factor.ts';
import { noticeOwner, securityChangeBy } from './security-notices.ts';
import type { UserRow } from './users.ts';

export function generateRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return code;
}

/** The stored form: the same code of two users hashes differently. */
export function hashRecoveryCode(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${normalizeRecoveryCode(code)}`, 'utf8').digest('hex');
}

/** Deletes the user's codes (used or not) and stores a new set; answers the codes as shown (XXXXX-XXXXX). */
export async function replaceRecoveryCodes(q: Queryable, userId: string): Promise<string[]> {
  await q.write('DELETE FROM two_factor_recovery_codes WHERE user_id = $1', [userId]);
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(generateRecoveryCode());
  const list = [...codes];
  await q.write(
    `INSERT INTO two_factor_recovery_codes (user_id, code_hash) SELECT $1::uuid, unnest($2::text[])`,
    [userId, list.map((code) => hashRecoveryCode(userId, code))],
  );
  return list.map(formatRecoveryCode);
}

export async function deleteRecoveryCodes(q: Queryable, userId: string): Promise<void> {
  await q.write('DELETE FROM two_factor_recovery_codes WHERE user_id = $1', [userId]);
}

/**
 * A new set for the signed-in user; 409 unless two-factor sign-in is on. Needs the current password
 * and a current code (step-up): a new set ends the owner's codes and lasts beyond any session, so a
 * session alone must not be able to make one. The owner is emailed a notice.
 */
export async function createRecoveryCodes(
  deps: { db: Database; mailQueued: () => void },
  actor: Actor & SecondStepClient,
  proof: StepUpProof,
): Promise<string[]> {
  const { rows: state } = await deps.db.query<{ two_factor_enabled_at: Date | string | null }>('SELECT two_factor_enabled_at FROM users WHERE id = $1', [actor.id]);
  if (!state[0] || state[0].two_factor_enabled_at === null) throw conflict(twoFactorMessages.recoveryCodesNeedTwoFactor);
  const claim = await proveStepUp(deps, actor, proof);
  const codes = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.query<UserRow & { two_factor_enabled_at: Date | string | null }>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [actor.id]);
    if (!rows[0] || rows[0].two_factor_enabled_at === null) throw conflict(twoFactorMessages.recoveryCodesNeedTwoFactor);
    await claimStepUp(tx, claim);
    const before = await countUnused(tx, actor.id);
    const codes = await replaceRecoveryCodes(tx, actor.id);
    // The codes themselves never go into the audit trail.
    await recordAudit(tx, {
      ...securityChangeBy(actor),
      action: 'TWO_FACTOR_RECOVERY_CODES',
      entityType: 'user',
      entityId: actor.id,
      before: { unusedRecoveryCodes: before },
      after: { unusedRecoveryCodes: codes.length },
    });
    await noticeOwner(tx, rows[0], { kind: 'recoveryCodes' }, actor);
    return codes;
  });
  deps.mailQueued();
  return codes;
}

async function countUnused(q: Queryable, userId: string): Promise<number> {
  const { rows } = await q.query<{ count: number }>('SELECT count(*)::int AS count FROM two_factor_recovery_codes WHERE user_id = $1 AND used_at IS NULL', [userId]);
  return Number(rows[0].count);
}

/** Whether the code is one of the user's unused ones; claims nothing (see useRecoveryCode). */
export async function hasUnusedRecoveryCode(q: Queryable, userId: string, code: string): Promise<boolean> {
  const { rowCount } = await q.query('SELECT 1 FROM two_factor_recovery_codes WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL', [
    userId,
    hashRecoveryCode(userId, code),
  ]);
  return rowCount > 0;
}

/**
 * Uses the code up, in the transaction of the sign-in it allows: false when it is not an unused code
 * of the user (a replay, or the other of two simultaneous sign-ins). A use is audited, and the person
 * is told in the app and by email (a code used by someone else is how they would learn of it).
 */
export async function useRecoveryCode(q: Queryable, user: { id: string; email: string; name: string; language: Language }, code: string, ip?: string): Promise<boolean> {
  const { rows } = await q.write<{ id: string }>(
    'UPDATE two_factor_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id',
    [user.id, hashRecoveryCode(user.id, code)],
  );
  if (!rows[0]) return false;
  const remaining = await countUnused(q, user.id);
  await recordAudit(q, {
    actorId: user.id,
    action: 'TWO_FACTOR_RECOVERY_CODE_USED',
    entityType: 'user',
    entityId: user.id,
    after: { unusedRecoveryCodes: remaining },
    ip,
  });
  await notifyUser(q, user.id, { type: 'RECOVERY_CODE_USED', text: (language) => recoveryCodeUsedNotice(language, remaining) });
  await enqueueEmail(q, recoveryCodeUsedEmail(user.email, user.name, remaining, ip, user.language));
  return true;
}
