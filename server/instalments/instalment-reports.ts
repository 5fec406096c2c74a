/**
 * GET /api/payments/reports (admin document §7): summary, paid, pending and defaulters, in the words of
 * RULES §6a and computed in the database. Every report's summary line is the sum of its rows, for
 * every filter: both come from the same scope.
 */
import { PLANNED_PER_RUN, type Database } from '../db/database.ts';
import { idFilter } from '../db/ids.ts';
import type { ReceiptLinkSigner } from '../receipts/receipt-links.ts';
import { figuresFromRow, keptFiguresSql, keptInstalmentsSql, isOverdueSql, overdueCutoffSql, overdueMembersSql, readKeptFigures, type BusinessDay, type FigureRow } from '../figures/figures.ts';
import { paymentsPage, paymentsSummary } from './instalment-service.ts';

export type ReportFilter = { planId?: string; groupId?: string; month?: number; year?: number; limit: number; offset: number };

const admin = { id: '', role: 'ADMIN' };

/** The filters of every report, on instalments `p`, as $1…$4 (the defaulters' CSV export reads them too). */
export const SCOPE = `p.type = 'INSTALMENT'
  AND ($1::uuid IS NULL OR p.plan_id = $1) AND ($2::uuid IS NULL OR p.group_id = $2) AND ($3::int IS NULL OR p.month = $3) AND ($4::int IS NULL OR p.year = $4)`;
export const scopeParams = (f: Omit<ReportFilter, 'limit' | 'offset'>) => [idFilter(f.planId), idFilter(f.groupId), f.month ?? null, f.year ?? null];

export async function paymentReport(deps: { db: Database; signer: ReceiptLinkSigner; today: () => BusinessDay }, type: 'SUMMARY' | 'PAID' | 'PENDING' | 'DEFAULTERS', f: ReportFilter) {
  const { db } = deps;
  const day = deps.today();
  const filter = { type: 'INSTALMENT' as const, planId: f.planId, groupId: f.groupId, month: f.month, year: f.year };
  if (type === 'SUMMARY') {
    const summary = await paymentsSummary(db, day, admin, filter);
    // One row per plan over the same scope: the rows add up to the summary.
    const byPlan = await db.query<FigureRow & { plan_id: string; plan_name: string }>(
      `${PLANNED_PER_RUN}${keptFiguresSql(day, `${keptInstalmentsSql(f.groupId ? 'group' : 'plan')} p JOIN committee_plans pl ON pl.id = p.plan_id`, SCOPE, [
        { sql: 'pl.id', as: 'plan_id' },
        { sql: 'pl.name', as: 'plan_name' },
      ])}
       ORDER BY k.plan_name, k.plan_id LIMIT 500`,
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
    // PAID: approved instalments, the latest approved first. PENDING: under review or owed (overdue
    // included), oldest due first.
    const states = type === 'PAID' ? (['PAID'] as const) : (['UNDER_REVIEW', 'OWED', 'OVERDUE'] as const);
    const { payments } = await paymentsPage(deps, admin, { ...filter, states: [...states], limit: f.limit, offset: f.offset }, type === 'PAID' ? 'approved' : 'due');
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
  // Defaulters: members with at least one overdue instalment, whatever its status column says; the
  // longest overdue first (the oldest overdue month), ties by member id.
  const report = await defaultersReport(db, day, f);
  // The specification's client reads every report's rows as payments (admin document §3 "Payment"): here
  // the overdue instalments in scope, the oldest due first, paged as the defaulters are. `overdueCount`
  // counts them all.
  const { payments } = await paymentsPage(deps, admin, { ...filter, states: ['OVERDUE'], limit: f.limit, offset: f.offset }, 'due');
  return { ...report, payments };
}

type DefaulterRow = { user_id: string; name: string; email: string; phone: string | null; overdue_count: number; overdue_amount: string; oldest_due: string };

async function defaultersReport(db: Database, day: BusinessDay, f: ReportFilter) {
  const filtered = Boolean(f.planId || f.groupId || f.month || f.year);
  let rows: DefaulterRow[];
  let whole: { members: number; n: number; amount: string };
  if (!filtered) {
    // Every defaulter: paged from each member's oldest unpaid month (kept by migration 022, overdue
    // exactly when any of the member's months is), counted and summed per member of the page only.
    // The whole report's lines from the same kept rows and the instalments' kept totals.
    // The member count rides on the page (a row of nulls when the page is empty).
    const page = await db.query<DefaulterRow & { members: number }>(
      `WITH page AS (
         SELECT m.user_id, m.due_date FROM member_oldest_unpaid m
         WHERE m.due_date < ${overdueCutoffSql(day)} ORDER BY m.due_date, m.user_id LIMIT $1 OFFSET $2)
       SELECT d.*, ${overdueMembersSql(day)} AS members
       FROM (SELECT 1) one LEFT JOIN (
         SELECT page.user_id, u.name, u.email, u.phone, o.overdue_count, o.overdue_amount, page.due_date::text AS oldest_due
         FROM page JOIN users u ON u.id = page.user_id
         CROSS JOIN LATERAL (SELECT count(*)::int AS overdue_count, sum(p.amount)::text AS overdue_amount
                             FROM payments p WHERE p.user_id = page.user_id AND ${isOverdueSql(day)}) o) d ON true
       ORDER BY d.oldest_due, d.user_id`,
      [f.limit, f.offset],
    );
    rows = page.rows.filter((r) => r.user_id !== null);
    const overdue = (await readKeptFigures(db, day)).overdue;
    whole = { members: page.rows[0].members, n: overdue.count, amount: String(overdue.amount) };
  } else {
    // A plan, group or month: that scope's overdue instalments, summed per member.
    const page = await db.query<DefaulterRow & { total: number; all_amount: string; all_count: number }>(
      `WITH d AS (
         SELECT p.user_id, count(*)::int AS overdue_count, sum(p.amount) AS overdue_amount, min(p.due_date) AS oldest_due
         FROM payments p WHERE ${SCOPE} AND ${isOverdueSql(day)} GROUP BY p.user_id),
       page AS (
         SELECT d.*, count(*) OVER ()::int AS total, sum(d.overdue_amount) OVER ()::text AS all_amount, sum(d.overdue_count) OVER ()::int AS all_count
         FROM d ORDER BY d.oldest_due, d.user_id LIMIT $5 OFFSET $6)
       SELECT page.user_id, u.name, u.email, u.phone, page.overdue_count, page.overdue_amount::text, page.oldest_due::text,
         page.total, page.all_amount, page.all_count
       FROM page JOIN users u ON u.id = page.user_id ORDER BY page.oldest_due, page.user_id`,
      [...scopeParams(f), f.limit, f.offset],
    );
    rows = page.rows;
    if (page.rows[0] || f.offset === 0) {
      const first = page.rows[0];
      whole = { members: first?.total ?? 0, n: first?.all_count ?? 0, amount: first?.all_amount ?? '0' };
    } else {
      // A page past the end still says what the report holds.
      const all = await db.query<{ members: number; n: number; amount: string }>(
        `SELECT count(DISTINCT p.user_id)::int AS members, count(*)::int AS n, coalesce(sum(p.amount), 0)::text AS amount
         FROM payments p WHERE ${SCOPE} AND ${isOverdueSql(day)}`,
        scopeParams(f),
      );
      whole = all.rows[0];
    }
  }
  const defaulters = rows.map((r) => ({
    userId: r.user_id,
    user: { name: r.name, email: r.email, phone: r.phone },
    overdueCount: r.overdue_count,
    overdueAmount: Number(r.overdue_amount),
    oldestDueDate: r.oldest_due,
  }));
  return {
    defaulters,
    total: whole.members,
    // Over every defaulter, not only this page.
    totalAmount: Number(whole.amount),
    overdueCount: whole.n,
  };
}

