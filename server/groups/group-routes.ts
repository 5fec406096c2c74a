/** /api/admin/groups (admin document §7), to RULES §4. Admin only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BusinessDay } from '../figures/figures.ts';
import { firstValue, paginationOf, pagingQuery, pagingQueryOf, searchField, wholeOrPage, wholeOrPagingQuery } from '../../contract/paging.ts';
import { planMessages } from '../../contract/plans.ts';
import { GROUP_PAYMENTS_PAGE, groupAnswer, groupCreateBody, groupDetailsAnswer, groupListAnswer, groupPaymentsAnswer, groupUpdateBody, groupMessages, planGroupListAnswer } from '../../contract/groups.ts';
import { notFound } from '../http/errors.ts';
import { findPlan } from '../plans/plan-service.ts';
import type { Database } from '../db/database.ts';
import { actorOf, type AuthHooks } from '../http/auth.ts';
import { idParam, responses } from '../http/schemas.ts';
import { createGroup, deleteGroup, getGroupDetails, listGroupPayments, listGroups, listPlanGroups, updateGroup } from './group-service.ts';
import { messageAnswer } from '../../contract/answers.ts';

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
    { ...admin, schema: { tags: ['groups'], summary: 'All groups with their figures', querystring: listQuery, response: responses({ 200: groupListAnswer }) } },
    async (request) => {
      const { page, limit, search, status } = request.query;
      const { groups, ...counted } = await listGroups(deps.db, deps.today(), { search, status: status === 'ALL' ? undefined : status, limit, offset: (page - 1) * limit });
      return { success: true as const, groups, data: { pagination: paginationOf(page, limit, counted) } };
    },
  );

  api.get(
    '/api/admin/groups/plan/:id',
    { ...admin, schema: { tags: ['groups'], summary: "A plan's groups", params: idParam, querystring: pagingQuery.extend({ limit: pagingQuery.shape.limit.default(100) }), response: responses({ 200: planGroupListAnswer }) } },
    async (request) => {
      const { page, limit } = request.query;
      if (!(await findPlan(deps.db, request.params.id))) throw notFound(planMessages.notFound);
      const { groups, ...counted } = await listPlanGroups(deps.db, deps.today(), { planId: request.params.id, limit, offset: (page - 1) * limit });
      return { success: true as const, data: { groups, pagination: paginationOf(page, limit, counted) } };
    },
  );

  api.post(
    '/api/admin/groups/create',
    { ...admin, schema: { tags: ['groups'], summary: 'Create a group; its end date follows from the plan', body: groupCreateBody, response: responses({ 201: groupAnswer }) } },
    async (request, reply) => {
      const group = await createGroup(deps.db, deps.today(), actorOf(request), request.body);
      return reply.code(201).send({ success: true, message: groupMessages.created, group, data: { group } });
    },
  );

  api.put(
    '/api/admin/groups/:id',
    { ...admin, schema: { tags: ['groups'], summary: 'Update a group, or only activate or deactivate it', params: idParam, body: groupUpdateBody, response: responses({ 200: groupAnswer }) } },
    async (request) => {
      const group = await updateGroup(deps.db, deps.today(), actorOf(request), request.params.id, request.body);
      return { success: true as const, message: groupMessages.updated, group, data: { group } };
    },
  );

  api.get(
    '/api/admin/groups/:id/details',
    {
      ...admin,
      schema: {
        tags: ['groups'],
        summary: 'A group with its members, payments and statistics: every payment (up to 5,000), or the page asked for with page or limit',
        params: idParam,
        querystring: wholeOrPagingQuery,
        response: responses({ 200: groupDetailsAnswer }),
      },
    },
    async (request) => {
      const group = await getGroupDetails(deps.db, deps.today(), request.params.id, wholeOrPage(request.query, GROUP_PAYMENTS_PAGE));
      return { success: true as const, group };
    },
  );

  api.get(
    '/api/admin/groups/:id/payments',
    {
      ...admin,
      schema: {
        tags: ['groups'],
        summary: "A page of the group's instalments, month by month and by member",
        params: idParam,
        querystring: pagingQueryOf(GROUP_PAYMENTS_PAGE),
        response: responses({ 200: groupPaymentsAnswer }),
      },
    },
    async (request) => ({ success: true as const, data: await listGroupPayments(deps.db, deps.today(), request.params.id, request.query) }),
  );

  api.delete(
    '/api/admin/groups/:id',
    { ...admin, schema: { tags: ['groups'], summary: 'Delete a group without members', params: idParam, response: responses({ 200: messageAnswer }) } },
    async (request) => {
      await deleteGroup(deps.db, deps.today(), actorOf(request), request.params.id);
      return { success: true as const, message: groupMessages.deleted };
    },
  );
}
