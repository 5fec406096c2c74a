/**
 * A member who joins a group that started before them owes its past months at once (RULES §6a): they
 * are told so in one notice, in the app and by email, with how many months, from which to which and
 * their sum, rather than by a reminder and an overdue notice for each month on the next run of the jobs.
 * The months the notice told of are recorded in `reminders_sent` (migration 051): the overdue job records
 * the overdue ones as always but sends no notice of its own, and the reminder job sends no DUE reminder
 * for the one due now. A month told of as due now is still announced once it passes its grace day, and
 * months that fall due later are reminded of as always.
 *
 * Called inside the transaction that puts the member in the group, so the notice and the membership
 * are one change.
 */
import { formatPkr } from '../../contract/money.ts';
import type { Queryable } from '../db/database.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { monthsOwedOnJoiningNotice, monthsOwedOnJoiningSubject } from './reminder-texts.ts';
import { noticeEmail, periodName, type Language } from '../mail/layout.ts';
import { notifyUser } from '../notifications/notify.ts';
import { readFigures, stateJoinSql, type BusinessDay } from '../figures/figures.ts';

type Joined = { userId: string; groupId: string; planName: string; groupNumber: string };

/** The member's instalments of the group (parameters $1 group, $2 member). */
const MEMBERS_INSTALMENTS = `p.type = 'INSTALMENT' AND p.group_id = $1 AND p.user_id = $2`;

/** Tells the member of the months they owe on joining, if any; answers how many months it told of. */
export async function tellOfMonthsOwedOnJoining(tx: Queryable, day: BusinessDay, appUrl: string, joined: Joined): Promise<number> {
  const params = [joined.groupId, joined.userId];
  const figures = await readFigures(tx, day, { where: MEMBERS_INSTALMENTS, params });
  if (figures.owed.count === 0) return 0;

  const { rows } = await tx.query<{ start_date: string; first_due: string; last_due: string; email: string; name: string; language: Language }>(
    `SELECT g.start_date::text, min(p.due_date)::text AS first_due, max(p.due_date)::text AS last_due, u.email, u.name, u.language
     FROM payments p ${stateJoinSql(day)} JOIN committee_groups g ON g.id = p.group_id JOIN users u ON u.id = p.user_id
     WHERE ${MEMBERS_INSTALMENTS} AND fs.state IN ('OWED', 'OVERDUE')
     GROUP BY g.start_date, u.email, u.name, u.language`,
    params,
  );
  const told = rows[0];
  const period = (language: Language, date: string) => periodName(language, Number(date.slice(5, 7)), Number(date.slice(0, 4)));
  const notice = (language: Language) =>
    monthsOwedOnJoiningNotice(language, {
      planName: joined.planName,
      groupNumber: joined.groupNumber,
      startPeriod: period(language, told.start_date),
      count: figures.owed.count,
      firstPeriod: period(language, told.first_due),
      lastPeriod: period(language, told.last_due),
      amount: formatPkr(figures.owed.amount),
      overdueCount: figures.overdue.count,
    });

  // Recorded as sent: overdue months as JOINING (the overdue job records them but tells nothing more),
  // months due now as DUE (the reminder job's own record of having reminded of them).
  await tx.query(
    `INSERT INTO reminders_sent (payment_id, kind, user_id, emailed)
     SELECT p.id, CASE fs.state WHEN 'OVERDUE' THEN 'JOINING' ELSE 'DUE' END, p.user_id, true
     FROM payments p ${stateJoinSql(day)} WHERE ${MEMBERS_INSTALMENTS} AND fs.state IN ('OWED', 'OVERDUE')
     ON CONFLICT (payment_id, kind) DO NOTHING`,
    params,
  );
  await notifyUser(tx, joined.userId, { type: 'MONTHS_OWED_ON_JOINING', text: notice, data: { groupId: joined.groupId } });
  await enqueueEmail(tx, noticeEmail(told.language, told.email, told.name, monthsOwedOnJoiningSubject[told.language], notice(told.language).message, `${appUrl}/dashboard?tab=payments`));
  return figures.owed.count;
}
