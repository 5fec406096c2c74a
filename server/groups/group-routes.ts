/** /api/admin/groups (admin document §7), to RULES §4. Admin only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { instalmentFigures, instalmentState } from '../../contract/figures.ts';
import type { BusinessDay } from '../payments/figures.ts';
import { firstValue, pagination, paginationOf, pagingQuery, searchField } from '../../contract/paging.ts';
import { groupCreateBody, groupUpdateBody, planMessages } from '../../contract/plans.ts';
import { notFound } from '../http/errors.ts';
import { findPlan } from '../plans/plan-service.ts';
import type { Database } from '../db/database.ts';
import { actorOf, type AuthHooks } from '../http/auth.ts';
import { idParam, messageBody, responses } from '../http/schemas.ts';
import { createGroup, deleteGroup, getGroupDetails, listGroups, updateGroup } from './group-service.ts';

const groupSchema = z.object({
  id: z.string(),
  planId: z.string(),
  plan: z.object({ id: z.string(), name: z.string(), monthlyAmount: z.number(), totalAmount: z.number(), duration: z.number() }),
  groupNumber: z.string(),
  groupName: z.string(),
  maxMembers: z.number(),
  currentMembers: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  summary: z.object({ totalPending: z.number(), totalPaid: z.number(), thisMonthPaid: z.number(), thisMonthRemaining: z.number() }),
});
const groupDetailsSchema = groupSchema.extend({
  members: z.array(
    z.object({
      id: z.string(),
      userId: z.string(),
      memberNumber: z.number(),
      status: z.string(),
      joinedAt: z.string(),
      user: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      user: z.object({ name: z.string() }),
      month: z.number(),
      year: z.number(),
      paymentMethod: z.string(),
      amount: z.number(),
      status: z.string(),
      state: instalmentState,
      paymentDate: z.string().nullable(),
    }),
  ),
  stats: z.object({
    totalPayments: z.number(),
    paidPayments: z.number(),
    pendingPayments: z.number(),
    overduePayments: z.number(),
    totalRevenue: z.number(),
    expectedRevenue: z.number(),
    collectionRate: z.number(),
    currentMonth: z.object({ paid: z.number(), pending: z.number(), overdue: z.number() }),
    figures: instalmentFigures,
  }),
});
const groupsList = z.object({ success: z.literal(true), groups: z.array(groupSchema), data: z.object({ groups: z.array(groupSchema), pagination }) });
const oneGroup = z.object({ success: z.literal(true), message: z.string().optional(), group: groupSchema, data: z.object({ group: groupSchema }) });

const listQuery = pagingQuery.extend({
  search: searchField,
  status: firstValue(z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(['ALL', 'ACTIVE', 'INACTIVE']).optional())),
  limit: pagingQuery.shape.limit.default(50),
});

export function registerGroupRoutes(app: FastifyInstance, deps: { db: Database; auth: AuthHooks; today: () => BusinessDay }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: deps.auth.requireAdmin };

  api.get(
    '/api/admin/groups/all',
    { ...admin, schema: { tags: ['groups'], summary: 'All groups with their figures', querystring: listQuery, response: responses({ 200: groupsList }) } },
    async (request) => {
      const { page, limit, search, status } = request.query;
      const { groups, ...counted } = await listGroups(deps.db, deps.today(), { search, status: status === 'ALL' ? undefined : status, limit, offset: (page - 1) * limit });
      return { success: true as const, groups, data: { groups, pagination: paginationOf(page, limit, counted) } };
    },
  );

  api.get(
    '/api/admin/groups/plan/:id',
    { ...admin, schema: { tags: ['groups'], summary: "A plan's groups", params: idParam, querystring: pagingQuery.extend({ limit: pagingQuery.shape.limit.default(100) }), response: responses({ 200: groupsList }) } },
    async (request) => {
      const { page, limit } = request.query;
      if (!(await findPlan(deps.db, request.params.id))) throw notFound(planMessages.notFound);
      const { groups, ...counted } = await listGroups(deps.db, deps.today(), { planId: request.params.id, limit, offset: (page - 1) * limit });
      return { success: true as const, groups, data: { groups, pagination: paginationOf(page, limit, counted) } };
    },
  );

  api.post(
    '/api/admin/groups/create',
    { ...admin, schema: { tags: ['groups'], summary: 'Create a group; its end date follows from the plan', body: groupCreateBody, response: responses({ 201: oneGroup }) } },
    async (request, reply) => {
      const group = await createGroup(deps.db, deps.today(), actorOf(request), request.body);
      return reply.code(201).send({ success: true, message: 'Group created successfully', group, data: { group } });
    },
  );

  api.put(
    '/api/admin/groups/:id',
    { ...admin, schema: { tags: ['groups'], summary: 'Update a group, or only activate or deactivate it', params: idParam, body: groupUpdateBody, response: responses({ 200: oneGroup }) } },
    async (request) => {
      const group = await updateGroup(deps.db, deps.today(), actorOf(request), request.params.id, request.body);
      return { success: true as const, message: 'Group updated successfully', group, data: { group } };
    },
  );

  api.get(
    '/api/admin/groups/:id/details',
    {
      ...admin,
      schema: {
        tags: ['groups'],
        summary: 'A group with its members, payments and statistics',
        params: idParam,
        response: responses({ 200: z.object({ success: z.literal(true), group: groupDetailsSchema, data: z.object({ group: groupDetailsSchema }) }) }),
      },
    },
    async (request) => {
      const group = await getGroupDetails(deps.db, deps.today(), request.params.id);
      return { success: true as const, group, data: { group } };
    },
  );

  api.delete(
    '/api/admin/groups/:id',
    { ...admin, schema: { tags: ['groups'], summary: 'Delete a group without members', params: idParam, response: responses({ 200: messageBody }) } },
    async (request) => {
      await deleteGroup(deps.db, deps.today(), actorOf(request), request.params.id);
      return { success: true as const, message: 'Group deleted successfully' };
    },
  );
}
