/**
 * In-app notifications (RULES §11), written in the transaction of the event they tell of, in the
 * recipient's own language: both texts are given, and the insert picks one by `users.language`, so no
 * caller has to read it first.
 */
import type { NotificationType } from '../../contract/notifications.ts';
import type { Queryable } from '../db/database.ts';
import { sqlEscapeHtml } from '../mail/sql-text.ts';
import { noticeEmailParts, type Language, type NoticeText } from '../mail/layout.ts';

export type NewNotification = { type: NotificationType; text: (language: Language) => NoticeText; data?: Record<string, string> };

/** $2 … $5: the English and the Urdu title and message. */
function textParams(n: NewNotification): string[] {
  const en = n.text('en');
  const ur = n.text('ur');
  return [en.title, ur.title, en.message, ur.message];
}
const TITLE = `CASE WHEN u.language = 'ur' THEN $3 ELSE $2 END`;
const MESSAGE = `CASE WHEN u.language = 'ur' THEN $5 ELSE $4 END`;

export async function notifyUser(q: Queryable, userId: string, n: NewNotification): Promise<void> {
  await q.write(
    `INSERT INTO notifications (user_id, type, title, message, data)
     SELECT u.id, $1, ${TITLE}, ${MESSAGE}, $6::jsonb FROM users u WHERE u.id = $7`,
    [n.type, ...textParams(n), JSON.stringify(n.data ?? {}), userId],
  );
}

/** Tells every active administrator, in one statement. */
export async function notifyAdmins(q: Queryable, n: NewNotification): Promise<void> {
  await q.write(
    `INSERT INTO notifications (user_id, type, title, message, data)
     SELECT u.id, $1, ${TITLE}, ${MESSAGE}, $6::jsonb FROM users u WHERE u.role = 'ADMIN' AND u.is_active AND NOT u.is_blocked`,
    [n.type, ...textParams(n), JSON.stringify(n.data ?? {})],
  );
}

/**
 * Tells every active member of a group, in one statement each for the notices and the emails (in the
 * member's language, greeted by name, with a link into the app): a draw committed or voided. Answers
 * how many members were told.
 */
export async function notifyGroupMembers(q: Queryable, groupId: string, n: NewNotification, link: string): Promise<number> {
  // Each language's email, both parts, around the member's name, which the statement puts in (escaped in the HTML).
  const around = (language: Language) => {
    const email = noticeEmailParts(language, NAME_HOLE, n.text(language).message, link);
    return [...email.text.split(NAME_HOLE), ...email.html.split(NAME_HOLE)];
  };
  const { rows } = await q.query<{ told: number }>(
    `WITH members AS (
       SELECT u.id, u.email, u.name, u.language FROM group_members m JOIN users u ON u.id = m.user_id WHERE m.group_id = $1 AND m.status = 'ACTIVE'
     ),
     notified AS (
       INSERT INTO notifications (user_id, type, title, message, data)
       SELECT id, $2, CASE WHEN language = 'ur' THEN $4 ELSE $3 END, CASE WHEN language = 'ur' THEN $6 ELSE $5 END, $7::jsonb FROM members
     ),
     mailed AS (
       INSERT INTO email_outbox (to_address, subject, text_body, html_body)
       SELECT email, CASE WHEN language = 'ur' THEN $4 ELSE $3 END,
         CASE WHEN language = 'ur' THEN $12 || name || $13 ELSE $8 || name || $9 END,
         CASE WHEN language = 'ur' THEN $14 || ${sqlEscapeHtml('name')} || $15 ELSE $10 || ${sqlEscapeHtml('name')} || $11 END
       FROM members
     )
     SELECT count(*)::int AS told FROM members`,
    [groupId, n.type, ...textParams(n), JSON.stringify(n.data ?? {}), ...around('en'), ...around('ur')],
  );
  return rows[0].told;
}

/** Where a member's name goes in an email text: a character no text holds. */
const NAME_HOLE = '\u0000';
