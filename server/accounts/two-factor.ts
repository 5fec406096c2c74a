/**
 * Opt-in two-factor sign-in for administrators: time-based one-time codes from an authenticator app
 * (RFC 6238: HMAC-SHA-1, 6 digits, 30-second steps). The set-up stores a secret that waits for its first
 * code; that code turns two-factor on. From then on a sign-in needs the password and a code.
 *
 * Recovery codes (recovery-codes.ts) may stand in for a code at sign-in, each once.
 *
 * A code is accepted at most once: the step of every accepted code is stored, and only a later step is
 * accepted after it. The step is claimed by one conditional UPDATE, so two requests carrying the same
 * code at the same moment cannot both succeed.
 */
import { generateSecret, generateURI } from 'otplib';
import { isRecoveryCode, twoFactorMessages, type Language, type TwoFactorStatus } from '../../contract/accounts.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError, badRequest, conflict } from '../http/errors.ts';
import { deleteRecoveryCodes, hasUnusedRecoveryCode, replaceRecoveryCodes, useRecoveryCode } from './recovery-codes.ts';
import {
  claimStep,
  claimStepUp,
  clearWrongCodes,
  countWrongCode,
  lastStepOf,
  matchCode,
  proveStepUp,
  readTwoFactor,
  refuseWhileLocked,
  twoFactorIsOn,
  type SecondStepClient,
  type StepUpProof,
  type TwoFactorRow,
} from './second-factor.ts';
import { noticeOwner, securityChangeBy } from './security-notices.ts';
import { deleteUserSessions } from './sessions.ts';
import { findUserById } from './users.ts';

/** The name authenticator apps show above the code. */
export const TWO_FACTOR_ISSUER = 'Umrah Committee';
export { matchCode, TWO_FACTOR_PERIOD_SECONDS } from './second-factor.ts';
/** 20 random bytes (160 bits), the key length RFC 4226 recommends for HMAC-SHA-1. */
const SECRET_BYTES = 20;

export function newTwoFactorSecret(): string {
  return generateSecret({ length: SECRET_BYTES });
}

/** The otpauth:// address an authenticator app reads from the QR code: otpauth://totp/<issuer>:<email>?secret=…&issuer=… */
export function otpauthUrl(email: string, secret: string): string {
  return generateURI({ issuer: TWO_FACTOR_ISSUER, label: email, secret });
}

function statusOf(row: TwoFactorRow): TwoFactorStatus {
  return {
    enabled: row.two_factor_enabled_at !== null,
    enabledAt: row.two_factor_enabled_at === null ? null : new Date(row.two_factor_enabled_at).toISOString(),
    pending: row.two_factor_enabled_at === null && row.two_factor_secret !== null,
  };
}

export async function readTwoFactorStatus(q: Queryable, userId: string): Promise<TwoFactorStatus> {
  return statusOf(await readTwoFactor(q, userId));
}

/** A login refusal that tells the client to ask for (another) code; only ever sent after the password was right. */
const codeRefusal = (message: string) => new AppError(401, message, undefined, { twoFactorRequired: true });

/** What a right sign-in code will use up: an authenticator code's time step, or a recovery code. */
export type LoginCodeClaim = { step: number } | { recoveryCode: string };

/**
 * The second step of a sign-in, after the password was verified. Answers undefined when the account
 * has two-factor off; otherwise what the given code will use up (a time step, or a recovery code),
 * which the caller claims with claimLoginCode in the transaction that creates the session. Refuses a
 * missing or wrong code, and anything at all while the second step is locked (429, even the right
 * code: second-factor.ts); a wrong code, or a wrong recovery code, counts towards that lock. The code
 * is normalized by the contract: 6 digits, or a recovery code.
 */
export async function checkLoginCode(
  deps: { db: Database; mailQueued: () => void },
  user: { id: string; role: string; email: string; name: string; language: Language },
  code: string | undefined,
  client: SecondStepClient = {},
): Promise<LoginCodeClaim | undefined> {
  if (user.role !== 'ADMIN') return undefined;
  const row = await readTwoFactor(deps.db, user.id);
  if (!twoFactorIsOn(row)) return undefined;
  await refuseWhileLocked(deps.db, user.id);
  if (!code) throw codeRefusal(twoFactorMessages.codeRequired);
  if (isRecoveryCode(code)) {
    if (await hasUnusedRecoveryCode(deps.db, user.id, code)) return { recoveryCode: code };
  } else {
    const step = await matchCode(row.two_factor_secret!, code, { afterStep: lastStepOf(row) });
    if (step !== undefined) return { step };
  }
  await countWrongCode(deps.db, user, client, deps.mailQueued);
  throw codeRefusal(twoFactorMessages.codeInvalid);
}

/**
 * Claims what checkLoginCode found, and ends the run of wrong codes; a sign-in with the same code that
 * got there first wins. Answers whether a recovery code was used (its email is then queued).
 */
export async function claimLoginCode(
  q: Queryable,
  user: { id: string; email: string; name: string; language: Language },
  claim: LoginCodeClaim | undefined,
  ip?: string,
): Promise<boolean> {
  if (claim === undefined) return false;
  let usedRecoveryCode = false;
  if ('step' in claim) {
    if (!(await claimStep(q, user.id, claim.step))) throw codeRefusal(twoFactorMessages.codeInvalid);
  } else {
    if (!(await useRecoveryCode(q, user, claim.recoveryCode, ip))) throw codeRefusal(twoFactorMessages.codeInvalid);
    usedRecoveryCode = true;
  }
  await clearWrongCodes(q, user.id);
  return usedRecoveryCode;
}

/** What the two-factor changes need besides the database: the mail worker's nudge. */
export type TwoFactorDeps = { db: Database; mailQueued: () => void };

/** The signed-in admin making a two-factor change: their session (kept), address and browser. */
export type TwoFactorActor = Actor & SecondStepClient & { sessionId: string };

/**
 * Starts (or starts again) the set-up: a fresh secret that waits for its first code. Needs the current
 * password (step-up: a session alone could otherwise put its own authenticator on the account).
 */
export async function startTwoFactorSetup(deps: TwoFactorDeps, actor: TwoFactorActor, proof: StepUpProof): Promise<{ secret: string; otpauthUrl: string }> {
  const row = await readTwoFactor(deps.db, actor.id);
  // 409 before the password is asked for: nothing to prove when there is nothing to change.
  if (row.two_factor_enabled_at !== null) throw conflict(twoFactorMessages.alreadyEnabled);
  await proveStepUp(deps, actor, proof);
  const result = await deps.db.transaction(async (tx) => {
    const locked = await readTwoFactor(tx, actor.id, true);
    if (locked.two_factor_enabled_at !== null) throw conflict(twoFactorMessages.alreadyEnabled);
    const user = (await findUserById(tx, actor.id))!;
    const secret = newTwoFactorSecret();
    // A new secret starts with no used step: the steps of an earlier secret say nothing about this one.
    await tx.query('UPDATE users SET two_factor_secret = $2, two_factor_last_step = NULL, updated_at = now() WHERE id = $1', [actor.id, secret]);
    // The secret itself never goes into the audit trail.
    await recordAudit(tx, {
      ...securityChangeBy(actor),
      action: 'TWO_FACTOR_SETUP',
      entityType: 'user',
      entityId: actor.id,
      before: statusOf(locked),
      after: { enabled: false, enabledAt: null, pending: true },
    });
    await noticeOwner(tx, user, { kind: 'twoFactorSetup' }, actor);
    return { secret, otpauthUrl: otpauthUrl(user.email, secret) };
  });
  deps.mailQueued();
  return result;
}

/**
 * Turns two-factor on with a first code from the pending secret and the current password; every
 * other session of the admin ends. Answers the first set of recovery codes with the status (shown this once).
 */
export async function enableTwoFactor(
  deps: TwoFactorDeps,
  actor: TwoFactorActor,
  body: { code: string; currentPassword?: string },
): Promise<{ status: TwoFactorStatus; recoveryCodes: string[] }> {
  const row = await readTwoFactor(deps.db, actor.id);
  if (row.two_factor_enabled_at !== null) throw conflict(twoFactorMessages.alreadyEnabled);
  if (row.two_factor_secret === null) throw conflict(twoFactorMessages.noPendingSetup);
  // Two-factor is off until this succeeds: the proof is the password; the code is the new secret's first.
  await proveStepUp(deps, actor, { password: body.currentPassword });
  const result = await deps.db.transaction(async (tx) => {
    const locked = await readTwoFactor(tx, actor.id, true);
    if (locked.two_factor_enabled_at !== null) throw conflict(twoFactorMessages.alreadyEnabled);
    if (locked.two_factor_secret === null) throw conflict(twoFactorMessages.noPendingSetup);
    const step = await matchCode(locked.two_factor_secret, body.code, { afterStep: lastStepOf(locked) });
    if (step === undefined || !(await claimStep(tx, actor.id, step))) {
      throw badRequest(twoFactorMessages.codeInvalid, { code: twoFactorMessages.codeInvalid });
    }
    await tx.query('UPDATE users SET two_factor_enabled_at = now(), updated_at = now() WHERE id = $1', [actor.id]);
    // Sessions opened before the second factor existed are not trusted to have passed it.
    await deleteUserSessions(tx, actor.id, actor.sessionId);
    await clearWrongCodes(tx, actor.id);
    const recoveryCodes = await replaceRecoveryCodes(tx, actor.id);
    const after = await readTwoFactor(tx, actor.id);
    await recordAudit(tx, {
      ...securityChangeBy(actor),
      action: 'TWO_FACTOR_ENABLE',
      entityType: 'user',
      entityId: actor.id,
      before: statusOf(locked),
      after: statusOf(after),
    });
    await noticeOwner(tx, (await findUserById(tx, actor.id))!, { kind: 'twoFactorEnabled' }, actor);
    return { status: statusOf(after), recoveryCodes };
  });
  deps.mailQueued();
  return result;
}

/** The disable form's fields: `password` and `code` (the body it has always had). */
const DISABLE_FIELDS = { password: 'password', code: 'code', passwordWrong: twoFactorMessages.passwordWrong };

/**
 * Turns two-factor off: needs the password and a current code (step-up), so a session left open on a
 * shared computer is not enough. Every other session of the admin ends.
 */
export async function disableTwoFactor(deps: TwoFactorDeps, actor: TwoFactorActor, body: { password: string; code: string }): Promise<TwoFactorStatus> {
  const row = await readTwoFactor(deps.db, actor.id);
  if (!twoFactorIsOn(row)) throw conflict(twoFactorMessages.notEnabled);
  const claim = await proveStepUp(deps, actor, body, DISABLE_FIELDS);
  const status = await deps.db.transaction(async (tx) => {
    const locked = await readTwoFactor(tx, actor.id, true);
    if (!twoFactorIsOn(locked)) throw conflict(twoFactorMessages.notEnabled);
    await claimStepUp(tx, claim);
    await tx.query(
      'UPDATE users SET two_factor_secret = NULL, two_factor_enabled_at = NULL, two_factor_last_step = NULL, updated_at = now() WHERE id = $1',
      [actor.id],
    );
    await deleteRecoveryCodes(tx, actor.id);
    await deleteUserSessions(tx, actor.id, actor.sessionId);
    const after = await readTwoFactor(tx, actor.id);
    await recordAudit(tx, {
      ...securityChangeBy(actor),
      action: 'TWO_FACTOR_DISABLE',
      entityType: 'user',
      entityId: actor.id,
      before: statusOf(locked),
      after: statusOf(after),
    });
    await noticeOwner(tx, (await findUserById(tx, actor.id))!, { kind: 'twoFactorDisabled' }, actor);
    return statusOf(after);
  });
  deps.mailQueued();
  return status;
}

/**
 * Recovery from the server's command line, for an admin who lost the phone: turns two-factor off
 * without a code and ends every session of the account. The audit row has no actor: nobody signed in did it.
 * Answers whether two-factor (or a pending set-up) was there to turn off.
 */
export async function turnOffTwoFactorFromConsole(db: Database, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await readTwoFactor(tx, userId, true);
    if (row.two_factor_secret === null && row.two_factor_enabled_at === null) return false;
    await tx.query(
      'UPDATE users SET two_factor_secret = NULL, two_factor_enabled_at = NULL, two_factor_last_step = NULL, updated_at = now() WHERE id = $1',
      [userId],
    );
    await deleteRecoveryCodes(tx, userId);
    await deleteUserSessions(tx, userId);
    await tx.query(
      `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, before_data, after_data, security) VALUES (NULL, 'TWO_FACTOR_DISABLE', 'user', $1, $2::jsonb, $3::jsonb, true)`,
      [userId, JSON.stringify(statusOf(row)), JSON.stringify({ enabled: false, enabledAt: null, pending: false })],
    );
    return true;
  });
}
