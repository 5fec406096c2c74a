/**
 * The signed-in user's own profile (admin document §2 Profile; member profile): name, phone and CNIC
 * change at once; a new email changes only once its owner opens the link sent to it; a password
 * change needs the current password and signs out every other session.
 */
import { stepUpMessages, type Language } from '../../contract/accounts.ts';
import { deleteUserSessions } from '../accounts/sessions.ts';
import { refuseCommonPassword } from '../lib/common-passwords.ts';
import { generateToken, hashPassword, hashToken } from '../accounts/secrets.ts';
import { findUserByEmail, findUserById, toOwnUser, type UserRow } from '../accounts/users.ts';
import { claimStepUp, proveStepUp, type SecondStepClient, type StepUpClaim } from '../accounts/second-factor.ts';
import { noticeOwner, securityChangeBy } from '../accounts/security-notices.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { isUniqueViolation, type Database } from '../db/database.ts';
import { badRequest } from '../http/errors.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { confirmNewEmailEmail, emailInUseNoticeEmail } from './profile-emails.ts';
import { announceCnicClaim } from '../users/cnic-claims.ts';
import { forgetPhoneCode, isSamePhone } from './phone-confirmation-service.ts';

const CHANGE_EMAIL_HOURS = 24;

/**
 * Never tells the caller that an email or CNIC belongs to someone (as registration does not):
 * - a new email that another account has is answered exactly as a free one ("we sent a link"); its
 *   owner gets a notice without a link and without anything of the caller, and the caller's earlier
 *   pending link stops working in both cases;
 * - a CNIC that another account has is answered exactly as a free one too: the same status, message
 *   and code, and the caller's account, in this answer and in every later view of their own (profile,
 *   /auth/me, sign-in), shows the CNIC they typed, as it would had it been free. It is not saved as
 *   theirs: it is held for an administrator (users/cnic-claims.ts), and the account that has it is told.
 *   Showing the caller their old CNIC instead would be the very answer that says "taken". What differs
 *   is only what the server does next (an audit row, notices, an email to the holder), never the answer;
 *   the caller learns the outcome only when an administrator decides.
 *
 * A new email takes the account's mail (and with it password resets), so asking for one needs the
 * current password, and the current code when two-factor is on (step-up, decision 047); the current
 * address is told at once, whatever the new one is.
 */
export async function updateProfile(
  deps: { db: Database; appUrl: string; mailQueued: () => void },
  actor: Actor & SecondStepClient,
  body: { name: string; email: string; phone?: string; cnic?: string; emailReminders?: boolean; currentPassword?: string; code?: string },
) {
  const current = await findUserById(deps.db, actor.id);
  // Only a change of email asks for the proof; name, phone, CNIC and reminders need the session alone.
  const proof = current && body.email !== current.email ? await proveStepUp(deps, actor, { password: body.currentPassword, code: body.code }) : undefined;
  // A CNIC that another account takes between the check and the write is refused by the unique index:
  // the edit is made again, and then finds it taken like any other. Answered alike either way.
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await updateOnce(deps, actor, body, proof);
      if (result.mailQueued) deps.mailQueued();
      return { user: result.user, emailChangePending: result.emailChangePending };
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error, 'users_cnic_key')) continue;
      throw error;
    }
  }
}

async function updateOnce(
  deps: { db: Database; appUrl: string },
  actor: Actor & SecondStepClient,
  body: { name: string; email: string; phone?: string; cnic?: string; emailReminders?: boolean },
  proof: StepUpClaim | undefined,
) {
  const userId = actor.id;
  return deps.db.transaction(async (tx) => {
    const { rows } = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const before = rows[0];
    let mailQueued = false;
    // What is stored: the CNIC asked for when free (or already theirs); else the one they had, with the
    // one asked for held. Asking again for the CNIC already held (the form sends back what it shows)
    // keeps it held and tells nobody twice; asking for none, or another, ends the hold.
    let cnic = body.cnic ?? null;
    let claim: string | null = null;
    let holder: UserRow | undefined;
    if (cnic !== null && cnic !== before.cnic) {
      holder = (await tx.query<UserRow>('SELECT * FROM users WHERE cnic = $1 AND id <> $2', [cnic, userId])).rows[0];
      if (holder) {
        claim = cnic;
        cnic = before.cnic;
      }
    }
    // Another number is not confirmed: its owner must type back a code sent to it before anything else
    // goes there, and a code sent to the old number no longer confirms anything.
    const phoneChanged = !isSamePhone(before.phone, body.phone ?? null);
    await tx.query(
      `UPDATE users SET name = $2, phone = $3, cnic = $4, email_reminders = coalesce($5, email_reminders), cnic_claim = $6,
         cnic_claimed_at = CASE WHEN $6::text IS NULL THEN NULL WHEN $6::text IS DISTINCT FROM cnic_claim THEN now() ELSE cnic_claimed_at END,
         phone_confirmed_at = CASE WHEN $7 THEN NULL ELSE phone_confirmed_at END,
         updated_at = now()
       WHERE id = $1`,
      [userId, body.name, body.phone ?? null, cnic, body.emailReminders ?? null, claim, phoneChanged],
    );
    if (phoneChanged) await forgetPhoneCode(tx, userId);
    if (holder && claim !== before.cnic_claim) {
      await announceCnicClaim(tx, deps.appUrl, { id: userId, name: body.name, cnic: before.cnic, ip: actor.ip }, claim!, holder);
      mailQueued = true;
    }
    let emailChangePending = false;
    if (body.email !== before.email) {
      // The proof was asked for when the email read before differed; one changed in between asks again.
      if (!proof) throw badRequest(stepUpMessages.passwordRequired, { currentPassword: stepUpMessages.passwordRequired });
      await claimStepUp(tx, proof);
      await recordAudit(tx, {
        ...securityChangeBy(actor),
        action: 'EMAIL_CHANGE_REQUEST',
        entityType: 'user',
        entityId: userId,
        before: { email: before.email },
      });
      await noticeOwner(tx, before, { kind: 'emailChangeRequested', newEmail: body.email }, actor);
      // Whatever the new address, a link sent before for another one stops working.
      await tx.query(`UPDATE user_tokens SET used_at = now() WHERE user_id = $1 AND purpose = 'CHANGE_EMAIL' AND used_at IS NULL`, [userId]);
      const owner = await findUserByEmail(tx, body.email);
      if (owner) {
        await enqueueEmail(tx, emailInUseNoticeEmail(owner.email, owner.name, `${deps.appUrl}/login`, owner.language));
      } else {
        const token = generateToken();
        await tx.query(
          `INSERT INTO user_tokens (user_id, purpose, token_hash, expires_at, new_email) VALUES ($1, 'CHANGE_EMAIL', $2, now() + make_interval(hours => $3), $4)`,
          [userId, hashToken(token), CHANGE_EMAIL_HOURS, body.email],
        );
        const link = `${deps.appUrl}/verify-email?token=${encodeURIComponent(token)}&email=${encodeURIComponent(body.email)}`;
        // The new address is not yet proven to be the caller's: the email carries no name. It is the caller's language that reads it.
        await enqueueEmail(tx, confirmNewEmailEmail(body.email, link, before.email, before.language));
      }
      emailChangePending = true;
      mailQueued = true;
    }
    return { user: toProfileUser((await findUserById(tx, userId))!), emailChangePending, mailQueued };
  });
}

/**
 * The language the signed-in user's emails and notifications are written in. Not a profile change the
 * throttle counts: it sends nothing and touches no credential.
 */
export async function setLanguage(db: Database, userId: string, language: Language) {
  const { rows } = await db.write<UserRow>('UPDATE users SET language = $2, updated_at = now() WHERE id = $1 RETURNING *', [userId, language]);
  return toProfileUser(rows[0]);
}

/**
 * Needs the current password, and the current code when two-factor is on (step-up); this device stays
 * signed in, every other session ends, and the owner is emailed a security notice.
 */
export async function changePassword(
  deps: { db: Database; mailQueued: () => void },
  actor: Actor & SecondStepClient & { sessionId: string },
  body: { currentPassword: string; newPassword: string; code?: string },
) {
  const claim = await proveStepUp(deps, actor, { password: body.currentPassword, code: body.code });
  refuseCommonPassword(body.newPassword, 'newPassword');
  const passwordHash = await hashPassword(body.newPassword);
  await deps.db.transaction(async (tx) => {
    await claimStepUp(tx, claim);
    const { rows } = await tx.query<UserRow>('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1 RETURNING *', [actor.id, passwordHash]);
    // This device stays signed in; every other session ends.
    await deleteUserSessions(tx, actor.id, actor.sessionId);
    await recordAudit(tx, { ...securityChangeBy(actor), action: 'PASSWORD_CHANGE', entityType: 'user', entityId: actor.id });
    await noticeOwner(tx, rows[0], { kind: 'passwordChanged' }, actor);
  });
  deps.mailQueued();
}

/** One's own account as the profile shows it: the public fields (a held CNIC as theirs, toOwnUser), the reminder emails choice, and whether the phone is confirmed. */
export function toProfileUser(row: UserRow) {
  return { ...toOwnUser(row), emailReminders: row.email_reminders, phoneConfirmed: row.phone_confirmed_at !== null };
}
