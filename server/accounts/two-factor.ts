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
import { generateSecret, generateURI, verify } from 'otplib';
import { isRecoveryCode, twoFactorMessages, type Language, type TwoFactorStatus } from '../../contract/accounts.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError, badRequest, conflict, type FieldErrors } from '../http/errors.ts';
import { deleteRecoveryCodes, hasUnusedRecoveryCode, replaceRecoveryCodes, useRecoveryCode } from './recovery-codes.ts';
import { verifyPassword } from './secrets.ts';
import { deleteUserSessions } from './sessions.ts';
import { findUserById } from './users.ts';

/** The name authenticator apps show above the code. */
export const TWO_FACTOR_ISSUER = 'Umrah Committee';
export const TWO_FACTOR_PERIOD_SECONDS = 30;
/** One step either side: a phone clock a little off, or a code typed just as it changes. */
const TOLERANCE_SECONDS = TWO_FACTOR_PERIOD_SECONDS;
/** 20 random bytes (160 bits), the key length RFC 4226 recommends for HMAC-SHA-1. */
const SECRET_BYTES = 20;

type TwoFactorRow = {
  two_factor_secret: string | null;
  two_factor_enabled_at: Date | string | null;
  two_factor_last_step: string | number | null;
};

const nowInSeconds = () => Math.floor(Date.now() / 1000);

export function newTwoFactorSecret(): string {
  return generateSecret({ length: SECRET_BYTES });
}

/** The otpauth:// address an authenticator app reads from the QR code: otpauth://totp/<issuer>:<email>?secret=…&issuer=… */
export function otpauthUrl(email: string, secret: string): string {
  return generateURI({ issuer: TWO_FACTOR_ISSUER, label: email, secret });
}

/**
 * The time step a code belongs to when it is right for the current step or the one either side, and
 * later than afterStep; undefined otherwise. Claims nothing: see claimStep.
 */
export async function matchCode(
  secret: string,
  code: string,
  options: { afterStep?: number | null; nowSeconds?: number } = {},
): Promise<number | undefined> {
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: options.nowSeconds ?? nowInSeconds(),
      epochTolerance: TOLERANCE_SECONDS,
      afterTimeStep: options.afterStep ?? undefined,
    });
    // The functional API types its answer for HOTP too; a TOTP answer carries the step.
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    // The library throws for text that cannot be a code (wrong length, letters): simply not valid.
    return undefined;
  }
}

/** Records a step as used; false when that step or a later one was used already (a replayed code). */
async function claimStep(q: Queryable, userId: string, step: number): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE users SET two_factor_last_step = $2
     WHERE id = $1 AND two_factor_secret IS NOT NULL AND (two_factor_last_step IS NULL OR two_factor_last_step < $2)`,
    [userId, step],
  );
  return rowCount > 0;
}

async function readTwoFactor(q: Queryable, userId: string, lock = false): Promise<TwoFactorRow> {
  const { rows } = await q.query<TwoFactorRow>(
    `SELECT two_factor_secret, two_factor_enabled_at, two_factor_last_step FROM users WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  if (!rows[0]) throw new Error('two-factor state of a user that does not exist');
  return rows[0];
}

const lastStepOf = (row: TwoFactorRow) => (row.two_factor_last_step === null ? null : Number(row.two_factor_last_step));

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
 * missing or wrong code. The code is normalized by the contract: 6 digits, or a recovery code.
 */
export async function checkLoginCode(
  q: Queryable,
  user: { id: string; role: string },
  code: string | undefined,
): Promise<LoginCodeClaim | undefined> {
  if (user.role !== 'ADMIN') return undefined;
  const row = await readTwoFactor(q, user.id);
  if (row.two_factor_enabled_at === null || row.two_factor_secret === null) return undefined;
  if (!code) throw codeRefusal(twoFactorMessages.codeRequired);
  if (isRecoveryCode(code)) {
    if (!(await hasUnusedRecoveryCode(q, user.id, code))) throw codeRefusal(twoFactorMessages.codeInvalid);
    return { recoveryCode: code };
  }
  const step = await matchCode(row.two_factor_secret, code, { afterStep: lastStepOf(row) });
  if (step === undefined) throw codeRefusal(twoFactorMessages.codeInvalid);
  return { step };
}

/**
 * Claims what checkLoginCode found; a sign-in with the same code that got there first wins. Answers
 * whether a recovery code was used (its email is then queued).
 */
export async function claimLoginCode(
  q: Queryable,
  user: { id: string; email: string; name: string; language: Language },
  claim: LoginCodeClaim | undefined,
  ip?: string,
): Promise<boolean> {
  if (claim === undefined) return false;
  if ('step' in claim) {
    if (!(await claimStep(q, user.id, claim.step))) throw codeRefusal(twoFactorMessages.codeInvalid);
    return false;
  }
  if (!(await useRecoveryCode(q, user, claim.recoveryCode, ip))) throw codeRefusal(twoFactorMessages.codeInvalid);
  return true;
}

/** Starts (or starts again) the set-up: a fresh secret that waits for its first code. */
export async function startTwoFactorSetup(db: Database, actor: Actor): Promise<{ secret: string; otpauthUrl: string }> {
  return db.transaction(async (tx) => {
    const row = await readTwoFactor(tx, actor.id, true);
    if (row.two_factor_enabled_at !== null) throw conflict(twoFactorMessages.alreadyEnabled);
    const user = (await findUserById(tx, actor.id))!;
    const secret = newTwoFactorSecret();
    // A new secret starts with no used step: the steps of an earlier secret say nothing about this one.
    await tx.query('UPDATE users SET two_factor_secret = $2, two_factor_last_step = NULL, updated_at = now() WHERE id = $1', [actor.id, secret]);
    // The secret itself never goes into the audit trail.
    await recordAudit(tx, { actorId: actor.id, action: 'TWO_FACTOR_SETUP', entityType: 'user', entityId: actor.id, before: statusOf(row), after: { enabled: false, enabledAt: null, pending: true }, ip: actor.ip });
    return { secret, otpauthUrl: otpauthUrl(user.email, secret) };
  });
}

/**
 * Turns two-factor on with a first code from the pending secret; every other session of the admin
 * ends. Answers the first set of recovery codes with the status (shown this once).
 */
export async function enableTwoFactor(
  db: Database,
  actor: Actor & { sessionId: string },
  code: string,
): Promise<{ status: TwoFactorStatus; recoveryCodes: string[] }> {
  return db.transaction(async (tx) => {
    const row = await readTwoFactor(tx, actor.id, true);
    if (row.two_factor_enabled_at !== null) throw conflict(twoFactorMessages.alreadyEnabled);
    if (row.two_factor_secret === null) throw conflict(twoFactorMessages.noPendingSetup);
    const step = await matchCode(row.two_factor_secret, code, { afterStep: lastStepOf(row) });
    if (step === undefined || !(await claimStep(tx, actor.id, step))) {
      throw badRequest(twoFactorMessages.codeInvalid, { code: twoFactorMessages.codeInvalid });
    }
    await tx.query('UPDATE users SET two_factor_enabled_at = now(), updated_at = now() WHERE id = $1', [actor.id]);
    // Sessions opened before the second factor existed are not trusted to have passed it.
    await deleteUserSessions(tx, actor.id, actor.sessionId);
    const recoveryCodes = await replaceRecoveryCodes(tx, actor.id);
    const after = await readTwoFactor(tx, actor.id);
    await recordAudit(tx, { actorId: actor.id, action: 'TWO_FACTOR_ENABLE', entityType: 'user', entityId: actor.id, before: statusOf(row), after: statusOf(after), ip: actor.ip });
    return { status: statusOf(after), recoveryCodes };
  });
}

/**
 * Turns two-factor off: needs the password and a current code, so a session left open on a shared
 * computer is not enough. Every other session of the admin ends.
 */
export async function disableTwoFactor(
  db: Database,
  actor: Actor & { sessionId: string },
  body: { password: string; code: string },
): Promise<TwoFactorStatus> {
  // The slow password check runs before the transaction: it needs no lock.
  const user = (await findUserById(db, actor.id))!;
  const passwordRight = await verifyPassword(user.password_hash, body.password);
  return db.transaction(async (tx) => {
    const row = await readTwoFactor(tx, actor.id, true);
    if (row.two_factor_enabled_at === null || row.two_factor_secret === null) throw conflict(twoFactorMessages.notEnabled);
    const errors: FieldErrors = {};
    if (!passwordRight) errors.password = twoFactorMessages.passwordWrong;
    const step = await matchCode(row.two_factor_secret, body.code, { afterStep: lastStepOf(row) });
    if (step === undefined) errors.code = twoFactorMessages.codeInvalid;
    if (errors.password || errors.code) throw badRequest(errors.password ?? errors.code!, errors);
    if (!(await claimStep(tx, actor.id, step!))) throw badRequest(twoFactorMessages.codeInvalid, { code: twoFactorMessages.codeInvalid });
    await tx.query(
      'UPDATE users SET two_factor_secret = NULL, two_factor_enabled_at = NULL, two_factor_last_step = NULL, updated_at = now() WHERE id = $1',
      [actor.id],
    );
    await deleteRecoveryCodes(tx, actor.id);
    await deleteUserSessions(tx, actor.id, actor.sessionId);
    const after = await readTwoFactor(tx, actor.id);
    await recordAudit(tx, { actorId: actor.id, action: 'TWO_FACTOR_DISABLE', entityType: 'user', entityId: actor.id, before: statusOf(row), after: statusOf(after), ip: actor.ip });
    return statusOf(after);
  });
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
      `INSERT INTO audit_log (actor_id, action, entity_type, entity_id, before_data, after_data) VALUES (NULL, 'TWO_FACTOR_DISABLE', 'user', $1, $2::jsonb, $3::jsonb)`,
      [userId, JSON.stringify(statusOf(row)), JSON.stringify({ enabled: false, enabledAt: null, pending: false })],
    );
    return true;
  });
}
