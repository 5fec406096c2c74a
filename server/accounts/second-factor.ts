/**
 * The second factor as every caller checks it: a time-based code's match and single use, the lock
 * after wrong codes in a row, and step-up (decision 047): the proof that the person at a signed-in
 * session is the owner, asked for by each change that could take the account over.
 *
 * Wrong codes in a row are counted per account in the database (second_factor_failures), so the
 * count holds across servers: after MAX_WRONG_CODES the second step is locked for LOCK_MINUTES, at
 * sign-in and on every step-up, even for the right code, and the owner is emailed once. A right code
 * deletes the count. The count is written in a transaction of its own: the refused request's
 * transaction is rolled back, its wrong code must still count.
 */
import { verify } from 'otplib';
import { twoFactorMessages } from '../../contract/accounts.ts';
import { stepUpMessages } from '../../contract/account-messages.ts';
import { userMessages } from '../../contract/users.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError, badRequest, type FieldErrors } from '../http/errors.ts';
import type { Language } from '../mail/layout.ts';
import { verifyPassword } from './secrets.ts';
import { deviceOf, noticeOwner } from './security-notices.ts';
import { findUserById } from './users.ts';

export const TWO_FACTOR_PERIOD_SECONDS = 30;
/** One step either side: a phone clock a little off, or a code typed just as it changes. */
const TOLERANCE_SECONDS = TWO_FACTOR_PERIOD_SECONDS;
/** Wrong codes in a row before the second step locks: a person mistypes once or twice, a guesser needs ~500,000. */
export const MAX_WRONG_CODES = 5;
export const LOCK_MINUTES = 15;

export type TwoFactorRow = {
  two_factor_secret: string | null;
  two_factor_enabled_at: Date | string | null;
  two_factor_last_step: string | number | null;
};

const nowInSeconds = () => Math.floor(Date.now() / 1000);

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
export async function claimStep(q: Queryable, userId: string, step: number): Promise<boolean> {
  const { rowCount } = await q.write(
    `UPDATE users SET two_factor_last_step = $2
     WHERE id = $1 AND two_factor_secret IS NOT NULL AND (two_factor_last_step IS NULL OR two_factor_last_step < $2)`,
    [userId, step],
  );
  return rowCount > 0;
}

export async function readTwoFactor(q: Queryable, userId: string, lock = false): Promise<TwoFactorRow> {
  const { rows } = await q.query<TwoFactorRow>(
    `SELECT two_factor_secret, two_factor_enabled_at, two_factor_last_step FROM users WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  if (!rows[0]) throw new Error('two-factor state of a user that does not exist');
  return rows[0];
}

export const lastStepOf = (row: TwoFactorRow) => (row.two_factor_last_step === null ? null : Number(row.two_factor_last_step));

export const twoFactorIsOn = (row: TwoFactorRow) => row.two_factor_enabled_at !== null && row.two_factor_secret !== null;

/** Who is asking, from where, and what to do when their wrong code starts a lock (log it). */
export type SecondStepClient = Pick<Actor, 'ip' | 'userAgent'> & { onLocked?: () => void };

/**
 * 429 while the account's second step is locked: the answer says when to try again (`retryAt`, and
 * Retry-After in seconds), by the database's clock, the one every server shares.
 */
export async function refuseWhileLocked(q: Queryable, userId: string): Promise<void> {
  const { rows } = await q.query<{ locked_until: Date | string; seconds: number }>(
    `SELECT locked_until, ceil(extract(epoch FROM locked_until - now()))::int AS seconds FROM second_factor_failures WHERE user_id = $1 AND locked_until > now()`,
    [userId],
  );
  if (!rows[0]) return;
  throw new AppError(429, twoFactorMessages.locked, undefined, { retryAt: new Date(rows[0].locked_until).toISOString() }, Math.max(1, Number(rows[0].seconds)));
}

/**
 * Counts one wrong code for the account, in its own transaction. The one that makes it
 * MAX_WRONG_CODES in a row locks the second step, records it in the audit trail and emails the owner:
 * the row is locked by the count's own UPDATE, so of two wrong codes at once only one starts the lock.
 */
export async function countWrongCode(
  db: Database,
  user: { id: string; email: string; name: string; language: Language },
  client: SecondStepClient,
  mailQueued: () => void,
): Promise<void> {
  const locked = await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO second_factor_failures AS f (user_id, failures) VALUES ($1, 1)
       ON CONFLICT (user_id) DO UPDATE SET failures = f.failures + 1, updated_at = now()`,
      [user.id],
    );
    const { rows } = await tx.query<{ locked_until: Date }>(
      `UPDATE second_factor_failures SET failures = 0, locked_until = now() + make_interval(mins => $3), updated_at = now()
       WHERE user_id = $1 AND failures >= $2 RETURNING locked_until`,
      [user.id, MAX_WRONG_CODES, LOCK_MINUTES],
    );
    if (!rows[0]) return false;
    await recordAudit(tx, {
      actorId: user.id,
      action: 'TWO_FACTOR_LOCKED',
      entityType: 'user',
      entityId: user.id,
      after: { wrongCodesInARow: MAX_WRONG_CODES, lockedUntil: new Date(rows[0].locked_until).toISOString() },
      ip: client.ip,
      security: true,
      device: deviceOf(client.userAgent),
    });
    await noticeOwner(tx, user, { kind: 'twoFactorLocked' }, client);
    return true;
  });
  if (locked) {
    mailQueued();
    client.onLocked?.();
  }
}

/** A right code ends the run of wrong ones; called in the transaction that uses the code. */
export async function clearWrongCodes(q: Queryable, userId: string): Promise<void> {
  await q.write('DELETE FROM second_factor_failures WHERE user_id = $1', [userId]);
}

/** What a step-up proof carries: the current password, and the current code when two-factor is on. */
export type StepUpProof = { password?: string; code?: string };

/** The names of the proof's fields in the route's body, and the text for a wrong password there. */
export type StepUpFields = { password: string; code: string; passwordWrong: string };

/** The fields most changes use: `currentPassword` and `code`. */
export const STEP_UP_FIELDS: StepUpFields = { password: 'currentPassword', code: 'code', passwordWrong: userMessages.currentPasswordWrong };

/** A proven step-up: the code's time step still to be used up with the change (none when two-factor is off). */
export type StepUpClaim = { userId: string; step?: number; fields: StepUpFields };

/**
 * Step-up (decision 047): a session alone is not enough for a change that could take the account
 * over. Asks for the current password, and the current code when two-factor sign-in is on; refuses
 * a missing or wrong one with 400 and a field error on it (never 401: that means a dead session to
 * the web, which would sign the person out). A wrong code counts towards the lock; while it is
 * locked, 429 even for the right code. The password check is slow and needs no lock: it runs before
 * the change's transaction, which then claims the code (claimStepUp).
 */
export async function proveStepUp(
  deps: { db: Database; mailQueued: () => void },
  actor: Actor & SecondStepClient,
  proof: StepUpProof,
  fields: StepUpFields = STEP_UP_FIELDS,
): Promise<StepUpClaim> {
  const user = await findUserById(deps.db, actor.id);
  if (!user) throw new Error('step-up of a user that does not exist');
  const row = await readTwoFactor(deps.db, actor.id);
  const codeNeeded = twoFactorIsOn(row);
  if (codeNeeded) await refuseWhileLocked(deps.db, actor.id);

  const errors: FieldErrors = {};
  if (!proof.password) errors[fields.password] = stepUpMessages.passwordRequired;
  if (codeNeeded && !proof.code) errors[fields.code] = twoFactorMessages.codeRequired;
  if (Object.keys(errors).length > 0) throw badRequest(errors[fields.password] ?? errors[fields.code], errors);

  if (!(await verifyPassword(user.password_hash, proof.password!))) errors[fields.password] = fields.passwordWrong;
  let step: number | undefined;
  if (codeNeeded) {
    step = await matchCode(row.two_factor_secret!, proof.code!, { afterStep: lastStepOf(row) });
    if (step === undefined) {
      errors[fields.code] = twoFactorMessages.codeInvalid;
      await countWrongCode(deps.db, user, actor, deps.mailQueued);
    }
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors[fields.password] ?? errors[fields.code], errors);
  return { userId: actor.id, step, fields };
}

/**
 * Uses up the step-up's code inside the change's transaction (a replay, even at the same moment, is
 * refused) and ends the run of wrong codes.
 */
export async function claimStepUp(q: Queryable, claim: StepUpClaim): Promise<void> {
  if (claim.step === undefined) return;
  if (!(await claimStep(q, claim.userId, claim.step))) {
    throw badRequest(twoFactorMessages.codeInvalid, { [claim.fields.code]: twoFactorMessages.codeInvalid });
  }
  await clearWrongCodes(q, claim.userId);
}
