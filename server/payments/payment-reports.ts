/**
 * GET /api/payments/reports (admin document §7): summary, paid, pending and defaulters, in the words of
 * RULES §6a and computed in the database. Every report's summary line is the sum of its rows, for
 * every filter: both come from the same scope.
 */
import type { Database } from '../db/database.ts';
import { idFilter } from '../db/ids.ts';
import type { ReceiptLinkSigner } from '../receipts/receipt-links.ts';
import { figureColumnsSql, figuresFromRow, keptInstalmentsSql, isOverdueSql, stateJoinSql, type BusinessDay, type FigureRow } from './figures.ts';
import { paymentsPage, paymentsSummary } from './instalment-service.ts';

export type ReportFilter = { planId?: string; groupId?: string; month?: number; year?: number; limit: number; offset: number };

const admin = { id: '', role: 'ADMIN' };

/** The filters of every report, on instalments `p`, as $1…$4. */
const SCOPE = `p.type = 'INSTALMENT'
  AND ($1::uuid IS NULL OR p.plan_id = $1) AND ($2::uuid IS NULL OR p.group_id = $2) AND ($3::int IS NULL OR p.month = $3) AND ($4::int IS NULL OR p.year = $4)`;
const scopeParams = (f: ReportFilter) => [idFilter(f.planId), idFilter(f.groupId), f.month ?? null, f.year ?? null];

export async function paymentReport(deps: { db: Database; signer: ReceiptLinkSigner; today: () => BusinessDay }, type: 'SUMMARY' | 'PAID' | 'PENDING' | 'DEFAULTERS', f: ReportFilter) {
  const { db } = deps;
  const day = deps.today();
  const filter = { type: 'INSTALMENT' as const, planId: f.planId, groupId: f.groupId, month: f.month, year: f.year };
  if (type === 'SUMMARY') {
    const summary = await paymentsSummary(db, day, admin, filter);
    // One row per plan over the same scope: the rows add up to the summary.
    const byPlan = await db.query<FigureRow & { plan_id: string; plan_name: string }>(
      `SELECT pl.id AS plan_id, pl.name AS plan_name, ${figureColumnsSql(day, 'p', 'fs', 'kept totals')}
       FROM ${keptInstalmentsSql(f.groupId ? 'group' : 'plan')} p JOIN committee_plans pl ON pl.id = p.plan_id ${stateJoinSql(day)}
       WHERE ${SCOPE}
       GROUP BY pl.id, pl.name ORDER BY pl.name, pl.id LIMIT 500`,
      scopeParams(f),
    );
    return {
      summary,
      byPlan: byPlan.rows.map((r) => {
        const figures = figuresFromRow(r);
        return { planId: r.plan_id, planName: r.plan_name, paid: figures.paid, pending: figures.pending, overdue: figures.overdue, figures };
      }),
    };
  }
  if (type === 'PAID' || type === 'PENDING') {
    // PAID: approved instalments. PENDING: under review or owed (overdue included), oldest due first.
    const states = type === 'PAID' ? (['PAID'] as const) : (['UNDER_REVIEW', 'OWED', 'OVERDUE'] as const);
    const { payments } = await paymentsPage(deps, admin, { ...filter, states: [...states], limit: f.limit, offset: f.offset }, type === 'PAID' ? 'recent' : 'due');
    // The lines of these states are the same over the whole scope as over these states alone.
    const { figures } = await paymentsSummary(db, day, admin, filter);
    const line = type === 'PAID' ? figures.paid : figures.pending;
    return {
      payments,
      // The rows are exactly the ones the summary counts.
      total: line.count,
      totalAmount: line.amount,
      summary: type === 'PAID' ? { paid: figures.paid } : { pending: figures.pending, underReview: figures.underReview, owed: figures.owed, overdue: figures.overdue },
    };
  }
  // Defaulters: members with at least one overdue instalment, whatever its status column says; most owed first.
  const { rows } = await db.query<{ user_id: string; name: string; email: string; phone: string | null; overdue_count: number; overdue_amount: string; oldest_due: string; total: number; all_amount: string; all_count: number }>(
    `SELECT u.id AS user_id, u.name, u.email, u.phone, count(*)::int AS overdue_count, sum(p.amount)::text AS overdue_amount,
       min(p.due_date)::text AS oldest_due, count(*) OVER ()::int AS total, sum(sum(p.amount)) OVER ()::text AS all_amount,
       sum(count(*)) OVER ()::int AS all_count
     FROM payments p JOIN users u ON u.id = p.user_id
     WHERE ${SCOPE} AND ${isOverdueSql(day)}
     GROUP BY u.id, u.name, u.email, u.phone ORDER BY sum(p.amount) DESC, u.name, u.id LIMIT $5 OFFSET $6`,
    [...scopeParams(f), f.limit, f.offset],
  );
  let total = rows[0]?.total ?? 0;
  let totalAmount = Number(rows[0]?.all_amount ?? 0);
  let overdueCount = rows[0]?.all_count ?? 0;
  if (rows.length === 0 && f.offset > 0) {
    // A page past the end still says what the report holds.
    const whole = await db.query<{ members: number; n: number; amount: string }>(
      `SELECT count(DISTINCT p.user_id)::int AS members, count(*)::int AS n, coalesce(sum(p.amount), 0)::text AS amount
       FROM payments p WHERE ${SCOPE} AND ${isOverdueSql(day)}`,
      scopeParams(f),
    );
    total = whole.rows[0].members;
    totalAmount = Number(whole.rows[0].amount);
    overdueCount = whole.rows[0].n;
  }
  return {
    defaulters: rows.map((r) => ({
      userId: r.user_id,
      user: { name: r.name, email: r.email, phone: r.phone },
      overdueCount: r.overdue_count,
      overdueAmount: Number(r.overdue_amount),
      oldestDueDate: r.oldest_due,
    })),
    total,
    // Over every defaulter, not only this page.
    totalAmount,
    overdueCount,
  };
}

