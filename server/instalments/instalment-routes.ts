/**
 * Instalments and the payments lists (member document §7 "Payments", admin document §7 "Payment
 * Management"): /api/payments…, /api/committee-plans/user/groups. RULES §6.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { amountField } from '../../contract/amount-field.ts';
import { firstValue, paginationOf, pagingQuery, pagingQueryOf, searchField } from '../../contract/paging.ts';
import {
  bulkStatusAnswer,
  bulkStatusBody,
  instalmentMessages,
  memberGroupsAnswer,
  memberPaymentMethod,
  paymentAnswer,
  paymentHistoryAnswer,
  memberPaymentListAnswer,
  paymentListAnswer,
  paymentReportAnswer,
  pendingQueueAnswer,
  dueRangeInOrder,
  dueRangeMessage,
  stateAndDueFilters,
  statusChangeBody,
  summaryRouteAnswer,
} from '../../contract/instalments.ts';
import { statesOfFilter } from '../../contract/figures.ts';
import { caseInsensitiveEnum } from '../../contract/plans.ts';
import { actorOf, currentUser, type AuthHooks } from '../http/auth.ts';
import { badRequest } from '../http/errors.ts';
import { parseFormFields } from '../http/form-fields.ts';
import { idParam, responses } from '../http/schemas.ts';
import { readReceiptForm, receiptForm, transferFields } from '../receipts/receipt-upload.ts';
import { asMemberListItem, bulkChangeStatus, changePaymentStatus, getPayment, listPayments, memberPosition, paymentHistory, paymentsSummary, submitInstalment, type InstalmentDeps } from './instalment-service.ts';
import { listMemberGroups } from './member-groups.ts';
import { paymentReport } from './instalment-reports.ts';

const filterQuery = pagingQuery.extend({
  type: firstValue(caseInsensitiveEnum(['SUBSCRIPTION', 'INSTALMENT']).optional()),
  status: firstValue(caseInsensitiveEnum(['PENDING', 'PAID', 'REJECTED', 'OVERDUE']).optional()),
  groupId: firstValue(z.string().max(100).optional()),
  planId: firstValue(z.string().max(100).optional()),
  userId: firstValue(z.string().max(100).optional()),
  month: firstValue(z.coerce.number().int().min(1).max(12).optional()),
  year: firstValue(z.coerce.number().int().min(2000).max(2100).optional()),
  search: searchField,
  limit: pagingQuery.shape.limit.default(50),
});

/** The admin list's filters: the above, and by state (RULES §6a words) and due months. */
const listQuery = filterQuery.extend(stateAndDueFilters).refine(dueRangeInOrder, dueRangeMessage);

const instalmentFields = z.object({
  // The specification's client may send committeeId for the group.
  groupId: z.string({ error: instalmentMessages.required }).min(1, instalmentMessages.required).max(100),
  amount: z.coerce.number({ error: instalmentMessages.required }).pipe(amountField({ required: instalmentMessages.required })),
  month: z.coerce.number({ error: instalmentMessages.required }).int(instalmentMessages.monthRange).min(1, instalmentMessages.monthRange).max(12, instalmentMessages.monthRange),
  year: z.coerce.number({ error: instalmentMessages.yearRange }).int(instalmentMessages.yearRange),
  paymentMethod: memberPaymentMethod.default('BANK_TRANSFER'),
  bankAccountId: z.string({ error: instalmentMessages.bankAccountRequired }).min(1, instalmentMessages.bankAccountRequired).max(100),
  notes: z.string().trim().max(500).optional(),
});

/** What an admin's status change answers, by the status it set. */
const statusChanged = { PAID: instalmentMessages.markedPaid, REJECTED: instalmentMessages.markedRejected, OVERDUE: instalmentMessages.markedOverdue } as const;

export function registerInstalmentRoutes(app: FastifyInstance, deps: InstalmentDeps & { auth: AuthHooks }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const member = { onRequest: deps.auth.requireUser };
  const admin = { onRequest: deps.auth.requireAdmin };

  api.get(
    '/api/committee-plans/user/groups',
    {
      ...member,
      schema: {
        tags: ['payments'],
        summary: "The caller's groups with plan, position, payment schedule and winners",
        response: responses({ 200: memberGroupsAnswer }),
      },
    },
    async (request) => {
      const groups = await listMemberGroups(deps.db, deps.signer, deps.today(), currentUser(request).id);
      return { success: true as const, data: { groups } };
    },
  );

  api.post(
    '/api/payments',
    {
      ...member,
      config: {
        multipartForm: receiptForm(
          instalmentFields.extend({ committeeId: z.string().max(100).optional().describe('The group, under the name the specification\'s client may send instead of groupId') }).extend(transferFields().shape),
        ),
      },
      schema: {
        tags: ['payments'],
        summary: "Send the receipt of one month's instalment of one's own group (multipart/form-data)",
        response: responses({ 201: paymentAnswer }),
      },
    },
    async (request, reply) => {
      const { fields, receipt } = await readReceiptForm(request);
      const input = parseFormFields(instalmentFields.extend(transferFields(deps.today().today).shape), { ...fields, groupId: fields.groupId ?? fields.committeeId });
      if (!receipt) throw badRequest(instalmentMessages.receiptRequired, { receipt: instalmentMessages.receiptRequired });
      const payment = await submitInstalment(deps, actorOf(request), { ...input, receipt });
      return reply.code(201).send({ success: true, message: instalmentMessages.created, payment, data: { payment } });
    },
  );

  api.get(
    '/api/payments',
    {
      ...member,
      schema: {
        tags: ['payments'],
        summary: "Payments: a member's own (sent or decided); an admin's all, with filters (state in the words of RULES §6a, due months)",
        querystring: listQuery,
        // The admin's answer first: the serializer takes the first shape an answer fits, and an admin's
        // empty list (payments: [] at the top) would fit a member's, losing data.payments; a member's never
        // fits the admin's (no data.payments).
        response: responses({ 200: z.union([paymentListAnswer, memberPaymentListAnswer]) }),
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const { page, limit, state, ...filter } = request.query;
      const { payments, ...counted } = await listPayments(deps, viewer, {
        ...filter,
        // A state is an instalment's (RULES §6a): asking for one lists instalments.
        type: filter.type ?? (viewer.role === 'ADMIN' && !state ? undefined : 'INSTALMENT'),
        states: state ? statesOfFilter[state] : undefined,
        submittedOnly: viewer.role !== 'ADMIN',
        limit,
        offset: (page - 1) * limit,
      });
      const pagination = paginationOf(page, limit, counted);
      if (viewer.role === 'ADMIN') return { success: true as const, payments, data: { payments, pagination } };
      const mine = payments.map(asMemberListItem);
      return { success: true as const, payments: mine, data: { pagination } };
    },
  );

  api.get(
    '/api/payments/summary',
    {
      ...member,
      schema: {
        tags: ['payments'],
        summary: 'Counts and amounts by state (own for a member)',
        querystring: filterQuery.omit({ page: true, limit: true, search: true }),
        response: responses({ 200: summaryRouteAnswer }),
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const filtered = Object.values(request.query).some((v) => v !== undefined);
      // A member's own, unfiltered summary is their position: the next instalment and what is owed.
      const summary =
        viewer.role !== 'ADMIN' && !filtered
          ? await memberPosition(deps.db, deps.today(), viewer.id)
          : await paymentsSummary(deps.db, deps.today(), viewer, { type: 'INSTALMENT', ...request.query });
      return { success: true as const, summary, data: summary };
    },
  );

  api.get(
    '/api/payments/pending-queue',
    { ...admin, schema: { tags: ['payments'], summary: 'Instalment receipts waiting for review, oldest first (admin)', querystring: pagingQueryOf(50), response: responses({ 200: pendingQueueAnswer }) } },
    async (request) => {
      const { page, limit } = request.query;
      const { payments, ...counted } = await listPayments(deps, currentUser(request), { type: 'INSTALMENT', underReview: true, limit, offset: (page - 1) * limit });
      return { success: true as const, data: { payments, pagination: paginationOf(page, limit, counted) } };
    },
  );

  api.get(
    '/api/payments/reports',
    {
      ...admin,
      schema: {
        tags: ['payments'],
        summary: 'Reports: summary, paid, pending, defaulters (admin)',
        querystring: filterQuery.pick({ planId: true, groupId: true, month: true, year: true, page: true, limit: true }).extend({
          reportType: firstValue(caseInsensitiveEnum(['SUMMARY', 'PAID', 'PENDING', 'DEFAULTERS']).default('SUMMARY')),
        }),
        response: responses({ 200: paymentReportAnswer }),
      },
    },
    async (request) => {
      const { reportType, page, limit, ...filter } = request.query;
      const data = await paymentReport(deps, reportType, { ...filter, limit, offset: (page - 1) * limit });
      return { success: true as const, reportType: reportType.toLowerCase(), data };
    },
  );

  api.put(
    '/api/payments/bulk-status',
    {
      ...admin,
      schema: {
        tags: ['payments'],
        summary: 'Move many instalments at once, in one transaction; refused moves are counted apart (admin)',
        body: bulkStatusBody,
        response: responses({ 200: bulkStatusAnswer }),
      },
    },
    async (request) => {
      const { paymentIds, status, notes, reason } = request.body;
      const { count, refused } = await bulkChangeStatus(deps, actorOf(request), paymentIds, status, reason ?? notes);
      // The specification's words when any moved; when all were refused, how many and that nothing changed.
      const message = count === 0 && refused.length > 0 ? instalmentMessages.bulkAllRefused(refused.length) : instalmentMessages.bulkUpdated(count);
      return { success: true as const, message, data: { count, refusedCount: refused.length, refused } };
    },
  );

  api.get(
    '/api/payments/history/:id',
    {
      ...member,
      schema: {
        tags: ['payments'],
        summary: 'A payment with every receipt ever sent for it and what became of each',
        params: idParam,
        response: responses({ 200: paymentHistoryAnswer }),
      },
    },
    async (request) => {
      const { payment, receipts } = await paymentHistory(deps, currentUser(request), request.params.id);
      return { success: true as const, payment, receipts, data: { payment, receipts } };
    },
  );

  api.get(
    '/api/payments/:id',
    { ...member, schema: { tags: ['payments'], summary: 'One payment (own, or any for an admin)', params: idParam, response: responses({ 200: paymentAnswer }) } },
    async (request) => {
      const payment = await getPayment(deps, deps.db, request.params.id, currentUser(request));
      return { success: true as const, payment, data: { payment } };
    },
  );

  api.put(
    '/api/payments/:id/status',
    { ...admin, schema: { tags: ['payments'], summary: 'Approve (paid), reject (with a reason) or mark overdue one instalment (admin)', params: idParam, body: statusChangeBody, response: responses({ 200: paymentAnswer }) } },
    async (request) => {
      const { status, reason, rejectionReason, notes } = request.body;
      const payment = await changePaymentStatus(deps, actorOf(request), request.params.id, status, reason ?? rejectionReason ?? notes);
      return { success: true as const, message: statusChanged[status], payment, data: { payment } };
    },
  );
}
