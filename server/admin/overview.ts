/** GET /api/admin/dashboard/overview: the admin's figures, counted in one query from the real data. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOverviewAnswer, type AdminOverview } from '../../contract/overview.ts';
import type { Database, Queryable } from '../db/database.ts';
import { overdueMembersSql, readKeptFigures, type BusinessDay } from '../payments/figures.ts';
import { userCounters } from '../users/user-admin-service.ts';
import type { AuthHooks } from '../http/auth.ts';
import { responses } from '../http/schemas.ts';

/**
 * Committees are plans (RULES §1); a paused committee is an inactive plan. Payment figures are the
 * instalments' (RULES §6a), read through the one module that defines them.
 */
export async function dashboardOverview(db: Queryable, day: BusinessDay): Promise<AdminOverview> {
  // Instalment figures from the kept totals, user counts from the kept counters (migrations 015, 013).
  const figures = await readKeptFigures(db, day);
  const users = await userCounters(db);
  const { rows } = await db.query<Pick<AdminOverview, 'totalCommittees' | 'activeCommittees' | 'pausedCommittees' | 'totalGroups' | 'activeGroups' | 'pendingPlanRequests' | 'overdueMembers'>>(
    `SELECT
       (SELECT count(*)::int FROM committee_plans) AS "totalCommittees",
       (SELECT count(*)::int FROM committee_plans WHERE is_active) AS "activeCommittees",
       (SELECT count(*)::int FROM committee_plans WHERE NOT is_active) AS "pausedCommittees",
       (SELECT count(*)::int FROM committee_groups) AS "totalGroups",
       (SELECT count(*)::int FROM committee_groups WHERE is_active) AS "activeGroups",
       ${overdueMembersSql(day)} AS "overdueMembers",
       (SELECT count(*)::int FROM payments WHERE type = 'SUBSCRIPTION' AND status = 'PENDING') AS "pendingPlanRequests"`,
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
}
