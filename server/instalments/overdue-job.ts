import type { Database } from '../db/database.ts';
import { isOverdueSql, type BusinessDay } from '../figures/figures.ts';
import { byLanguage, sqlEmail, sqlLiteral, sqlPeriod, sqlText } from '../mail/sql-text.ts';
import { instalmentDecisionNotice } from './instalment-texts.ts';
import { noticeEmailParts, type Language } from '../mail/layout.ts';

/** The admin's OVERDUE notice, with {period} for SQL to fill: the same words in the app and by email. */
const overdue = (language: Language) => instalmentDecisionNotice(language, 'OVERDUE', '{period}');

/** SQL: the overdue email's text or HTML part, for rows with language, name, month and year. */
export const overdueEmailSql = (part: 'text' | 'html') =>
  byLanguage('language', (l) => sqlEmail(noticeEmailParts(l, '{name}', overdue(l).message, '{app}/dashboard'), { name: 'name', period: sqlPeriod(l, 'month', 'year'), app: '$1' })[part]);

/**
 * Records the instalments that are overdue (RULES §6a: owed after the grace day, read from the date by
 * the one module of definitions) and announces each once. A PENDING one becomes OVERDUE in its status
 * column; a REJECTED one keeps its status and reason. Overdue figures never wait for this job: it only
 * records and notifies. One statement changes the rows and, from the same rows, writes the notifications
 * and emails: run twice, or on two servers at once, each instalment is announced once. Each member reads
 * them in their own language (the domains' texts, on mail/layout.ts). A month the member was already told of as overdue when they
 * joined its group is recorded here but not announced twice (reminders/months-owed-on-joining.ts).
 */
export async function markOverdueInstalments(db: Database, day: BusinessDay, appUrl: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH marked AS (
       UPDATE payments p SET status = CASE WHEN p.status = 'PENDING' THEN 'OVERDUE' ELSE p.status END, overdue_notified_at = now(), updated_at = now()
       FROM users u
       WHERE u.id = p.user_id AND p.type = 'INSTALMENT' AND p.status <> 'PAID' AND p.overdue_notified_at IS NULL
         AND p.due_date < DATE '${day.today}' AND ${isOverdueSql(day)}
       RETURNING p.id, p.user_id, p.month, p.year, u.email, u.name, u.language
     ), announced AS (
       -- A month the member was told of as overdue when joining (months-owed-on-joining.ts) is recorded, not announced again.
       SELECT * FROM marked WHERE NOT EXISTS (SELECT 1 FROM reminders_sent r WHERE r.payment_id = marked.id AND r.kind = 'JOINING')
     ), notified AS (
       INSERT INTO notifications (user_id, type, title, message, data)
       SELECT user_id, 'INSTALMENT_OVERDUE', ${byLanguage('language', (l) => sqlLiteral(overdue(l).title))},
         ${byLanguage('language', (l) => sqlText(overdue(l).message, { period: sqlPeriod(l, 'month', 'year') }))},
         jsonb_build_object('paymentId', id)
       FROM announced
     ), mailed AS (
       INSERT INTO email_outbox (to_address, subject, text_body, html_body)
       SELECT email, ${byLanguage('language', (l) => sqlLiteral(overdue(l).title))}, ${overdueEmailSql('text')}, ${overdueEmailSql('html')}
       FROM announced
     )
     SELECT count(*)::int AS n FROM marked`,
    [appUrl],
  );
  return rows[0].n;
}
