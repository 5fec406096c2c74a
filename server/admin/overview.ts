/** GET /api/admin/dashboard/overview: the admin's figures, counted in one query from the real data. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Queryable } from '../db/database.ts';
import type { AuthHooks } from '../http/auth.ts';
import { responses } from '../http/schemas.ts';

const overviewSchema = z.object({
  totalUsers: z.number(),
  activeUsers: z.number(),
  blockedUsers: z.number(),
  totalCommittees: z.number(),
  activeCommittees: z.number(),
  pausedCommittees: z.number(),
  totalGroups: z.number(),
  activeGroups: z.number(),
  totalPayments: z.number(),
  pendingPayments: z.number(),
  underReviewPayments: z.number(),
  overduePayments: z.number(),
  pendingPlanRequests: z.number(),
});
export type Overview = z.infer<typeof overviewSchema>;

/**
 * Committees are plans (RULES §1); a paused committee is an inactive plan. Payments count every
 * subscription and instalment once (a first instalment settled by its subscription is the same money).
 */
export async function dashboardOverview(db: Queryable): Promise<Overview> {
  const { rows } = await db.query<Overview>(
    `SELECT
       (SELECT count(*)::int FROM users) AS "totalUsers",
       (SELECT count(*)::int FROM users WHERE is_active AND NOT is_blocked) AS "activeUsers",
       (SELECT count(*)::int FROM users WHERE is_blocked) AS "blockedUsers",
       (SELECT count(*)::int FROM committee_plans) AS "totalCommittees",
       (SELECT count(*)::int FROM committee_plans WHERE is_active) AS "activeCommittees",
       (SELECT count(*)::int FROM committee_plans WHERE NOT is_active) AS "pausedCommittees",
       (SELECT count(*)::int FROM committee_groups) AS "totalGroups",
       (SELECT count(*)::int FROM committee_groups WHERE is_active) AS "activeGroups",
       (SELECT count(*)::int FROM payments WHERE settled_by_payment_id IS NULL) AS "totalPayments",
       (SELECT count(*)::int FROM payments WHERE settled_by_payment_id IS NULL AND status = 'PENDING') AS "pendingPayments",
       (SELECT count(*)::int FROM payments WHERE under_review) AS "underReviewPayments",
       (SELECT count(*)::int FROM payments WHERE status = 'OVERDUE') AS "overduePayments",
       (SELECT count(*)::int FROM payments WHERE type = 'SUBSCRIPTION' AND status = 'PENDING') AS "pendingPlanRequests"`,
  );
  return rows[0];
}

export function registerOverviewRoutes(app: FastifyInstance, deps: { db: Database; auth: AuthHooks }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/dashboard/overview',
    {
      onRequest: deps.auth.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "The admin dashboard's figures",
        response: responses({ 200: z.object({ success: z.literal(true), overview: overviewSchema, generatedAt: z.string(), data: z.object({ overview: overviewSchema, generatedAt: z.string() }) }) }),
      },
    },
    async () => {
      const overview = await dashboardOverview(deps.db);
      const generatedAt = new Date().toISOString();
      return { success: true as const, overview, generatedAt, data: { overview, generatedAt } };
    },
  );
}
