import type { Database } from '../db/database.ts';
import { isOverdueSql, type BusinessDay } from './figures.ts';

/**
 * Records the instalments that are overdue (RULES §6a: owed after the grace day, read from the date by
 * the one module of definitions) and announces each once. A PENDING one becomes OVERDUE in its status
 * column; a REJECTED one keeps its status and reason. Overdue figures never wait for this job: it only
 * records and notifies. One statement changes the rows and, from the same rows, writes the notifications
 * and emails: run twice, or on two servers at once, each instalment is announced once.
 */
export async function markOverdueInstalments(db: Database, day: BusinessDay, appUrl: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH marked AS (
       UPDATE payments p SET status = CASE WHEN p.status = 'PENDING' THEN 'OVERDUE' ELSE p.status END, overdue_notified_at = now(), updated_at = now()
       FROM users u
       WHERE u.id = p.user_id AND p.type = 'INSTALMENT' AND p.status <> 'PAID' AND p.overdue_notified_at IS NULL
         AND p.due_date < DATE '${day.today}' AND ${isOverdueSql(day)}
       RETURNING p.id, p.user_id, p.month, p.year, u.email, u.name
     ), notified AS (
       INSERT INTO notifications (user_id, type, title, message, data)
       SELECT user_id, 'INSTALMENT_OVERDUE', 'Payment overdue',
         'Your payment for ' || to_char(make_date(year, month, 1), 'FMMonth YYYY') || ' is overdue. Please pay it as soon as you can.',
         jsonb_build_object('paymentId', id)
       FROM marked
     ), mailed AS (
       INSERT INTO email_outbox (to_address, subject, text_body)
       SELECT email, 'Payment overdue',
         'Assalam-o-Alaikum ' || name || E',\\n\\nYour payment for ' || to_char(make_date(year, month, 1), 'FMMonth YYYY') ||
         E' is overdue. Please pay it as soon as you can.\\n\\n' || $1 || E'/dashboard\\n\\nUmrah Committee'
       FROM marked
     )
     SELECT count(*)::int AS n FROM marked`,
    [appUrl],
  );
  return rows[0].n;
}
