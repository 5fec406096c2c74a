/** Who owes what, for the operator (RULES §6a): a member's ledger and a group's arrears grid. Admin only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pagingQueryOf } from '../../contract/paging.ts';
import { groupArrearsAnswer, memberLedgerAnswer } from '../../contract/payments.ts';
import type { AuthHooks } from '../http/auth.ts';
import { idParam, responses } from '../http/schemas.ts';
import type { InstalmentDeps } from './instalment-service.ts';
import { groupArrears, memberLedger } from './ledgers.ts';

const MAX_MEMBERS_A_PAGE = 100;
// 25 members of 48 months answer about 63 KB (figures.test.ts holds it under 64 KB). No 'all': a group of
// 500 members would answer over a megabyte.
const arrearsQuery = pagingQueryOf(25).refine((q) => q.limit <= MAX_MEMBERS_A_PAGE, { path: ['limit'], message: `Limit must be at most ${MAX_MEMBERS_A_PAGE}` });

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
        response: responses({ 200: memberLedgerAnswer }),
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
        summary: "A group's arrears grid: a page of members down, months across, each cell's state, with totals per member and, over all members, per month and for the group (admin)",
        params: idParam,
        querystring: arrearsQuery,
        response: responses({ 200: groupArrearsAnswer }),
      },
    },
    async (request) => ({ success: true as const, data: await groupArrears(deps.db, deps.today(), request.params.id, request.query) }),
  );
}
