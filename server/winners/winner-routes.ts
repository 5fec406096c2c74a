/** /api/winners… (admin document §7 Winner Management), to RULES §9. Admin only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BusinessDay } from '../payments/figures.ts';
import { ALL_LIMIT, firstValue, paginationOf, pagingQuery, searchField } from '../../contract/paging.ts';
import { caseInsensitiveEnum } from '../../contract/plans.ts';
import {
  eligibleMembersAnswer,
  eligibleQuery,
  groupsAwaitingDrawAnswer,
  selectWinnerBody,
  WINNER_PAGE_SIZE,
  WINNER_STATUSES,
  winnerAnswer,
  winnerListAnswer,
  winnerMessages,
  winnerStatisticsAnswer,
  winnerStatusBody,
} from '../../contract/winners.ts';
import type { Database } from '../db/database.ts';
import { actorOf, type AuthHooks } from '../http/auth.ts';
import { badRequest } from '../http/errors.ts';
import { idParam, responses } from '../http/schemas.ts';
import { changeWinnerStatus, eligibleMembers, groupsAwaitingDraw, listWinners, selectWinner, winnerStatistics } from './winner-service.ts';

export function registerWinnerRoutes(app: FastifyInstance, deps: { db: Database; auth: AuthHooks; appUrl: string; mailQueued: () => void; today: () => BusinessDay }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: deps.auth.requireAdmin };

  api.get(
    '/api/winners/eligible-members/:committeeId/:groupNumber',
    {
      ...admin,
      schema: {
        tags: ['winners'],
        summary: "A group's members who may still win (past winners excluded), with whether they have an overdue instalment",
        params: z.object({ committeeId: z.string().max(100), groupNumber: z.string().max(20) }),
        querystring: eligibleQuery,
        response: responses({ 200: eligibleMembersAnswer }),
      },
    },
    async (request) => {
      const { group, eligibleMembers: members } = await eligibleMembers(deps.db, deps.today(), request.params.committeeId, request.params.groupNumber);
      return { success: true as const, eligibleMembers: members, group, data: { eligibleMembers: members } };
    },
  );

  api.post(
    '/api/winners/select-specific',
    { ...admin, schema: { tags: ['winners'], summary: "Choose a group's winner for a month", body: selectWinnerBody, response: responses({ 201: winnerAnswer }) } },
    async (request, reply) => {
      const winner = await selectWinner(deps, actorOf(request), request.body);
      const message = winnerMessages.selected(winner.groupNumber);
      return reply.code(201).send({ success: true, message, winner, data: { winner } });
    },
  );

  api.post(
    '/api/winners/select',
    { ...admin, schema: { tags: ['winners'], summary: 'Automatic selection: disabled; winners are chosen by hand', response: responses({}) } },
    async () => {
      throw badRequest(winnerMessages.autoDisabled);
    },
  );

  api.get(
    '/api/winners',
    {
      ...admin,
      schema: {
        tags: ['winners'],
        summary: `Winners with filters, a page at a time, newest period first; limit=all (up to ${ALL_LIMIT}) is kept for older clients`,
        querystring: pagingQuery.extend({
          committeeId: firstValue(z.string().max(100).optional()),
          groupNumber: firstValue(z.string().max(20).optional()),
          month: firstValue(z.coerce.number().int().min(1).max(12).optional()),
          year: firstValue(z.coerce.number().int().min(2000).max(2100).optional()),
          status: firstValue(caseInsensitiveEnum(WINNER_STATUSES).optional()),
          search: searchField,
          limit: pagingQuery.shape.limit.default(WINNER_PAGE_SIZE),
        }),
        response: responses({ 200: winnerListAnswer }),
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      const { winners, ...counted } = await listWinners(deps.db, { ...filter, limit, offset: (page - 1) * limit });
      return { success: true as const, winners, data: { winners, pagination: paginationOf(page, limit, counted) } };
    },
  );

  api.get(
    '/api/winners/statistics',
    {
      ...admin,
      schema: {
        tags: ['winners'],
        summary: 'Totals, monthly rows and rows by committee, computed in the database',
        querystring: z.object({ committeeId: firstValue(z.string().max(100).optional()), year: firstValue(z.coerce.number().int().min(2000).max(2100).optional()) }),
        response: responses({ 200: winnerStatisticsAnswer }),
      },
    },
    async (request) => {
      const statistics = await winnerStatistics(deps.db, request.query);
      return { success: true as const, statistics, data: { statistics } };
    },
  );

  api.post(
    '/api/winners/trigger-monthly-selection',
    {
      ...admin,
      schema: {
        tags: ['winners'],
        summary: "Lists the groups still without a winner for this month (Asia/Karachi); it selects nobody",
        response: responses({ 200: groupsAwaitingDrawAnswer }),
      },
    },
    async () => {
      const [year, month] = deps.today().today.split('-').map(Number);
      const data = await groupsAwaitingDraw(deps.db, { year, month });
      return { success: true as const, message: `${data.groups.length} groups are waiting for this month's winner.`, data };
    },
  );

  api.put(
    '/api/winners/:id/status',
    { ...admin, schema: { tags: ['winners'], summary: 'Mark paid, cancel (a paid one only with a note), or edit notes', params: idParam, body: winnerStatusBody, response: responses({ 200: winnerAnswer }) } },
    async (request) => {
      const winner = await changeWinnerStatus(deps.db, actorOf(request), request.params.id, request.body.status, request.body.notes);
      return { success: true as const, message: winnerMessages.statusUpdated, winner, data: { winner } };
    },
  );

  api.delete(
    '/api/winners/:id',
    { ...admin, schema: { tags: ['winners'], summary: 'Cancel a selection (the record stays, CANCELLED)', params: idParam, response: responses({ 200: winnerAnswer }) } },
    async (request) => {
      const winner = await changeWinnerStatus(deps.db, actorOf(request), request.params.id, 'CANCELLED', undefined);
      return { success: true as const, message: winnerMessages.cancelled, winner, data: { winner } };
    },
  );
}
