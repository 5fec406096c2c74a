/**
 * The account rules of RULES §3: registration with referral links, email verification, login,
 * password reset, and the first administrator. Each operation is one transaction.
 */
import {
  accountMessages,
  authMessages,
  type LoginBody,
  type PublicUser,
  type RegisterBody,
  type ResetPasswordBody,
} from '../../contract/accounts.ts';
import { isUniqueViolation, type Database, type Queryable } from '../db/database.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../http/errors.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { alreadyRegisteredEmail, cnicTakenEmail, passwordResetEmail, verificationEmail } from './account-emails.ts';
import { refuseCommonPassword } from '../lib/common-passwords.ts';
import { generateReferralCode, generateToken, hashPassword, hashToken, spendPasswordCheckTime, verifyPassword } from './secrets.ts';
import { createSession, deleteUserSessions } from './sessions.ts';
import { checkLoginCode, claimLoginCode } from './two-factor.ts';
import type { SecondStepClient } from './second-factor.ts';
import { deviceOf, noticeOwner } from './security-notices.ts';
import { recordAudit } from '../audit/audit.ts';
import { findUserByEmail, findUserByReferralCode, toOwnUser, toPublicUser, type UserRow } from './users.ts';

export type AccountDeps = {
  db: Database;
  appUrl: string;
  sessionDays: number;
  /** Called after a transaction that queued mail has committed, so the worker sends it soon. */
  mailQueued: () => void;
};

const VERIFY_EMAIL_HOURS = 24;
const RESET_PASSWORD_HOURS = 1;

type TokenPurpose = 'VERIFY_EMAIL' | 'RESET_PASSWORD';

/** Issues a new one-time link token; earlier unused tokens of the same purpose stop working. */
async function issueUserToken(q: Queryable, userId: string, purpose: TokenPurpose, hours: number): Promise<string> {
  await q.write('UPDATE user_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [userId, purpose]);
  const token = generateToken();
  await q.write(
    `INSERT INTO user_tokens (user_id, purpose, token_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
    [userId, purpose, hashToken(token), hours],
  );
  return token;
}

/** Uses a one-time token: one statement, so two simultaneous uses cannot both succeed. */
async function consumeUserToken(q: Queryable, token: string, purpose: TokenPurpose): Promise<string | undefined> {
  const { rows } = await q.write<{ user_id: string }>(
    `UPDATE user_tokens SET used_at = now()
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
     RETURNING user_id`,
    [hashToken(token), purpose],
  );
  return rows[0]?.user_id;
}

async function queueVerificationEmail(deps: AccountDeps, q: Queryable, user: Pick<UserRow, 'id' | 'email' | 'language'>) {
  const token = await issueUserToken(q, user.id, 'VERIFY_EMAIL', VERIFY_EMAIL_HOURS);
  const link = `${deps.appUrl}/verify-email?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  await enqueueEmail(q, verificationEmail(user.email, link, user.language));
}

/**
 * Registration answers the same whether or not the email or CNIC is taken (no account enumeration):
 * the owner of a taken email is told by email, and a new address whose CNIC is taken is told why
 * its account was not created. Either way the same mail is queued and the password hashed, so the
 * answer takes about as long.
 */
export async function registerUser(deps: AccountDeps, input: RegisterBody): Promise<void> {
  refuseCommonPassword(input.password, 'password');
  // The address is not proven yet: its emails (verification, CNIC taken) are in the language the registrant chose.
  const language = input.language ?? 'en';
  // Hash before the transaction: it is the slow part and needs no lock.
  const passwordHash = await hashPassword(input.password);
  try {
    await deps.db.transaction(async (tx) => {
      const referrer = input.referralCode ? await findUserByReferralCode(tx, input.referralCode) : undefined;
      if (input.referralCode && !referrer) {
        throw badRequest(accountMessages.referralCodeInvalid, { referralCode: accountMessages.referralCodeInvalid });
      }
      const owner = await findUserByEmail(tx, input.email);
      if (owner) return queueAlreadyRegisteredEmail(deps, tx, owner);
      if (input.cnic) {
        const { rowCount } = await tx.query('SELECT 1 FROM users WHERE cnic = $1', [input.cnic]);
        if (rowCount > 0) return enqueueEmail(tx, cnicTakenEmail(input.email, language));
      }
      let created: UserRow | undefined;
      // A referral code collision is unlikely (31^8 codes) but possible: draw again.
      for (let attempt = 0; !created && attempt < 5; attempt++) {
        const { rows } = await tx.query<UserRow>(
          `INSERT INTO users (name, email, phone, cnic, password_hash, referral_code, language)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (referral_code) DO NOTHING RETURNING *`,
          [input.name, input.email, input.phone ?? null, input.cnic ?? null, passwordHash, generateReferralCode(), language],
        );
        created = rows[0];
      }
      if (!created) throw new Error('could not draw a free referral code');
      if (referrer) {
        // Level 1 is the code's owner; levels 2 and 3 are the owner's own level 1 and 2 referrers (RULES §8).
        await tx.query(
          `INSERT INTO referrals (referrer_id, referred_user_id, level)
           SELECT $1::uuid, $2::uuid, 1
           UNION ALL
           SELECT referrer_id, $2::uuid, level + 1 FROM referrals WHERE referred_user_id = $1::uuid AND level <= 2`,
          [referrer.id, created.id],
        );
      }
      await queueVerificationEmail(deps, tx, created);
    });
  } catch (error) {
    // Two registrations with the same email or CNIC at the same moment: the database decides, and
    // the loser is answered like any registration with a taken email or CNIC.
    if (isUniqueViolation(error, 'users_email_key')) {
      await deps.db.transaction(async (tx) => {
        const owner = await findUserByEmail(tx, input.email);
        if (owner) await queueAlreadyRegisteredEmail(deps, tx, owner);
      });
    } else if (isUniqueViolation(error, 'users_cnic_key')) {
      await deps.db.transaction((tx) => enqueueEmail(tx, cnicTakenEmail(input.email, language)));
    } else {
      throw error;
    }
  }
  deps.mailQueued();
}

/** In the owner's language, not the registrant's: the address is the owner's. */
async function queueAlreadyRegisteredEmail(deps: AccountDeps, q: Queryable, owner: Pick<UserRow, 'email' | 'name' | 'language'>) {
  await enqueueEmail(q, alreadyRegisteredEmail(owner.email, owner.name, `${deps.appUrl}/login`, `${deps.appUrl}/forgot-password`, owner.language));
}

/** Answers the id of the account whose address the link proved. */
/**
 * Verifies the address the link was sent to. The same link opened again (a second tap, a reload)
 * finds its account already verified: `already` says so, rather than calling a good link invalid.
 */
export async function verifyEmail(
  deps: AccountDeps,
  token: string,
  client: { ip?: string; userAgent?: string } = {},
): Promise<{ userId: string; already: boolean; emailChanged?: boolean }> {
  const verified = await deps.db.transaction(async (tx): Promise<{ userId: string; emailChanged: boolean } | undefined> => {
    const userId = await consumeUserToken(tx, token, 'VERIFY_EMAIL');
    if (userId) {
      await tx.query('UPDATE users SET email_verified_at = coalesce(email_verified_at, now()), updated_at = now() WHERE id = $1', [userId]);
      return { userId, emailChanged: false };
    }
    // A link sent to a new address confirms the change of email (profile); it is verified by opening it.
    const { rows } = await tx.query<{ user_id: string; new_email: string }>(
      `UPDATE user_tokens SET used_at = now()
       WHERE token_hash = $1 AND purpose = 'CHANGE_EMAIL' AND used_at IS NULL AND expires_at > now() RETURNING user_id, new_email`,
      [hashToken(token)],
    );
    if (!rows[0]) return undefined;
    const taken = await tx.query('SELECT 1 FROM users WHERE email = $1 AND id <> $2', [rows[0].new_email, rows[0].user_id]);
    if (taken.rowCount > 0) throw conflict(authMessages.emailTaken, { email: authMessages.emailTaken });
    const { rows: before } = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [rows[0].user_id]);
    const owner = before[0];
    await tx.query('UPDATE users SET email = $2, email_verified_at = now(), updated_at = now() WHERE id = $1', [rows[0].user_id, rows[0].new_email]);
    // A security change (decision 047): in the trail, and told to the old address (whose owner may not
    // have asked for it) and to the new one.
    await recordAudit(tx, {
      actorId: owner.id,
      action: 'EMAIL_CHANGE',
      entityType: 'user',
      entityId: owner.id,
      before: { email: owner.email },
      after: { email: rows[0].new_email },
      ip: client.ip,
      security: true,
      device: deviceOf(client.userAgent),
    });
    const change = { kind: 'emailChanged', oldEmail: owner.email, newEmail: rows[0].new_email } as const;
    await noticeOwner(tx, owner, change, client, owner.email);
    await noticeOwner(tx, owner, change, client, rows[0].new_email);
    return { userId: owner.id, emailChanged: true };
  });
  if (verified?.emailChanged) deps.mailQueued();
  const verifiedUserId = verified?.userId;
  if (verifiedUserId) return { userId: verifiedUserId, already: false, emailChanged: verified.emailChanged };
  const used = await deps.db.query<{ user_id: string }>(
    `SELECT t.user_id FROM user_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.token_hash = $1 AND t.purpose = 'VERIFY_EMAIL' AND t.used_at IS NOT NULL AND u.email_verified_at IS NOT NULL`,
    [hashToken(token)],
  );
  if (used.rows[0]) return { userId: used.rows[0].user_id, already: true };
  throw badRequest(authMessages.verificationInvalid, { token: authMessages.verificationInvalid });
}

/** Always succeeds for the caller, whether or not the email exists (no account enumeration). */
export async function resendVerification(deps: AccountDeps, email: string): Promise<void> {
  const queued = await deps.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.email_verified_at || user.is_blocked) return false;
    await queueVerificationEmail(deps, tx, user);
    return true;
  });
  if (queued) deps.mailQueued();
}

export async function loginUser(
  deps: AccountDeps,
  input: LoginBody,
  client: SecondStepClient,
): Promise<{ token: string; user: PublicUser }> {
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) {
    await spendPasswordCheckTime(input.password);
    throw unauthorized(authMessages.invalidCredentials);
  }
  if (!(await verifyPassword(user.password_hash, input.password))) throw unauthorized(authMessages.invalidCredentials);
  // An admin with two-factor sign-in on proves the second factor before anything else is told.
  const twoFactorClaim = await checkLoginCode(deps, user, input.code, client);
  // Only someone who knows the password learns the account's state.
  // The administrator's reason is told with the refusal (decision 050): the dialogs that ask for it say
  // the member reads it, and a member who knows why can act on it rather than guess.
  if (user.is_blocked) throw forbidden(authMessages.blocked, user.blocked_reason ? { reason: user.blocked_reason } : undefined);
  if (!user.is_active) throw forbidden(authMessages.inactive, user.inactive_reason ? { reason: user.inactive_reason } : undefined);
  if (!user.email_verified_at) throw forbidden(authMessages.needsVerification, { needsVerification: true, email: user.email });
  const signedIn = await deps.db.transaction(async (tx) => {
    // The code is used up together with the session it opens: a replay, even at the same moment, is refused.
    const usedRecoveryCode = await claimLoginCode(tx, user, twoFactorClaim, client.ip);
    const token = await createSession(tx, user.id, deps.sessionDays, client);
    const { rows } = await tx.query<UserRow>('UPDATE users SET last_login_at = now() WHERE id = $1 RETURNING *', [user.id]);
    return { token, user: toOwnUser(rows[0]), usedRecoveryCode };
  });
  // A recovery code's use is told by email too.
  if (signedIn.usedRecoveryCode) deps.mailQueued();
  return { token: signedIn.token, user: signedIn.user };
}

/** Stands in for the account when there is none: matches no row (ids are random UUIDs, never all zeros). */
const NO_ACCOUNT_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Always succeeds for the caller; the link goes only by email, never in a response (RULES §3).
 *
 * An unknown (or blocked) email does the same work as a known one, so that the time of the answer
 * does not tell them apart: the same statements in the same order, a token drawn and hashed, the
 * message written to the outbox and the worker nudged. Without an account, the token statement
 * matches no user, and the message is taken back in the same transaction: nothing is stored or sent.
 */
export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    const account = user && !user.is_blocked ? user : undefined;
    const userId = account?.id ?? NO_ACCOUNT_ID;
    await tx.query('UPDATE user_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [userId, 'RESET_PASSWORD']);
    const token = generateToken();
    await tx.query(
      `INSERT INTO user_tokens (user_id, purpose, token_hash, expires_at)
       SELECT id, 'RESET_PASSWORD', $2, now() + make_interval(hours => $3) FROM users WHERE id = $1`,
      [userId, hashToken(token), RESET_PASSWORD_HOURS],
    );
    const link = `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const mail = passwordResetEmail(account?.email ?? email, account?.name ?? '', link, account?.language ?? 'en');
    const { rows } = await tx.query<{ id: string }>(
      'INSERT INTO email_outbox (to_address, subject, text_body, html_body) VALUES ($1, $2, $3, $4) RETURNING id',
      [mail.to, mail.subject, mail.text, mail.html ?? null],
    );
    await tx.query('DELETE FROM email_outbox WHERE id = $1 AND $2::boolean', [rows[0].id, !account]);
  });
  deps.mailQueued();
}

/** Answers the id of the account whose password was reset. */
export async function resetPassword(deps: AccountDeps, input: ResetPasswordBody): Promise<string> {
  refuseCommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const resetUserId = await deps.db.transaction(async (tx) => {
    const userId = await consumeUserToken(tx, input.token, 'RESET_PASSWORD');
    if (!userId) return undefined;
    // The link arrived by email, which proves the address as well as a verification link would.
    await tx.query(
      'UPDATE users SET password_hash = $2, email_verified_at = coalesce(email_verified_at, now()), updated_at = now() WHERE id = $1',
      [userId, passwordHash],
    );
    await deleteUserSessions(tx, userId);
    return userId;
  });
  if (!resetUserId) throw badRequest(authMessages.resetInvalid, { token: authMessages.resetInvalid });
  return resetUserId;
}

/**
 * Makes sure an account exists as a verified, active ADMIN. A new account gets the given password;
 * an existing one is promoted and unblocked, and keeps its password unless resetPassword is set.
 *
 * Safe when several servers start together with the same ADMIN_EMAIL: the insert gives way on the
 * unique email (ON CONFLICT DO NOTHING waits for the other transaction, then inserts nothing), and
 * the row the other one made is then read and promoted like any existing account. Every caller
 * succeeds, and exactly one row exists.
 */
export async function ensureAdmin(
  db: Database,
  input: { email: string; password: string; name?: string; resetPassword?: boolean },
): Promise<{ created: boolean; user: PublicUser }> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const promote = async (existing: UserRow) => {
      const { rows } = await tx.query<UserRow>(
        `UPDATE users SET role = 'ADMIN', is_active = true, is_blocked = false, blocked_reason = NULL,
           email_verified_at = coalesce(email_verified_at, now()), updated_at = now(),
           password_hash = CASE WHEN $2 THEN $3 ELSE password_hash END
         WHERE id = $1 RETURNING *`,
        [existing.id, input.resetPassword === true, passwordHash],
      );
      return { created: false, user: toPublicUser(rows[0]) };
    };
    const existing = await findUserByEmail(tx, email);
    if (existing) return promote(existing);
    for (let attempt = 0; attempt < 5; attempt++) {
      // No conflict target: a taken email and a taken referral code both insert nothing, told apart below.
      const { rows } = await tx.query<UserRow>(
        `INSERT INTO users (name, email, password_hash, role, referral_code, email_verified_at)
         VALUES ($1, $2, $3, 'ADMIN', $4, now()) ON CONFLICT DO NOTHING RETURNING *`,
        [input.name ?? 'Administrator', email, passwordHash, generateReferralCode()],
      );
      if (rows[0]) return { created: true, user: toPublicUser(rows[0]) };
      // A new statement sees what the other transaction committed: its row, if the email was the conflict.
      const madeMeanwhile = await findUserByEmail(tx, email);
      if (madeMeanwhile) return promote(madeMeanwhile);
      // Otherwise the referral code was taken: draw again.
    }
    throw new Error('could not draw a free referral code');
  });
}
