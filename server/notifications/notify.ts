/** In-app notifications (RULES §11), written in the transaction of the event they tell of. */
import type { Queryable } from '../db/database.ts';

export type NewNotification = { type: string; title: string; message: string; data?: Record<string, string> };

export async function notifyUser(q: Queryable, userId: string, n: NewNotification): Promise<void> {
  await q.query('INSERT INTO notifications (user_id, type, title, message, data) VALUES ($1, $2, $3, $4, $5::jsonb)', [
    userId,
    n.type,
    n.title,
    n.message,
    JSON.stringify(n.data ?? {}),
  ]);
}

/** Tells every active administrator, in one statement. */
export async function notifyAdmins(q: Queryable, n: NewNotification): Promise<void> {
  await q.query(
    `INSERT INTO notifications (user_id, type, title, message, data)
     SELECT id, $1, $2, $3, $4::jsonb FROM users WHERE role = 'ADMIN' AND is_active AND NOT is_blocked`,
    [n.type, n.title, n.message, JSON.stringify(n.data ?? {})],
  );
}
