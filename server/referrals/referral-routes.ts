/**
 * /api/referrals… (member document §7 Referrals; admin document §7) and /api/admin/commission-payments…,
 * to RULES §8. A member sees only their own scheme; an admin may look at anyone's.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatPkr } from '../../contract/money.ts';
import { firstValue, paginationOf, pagingQuery, wholeOrPage, wholeOrPagingQuery } from '../../contract/paging.ts';
import { caseInsensitiveEnum } from '../../contract/plans.ts';
import {
  bulkPayAnswer,
  bulkPayBody,
  commissionBatchesAnswer,
  commissionHistoryAnswer,
  commissionMessages,
  commissionPaymentsAnswer,
  commissionRulesAnswer,
  commissionRulesBody,
  commissionRulesUpdatedAnswer,
  confirmBody,
  confirmCommissionAnswer,
  leaderboardAnswer,
  pendingCommissionsAnswer,
  referralListAnswer,
  referralReportAnswer,
  referralStatsAnswer,
  referralTreeAnswer,
} from '../../contract/referrals.ts';
import { karachiToday } from '../business-time.ts';
import type { Database } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { actorOf, currentUser, type AuthHooks } from '../http/auth.ts';
import { idParam, responses } from '../http/schemas.ts';
import {
  batchHistory,
  commissionHistory,
  confirmCommissionPayment,
  currentRules,
  memberCommissionPayments,
  payCommissionBatch,
  pendingCommissions,
  updateRules,
} from './commission-service.ts';
import { emptyTree, leaderboard, listReferrals, referralReport, referralReportCsv, referralStats, referralTree } from './referral-service.ts';

const dateField = firstValue(z.iso.date().optional());

/** A page of pending commissions when a page is asked for without its size. */
const PENDING_COMMISSIONS_PAGE = 50;

export function registerReferralRoutes(app: FastifyInstance, deps: { db: Database; auth: AuthHooks }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const member = { onRequest: deps.auth.requireUser };
  const admin = { onRequest: deps.auth.requireAdmin };

  api.get('/api/referrals', { ...member, schema: { tags: ['referrals'], summary: 'People I referred (levels 1-3)', response: responses({ 200: referralListAnswer }) } }, async (request) => {
    const referrals = await listReferrals(deps.db, currentUser(request).id);
    return { success: true as const, data: { referrals } };
  });

  api.get('/api/referrals/stats', { ...member, schema: { tags: ['referrals'], summary: 'My referral counts and commission totals', response: responses({ 200: referralStatsAnswer }) } }, async (request) => {
    const stats = await referralStats(deps.db, currentUser(request).id);
    return { success: true as const, stats, data: stats };
  });

  api.get(
    '/api/referrals/tree',
    { ...member, schema: { tags: ['referrals'], summary: "My referral tree; an admin may ask for anyone's with userId", querystring: z.object({ userId: firstValue(z.string().max(100).optional()) }), response: responses({ 200: referralTreeAnswer }) } },
    async (request) => {
      const viewer = currentUser(request);
      const target = request.query.userId ?? viewer.id;
      // Another member's tree is never shown to a member: they get an empty result (member document §6).
      // A member sees the emails of their own level 1 only; an admin sees everyone's (referral-service.ts).
      const shown = viewer.role === 'ADMIN' ? 'all' : 'direct';
      const result = viewer.role !== 'ADMIN' && target !== viewer.id ? emptyTree() : isUuid(target) ? await referralTree(deps.db, target, shown) : emptyTree();
      return { success: true as const, ...result };
    },
  );

  api.get(
    '/api/referrals/commission-history',
    {
      ...member,
      schema: {
        tags: ['referrals'],
        summary: "My commissions; an admin sees everyone's or one user's",
        querystring: pagingQuery.extend({
          status: firstValue(caseInsensitiveEnum(['PENDING', 'PAID']).optional()),
          level: firstValue(z.coerce.number().int().min(1).max(3).optional()),
          startDate: dateField,
          endDate: dateField,
          userId: firstValue(z.string().max(100).optional()),
          limit: pagingQuery.shape.limit.default(50),
        }),
        response: responses({ 200: commissionHistoryAnswer }),
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const { page, limit, userId, ...filter } = request.query;
      const scope = viewer.role === 'ADMIN' ? (userId && isUuid(userId) ? userId : userId ? '00000000-0000-0000-0000-000000000000' : undefined) : viewer.id;
      const { commissions, total, totalCommission } = await commissionHistory(deps.db, { ...filter, userId: scope, limit, offset: (page - 1) * limit });
      return { success: true as const, commissions, commissionHistory: commissions, totalCommission, data: { pagination: paginationOf(page, limit, total) } };
    },
  );

  api.get(
    '/api/referrals/leaderboard',
    {
      ...member,
      schema: {
        tags: ['referrals'],
        summary: 'Top referrers by commission (members see first names and an initial)',
        querystring: z.object({ period: firstValue(caseInsensitiveEnum(['ALL', 'MONTH', 'YEAR']).default('ALL')), limit: firstValue(z.coerce.number().int().min(1).max(100).default(10)) }),
        response: responses({ 200: leaderboardAnswer }),
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const leaders = await leaderboard(deps.db, { ...request.query, viewerIsAdmin: viewer.role === 'ADMIN', viewerId: viewer.id });
      return { success: true as const, leaderboard: leaders, data: { leaderboard: leaders } };
    },
  );

  api.get('/api/referrals/commission-payments', { ...member, schema: { tags: ['referrals'], summary: 'My paid commissions, to confirm receipt', response: responses({ 200: commissionPaymentsAnswer }) } }, async (request) => {
    const commissionPayments = await memberCommissionPayments(deps.db, currentUser(request).id);
    return { success: true as const, data: { commissionPayments } };
  });

  api.put(
    '/api/referrals/commission-payments/:id/confirm',
    { ...member, schema: { tags: ['referrals'], summary: 'Confirm I received a commission payment (a second confirm changes nothing)', params: idParam, body: confirmBody, response: responses({ 200: confirmCommissionAnswer }) } },
    async (request) => {
      const commissionPayment = await confirmCommissionPayment(deps.db, currentUser(request).id, request.params.id, request.body.userNotes);
      return { success: true as const, message: commissionMessages.confirmed, commissionPayment, data: { commissionPayment } };
    },
  );

  api.get(
    '/api/referrals/reports',
    {
      ...admin,
      schema: {
        tags: ['referrals'],
        summary: 'Referral report with summary and level breakdown; export=true adds the CSV text (admin)',
        querystring: pagingQuery.extend({
          startDate: dateField,
          endDate: dateField,
          level: firstValue(z.coerce.number().int().min(1).max(3).optional()),
          status: firstValue(caseInsensitiveEnum(['PENDING', 'ACTIVE', 'COMPLETED']).optional()),
          userId: firstValue(z.string().max(100).optional()),
          export: firstValue(z.enum(['true', 'false']).optional()),
          limit: pagingQuery.shape.limit.default(100),
        }),
        response: responses({ 200: referralReportAnswer }),
      },
    },
    async (request) => {
      const { page, limit, export: asCsv, userId, ...filter } = request.query;
      const scopedUser = userId ? (isUuid(userId) ? userId : '00000000-0000-0000-0000-000000000000') : undefined;
      const report = await referralReport(deps.db, { ...filter, userId: scopedUser, limit: asCsv === 'true' ? 5000 : limit, offset: asCsv === 'true' ? 0 : (page - 1) * limit });
      const csvData = asCsv === 'true' ? referralReportCsv(report.referrals) : undefined;
      return { success: true as const, ...report, csvData };
    },
  );

  api.get('/api/referrals/commission-rules', { ...member, schema: { tags: ['referrals'], summary: 'The commission rules in force', response: responses({ 200: commissionRulesAnswer }) } }, async () => {
    const { id: _id, ...rules } = await currentRules(deps.db);
    return { success: true as const, rules, data: { rules } };
  });

  api.put(
    '/api/referrals/commission-rules',
    { ...admin, schema: { tags: ['referrals'], summary: 'Set the commission rules for future approvals (admin)', body: commissionRulesBody, response: responses({ 200: commissionRulesUpdatedAnswer }) } },
    async (request) => {
      const { id: _id, ...rules } = await updateRules(deps.db, actorOf(request), request.body);
      return { success: true as const, message: commissionMessages.rulesUpdated, rules, data: { rules } };
    },
  );

  api.get(
    '/api/admin/commission-payments/pending',
    {
      ...admin,
      schema: {
        tags: ['commissions'],
        summary: 'Unpaid commissions accrued in a month (Asia/Karachi); the current month by default',
        // Whole when no page is asked for (the specification's client shows the month and pays it in one
        // batch: what it shows is what the batch pays), up to ALL_LIMIT rows; the count and the total are
        // always the whole month's. A page when page or limit is asked for (50 a page by default).
        querystring: wholeOrPagingQuery.extend({
          month: firstValue(z.coerce.number().int().min(1).max(12).optional()),
          year: firstValue(z.coerce.number().int().min(2020).max(2030).optional()),
        }),
        response: responses({ 200: pendingCommissionsAnswer }),
      },
    },
    async (request) => {
      const today = karachiToday();
      const period = { month: request.query.month ?? today.month, year: request.query.year ?? today.year };
      const { page, limit } = wholeOrPage(request.query, PENDING_COMMISSIONS_PAGE);
      const result = await pendingCommissions(deps.db, period, { limit, offset: (page - 1) * limit });
      return { success: true as const, ...period, data: { ...period, ...result, pagination: paginationOf(page, limit, result.totalPayments) } };
    },
  );

  api.post(
    '/api/admin/commission-payments/bulk-pay',
    { ...admin, schema: { tags: ['commissions'], summary: "Pay a month's pending commissions as one batch, or only one member's with referrerId (admin)", body: bulkPayBody, response: responses({ 201: bulkPayAnswer }) } },
    async (request, reply) => {
      const batch = await payCommissionBatch(deps.db, actorOf(request), request.body);
      return reply.code(201).send({ success: true, message: commissionMessages.processed(formatPkr(batch.totalAmount)), data: batch });
    },
  );

  api.get(
    '/api/admin/commission-payments/history',
    { ...admin, schema: { tags: ['commissions'], summary: 'Commission payout batches, newest first (admin)', querystring: pagingQuery.extend({ limit: pagingQuery.shape.limit.default(50) }), response: responses({ 200: commissionBatchesAnswer }) } },
    async (request) => {
      const { page, limit } = request.query;
      const batches = await batchHistory(deps.db, limit, (page - 1) * limit);
      return { success: true as const, data: { batches, pagination: paginationOf(page, limit, batches.length) } };
    },
  );
}
