/**
 * /api/committees: the same plans under their other name (RULES §1), for the winner screens and the
 * member's committees. Joining a committee opens a plan request; leaving withdraws an open one.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rupeesFromDb } from '../../contract/money.ts';
import { firstValue, pagingQuery } from '../../contract/paging.ts';
import { caseInsensitiveEnum, planBody } from '../../contract/plans.ts';
import type { Database } from '../db/database.ts';
import { actorOf, currentUser, type AuthHooks } from '../http/auth.ts';
import { conflict, notFound } from '../http/errors.ts';
import { idParam, responses } from '../http/schemas.ts';
import { createPlanRequest, type PlanPaymentDeps } from '../plan-payments/plan-payment-service.ts';
import { createPlan, getVisiblePlan, listPlans, setPlanActive, type Plan } from './plan-service.ts';

const committeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  packageType: z.string(),
  monthlyAmount: z.number(),
  totalAmount: z.number(),
  duration: z.number(),
  maxMembers: z.number(),
  currentMembers: z.number(),
  groupCount: z.number(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
});
const memberSchema = z.object({
  id: z.string(),
  userId: z.string(),
  groupId: z.string(),
  groupNumber: z.string(),
  memberNumber: z.number(),
  status: z.string(),
  joinedAt: z.string(),
  user: z.object({ name: z.string(), email: z.string().optional() }),
});
const committeeDetails = committeeSchema.extend({
  members: z.array(memberSchema),
  groups: z.array(z.object({ id: z.string(), groupNumber: z.string(), memberCount: z.number(), maxMembers: z.number(), isActive: z.boolean() })),
});

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

export function registerCommitteeRoutes(app: FastifyInstance, deps: PlanPaymentDeps & { auth: AuthHooks }) {
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
        response: responses({ 200: z.object({ success: z.literal(true), committees: z.array(committeeSchema), data: z.object({ committees: z.array(committeeSchema) }) }) }),
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
      return { success: true as const, committees, data: { committees } };
    },
  );

  api.get(
    '/api/committees/user',
    {
      onRequest: deps.auth.requireUser,
      schema: {
        tags: ['committees'],
        summary: 'The committees the caller is a member of, with their group and member number',
        response: responses({
          200: z.object({
            success: z.literal(true),
            committees: z.array(committeeSchema.extend({ groupId: z.string(), groupNumber: z.string(), memberNumber: z.number(), memberStatus: z.string() })),
            data: z.object({ committees: z.array(committeeSchema.extend({ groupId: z.string(), groupNumber: z.string(), memberNumber: z.number(), memberStatus: z.string() })) }),
          }),
        }),
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
      return { success: true as const, committees, data: { committees } };
    },
  );

  api.get(
    '/api/committees/:id',
    {
      onRequest: deps.auth.requireUser,
      schema: {
        tags: ['committees'],
        summary: 'One committee with its groups, and for admins its members and their group numbers',
        params: idParam,
        response: responses({ 200: z.object({ success: z.literal(true), committee: committeeDetails, data: z.object({ committee: committeeDetails }) }) }),
      },
    },
    async (request) => {
      const isAdmin = currentUser(request).role === 'ADMIN';
      const plan = await getVisiblePlan(db, request.params.id, isAdmin, 'committee');
      const groups = await db.query<{ id: string; group_number: string; current_members: number; max_members: number; is_active: boolean }>(
        'SELECT id, group_number, current_members, max_members, is_active FROM committee_groups WHERE plan_id = $1 ORDER BY length(group_number), group_number',
        [plan.id],
      );
      // Other members' names and emails are for administrators (the winner screens), not for members.
      const members = isAdmin
        ? (
            await db.query<{ id: string; user_id: string; group_id: string; group_number: string; member_number: number; status: string; joined_at: Date; name: string; email: string }>(
              `SELECT m.id, m.user_id, g.id AS group_id, g.group_number, m.member_number, m.status, m.joined_at, u.name, u.email
               FROM group_members m JOIN committee_groups g ON g.id = m.group_id JOIN users u ON u.id = m.user_id
               WHERE g.plan_id = $1 ORDER BY length(g.group_number), g.group_number, m.member_number LIMIT 5000`,
              [plan.id],
            )
          ).rows.map((m) => ({
            id: m.id,
            userId: m.user_id,
            groupId: m.group_id,
            groupNumber: m.group_number,
            memberNumber: m.member_number,
            status: m.status,
            joinedAt: new Date(m.joined_at).toISOString(),
            user: { name: m.name, email: m.email },
          }))
        : [];
      const committee = {
        ...toCommittee(plan),
        members,
        groups: groups.rows.map((g) => ({ id: g.id, groupNumber: g.group_number, memberCount: g.current_members, maxMembers: g.max_members, isActive: g.is_active })),
      };
      return { success: true as const, committee, data: { committee } };
    },
  );

  api.post(
    '/api/committees',
    { onRequest: deps.auth.requireAdmin, schema: { tags: ['committees'], summary: 'Create a committee (a plan)', body: planBody, response: responses({ 201: z.object({ success: z.literal(true), message: z.string(), committee: committeeSchema, data: z.object({ committee: committeeSchema }) }) }) } },
    async (request, reply) => {
      const committee = toCommittee(await createPlan(db, actorOf(request), request.body));
      return reply.code(201).send({ success: true, message: 'Committee created successfully', committee, data: { committee } });
    },
  );

  api.post(
    '/api/committees/:id/join',
    {
      onRequest: deps.auth.requireUser,
      schema: {
        tags: ['committees'],
        summary: "Ask to join: opens a plan request for the first month's amount, to be completed with a receipt",
        params: idParam,
        response: responses({ 201: z.object({ success: z.literal(true), message: z.string(), data: z.object({ paymentId: z.string(), status: z.string() }) }) }),
      },
    },
    async (request, reply) => {
      const plan = await getVisiblePlan(db, request.params.id, false, 'committee');
      const payment = await createPlanRequest(deps, actorOf(request), { planId: plan.id, amount: plan.monthlyAmount, paymentMethod: 'BANK_TRANSFER' });
      return reply.code(201).send({ success: true, message: 'Successfully joined the committee', data: { paymentId: payment.id, status: payment.status } });
    },
  );

  api.delete(
    '/api/committees/:id/leave',
    {
      onRequest: deps.auth.requireUser,
      schema: {
        tags: ['committees'],
        summary: 'Withdraw an open request to join. Members already in a group leave through an administrator.',
        params: idParam,
        response: responses({ 200: z.object({ success: z.literal(true), message: z.string() }) }),
      },
    },
    async (request) => {
      const user = actorOf(request);
      await db.transaction(async (tx) => {
        const plan = await getVisiblePlan(tx, request.params.id, true, 'committee');
        const member = await tx.query(
          `SELECT 1 FROM group_members m JOIN committee_groups g ON g.id = m.group_id WHERE g.plan_id = $1 AND m.user_id = $2 AND m.status = 'ACTIVE'`,
          [plan.id, user.id],
        );
        // Leaving mid-cycle changes what the other members receive: an administrator handles it.
        if (member.rowCount > 0) throw conflict('You are a member of a group in this committee. Please contact support to leave it.');
        const withdrawn = await tx.query(
          `UPDATE payments SET status = 'REJECTED', rejection_reason = 'Withdrawn by the member', updated_at = now()
           WHERE user_id = $1 AND plan_id = $2 AND type = 'SUBSCRIPTION' AND status = 'PENDING' RETURNING id`,
          [user.id, plan.id],
        );
        if (withdrawn.rowCount === 0) throw notFound('You have no open request for this committee.');
      });
      return { success: true as const, message: 'Successfully left the committee' };
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
        response: responses({ 200: z.object({ success: z.literal(true), message: z.string(), committee: committeeSchema, data: z.object({ committee: committeeSchema }) }) }),
      },
    },
    async (request) => {
      const committee = toCommittee(await setPlanActive(db, actorOf(request), request.params.id, request.body.status === 'ACTIVE'));
      return { success: true as const, message: 'Committee status updated successfully', committee, data: { committee } };
    },
  );
}
