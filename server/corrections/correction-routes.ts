/**
 * The operator's corrections (docs/rules.md "Corrections"), admin only: undo an approval, correct a receipt
 * under review, remove a member from a group, move a member to another group of the same plan.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { correctionMessages, correctionReasonBody, memberMovedAnswer, memberMoveBody, memberParams, memberRemovedAnswer, receiptCorrectionBody } from '../../contract/corrections.ts';
import { paymentAnswer } from '../../contract/instalments.ts';
import { actorOf, type AuthHooks } from '../http/auth.ts';
import { idParam, responses } from '../http/schemas.ts';
import type { InstalmentDeps } from '../instalments/instalment-service.ts';
import { moveMember, removeMember } from './membership-corrections.ts';
import { correctReceipt, undoApproval } from './payment-corrections.ts';

export function registerCorrectionRoutes(app: FastifyInstance, deps: InstalmentDeps & { auth: AuthHooks }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: deps.auth.requireAdmin };

  api.post(
    '/api/payments/:id/undo-approval',
    {
      ...admin,
      schema: {
        tags: ['corrections'],
        summary: 'Undo the approval of an instalment: it is refused with the reason and owed again; unpaid commissions it accrued are reversed (admin)',
        params: idParam,
        body: correctionReasonBody,
        response: responses({ 200: paymentAnswer }),
      },
    },
    async (request) => {
      const payment = await undoApproval(deps, actorOf(request), request.params.id, request.body.reason);
      return { success: true as const, message: correctionMessages.approvalUndone, payment, data: { payment } };
    },
  );

  api.put(
    '/api/payments/:id/correct',
    {
      ...admin,
      schema: {
        tags: ['corrections'],
        summary: 'Correct the month (with its year) or the amount of a receipt under review (admin)',
        params: idParam,
        body: receiptCorrectionBody,
        response: responses({ 200: paymentAnswer }),
      },
    },
    async (request) => {
      const payment = await correctReceipt(deps, actorOf(request), request.params.id, request.body);
      return { success: true as const, message: correctionMessages.receiptCorrected, payment, data: { payment } };
    },
  );

  api.delete(
    '/api/admin/groups/:id/members/:userId',
    {
      ...admin,
      schema: {
        tags: ['corrections'],
        summary: "Remove a member from a group: the months to come leave the schedule, the months due stay owed, the seat is freed (admin)",
        params: memberParams,
        body: correctionReasonBody,
        response: responses({ 200: memberRemovedAnswer }),
      },
    },
    async (request) => {
      const data = await removeMember(deps, actorOf(request), request.params.id, request.params.userId, request.body.reason);
      return { success: true as const, message: correctionMessages.memberRemoved, data };
    },
  );

  api.post(
    '/api/admin/groups/:id/members/:userId/move',
    {
      ...admin,
      schema: {
        tags: ['corrections'],
        summary: "Move a member to another group of the same plan, the schedule re-dated to the new group's months (admin)",
        params: memberParams,
        body: memberMoveBody,
        response: responses({ 200: memberMovedAnswer }),
      },
    },
    async (request) => {
      const data = await moveMember(deps, actorOf(request), request.params.id, request.params.userId, request.body);
      return { success: true as const, message: correctionMessages.memberMoved, data };
    },
  );
}
