/** GET /api/payments/reports (admin document §7): summary, paid, pending and defaulters, computed in the database. */
import type { Database } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import type { ReceiptLinkSigner } from '../receipts/receipt-links.ts';
import { listPayments, paymentsSummary } from './instalment-service.ts';

export type ReportFilter = { planId?: string; groupId?: string; month?: number; year?: number; startDate?: string; endDate?: string; limit: number; offset: number };

const admin = { id: '', role: 'ADMIN' };

export async function paymentReport(db: Database, signer: ReceiptLinkSigner, type: 'SUMMARY' | 'PAID' | 'PENDING' | 'DEFAULTERS', f: ReportFilter) {
  if (type === 'SUMMARY') {
    const summary = await paymentsSummary(db, admin, { type: 'INSTALMENT', planId: f.planId, groupId: f.groupId, month: f.month, year: f.year });
    const byPlan = await db.query<{ plan_id: string; plan_name: string; paid: number; paid_amount: string; open: number; open_amount: string; overdue: number; overdue_amount: string }>(
      `SELECT pl.id AS plan_id, pl.name AS plan_name,
         count(*) FILTER (WHERE p.status = 'PAID')::int AS paid, coalesce(sum(p.amount) FILTER (WHERE p.status = 'PAID'), 0)::text AS paid_amount,
         count(*) FILTER (WHERE p.status IN ('PENDING', 'REJECTED'))::int AS open, coalesce(sum(p.amount) FILTER (WHERE p.status IN ('PENDING', 'REJECTED')), 0)::text AS open_amount,
         count(*) FILTER (WHERE p.status = 'OVERDUE')::int AS overdue, coalesce(sum(p.amount) FILTER (WHERE p.status = 'OVERDUE'), 0)::text AS overdue_amount
       FROM payments p JOIN committee_plans pl ON pl.id = p.plan_id
       WHERE p.type = 'INSTALMENT'
         AND ($1::uuid IS NULL OR p.plan_id = $1) AND ($2::uuid IS NULL OR p.group_id = $2) AND ($3::int IS NULL OR p.month = $3) AND ($4::int IS NULL OR p.year = $4)
       GROUP BY pl.id, pl.name ORDER BY pl.name LIMIT 500`,
      [uuidOrNull(f.planId), uuidOrNull(f.groupId), f.month ?? null, f.year ?? null],
    );
    return {
      summary,
      byPlan: byPlan.rows.map((r) => ({
        planId: r.plan_id,
        planName: r.plan_name,
        paid: { count: r.paid, amount: Number(r.paid_amount) },
        pending: { count: r.open, amount: Number(r.open_amount) },
        overdue: { count: r.overdue, amount: Number(r.overdue_amount) },
      })),
    };
  }
  if (type === 'PAID' || type === 'PENDING') {
    const { payments, total } = await listPayments({ db, signer }, admin, {
      type: 'INSTALMENT',
      status: type === 'PAID' ? 'PAID' : 'PENDING',
      planId: f.planId,
      groupId: f.groupId,
      month: f.month,
      year: f.year,
      limit: f.limit,
      offset: f.offset,
    });
    const summary = await paymentsSummary(db, admin, { type: 'INSTALMENT', status: type === 'PAID' ? 'PAID' : 'PENDING', planId: f.planId, groupId: f.groupId, month: f.month, year: f.year });
    return { payments, total, totalAmount: type === 'PAID' ? summary.amounts.paid : summary.amounts.pending };
  }
  // Defaulters: members with overdue instalments, most owed first.
  const { rows } = await db.query<{ user_id: string; name: string; email: string; phone: string | null; overdue_count: number; overdue_amount: string; oldest_due: string; total: number; all_amount: string }>(
    `SELECT u.id AS user_id, u.name, u.email, u.phone, count(*)::int AS overdue_count, sum(p.amount)::text AS overdue_amount,
       min(p.due_date)::text AS oldest_due, count(*) OVER ()::int AS total, sum(sum(p.amount)) OVER ()::text AS all_amount
     FROM payments p JOIN users u ON u.id = p.user_id
     WHERE p.type = 'INSTALMENT' AND p.status = 'OVERDUE'
       AND ($1::uuid IS NULL OR p.plan_id = $1) AND ($2::uuid IS NULL OR p.group_id = $2) AND ($3::int IS NULL OR p.month = $3) AND ($4::int IS NULL OR p.year = $4)
     GROUP BY u.id, u.name, u.email, u.phone ORDER BY sum(p.amount) DESC, u.name LIMIT $5 OFFSET $6`,
    [uuidOrNull(f.planId), uuidOrNull(f.groupId), f.month ?? null, f.year ?? null, f.limit, f.offset],
  );
  return {
    defaulters: rows.map((r) => ({
      userId: r.user_id,
      user: { name: r.name, email: r.email, phone: r.phone },
      overdueCount: r.overdue_count,
      overdueAmount: Number(r.overdue_amount),
      oldestDueDate: r.oldest_due,
    })),
    total: rows[0]?.total ?? 0,
    // Over every defaulter, not only this page.
    totalAmount: Number(rows[0]?.all_amount ?? 0),
  };
}

// A malformed id filters to nothing rather than failing the query.
const uuidOrNull = (id: string | undefined) => (id === undefined ? null : isUuid(id) ? id : '00000000-0000-0000-0000-000000000000');
