/**
 * A group's ledger (RULES §6a): month by month, what the group's instalments came to once due, what of
 * it was collected, what was paid out to the month's winner, what is held, and the running balance.
 * Members read their own groups' ledgers, where other members are a first name and an initial; the
 * operator reads any group's, with full names. The figures are the figures module's, grouped by month,
 * over the instalment totals kept per group and due date.
 */
import type { GroupLedger } from '../../contract/figures.ts';
import { rupeesFromDb } from '../../contract/money.ts';
import type { Queryable } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { groupMessages } from '../../contract/groups.ts';
import { notFound } from '../http/errors.ts';
import { displayName } from '../referrals/referral-service.ts';
import { figureColumnsSql, figuresFromRow, instalmentStateSql, keptInstalmentsSql, stateJoinSql, type BusinessDay, type FigureRow, type InstalmentState } from '../figures/figures.ts';

/** Who reads: a member (their own groups only; others by first name and initial) or the operator. */
export type LedgerReader = { kind: 'member'; userId: string } | { kind: 'admin' };

type GroupRow = { id: string; group_number: string; plan_name: string; monthly_amount: string; start_date: string; end_date: string; members: number };
type MonthRow = FigureRow & {
  year: number;
  month: number;
  due_date: string;
  winner_user_id: string | null;
  winner_name: string | null;
  winner_status: string | null;
  winner_amount: string | null;
  own_state: InstalmentState | null;
  own_amount: string | null;
};

export async function groupLedger(db: Queryable, day: BusinessDay, groupId: string, reader: LedgerReader): Promise<GroupLedger> {
  const memberId = reader.kind === 'member' ? reader.userId : null;
  // A member reads only a group they are (or were) a member of: any other group is not found, as if it did not exist.
  const group = isUuid(groupId)
    ? (
        await db.query<GroupRow>(
          `SELECT g.id, g.group_number, pl.name AS plan_name, pl.monthly_amount::text, g.start_date::text, g.end_date::text,
             (SELECT count(*)::int FROM group_members m WHERE m.group_id = g.id AND m.status = 'ACTIVE') AS members
           FROM committee_groups g JOIN committee_plans pl ON pl.id = g.plan_id
           WHERE g.id = $1 AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = g.id AND m.user_id = $2))`,
          [groupId, memberId],
        )
      ).rows[0]
    : undefined;
  if (!group) throw notFound(groupMessages.notFound);

  // Each month with instalments or a winner: the month's figures over the group's instalments, read
  // from the totals kept per group and due date (migration 015: a few rows a month, not a row per
  // member), its winner (the one not cancelled: a cancelled winner was never paid out), and the reader's
  // own instalment.
  const { rows } = await db.query<MonthRow>(
    `WITH months AS (
       SELECT p.year AS m_year, p.month AS m_month, min(p.due_date) AS m_due_date, ${figureColumnsSql(day, 'p', 'fs', 'kept totals')}
       FROM ${keptInstalmentsSql('group')} p ${stateJoinSql(day)}
       WHERE p.group_id = $1
       GROUP BY p.year, p.month
     ),
     won AS (
       SELECT w.year::int AS year, w.month::int AS month, w.user_id, u.name, w.status, w.amount
       FROM winners w JOIN users u ON u.id = w.user_id
       WHERE w.group_id = $1 AND w.status <> 'CANCELLED'
     ),
     own AS (
       SELECT p.year, p.month, ${instalmentStateSql(day)} AS state, p.amount
       FROM payments p WHERE p.group_id = $1 AND p.user_id = $2 AND p.type = 'INSTALMENT'
     )
     SELECT m.*, coalesce(m.m_year, w.year) AS year, coalesce(m.m_month, w.month) AS month,
       coalesce(m.m_due_date, make_date(w.year, w.month, 1))::text AS due_date,
       w.user_id AS winner_user_id, w.name AS winner_name, w.status AS winner_status, w.amount::text AS winner_amount,
       o.state AS own_state, o.amount::text AS own_amount
     FROM months m
     FULL JOIN won w ON w.year = m.m_year AND w.month = m.m_month
     LEFT JOIN own o ON o.year = coalesce(m.m_year, w.year) AND o.month = coalesce(m.m_month, w.month)
     ORDER BY year, month`,
    [groupId, memberId],
  );

  const start = /^(\d{4})-(\d{2})/.exec(group.start_date);
  const startIndex = start ? Number(start[1]) * 12 + Number(start[2]) - 1 : 0;
  // Sums in paisa: the running balance and the totals stay exact however many months there are.
  const paisa = (rupees: number) => Math.round(rupees * 100);
  let balance = 0;
  const totals = { due: 0, collected: 0, paidOut: 0 };
  const months = rows.map((row) => {
    const figures = figuresFromRow(row);
    const paidOut = row.winner_status === 'PAID' && row.winner_amount !== null ? rupeesFromDb(row.winner_amount) : 0;
    const held = paisa(figures.collected) - paisa(paidOut);
    balance += held;
    totals.due += paisa(figures.dueSoFar.amount);
    totals.collected += paisa(figures.collected);
    totals.paidOut += paisa(paidOut);
    const isYou = row.winner_user_id !== null && row.winner_user_id === memberId;
    return {
      month: row.month,
      year: row.year,
      index: row.year * 12 + row.month - 1 - startIndex + 1,
      dueDate: row.due_date,
      scheduled: row.due_date > day.today,
      due: figures.dueSoFar.amount,
      collected: figures.collected,
      underReview: figures.underReview.amount,
      owed: figures.owed.amount,
      overdue: figures.overdue.amount,
      paidOut,
      held: held / 100,
      balance: balance / 100,
      winner:
        row.winner_user_id === null
          ? null
          : {
              name: reader.kind === 'admin' || isYou ? (row.winner_name ?? '') : displayName(row.winner_name ?? ''),
              status: row.winner_status ?? '',
              amount: rupeesFromDb(row.winner_amount ?? '0'),
              isYou,
            },
      own: row.own_state === null ? null : { state: row.own_state, amount: rupeesFromDb(row.own_amount ?? '0') },
    };
  });
  return {
    group: {
      id: group.id,
      groupNumber: group.group_number,
      planName: group.plan_name,
      monthlyAmount: rupeesFromDb(group.monthly_amount),
      startDate: group.start_date,
      endDate: group.end_date,
      members: group.members,
    },
    asOf: day.today,
    months,
    totals: { due: totals.due / 100, collected: totals.collected / 100, paidOut: totals.paidOut / 100, held: (totals.collected - totals.paidOut) / 100 },
  };
}
