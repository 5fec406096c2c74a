/**
 * The signed-in user's own profile (admin document §2 Profile; member profile): name, phone and CNIC
 * change at once; a new email changes only once its owner opens the link sent to it; a password
 * change needs the current password and signs out every other session.
 */
import { authMessages } from '../../contract/accounts.ts';
import { userMessages } from '../../contract/users.ts';
import { deleteUserSessions } from '../accounts/sessions.ts';
import { refuseCommonPassword } from '../accounts/common-passwords.ts';
import { generateToken, hashPassword, hashToken, verifyPassword } from '../accounts/secrets.ts';
import { findUserById, toPublicUser, type UserRow } from '../accounts/users.ts';
import { isUniqueViolation, type Database } from '../db/database.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { enqueueEmail } from '../mail/outbox.ts';

const CHANGE_EMAIL_HOURS = 24;

export async function updateProfile(
  deps: { db: Database; appUrl: string; mailQueued: () => void },
  userId: string,
  body: { name: string; email: string; phone?: string; cnic?: string; emailReminders?: boolean },
) {
  try {
    const result = await deps.db.transaction(async (tx) => {
      const { rows } = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const before = rows[0];
      await tx.query('UPDATE users SET name = $2, phone = $3, cnic = $4, email_reminders = coalesce($5, email_reminders), updated_at = now() WHERE id = $1', [
        userId,
        body.name,
        body.phone ?? null,
        body.cnic ?? null,
        body.emailReminders ?? null,
      ]);
      let emailChangePending = false;
      if (body.email !== before.email) {
        const taken = await tx.query('SELECT 1 FROM users WHERE email = $1', [body.email]);
        if (taken.rowCount > 0) throw conflict(authMessages.emailTaken, { email: authMessages.emailTaken });
        await tx.query(`UPDATE user_tokens SET used_at = now() WHERE user_id = $1 AND purpose = 'CHANGE_EMAIL' AND used_at IS NULL`, [userId]);
        const token = generateToken();
        await tx.query(
          `INSERT INTO user_tokens (user_id, purpose, token_hash, expires_at, new_email) VALUES ($1, 'CHANGE_EMAIL', $2, now() + make_interval(hours => $3), $4)`,
          [userId, hashToken(token), CHANGE_EMAIL_HOURS, body.email],
        );
        const link = `${deps.appUrl}/verify-email?token=${encodeURIComponent(token)}&email=${encodeURIComponent(body.email)}`;
        await enqueueEmail(tx, {
          to: body.email,
          subject: 'Confirm your new email address',
          text: `Assalam-o-Alaikum ${body.name},\n\nPlease confirm that this is your new email address for Umrah Committee:\n\n${link}\n\nThe link expires in 24 hours. Until then you sign in with ${before.email}.\n\nUmrah Committee`,
        });
        emailChangePending = true;
      }
      return { user: toProfileUser((await findUserById(tx, userId))!), emailChangePending };
    });
    if (result.emailChangePending) deps.mailQueued();
    return result;
  } catch (error) {
    if (isUniqueViolation(error, 'users_cnic_key')) throw conflict(authMessages.cnicTaken, { cnic: authMessages.cnicTaken });
    throw error;
  }
}

export async function changePassword(db: Database, user: { id: string; sessionId: string }, body: { currentPassword: string; newPassword: string }) {
  const row = (await findUserById(db, user.id))!;
  if (!(await verifyPassword(row.password_hash, body.currentPassword))) {
    throw badRequest(userMessages.currentPasswordWrong, { currentPassword: userMessages.currentPasswordWrong });
  }
  refuseCommonPassword(body.newPassword, 'newPassword');
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [user.id, passwordHash]);
    // This device stays signed in; every other session ends.
    await deleteUserSessions(tx, user.id, user.sessionId);
  });
}

/** One's own account as the profile shows it: the public fields and the reminder emails choice. */
export function toProfileUser(row: UserRow) {
  return { ...toPublicUser(row), emailReminders: row.email_reminders };
}
