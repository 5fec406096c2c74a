/** Who owes what, for the operator (RULES §6a): a member's ledger and a group's arrears grid. Admin only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { groupArrears as groupArrearsSchema, memberLedger as memberLedgerSchema } from '../../contract/figures.ts';
import type { AuthHooks } from '../http/auth.ts';
import { idParam, responses } from '../http/schemas.ts';
import type { InstalmentDeps } from './instalment-service.ts';
import { groupArrears, memberLedger } from './ledgers.ts';

export function registerLedgerRoutes(app: FastifyInstance, deps: Pick<InstalmentDeps, 'db' | 'signer' | 'today'> & { auth: AuthHooks }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: deps.auth.requireAdmin };

  api.get(
    '/api/admin/users/:id/ledger',
    {
      ...admin,
      schema: {
        tags: ['payments'],
        summary: "A member's ledger: every instalment of every group, month by month, with its state, receipt and reviewer (admin)",
        params: idParam,
        response: responses({ 200: z.object({ success: z.literal(true), data: memberLedgerSchema }) }),
      },
    },
    async (request) => ({ success: true as const, data: await memberLedger(deps.db, deps.signer, deps.today(), request.params.id) }),
  );

  api.get(
    '/api/admin/groups/:id/arrears',
    {
      ...admin,
      schema: {
        tags: ['groups'],
        summary: "A group's arrears grid: members down, months across, each cell's state, with totals per month and per member (admin)",
        params: idParam,
        response: responses({ 200: z.object({ success: z.literal(true), data: groupArrearsSchema }) }),
      },
    },
    async (request) => ({ success: true as const, data: await groupArrears(deps.db, deps.today(), request.params.id) }),
  );
}
