/** GET /api/admin/dashboard/overview and /series: the admin's figures and charts, counted from the real data. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOverviewAnswer, monthlySeriesAnswer, monthlySeriesQuery, type AdminOverview, type MonthlySeries } from '../../contract/overview.ts';
import { rupeesFromDb } from '../../contract/money.ts';
import { BUSINESS_TIME_ZONE } from '../business-time.ts';
import type { Database, Queryable } from '../db/database.ts';
import { businessDateSql, figureColumnsSql, figuresFromRow, keptInstalmentsSql, overdueMembersSql, readKeptFigures, stateJoinSql, type BusinessDay, type FigureRow } from '../figures/figures.ts';
import { userCounters } from '../users/user-admin-service.ts';
import type { AuthHooks } from '../http/auth.ts';
import { responses } from '../http/schemas.ts';

/**
 * Committees are plans (RULES §1); a paused committee is an inactive plan. Payment figures are the
 * instalments' (RULES §6a), read through the one module that defines them.
 */
export async function dashboardOverview(db: Queryable, day: BusinessDay): Promise<AdminOverview> {
  const today = businessDateSql(day);
  // Instalment figures from the kept totals, user counts from the kept counters (migrations 015, 013).
  const figures = await readKeptFigures(db, day);
  const users = await userCounters(db);
  const { rows } = await db.query<Pick<AdminOverview, 'totalCommittees' | 'activeCommittees' | 'pausedCommittees' | 'totalGroups' | 'activeGroups' | 'pendingPlanRequests' | 'overdueMembers' | 'oldestReceiptWaitingDays' | 'groupsWithoutWinner' | 'unpaidCommissionMonths'>>(
    `SELECT
       (SELECT count(*)::int FROM committee_plans) AS "totalCommittees",
       (SELECT count(*)::int FROM committee_plans WHERE is_active) AS "activeCommittees",
       (SELECT count(*)::int FROM committee_plans WHERE NOT is_active) AS "pausedCommittees",
       (SELECT count(*)::int FROM committee_groups) AS "totalGroups",
       (SELECT count(*)::int FROM committee_groups WHERE is_active) AS "activeGroups",
       ${overdueMembersSql(day)} AS "overdueMembers",
       -- The plan requests page's own counter (migration 032).
       (SELECT pending FROM plan_request_counts) AS "pendingPlanRequests",
       -- The oldest receipt waiting (the pending queue's first, from its index), in whole days in Karachi.
       -- min() of the column itself, so that it is the index's first entry, not a pass over every receipt.
       (SELECT CASE WHEN first IS NOT NULL THEN greatest(0, ${today} - (first AT TIME ZONE '${BUSINESS_TIME_ZONE}')::date) END::int
         FROM (SELECT min(submitted_at) AS first FROM payments WHERE under_review) w) AS "oldestReceiptWaitingDays",
       -- Running groups with members and no winner for this month: an empty group has nobody to draw.
       (SELECT count(*)::int FROM committee_groups g
         WHERE g.is_active AND g.current_members > 0 AND g.start_date <= date_trunc('month', ${today})::date AND g.end_date > date_trunc('month', ${today})::date
           AND NOT EXISTS (SELECT 1 FROM winners w WHERE w.group_id = g.id AND w.status <> 'CANCELLED'
             AND w.year = extract(year FROM ${today}) AND w.month = extract(month FROM ${today}))) AS "groupsWithoutWinner",
       -- The months before this one with unpaid commissions, from the moves kept per month (migration 038).
       (SELECT count(*)::int FROM (
          SELECT 1 FROM commission_month_moves
          WHERE accrued_year * 12 + accrued_month < extract(year FROM ${today}) * 12 + extract(month FROM ${today})
          GROUP BY accrued_year, accrued_month HAVING sum(pending_count) > 0) m) AS "unpaidCommissionMonths"`,
  );
  return {
    ...rows[0],
    totalUsers: users.total,
    activeUsers: users.active,
    blockedUsers: users.blocked,
    totalPayments: figures.paid.count + figures.pending.count,
    pendingPayments: figures.pending.count,
    underReviewPayments: figures.underReview.count,
    owedPayments: figures.owed.count,
    overduePayments: figures.overdue.count,
    collectedAmount: figures.collected,
    collectionRate: figures.collectionRate,
    figures,
  };
}

/**
 * The last `count` months up to the business day's month: each month's instalments' due so far and
 * collected (from the kept totals per plan, through the figures module), the prizes paid to that
 * month's winners, and the members who joined a group in it.
 */
export async function monthlySeries(db: Queryable, day: BusinessDay, count: number): Promise<MonthlySeries> {
  const today = businessDateSql(day);
  const { rows } = await db.query<FigureRow & { year: number; month: number; paid_out: string; joined: number }>(
    `WITH span AS (
       SELECT first::date AS first, (first + interval '1 month')::date AS next
       FROM generate_series(date_trunc('month', ${today}) - ($1::int - 1) * interval '1 month', date_trunc('month', ${today}), interval '1 month') AS first
     )
     SELECT extract(year FROM s.first)::int AS year, extract(month FROM s.first)::int AS month, f.*,
       -- The prizes paid that month, from its winners (winners_list_idx: a month's winners are few).
       (SELECT coalesce(sum(w.amount), 0)::text FROM winners w
        WHERE w.status = 'PAID' AND w.year = extract(year FROM s.first)::int AND w.month = extract(month FROM s.first)::int) AS paid_out,
       -- A member moved to another group (docs/rules.md "Corrections") has a new membership there, not a new join.
       (SELECT count(*)::int FROM group_members m WHERE m.joined_at >= (s.first::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}') AND m.joined_at < (s.next::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}')
          AND NOT EXISTS (SELECT 1 FROM group_members f WHERE f.user_id = m.user_id AND f.moved_to_group_id = m.group_id)) AS joined
     FROM span s
     CROSS JOIN LATERAL (
       SELECT ${figureColumnsSql(day, 'p', 'fs', 'kept totals')}
       FROM ${keptInstalmentsSql('plan')} p ${stateJoinSql(day)}
       WHERE p.due_date >= s.first AND p.due_date < s.next
     ) f
     ORDER BY s.first`,
    [count],
  );
  return {
    months: rows.map((row) => {
      const figures = figuresFromRow(row);
      return { year: row.year, month: row.month, due: figures.dueSoFar.amount, collected: figures.collected, paidOut: rupeesFromDb(row.paid_out), joined: row.joined };
    }),
  };
}

export function registerOverviewRoutes(app: FastifyInstance, deps: { db: Database; auth: AuthHooks; today: () => BusinessDay }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/dashboard/overview',
    {
      onRequest: deps.auth.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "The admin dashboard's figures",
        response: responses({ 200: adminOverviewAnswer }),
      },
    },
    async () => {
      const overview = await dashboardOverview(deps.db, deps.today());
      const generatedAt = new Date().toISOString();
      return { success: true as const, overview, generatedAt, data: { overview, generatedAt } };
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/dashboard/series',
    {
      onRequest: deps.auth.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The admin charts: per month, money due and collected, prizes paid out and members joining (admin)',
        querystring: monthlySeriesQuery,
        response: responses({ 200: monthlySeriesAnswer }),
      },
    },
    async (request) => ({ success: true as const, data: await monthlySeries(deps.db, deps.today(), request.query.months) }),
  );
}
