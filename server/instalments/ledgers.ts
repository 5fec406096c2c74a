/**
 * Who owes what, for the operator (RULES §6a): a member's ledger (every instalment of every group, month
 * by month) and a group's arrears grid (members down, months across). Each figure comes from the one
 * module of definitions, and every total is computed by the database over the same rows as its cells,
 * so a total always equals the sum of what it totals.
 */
import type { GroupArrears, InstalmentState, LedgerEntry, MemberLedger } from '../../contract/figures.ts';
import { groupMessages } from '../../contract/groups.ts';
import { rupeesFromDb } from '../../contract/money.ts';
import { paginationOf } from '../../contract/paging.ts';
import type { Queryable } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { notFound } from '../http/errors.ts';
import type { ReceiptLinkSigner } from '../receipts/receipt-links.ts';
import { figureColumnsSql, figuresFromRow, keptInstalmentsSql, stateJoinSql, type BusinessDay, type FigureRow } from '../figures/figures.ts';
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
    receipt_id: string | null; receipt_url: string | null; receipt_key: string | null; settled: boolean;
  }>(
    `SELECT p.id, p.group_id, g.group_number, pl.name AS plan_name, p.month, p.year, p.amount::text, p.due_date::text AS due_date, fs.state,
       p.status, p.submitted_at, coalesce(p.reviewed_at, p.approved_at) AS reviewed_at, rv.name AS reviewer, p.payment_date, p.rejection_reason,
       p.receipt_id, r.url AS receipt_url, r.storage_key AS receipt_key, p.settled_by_payment_id IS NOT NULL AS settled
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
        settledByPlanRequest: e.settled,
        receiptUrl: receiptLinkOf(e, signer),
      }),
    ),
  };
}

/** A page of a group's members, from 1; `limit` is at most 100. */
export type MemberPage = { page: number; limit: number };

export async function groupArrears(db: Queryable, day: BusinessDay, groupId: string, paging: MemberPage): Promise<GroupArrears> {
  // The group, with its totals per month and for the group over every member's instalments (not only
  // this page's), in one query: from the instalment totals kept per group and due date (migration 015),
  // which the invariants hold equal to the instalments the cells below are read from.
  type TotalsRow = FigureRow & { year: number | null; month: number | null; by_month: number };
  const group = isUuid(groupId)
    ? (
        await db.query<{ id: string; group_number: string; plan_name: string; start_date: string; end_date: string; monthly_amount: string; member_count: number; totals: TotalsRow[] | null }>(
          `SELECT g.id, g.group_number, pl.name AS plan_name, g.start_date::text, g.end_date::text, pl.monthly_amount::text,
             (SELECT count(*)::int FROM group_members m WHERE m.group_id = g.id) AS member_count,
             (SELECT json_agg(t ORDER BY t.year, t.month) FROM (
                SELECT p.year, p.month, GROUPING(p.year, p.month)::int AS by_month, ${figureColumnsSql(day, 'p', 'fs', 'kept totals')}
                FROM ${keptInstalmentsSql('group')} p ${stateJoinSql(day)} WHERE p.group_id = g.id
                GROUP BY GROUPING SETS ((p.year, p.month), ())) t) AS totals
           FROM committee_groups g JOIN committee_plans pl ON pl.id = g.plan_id WHERE g.id = $1`,
          [groupId],
        )
      ).rows[0]
    : undefined;
  if (!group) throw notFound(groupMessages.notFound);
  const totals = group.totals ?? [];
  // The page of members, each with their instalments (month by month) and their figures, over the same rows.
  const members = await db.query<
    FigureRow & { user_id: string; name: string; member_number: number; status: string; cells: { year: number; month: number; amount: string; state: InstalmentState }[] | null }
  >(
    `SELECT pm.user_id, pm.name, pm.member_number, pm.status, own.*
     FROM (
       SELECT m.user_id, u.name, m.member_number, m.status FROM group_members m JOIN users u ON u.id = m.user_id
       WHERE m.group_id = $1 ORDER BY m.member_number, m.user_id LIMIT $2 OFFSET $3
     ) pm
     CROSS JOIN LATERAL (
       SELECT json_agg(json_build_object('year', p.year, 'month', p.month, 'amount', p.amount::text, 'state', fs.state) ORDER BY p.year, p.month) AS cells,
         ${figureColumnsSql(day)}
       FROM payments p ${stateJoinSql(day)} WHERE p.group_id = $1 AND p.user_id = pm.user_id AND p.type = 'INSTALMENT'
     ) own
     ORDER BY pm.member_number, pm.user_id`,
    [groupId, paging.limit, (paging.page - 1) * paging.limit],
  );
  const monthRows = totals.filter((r) => r.by_month === 0);
  const column = new Map(monthRows.map((r, index) => [`${r.year}-${r.month}`, index]));
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
      return { month: r.month!, year: r.year!, due: figures.dueSoFar.amount, collected: figures.collected, owed: figures.owed.amount };
    }),
    members: members.rows.map((m) => {
      const cells: GroupArrears['members'][number]['cells'] = monthRows.map(() => null);
      for (const c of m.cells ?? []) {
        // The two reads are not one snapshot: an instalment removed in between has no column any more.
        const at = column.get(`${c.year}-${c.month}`);
        if (at !== undefined) cells[at] = { state: c.state, amount: rupeesFromDb(c.amount) };
      }
      return { userId: m.user_id, name: m.name, memberNumber: m.member_number, status: m.status, cells, figures: figuresFromRow(m) };
    }),
    figures: figuresFromRow(totals.find((r) => r.by_month !== 0)),
    pagination: paginationOf(paging.page, paging.limit, group.member_count),
  };
}
