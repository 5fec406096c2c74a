/**
 * /api/committees: the same plans under their other name (RULES §1), for the winner screens and the
 * member's committees. Joining a committee opens a plan request and leaving withdraws an open one:
 * those routes are the plan requests' (plan-requests/committee-join-routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rupeesFromDb } from '../../contract/money.ts';
import { firstValue, pagingQuery } from '../../contract/paging.ts';
import { authMessages } from '../../contract/accounts.ts';
import { caseInsensitiveEnum, committeeAnswer, planMessages, committeeDetailsAnswer, committeeDetailsQuery, committeeListAnswer, myCommitteesAnswer, planBody } from '../../contract/plans.ts';
import type { Database } from '../db/database.ts';
import { actorOf, currentUser, type AuthHooks } from '../http/auth.ts';
import { forbidden } from '../http/errors.ts';
import { idParam, responses } from '../http/schemas.ts';
import { committeeGroups, committeeMembers, createPlan, getVisiblePlan, listPlans, setPlanActive, type Plan } from './plan-service.ts';

const toCommittee = (plan: Plan) => ({
  id: plan.id,
  name: plan.name,
  description: plan.description,
  packageType: plan.packageType,
  monthlyAmount: plan.monthlyAmount,
  totalAmount: plan.totalAmount,
  duration: plan.duration,
  maxMembers: plan.maxMembers,
  currentMembers: plan.currentMembers,
  groupCount: plan.groupCount,
  status: plan.isActive ? ('ACTIVE' as const) : ('INACTIVE' as const),
});

export function registerCommitteeRoutes(app: FastifyInstance, deps: { db: Database; auth: AuthHooks }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db: Database = deps.db;

  api.get(
    '/api/committees',
    {
      onRequest: deps.auth.requireUser,
      schema: {
        tags: ['committees'],
        summary: 'Committees (plans): active ones, or all for an admin',
        querystring: pagingQuery.extend({ status: firstValue(caseInsensitiveEnum(['ALL', 'ACTIVE', 'INACTIVE']).optional()), limit: pagingQuery.shape.limit.default(100) }),
        response: responses({ 200: committeeListAnswer }),
      },
    },
    async (request) => {
      const isAdmin = currentUser(request).role === 'ADMIN';
      const { status, page, limit } = request.query;
      const { plans } = await listPlans(db, {
        activeOnly: !isAdmin || status === 'ACTIVE',
        status: isAdmin && status === 'INACTIVE' ? 'INACTIVE' : undefined,
        limit,
        offset: (page - 1) * limit,
      });
      const committees = plans.map(toCommittee);
      return { success: true as const, data: { committees } };
    },
  );

  api.get(
    '/api/committees/user',
    {
      onRequest: deps.auth.requireUser,
      schema: {
        tags: ['committees'],
        summary: 'The committees the caller is a member of, with their group and member number',
        response: responses({ 200: myCommitteesAnswer }),
      },
    },
    async (request) => {
      const { rows } = await db.query<{
        id: string; name: string; description: string; package_type: string; monthly_amount: string; total_amount: string; duration: number;
        max_members: number; is_active: boolean; group_id: string; group_number: string; member_number: number; member_status: string; current_members: number; group_count: number;
      }>(
        `SELECT p.id, p.name, p.description, p.package_type, p.monthly_amount::text, p.total_amount::text, p.duration, p.max_members, p.is_active,
           g.id AS group_id, g.group_number, m.member_number, m.status AS member_status,
           (SELECT coalesce(sum(current_members), 0)::int FROM committee_groups WHERE plan_id = p.id) AS current_members,
           (SELECT count(*)::int FROM committee_groups WHERE plan_id = p.id) AS group_count
         FROM group_members m JOIN committee_groups g ON g.id = m.group_id JOIN committee_plans p ON p.id = g.plan_id
         WHERE m.user_id = $1 ORDER BY m.joined_at DESC LIMIT 500`,
        [currentUser(request).id],
      );
      const committees = rows.map((r) => ({
        id: r.id,
        name: r.name,
        description: r.description,
        packageType: r.package_type,
        monthlyAmount: rupeesFromDb(r.monthly_amount),
        totalAmount: rupeesFromDb(r.total_amount),
        duration: r.duration,
        maxMembers: r.max_members,
        currentMembers: r.current_members,
        groupCount: r.group_count,
        status: r.is_active ? ('ACTIVE' as const) : ('INACTIVE' as const),
        groupId: r.group_id,
        groupNumber: r.group_number,
        memberNumber: r.member_number,
        memberStatus: r.member_status,
      }));
      return { success: true as const, data: { committees } };
    },
  );

  api.get(
    '/api/committees/:id',
    {
      onRequest: deps.auth.requireUser,
      schema: {
        tags: ['committees'],
        summary: "One committee with its groups and their member counts, and for an admin every member with their group number (include=groups leaves the members out)",
        params: idParam,
        querystring: committeeDetailsQuery,
        response: responses({ 200: committeeDetailsAnswer }),
      },
    },
    async (request) => {
      const isAdmin = currentUser(request).role === 'ADMIN';
      const { include } = request.query;
      // Other members' names and emails are for administrators (the winner screens), not for members.
      if (include === 'members' && !isAdmin) throw forbidden(authMessages.adminRequired);
      const withMembers = isAdmin && include !== 'groups';
      const plan = await getVisiblePlan(db, request.params.id, isAdmin, 'committee');
      const groups = await committeeGroups(db, plan.id);
      const committee = { ...toCommittee(plan), groups, ...(withMembers ? { members: await committeeMembers(db, plan.id) } : {}) };
      return { success: true as const, data: { committee } };
    },
  );

  api.post(
    '/api/committees',
    { onRequest: deps.auth.requireAdmin, schema: { tags: ['committees'], summary: 'Create a committee (a plan)', body: planBody, response: responses({ 201: committeeAnswer }) } },
    async (request, reply) => {
      const committee = toCommittee(await createPlan(db, actorOf(request), request.body));
      return reply.code(201).send({ success: true, message: planMessages.committeeCreated, committee, data: { committee } });
    },
  );

  api.put(
    '/api/committees/:id/status',
    {
      onRequest: deps.auth.requireAdmin,
      schema: {
        tags: ['committees'],
        summary: 'Open (ACTIVE) or pause (INACTIVE) a committee',
        params: idParam,
        body: z.object({ status: caseInsensitiveEnum(['ACTIVE', 'INACTIVE']) }),
        response: responses({ 200: committeeAnswer }),
      },
    },
    async (request) => {
      const committee = toCommittee(await setPlanActive(db, actorOf(request), request.params.id, request.body.status === 'ACTIVE'));
      return { success: true as const, message: planMessages.committeeStatusUpdated, committee, data: { committee } };
    },
  );
}
