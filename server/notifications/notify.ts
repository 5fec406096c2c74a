/**
 * In-app notifications (RULES §11), written in the transaction of the event they tell of, in the
 * recipient's own language: both texts are given, and the insert picks one by `users.language`, so no
 * caller has to read it first.
 */
import type { Queryable } from '../db/database.ts';
import type { Language, NoticeText } from '../mail/templates.ts';

export type NewNotification = { type: string; text: (language: Language) => NoticeText; data?: Record<string, string> };

/** $2 … $5: the English and the Urdu title and message. */
function textParams(n: NewNotification): string[] {
  const en = n.text('en');
  const ur = n.text('ur');
  return [en.title, ur.title, en.message, ur.message];
}
const TITLE = `CASE WHEN u.language = 'ur' THEN $3 ELSE $2 END`;
const MESSAGE = `CASE WHEN u.language = 'ur' THEN $5 ELSE $4 END`;

export async function notifyUser(q: Queryable, userId: string, n: NewNotification): Promise<void> {
  await q.query(
    `INSERT INTO notifications (user_id, type, title, message, data)
     SELECT u.id, $1, ${TITLE}, ${MESSAGE}, $6::jsonb FROM users u WHERE u.id = $7`,
    [n.type, ...textParams(n), JSON.stringify(n.data ?? {}), userId],
  );
}

/** Tells every active administrator, in one statement. */
export async function notifyAdmins(q: Queryable, n: NewNotification): Promise<void> {
  await q.query(
    `INSERT INTO notifications (user_id, type, title, message, data)
     SELECT u.id, $1, ${TITLE}, ${MESSAGE}, $6::jsonb FROM users u WHERE u.role = 'ADMIN' AND u.is_active AND NOT u.is_blocked`,
    [n.type, ...textParams(n), JSON.stringify(n.data ?? {})],
  );
}
