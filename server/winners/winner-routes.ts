/**
 * /api/winners… (admin document §7 Winner Management), to RULES §9, admin only; and a group's draw record
 * (docs/draws.md), for the group's members and for the admin.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BusinessDay } from '../figures/figures.ts';
import { ALL_LIMIT, firstValue, paginationOf, pagingQuery, searchField } from '../../contract/paging.ts';
import { caseInsensitiveEnum } from '../../contract/plans.ts';
import {
  drawAnswer,
  drawBody,
  drawCommitAnswer,
  drawCommitBody,
  drawParams,
  drawRecordAnswer,
  drawRecordLinkAnswer,
  drawRecordToken,
  drawVoidAnswer,
  drawVoidBody,
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
import { actorOf, currentUser, type AuthHooks } from '../http/auth.ts';
import { badRequest } from '../http/errors.ts';
import { idParam, responses } from '../http/schemas.ts';
import { commitDraw, drawCommitted, drawRecord, findDrawRecordLink, publicDrawRecord, publishDrawRecord, revokeDrawRecordLink, voidDraw } from './draw-service.ts';
import { changeWinnerStatus, eligibleMembers, groupsAwaitingDraw, listWinners, selectWinner, winnerStatistics } from './winner-service.ts';

export function registerWinnerRoutes(
  app: FastifyInstance,
  deps: { db: Database; auth: AuthHooks; appUrl: string; mailQueued: () => void; today: () => BusinessDay; now: () => Date; drawNoticeHours: number },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: deps.auth.requireAdmin };
  const member = { onRequest: deps.auth.requireUser };

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
    '/api/winners/draws/:committeeId/:groupNumber/commit',
    {
      ...admin,
      schema: {
        tags: ['winners'],
        summary: "Freeze a month's eligible members, publish the draw's commitment (SHA-256 of a secret seed) and tell every member of the group",
        description: 'The draw can be made from drawableAt (DRAW_NOTICE_HOURS later). 409 while another draw of the group is committed: it is drawn, or voided with a reason, first.',
        params: drawParams,
        body: drawCommitBody,
        response: responses({ 201: drawCommitAnswer }),
      },
    },
    async (request, reply) => {
      const draw = await commitDraw(deps, actorOf(request), request.params.committeeId, request.params.groupNumber, request.body);
      return reply.code(201).send({ success: true, message: winnerMessages.drawCommitted(request.params.groupNumber), data: { draw } });
    },
  );

  api.post(
    '/api/winners/draws/:committeeId/:groupNumber/draw',
    {
      ...admin,
      schema: {
        tags: ['winners'],
        summary: "Draw the committed month: the published rule picks the winner from the seed, which is revealed (docs/draws.md)",
        params: drawParams,
        body: drawBody,
        response: responses({ 201: drawAnswer }),
      },
    },
    async (request, reply) => {
      const { winner, draw } = await drawCommitted(deps, actorOf(request), request.params.committeeId, request.params.groupNumber, request.body);
      return reply.code(201).send({ success: true, message: winnerMessages.drawn(winner.groupNumber), winner, data: { winner, draw } });
    },
  );

  api.post(
    '/api/winners/draws/:committeeId/:groupNumber/void',
    {
      ...admin,
      schema: {
        tags: ['winners'],
        summary: "Void the month's committed draw with a reason: its seed is revealed, the record shows the reason, and every member is told",
        params: drawParams,
        body: drawVoidBody,
        response: responses({ 200: drawVoidAnswer }),
      },
    },
    async (request) => {
      const draw = await voidDraw(deps, actorOf(request), request.params.committeeId, request.params.groupNumber, request.body);
      return { success: true as const, message: winnerMessages.voided(request.params.groupNumber), data: { draw } };
    },
  );

  api.get(
    '/api/admin/groups/:id/draw-record-link',
    { ...admin, schema: { tags: ['winners'], summary: "The group's published draw record link, or null (admin)", params: idParam, response: responses({ 200: drawRecordLinkAnswer }) } },
    async (request) => ({ success: true as const, data: { link: await findDrawRecordLink(deps.db, deps.appUrl, request.params.id) } }),
  );

  api.post(
    '/api/admin/groups/:id/draw-record-link',
    {
      ...admin,
      schema: {
        tags: ['winners'],
        summary: "Publish the group's draw record at a link that needs no sign-in (an unguessable token; a link made before stops working)",
        params: idParam,
        response: responses({ 201: drawRecordLinkAnswer }),
      },
    },
    async (request, reply) => {
      const link = await publishDrawRecord(deps.db, deps.appUrl, actorOf(request), request.params.id);
      return reply.code(201).send({ success: true, message: winnerMessages.linkPublished, data: { link } });
    },
  );

  api.delete(
    '/api/admin/groups/:id/draw-record-link',
    { ...admin, schema: { tags: ['winners'], summary: "Revoke the group's published draw record link", params: idParam, response: responses({ 200: drawRecordLinkAnswer }) } },
    async (request) => {
      await revokeDrawRecordLink(deps.db, actorOf(request), request.params.id);
      return { success: true as const, message: winnerMessages.linkRevoked, data: { link: null } };
    },
  );

  api.get(
    '/api/public/draw-records/:token',
    {
      schema: {
        tags: ['winners'],
        summary: 'A draw record published by its link: no sign-in, names as members see each other',
        security: [],
        params: drawRecordToken,
        response: responses({ 200: drawRecordAnswer }),
      },
    },
    async (request) => ({ success: true as const, data: await publicDrawRecord(deps.db, request.params.token) }),
  );

  api.get(
    '/api/committee-plans/user/groups/:groupId/draws',
    {
      ...member,
      schema: {
        tags: ['winners'],
        summary: "One of the caller's groups: every draw (eligible members, commitment, seed once revealed, winner) and every manual choice with its reason, month by month",
        params: z.object({ groupId: z.string().max(100) }),
        response: responses({ 200: drawRecordAnswer }),
      },
    },
    async (request) => ({ success: true as const, data: await drawRecord(deps.db, request.params.groupId, { kind: 'member', userId: currentUser(request).id }) }),
  );

  api.get(
    '/api/admin/groups/:id/draws',
    {
      ...admin,
      schema: { tags: ['winners'], summary: "A group's draw record, with full names (admin)", params: idParam, response: responses({ 200: drawRecordAnswer }) },
    },
    async (request) => ({ success: true as const, data: await drawRecord(deps.db, request.params.id, { kind: 'admin' }) }),
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
      return { success: true as const, data: { winners, pagination: paginationOf(page, limit, counted) } };
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
      return { success: true as const, message: winnerMessages.awaitingDraw(data.groups.length), data };
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
