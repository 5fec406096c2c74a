/**
 * Who owes what, for the operator (RULES §6a): a member's ledger (every instalment of every group, month
 * by month) and a group's arrears grid (members down, months across). Each figure comes from the one
 * module of definitions, and every total is computed by the database over the same rows as its cells,
 * so a total always equals the sum of what it totals.
 */
import type { GroupArrears, InstalmentState, LedgerEntry, MemberLedger } from '../../contract/figures.ts';
import { groupMessages } from '../../contract/plans.ts';
import { rupeesFromDb } from '../../contract/money.ts';
import type { Queryable } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { notFound } from '../http/errors.ts';
import type { ReceiptLinkSigner } from '../receipts/receipt-links.ts';
import { figureColumnsSql, figuresFromRow, stateJoinSql, type BusinessDay, type FigureRow } from './figures.ts';
import { receiptLinkOf } from './payment-view.ts';

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

export async function memberLedger(db: Queryable, signer: ReceiptLinkSigner, day: BusinessDay, userId: string): Promise<MemberLedger> {
  const user = isUuid(userId)
    ? (await db.query<{ id: string; name: string; email: string; phone: string | null }>('SELECT id, name, email, phone FROM users WHERE id = $1', [userId])).rows[0]
    : undefined;
  if (!user) throw notFound('User not found');
  const entries = await db.query<{
    id: string; group_id: string; group_number: string; plan_name: string; month: number; year: number; amount: string; due_date: string; state: InstalmentState;
    status: string; submitted_at: Date | null; reviewed_at: Date | null; reviewer: string | null; payment_date: Date | null; rejection_reason: string | null;
    receipt_id: string | null; receipt_url: string | null; receipt_key: string | null;
  }>(
    `SELECT p.id, p.group_id, g.group_number, pl.name AS plan_name, p.month, p.year, p.amount::text, p.due_date::text AS due_date, fs.state,
       p.status, p.submitted_at, coalesce(p.reviewed_at, p.approved_at) AS reviewed_at, rv.name AS reviewer, p.payment_date, p.rejection_reason,
       p.receipt_id, r.url AS receipt_url, r.storage_key AS receipt_key
     FROM payments p JOIN committee_groups g ON g.id = p.group_id JOIN committee_plans pl ON pl.id = p.plan_id
     LEFT JOIN users rv ON rv.id = p.reviewed_by LEFT JOIN receipts r ON r.id = p.receipt_id ${stateJoinSql(day)}
     WHERE p.user_id = $1 AND p.type = 'INSTALMENT'
     ORDER BY pl.name, g.group_number, p.year, p.month LIMIT 5000`,
    [userId],
  );
  // The member's figures over all groups and per group, in one query.
  const figures = await db.query<FigureRow & { group_id: string | null; group_number: string | null; plan_name: string | null }>(
    `SELECT g.id AS group_id, g.group_number, pl.name AS plan_name, ${figureColumnsSql(day)}
     FROM payments p JOIN committee_groups g ON g.id = p.group_id JOIN committee_plans pl ON pl.id = p.plan_id ${stateJoinSql(day)}
     WHERE p.user_id = $1 AND p.type = 'INSTALMENT'
     GROUP BY GROUPING SETS ((g.id, g.group_number, pl.name), ())
     ORDER BY pl.name, g.group_number`,
    [userId],
  );
  return {
    user: { id: user.id, name: user.name, email: user.email, phone: user.phone },
    asOf: day.today,
    figures: figuresFromRow(figures.rows.find((r) => r.group_id === null)),
    groups: figures.rows
      .filter((r) => r.group_id !== null)
      .map((r) => ({ groupId: r.group_id!, groupNumber: r.group_number!, planName: r.plan_name!, figures: figuresFromRow(r) })),
    entries: entries.rows.map(
      (e): LedgerEntry => ({
        paymentId: e.id,
        groupId: e.group_id,
        groupNumber: e.group_number,
        planName: e.plan_name,
        month: e.month,
        year: e.year,
        amount: rupeesFromDb(e.amount),
        dueDate: e.due_date,
        state: e.state,
        status: e.status,
        submittedAt: iso(e.submitted_at),
        reviewedAt: iso(e.reviewed_at),
        reviewedBy: e.reviewer,
        paymentDate: iso(e.payment_date),
        rejectionReason: e.rejection_reason,
        hasReceipt: e.receipt_id !== null,
        receiptUrl: receiptLinkOf(e, signer),
      }),
    ),
  };
}

export async function groupArrears(db: Queryable, day: BusinessDay, groupId: string): Promise<GroupArrears> {
  const group = isUuid(groupId)
    ? (
        await db.query<{ id: string; group_number: string; plan_name: string; start_date: string; end_date: string; monthly_amount: string }>(
          `SELECT g.id, g.group_number, pl.name AS plan_name, g.start_date::text, g.end_date::text, pl.monthly_amount::text
           FROM committee_groups g JOIN committee_plans pl ON pl.id = g.plan_id WHERE g.id = $1`,
          [groupId],
        )
      ).rows[0]
    : undefined;
  if (!group) throw notFound(groupMessages.notFound);
  const members = await db.query<{ user_id: string; name: string; member_number: number; status: string }>(
    `SELECT m.user_id, u.name, m.member_number, m.status FROM group_members m JOIN users u ON u.id = m.user_id
     WHERE m.group_id = $1 ORDER BY m.member_number`,
    [groupId],
  );
  const cells = await db.query<{ id: string; user_id: string; month: number; year: number; amount: string; state: InstalmentState }>(
    `SELECT p.id, p.user_id, p.month, p.year, p.amount::text, fs.state
     FROM payments p ${stateJoinSql(day)} WHERE p.group_id = $1 AND p.type = 'INSTALMENT' ORDER BY p.year, p.month`,
    [groupId],
  );
  // Totals per month, per member and for the group, over the same rows as the cells, in one query.
  const totals = await db.query<FigureRow & { year: number | null; month: number | null; user_id: string | null; by_month: number; by_member: number }>(
    `SELECT p.year, p.month, p.user_id, GROUPING(p.year, p.month)::int AS by_month, GROUPING(p.user_id)::int AS by_member, ${figureColumnsSql(day)}
     FROM payments p ${stateJoinSql(day)} WHERE p.group_id = $1 AND p.type = 'INSTALMENT'
     GROUP BY GROUPING SETS ((p.year, p.month), (p.user_id), ())
     ORDER BY p.year, p.month`,
    [groupId],
  );
  const monthRows = totals.rows.filter((r) => r.by_month === 0);
  const memberRows = new Map(totals.rows.filter((r) => r.by_member === 0).map((r) => [r.user_id!, figuresFromRow(r)]));
  const cellsOf = new Map<string, GroupArrears['members'][number]['cells']>();
  for (const c of cells.rows) {
    const list = cellsOf.get(c.user_id) ?? [];
    list.push({ paymentId: c.id, month: c.month, year: c.year, amount: rupeesFromDb(c.amount), state: c.state });
    cellsOf.set(c.user_id, list);
  }
  return {
    group: {
      id: group.id,
      groupNumber: group.group_number,
      planName: group.plan_name,
      startDate: group.start_date,
      endDate: group.end_date,
      monthlyAmount: rupeesFromDb(group.monthly_amount),
    },
    asOf: day.today,
    months: monthRows.map((r) => {
      const figures = figuresFromRow(r);
      return { month: r.month!, year: r.year!, due: figures.dueSoFar.amount, collected: figures.collected, owed: figures.owed.amount, figures };
    }),
    members: members.rows.map((m) => ({
      userId: m.user_id,
      name: m.name,
      memberNumber: m.member_number,
      status: m.status,
      cells: cellsOf.get(m.user_id) ?? [],
      figures: memberRows.get(m.user_id) ?? figuresFromRow(undefined),
    })),
    figures: figuresFromRow(totals.rows.find((r) => r.by_month !== 0 && r.by_member === 1)),
  };
}
