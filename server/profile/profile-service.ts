/**
 * The signed-in user's own profile (admin document §2 Profile; member profile): name, phone and CNIC
 * change at once; a new email changes only once its owner opens the link sent to it; a password
 * change needs the current password and signs out every other session.
 */
import { authMessages, stepUpMessages, type Language } from '../../contract/accounts.ts';
import { deleteUserSessions } from '../accounts/sessions.ts';
import { refuseCommonPassword } from '../accounts/common-passwords.ts';
import { generateToken, hashPassword, hashToken } from '../accounts/secrets.ts';
import { findUserByEmail, findUserById, toPublicUser, type UserRow } from '../accounts/users.ts';
import { claimStepUp, proveStepUp, type SecondStepClient } from '../accounts/second-factor.ts';
import { deviceOf, noticeOwner } from '../accounts/security-notices.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { isUniqueViolation, type Database } from '../db/database.ts';
import { badRequest } from '../http/errors.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { confirmNewEmailEmail, emailInUseNoticeEmail } from '../mail/templates.ts';

const CHANGE_EMAIL_HOURS = 24;

/** A CNIC that cannot be saved: the same answer whether another account has it or the database refused it. */
const cnicUnusable = () => badRequest(authMessages.cnicUnusable, { cnic: authMessages.cnicUnusable });

/**
 * Never tells the caller that an email or CNIC belongs to someone (as registration does not):
 * - a new email that another account has is answered exactly as a free one ("we sent a link"); its
 *   owner gets a notice without a link and without anything of the caller, and the caller's earlier
 *   pending link stops working in both cases;
 * - a CNIC another account has is refused with a message that says nothing of why or whose
 *   (`cnicUnusable`), the same as when the database refuses it in a race.
 *
 * A new email takes the account's mail (and with it password resets), so asking for one needs the
 * current password, and the current code when two-factor is on (step-up, decision 045); the current
 * address is told at once, whatever the new one is.
 */
export async function updateProfile(
  deps: { db: Database; appUrl: string; mailQueued: () => void },
  actor: Actor & SecondStepClient,
  body: { name: string; email: string; phone?: string; cnic?: string; emailReminders?: boolean; currentPassword?: string; code?: string },
) {
  const userId = actor.id;
  const current = await findUserById(deps.db, userId);
  // Only a change of email asks for the proof; name, phone, CNIC and reminders need the session alone.
  const claim = current && body.email !== current.email ? await proveStepUp(deps, actor, { password: body.currentPassword, code: body.code }) : undefined;
  try {
    const result = await deps.db.transaction(async (tx) => {
      const { rows } = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const before = rows[0];
      if (body.cnic && body.cnic !== before.cnic) {
        const taken = await tx.query('SELECT 1 FROM users WHERE cnic = $1 AND id <> $2', [body.cnic, userId]);
        if (taken.rowCount > 0) throw cnicUnusable();
      }
      await tx.query('UPDATE users SET name = $2, phone = $3, cnic = $4, email_reminders = coalesce($5, email_reminders), updated_at = now() WHERE id = $1', [
        userId,
        body.name,
        body.phone ?? null,
        body.cnic ?? null,
        body.emailReminders ?? null,
      ]);
      let emailChangePending = false;
      if (body.email !== before.email) {
        // The proof was asked for when the email read before differed; one changed in between asks again.
        if (!claim) throw badRequest(stepUpMessages.passwordRequired, { currentPassword: stepUpMessages.passwordRequired });
        await claimStepUp(tx, claim);
        await recordAudit(tx, {
          actorId: userId,
          action: 'EMAIL_CHANGE_REQUEST',
          entityType: 'user',
          entityId: userId,
          before: { email: before.email },
          ip: actor.ip,
          security: true,
          device: deviceOf(actor.userAgent),
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
      }
      return { user: toProfileUser((await findUserById(tx, userId))!), emailChangePending };
    });
    if (result.emailChangePending) deps.mailQueued();
    return result;
  } catch (error) {
    if (isUniqueViolation(error, 'users_cnic_key')) throw cnicUnusable();
    throw error;
  }
}

/**
 * The language the signed-in user's emails and notifications are written in. Not a profile change the
 * throttle counts: it sends nothing and touches no credential.
 */
export async function setLanguage(db: Database, userId: string, language: Language) {
  const { rows } = await db.query<UserRow>('UPDATE users SET language = $2, updated_at = now() WHERE id = $1 RETURNING *', [userId, language]);
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
    await recordAudit(tx, { actorId: actor.id, action: 'PASSWORD_CHANGE', entityType: 'user', entityId: actor.id, ip: actor.ip, security: true, device: deviceOf(actor.userAgent) });
    await noticeOwner(tx, rows[0], { kind: 'passwordChanged' }, actor);
  });
  deps.mailQueued();
}

/** One's own account as the profile shows it: the public fields and the reminder emails choice. */
export function toProfileUser(row: UserRow) {
  return { ...toPublicUser(row), emailReminders: row.email_reminders };
}
