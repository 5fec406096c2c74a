/** /api/committee-plans (member document §7, admin document §7), to RULES §4. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { firstValue, paginationOf, pagingQuery, searchField } from '../../contract/paging.ts';
import { planAnswer, planBody, planListAnswer, planMessages } from '../../contract/plans.ts';
import type { Database } from '../db/database.ts';
import { actorOf, type AuthHooks } from '../http/auth.ts';
import { idParam, responses } from '../http/schemas.ts';
import { createPlan, deletePlan, getVisiblePlan, listPlans, setPlanActive, updatePlan } from './plan-service.ts';
import { messageAnswer } from '../../contract/answers.ts';

const listQuery = pagingQuery.extend({
  includeInactive: firstValue(z.enum(['true', 'false']).optional()),
  status: firstValue(z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(['ALL', 'ACTIVE', 'INACTIVE']).optional())),
  search: searchField,
  limit: pagingQuery.shape.limit.default(100),
});

export function registerPlanRoutes(app: FastifyInstance, deps: { db: Database; auth: AuthHooks }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/committee-plans',
    {
      onRequest: deps.auth.optionalUser,
      schema: {
        tags: ['plans'],
        summary: 'Plans: active ones for members and visitors; admins may ask for all',
        querystring: listQuery,
        response: responses({ 200: planListAnswer }),
      },
    },
    async (request) => {
      const isAdmin = request.user?.role === 'ADMIN';
      const { page, limit, includeInactive, status, search } = request.query;
      // includeInactive and status are honoured for admins only (RULES §4).
      const activeOnly = !isAdmin || (includeInactive !== 'true' && status !== 'ALL' && status !== 'INACTIVE');
      const { plans, ...counted } = await listPlans(deps.db, {
        activeOnly,
        status: isAdmin && status !== 'ALL' ? status : undefined,
        search,
        limit,
        offset: (page - 1) * limit,
      });
      return { success: true as const, data: { plans, pagination: paginationOf(page, limit, counted) } };
    },
  );

  api.get(
    '/api/committee-plans/:id',
    { onRequest: deps.auth.optionalUser, schema: { tags: ['plans'], summary: 'One plan', params: idParam, response: responses({ 200: planAnswer }) } },
    async (request) => {
      const plan = await getVisiblePlan(deps.db, request.params.id, request.user?.role === 'ADMIN');
      return { success: true as const, plan, data: { plan } };
    },
  );

  api.post(
    '/api/committee-plans',
    { onRequest: deps.auth.requireAdmin, schema: { tags: ['plans'], summary: 'Create a plan (admin)', body: planBody, response: responses({ 201: planAnswer }) } },
    async (request, reply) => {
      const plan = await createPlan(deps.db, actorOf(request), request.body);
      return reply.code(201).send({ success: true, message: planMessages.created, plan, data: { plan } });
    },
  );

  api.put(
    '/api/committee-plans/:id',
    { onRequest: deps.auth.requireAdmin, schema: { tags: ['plans'], summary: 'Update a plan (admin)', params: idParam, body: planBody, response: responses({ 200: planAnswer }) } },
    async (request) => {
      const plan = await updatePlan(deps.db, actorOf(request), request.params.id, request.body);
      return { success: true as const, message: planMessages.updated, plan, data: { plan } };
    },
  );

  for (const [path, isActive] of [['activate', true], ['deactivate', false]] as const) {
    api.put(
      `/api/committee-plans/:id/${path}`,
      { onRequest: deps.auth.requireAdmin, schema: { tags: ['plans'], summary: `${isActive ? 'Activate' : 'Deactivate'} a plan (admin)`, params: idParam, response: responses({ 200: planAnswer }) } },
      async (request) => {
        const plan = await setPlanActive(deps.db, actorOf(request), request.params.id, isActive);
        return { success: true as const, message: isActive ? planMessages.activated : planMessages.deactivated, plan, data: { plan } };
      },
    );
  }

  api.delete(
    '/api/committee-plans/:id',
    { onRequest: deps.auth.requireAdmin, schema: { tags: ['plans'], summary: 'Delete a plan that has no groups or payments (admin)', params: idParam, response: responses({ 200: messageAnswer }) } },
    async (request) => {
      await deletePlan(deps.db, actorOf(request), request.params.id);
      return { success: true as const, message: planMessages.deleted };
    },
  );
}
