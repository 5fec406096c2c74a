/**
 * Joining a committee and withdrawing the request (RULES §1, §5): joining opens a plan request for the
 * first month's amount; leaving withdraws an open one. The committee itself is the plans' (plans/).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageAnswer } from '../../contract/answers.ts';
import { WITHDRAWN_BY_MEMBER } from '../../contract/plan-requests.ts';
import { joinCommitteeAnswer, planMessages } from '../../contract/plans.ts';
import { actorOf, type AuthHooks } from '../http/auth.ts';
import { conflict, notFound } from '../http/errors.ts';
import { idParam, responses } from '../http/schemas.ts';
import { getVisiblePlan } from '../plans/plan-service.ts';
import { createPlanRequest, type PlanRequestDeps } from './plan-request-service.ts';

export function registerCommitteeJoinRoutes(app: FastifyInstance, deps: PlanRequestDeps & { auth: AuthHooks }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.db;

  api.post(
    '/api/committees/:id/join',
    {
      onRequest: deps.auth.requireUser,
      schema: {
        tags: ['committees'],
        summary: "Ask to join: opens a plan request for the first month's amount, to be completed with a receipt",
        params: idParam,
        response: responses({ 201: joinCommitteeAnswer }),
      },
    },
    async (request, reply) => {
      const plan = await getVisiblePlan(db, request.params.id, false, 'committee');
      const payment = await createPlanRequest(deps, actorOf(request), { planId: plan.id, amount: plan.monthlyAmount, paymentMethod: 'BANK_TRANSFER' });
      return reply.code(201).send({ success: true, message: planMessages.committeeJoined, data: { paymentId: payment.id, status: payment.status } });
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
        response: responses({ 200: messageAnswer }),
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
          `UPDATE payments SET status = 'REJECTED', rejection_reason = $3, updated_at = now()
           WHERE user_id = $1 AND plan_id = $2 AND type = 'SUBSCRIPTION' AND status = 'PENDING' RETURNING id`,
          [user.id, plan.id, WITHDRAWN_BY_MEMBER],
        );
        if (withdrawn.rowCount === 0) throw notFound('You have no open request for this committee.');
      });
      return { success: true as const, message: planMessages.committeeLeft };
    },
  );
}
