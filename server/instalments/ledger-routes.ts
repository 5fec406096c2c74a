/**
 * Who owes what and where the money went (RULES §6a): for the operator, a member's ledger, a group's
 * arrears grid and a group's ledger; for a member, the ledger of their own groups.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pagingQueryOf } from '../../contract/paging.ts';
import { groupArrearsAnswer, groupLedgerAnswer, memberLedgerAnswer } from '../../contract/ledgers.ts';
import { z } from 'zod';
import { currentUser, type AuthHooks } from '../http/auth.ts';
import { idParam, responses } from '../http/schemas.ts';
import type { InstalmentDeps } from './instalment-service.ts';
import { groupLedger } from './group-ledger.ts';
import { groupArrears, memberLedger } from './ledgers.ts';

const MAX_MEMBERS_A_PAGE = 100;
// 25 members of 48 months answer about 63 KB (figures.test.ts holds it under 64 KB). No 'all': a group of
// 500 members would answer over a megabyte.
const arrearsQuery = pagingQueryOf(25).refine((q) => q.limit <= MAX_MEMBERS_A_PAGE, { path: ['limit'], message: `Limit must be at most ${MAX_MEMBERS_A_PAGE}` });

export function registerLedgerRoutes(app: FastifyInstance, deps: Pick<InstalmentDeps, 'db' | 'signer' | 'today'> & { auth: AuthHooks }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: deps.auth.requireAdmin };
  const member = { onRequest: deps.auth.requireUser };

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

  api.get(
    '/api/committee-plans/user/groups/:groupId/ledger',
    {
      ...member,
      schema: {
        tags: ['payments'],
        summary: "One of the caller's groups, month by month: due, collected, paid out to the month's winner, held, the running balance, and the caller's own instalment (other members by first name and initial)",
        params: z.object({ groupId: z.string().max(100) }),
        response: responses({ 200: groupLedgerAnswer }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await groupLedger(deps.db, deps.today(), request.params.groupId, { kind: 'member', userId: currentUser(request).id }),
    }),
  );

  api.get(
    '/api/admin/groups/:id/ledger',
    {
      ...admin,
      schema: {
        tags: ['groups'],
        summary: "A group, month by month: due, collected, paid out to the month's winner, held and the running balance, with full names (admin)",
        params: idParam,
        response: responses({ 200: groupLedgerAnswer }),
      },
    },
    async (request) => ({ success: true as const, data: await groupLedger(deps.db, deps.today(), request.params.id, { kind: 'admin' }) }),
  );
}
