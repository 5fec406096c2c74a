/**
 * Reminders (docs/rules.md "Reminders"): an in-app notification, and an email unless the member turned
 * reminder emails off, for every instalment that falls due within the days the operator set (BEFORE)
 * and for every one that is due and owed but not yet overdue (DUE); after the grace day the overdue
 * job's notice follows (instalments/overdue-job.ts). An admin may also remind one group at once (MANUAL).
 * main.ts runs sendDueReminders every hour (hourly-job.ts).
 *
 * Each reminder is sent once per instalment (member and month) and kind: one statement records it in
 * `reminders_sent` and, from the rows it recorded, writes the notifications and emails, so that two
 * runners at once (two servers, or the job and an admin) send each one once. States come from the
 * figures module (RULES §6a). Each member reads them in their own language (the domains' texts, on mail/layout.ts).
 */
import type { ReminderSettings } from '../../contract/reminders.ts';
import { groupMessages } from '../../contract/groups.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { notFound } from '../http/errors.ts';
import { businessDateSql, instalmentStateSql, overdueCutoffSql, type BusinessDay } from '../figures/figures.ts';
import { byLanguage, sqlDate, sqlEmail, sqlLiteral, sqlPeriod, sqlText } from '../mail/sql-text.ts';
import { noticeEmailParts, type Language } from '../mail/layout.ts';
import { reminderNotice } from './reminder-texts.ts';
import { hmacPads, loadUnsubscribeKey, unsubscribeTokenSql } from './unsubscribe-links.ts';

type Kind = 'BEFORE' | 'DUE' | 'MANUAL';

/** SQL: 'PKR 5,000' of payment `p`, as the reminders write it in both languages. */
const AMOUNT = `'PKR ' || CASE WHEN p.amount = trunc(p.amount) THEN to_char(p.amount, 'FM999,999,999,990') ELSE to_char(p.amount, 'FM999,999,999,990.00') END`;

/**
 * SQL: each kind's notification title and message for payment `p` in one language (the grace day is the
 * day's). A manual reminder of a month past its grace day says it is overdue, not due.
 */
function wording(kind: Kind, day: BusinessDay, language: Language): { title: string; message: string } {
  const { title, message } = reminderNotice(language, kind, day.graceDay);
  const values = { period: sqlPeriod(language, 'p.month', 'p.year'), amount: AMOUNT, dueOn: sqlDate(language, 'p.due_date') };
  if (kind !== 'MANUAL') return { title: sqlLiteral(title), message: sqlText(message, values) };
  const overdue = reminderNotice(language, 'MANUAL_OVERDUE', day.graceDay).message;
  return { title: sqlLiteral(title), message: `CASE WHEN ${instalmentStateSql(day)} = 'OVERDUE' THEN ${sqlText(overdue, values)} ELSE ${sqlText(message, values)} END` };
}

/** SQL: a reminder email's text or HTML part for rows with language, name, message and unsubscribe_url. */
export const reminderEmailSql = (part: 'text' | 'html') =>
  byLanguage('language', (l) =>
    sqlEmail(noticeEmailParts(l, '{name}', '{message}', '{app}/dashboard', { reason: 'reminder', unsubscribeUrl: '{unsubscribe}' }), {
      name: 'name',
      message: 'message',
      app: '$1',
      unsubscribe: 'unsubscribe_url',
    })[part],
  );

/** SQL: the member's one-click unsubscribe link, on the app's address ($1). */
export const unsubscribeUrlSql = (userId: string, pads: { inner: string; outer: string }) => `$1 || '/api/unsubscribe/' || ${unsubscribeTokenSql('reminders', userId, pads)}`;

/** SQL: a reminder's headers (RFC 2369, RFC 8058): its unsubscribe link, which a mail provider's one click POSTs to. */
export const REMINDER_HEADERS_SQL = `jsonb_build_object('List-Unsubscribe', '<' || unsubscribe_url || '>', 'List-Unsubscribe-Post', 'List-Unsubscribe=One-Click')`;

/**
 * SQL: records the reminders of `kind` for the instalments `candidates` selects (columns id, user_id) and,
 * from the rows recorded (never the ones already sent), writes their notifications and emails. Answers
 * how many were sent. `$1` is the app's address, `pads` the parameters of the unsubscribe key's HMAC pads
 * (unsubscribe-links.ts); further parameters are the caller's. Each email carries its member's one-click
 * unsubscribe link (RFC 2369, RFC 8058), in its footer and its headers.
 */
function sendSql(kind: Kind, day: BusinessDay, candidates: string, sentBy: string | null, pads: { inner: string; outer: string }): string {
  return `WITH candidate AS (${candidates}),
     sent AS (
       INSERT INTO reminders_sent (payment_id, kind, user_id, sent_by, emailed)
       SELECT c.id, '${kind}', c.user_id, ${sentBy ?? 'NULL'}, u.email_reminders FROM candidate c JOIN users u ON u.id = c.user_id
       ON CONFLICT (payment_id, kind) DO NOTHING
       RETURNING payment_id, user_id, emailed
     ),
     payload AS (
       SELECT s.payment_id, s.user_id, s.emailed, u.email, u.name, u.language,
         ${byLanguage('u.language', (l) => wording(kind, day, l).title)} AS title, ${byLanguage('u.language', (l) => wording(kind, day, l).message)} AS message,
         ${unsubscribeUrlSql('s.user_id', pads)} AS unsubscribe_url
       FROM sent s JOIN payments p ON p.id = s.payment_id JOIN users u ON u.id = s.user_id
     ),
     notified AS (
       INSERT INTO notifications (user_id, type, title, message, data)
       SELECT user_id, 'PAYMENT_REMINDER', title, message, jsonb_build_object('paymentId', payment_id, 'kind', '${kind}') FROM payload
     ),
     mailed AS (
       INSERT INTO email_outbox (to_address, subject, text_body, html_body, headers)
       SELECT email, title, ${reminderEmailSql('text')}, ${reminderEmailSql('html')}, ${REMINDER_HEADERS_SQL}
       FROM payload WHERE emailed
     )
     SELECT count(*)::int AS n, count(DISTINCT user_id)::int AS members FROM sent`;
}

/** The reminders the day calls for, across every group: those coming due (BEFORE) and those due now (DUE). */
export async function sendDueReminders(db: Queryable, day: BusinessDay, appUrl: string): Promise<{ before: number; due: number }> {
  const { daysBefore } = await reminderSettings(db);
  const state = instalmentStateSql(day);
  // Unpaid instalments without a receipt waiting, due between the overdue cutoff and the reminder
  // window's end: the index of unpaid instalments (migration 023) reads just these.
  const window = `p.type = 'INSTALMENT' AND p.status <> 'PAID' AND NOT p.under_review
    AND p.due_date >= ${overdueCutoffSql(day)} AND p.due_date <= ${businessDateSql(day)} + ${daysBefore}`;
  const params = [appUrl, ...hmacPads(await loadUnsubscribeKey(db))];
  const pads = { inner: '$2::bytea', outer: '$3::bytea' };
  const before = await db.query<{ n: number }>(sendSql('BEFORE', day, `SELECT p.id, p.user_id FROM payments p WHERE ${window} AND ${state} = 'SCHEDULED'`, null, pads), params);
  const due = await db.query<{ n: number }>(sendSql('DUE', day, `SELECT p.id, p.user_id FROM payments p WHERE ${window} AND ${state} = 'OWED'`, null, pads), params);
  return { before: before.rows[0].n, due: due.rows[0].n };
}

/**
 * SQL (the group as parameter `group`): the group's instalments a manual reminder is for: owed (overdue
 * ones included) or falling due this month, of its active members.
 */
function groupCandidates(day: BusinessDay, group: string): string {
  const state = instalmentStateSql(day);
  return `SELECT p.id, p.user_id FROM payments p JOIN group_members m ON m.group_id = p.group_id AND m.user_id = p.user_id AND m.status = 'ACTIVE'
    WHERE p.group_id = ${group} AND p.type = 'INSTALMENT' AND p.status <> 'PAID' AND NOT p.under_review
      AND (${state} IN ('OWED', 'OVERDUE') OR date_trunc('month', p.due_date) = date_trunc('month', ${businessDateSql(day)}))`;
}

/**
 * Reminds one group at once, whatever the day (MANUAL): once per instalment. With `dryRun`, only how
 * many reminders would go out now (those not sent before).
 */
export async function sendGroupReminders(db: Database, day: BusinessDay, appUrl: string, admin: Actor, groupId: string, dryRun: boolean): Promise<{ count: number; members: number }> {
  const group = isUuid(groupId) ? (await db.query<{ id: string }>('SELECT id FROM committee_groups WHERE id = $1', [groupId])).rows[0] : undefined;
  if (!group) throw notFound(groupMessages.notFound);
  if (dryRun) {
    const { rows } = await db.query<{ count: number; members: number }>(
      `SELECT count(*)::int AS count, count(DISTINCT c.user_id)::int AS members FROM (${groupCandidates(day, '$1::uuid')}) c
       WHERE NOT EXISTS (SELECT 1 FROM reminders_sent r WHERE r.payment_id = c.id AND r.kind = 'MANUAL')`,
      [groupId],
    );
    return rows[0];
  }
  const [inner, outer] = hmacPads(await loadUnsubscribeKey(db));
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ n: number; members: number }>(
      sendSql('MANUAL', day, groupCandidates(day, '$2::uuid'), '$3::uuid', { inner: '$4::bytea', outer: '$5::bytea' }),
      [appUrl, groupId, admin.id, inner, outer],
    );
    await recordAudit(tx, { actorId: admin.id, action: 'REMINDERS_SEND', entityType: 'group', entityId: group.id, after: { reminders: rows[0].n, members: rows[0].members }, ip: admin.ip });
    return { count: rows[0].n, members: rows[0].members };
  });
}

export async function reminderSettings(db: Queryable): Promise<ReminderSettings> {
  const { rows } = await db.query<{ value: { daysBefore?: number } }>(`SELECT value FROM app_settings WHERE name = 'reminders'`);
  return { daysBefore: rows[0]?.value.daysBefore ?? 3 };
}

export async function updateReminderSettings(db: Database, admin: Actor, settings: ReminderSettings): Promise<ReminderSettings> {
  return db.transaction(async (tx) => {
    const before = await reminderSettings(tx);
    await tx.query(
      `INSERT INTO app_settings (name, value, updated_by) VALUES ('reminders', $1::jsonb, $2)
       ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = now(), updated_by = EXCLUDED.updated_by`,
      [JSON.stringify(settings), admin.id],
    );
    await recordAudit(tx, { actorId: admin.id, action: 'REMINDER_SETTINGS_UPDATE', entityType: 'settings', entityId: 'reminders', before, after: settings, ip: admin.ip });
    return settings;
  });
}
