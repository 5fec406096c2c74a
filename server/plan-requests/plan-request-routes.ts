/**
 * Buying a plan and reviewing the request (member document §7 "Plan payments", admin document §7):
 * /api/payments/subscribe, /api/plan-payments…, /api/committee-plans/{id}/add-user. RULES §5 and §7.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { amountField } from '../../contract/amount-field.ts';
import { firstValue, paginationOf, pagingQuery, searchField } from '../../contract/paging.ts';
import { caseInsensitiveEnum, PAYMENT_METHODS } from '../../contract/plans.ts';
import { groupNumberField } from '../../contract/groups.ts';
import { actorOf, currentUser, type AuthHooks } from '../http/auth.ts';
import { badRequest } from '../http/errors.ts';
import { parseFormFields } from '../http/form-fields.ts';
import { paymentAnswer } from '../../contract/instalments.ts';
import { addUserToPlanAnswer, planPaymentListAnswer, planPaymentMessages, planRequestMessages } from '../../contract/plan-requests.ts';
import { idParam, responses } from '../http/schemas.ts';
import { readReceiptForm, receiptForm, transferFields } from '../receipts/receipt-upload.ts';
import { addUserToPlan, approvePlanRequest, attachPlanReceipt, createPlanRequest, getPlanPayment, listPlanPayments, rejectPlanRequest, type PlanRequestDeps } from './plan-request-service.ts';
import { receiptMessages } from '../../contract/receipts.ts';

const paymentMethodField = caseInsensitiveEnum(PAYMENT_METHODS).default('BANK_TRANSFER');

/** Multipart fields arrive as text; checked with the same kind of schema as JSON bodies. */
const subscribeFields = z.object({
  planId: z.string({ error: 'Plan is required' }).min(1, 'Plan is required').max(100),
  amount: z.coerce.number({ error: 'Plan amount is not valid' }).pipe(amountField({ required: 'Plan amount is not valid' })),
  bankAccountId: z.string({ error: planPaymentMessages.bankAccountRequired }).min(1, planPaymentMessages.bankAccountRequired).max(100),
  paymentMethod: paymentMethodField,
  description: z.string().trim().max(500).optional(),
});



export function registerPlanRequestRoutes(app: FastifyInstance, deps: PlanRequestDeps & { auth: AuthHooks }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const member = { onRequest: deps.auth.requireUser };
  const admin = { onRequest: deps.auth.requireAdmin };

  api.post(
    '/api/payments/subscribe',
    {
      ...member,
      config: { multipartForm: receiptForm(subscribeFields.extend(transferFields().shape)) },
      schema: { tags: ['plan payments'], summary: 'Buy a plan: the first month by bank transfer, with its receipt (multipart/form-data)', response: responses({ 201: paymentAnswer }) },
    },
    async (request, reply) => {
      const { fields, receipt } = await readReceiptForm(request);
      const input = parseFormFields(subscribeFields.extend(transferFields(deps.today().today).shape), fields);
      if (!receipt) throw badRequest(receiptMessages.required, { receipt: receiptMessages.required });
      const payment = await createPlanRequest(deps, actorOf(request), { ...input, notes: input.description, receipt });
      return reply.code(201).send({ success: true, message: planRequestMessages.proofUploaded, payment, data: { payment } });
    },
  );

  api.post(
    '/api/plan-payments',
    {
      ...member,
      schema: {
        tags: ['plan payments'],
        summary: 'Open a plan request; the receipt follows',
        body: z.object({
          planId: z.string({ error: 'Plan is required' }).min(1, 'Plan is required').max(100),
          amount: amountField({ required: 'Plan amount is not valid' }),
          paymentMethod: paymentMethodField,
          notes: z.string().trim().max(500).optional(),
          // An empty choice is no choice: it must not reach the uuid column as ''.
          bankAccountId: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(100).optional()),
        }),
        response: responses({ 201: paymentAnswer }),
      },
    },
    async (request, reply) => {
      const payment = await createPlanRequest(deps, actorOf(request), request.body);
      return reply.code(201).send({ success: true, message: planRequestMessages.created, payment, data: { payment } });
    },
  );

  api.post(
    '/api/plan-payments/:id/upload-receipt',
    {
      ...member,
      config: { multipartForm: receiptForm(transferFields()) },
      schema: { tags: ['plan payments'], summary: 'Upload the receipt of an open request (multipart/form-data)', params: idParam, response: responses({ 200: paymentAnswer }) },
    },
    async (request) => {
      const { fields, receipt } = await readReceiptForm(request);
      const transfer = parseFormFields(transferFields(deps.today().today), fields);
      if (!receipt) throw badRequest(receiptMessages.required, { receipt: receiptMessages.required });
      const payment = await attachPlanReceipt(deps, actorOf(request), request.params.id, { receipt, ...transfer });
      return { success: true as const, message: planRequestMessages.receiptUploaded, payment, data: { payment } };
    },
  );

  api.put(
    '/api/plan-payments/:id/receipt',
    {
      ...member,
      schema: {
        tags: ['plan payments'],
        summary: 'Give the receipt of an open request as an http(s) URL (stored, never fetched)',
        params: idParam,
        body: z.object({
          receiptImage: z
            .string({ error: receiptMessages.urlRequired })
            .trim()
            .min(1, receiptMessages.urlRequired)
            .max(2000)
            .pipe(z.url({ protocol: /^https?$/, error: receiptMessages.urlInvalid })),
          ...transferFields().shape,
        }),
        response: responses({ 200: paymentAnswer }),
      },
    },
    async (request) => {
      const { receiptImage, ...given } = request.body;
      // The date's range depends on the day: checked here, as a form's is (the body's schema is built once).
      const transfer = parseFormFields(transferFields(deps.today().today), given);
      const payment = await attachPlanReceipt(deps, actorOf(request), request.params.id, { url: receiptImage, ...transfer });
      return { success: true as const, message: planRequestMessages.receiptUploaded, payment, data: { payment } };
    },
  );

  api.get(
    '/api/plan-payments',
    {
      ...member,
      schema: {
        tags: ['plan payments'],
        summary: "Plan requests: a member's own; an admin's all, with filters",
        querystring: pagingQuery.extend({
          status: firstValue(caseInsensitiveEnum(['PENDING', 'PAID', 'REJECTED', 'OVERDUE']).optional()),
          planId: firstValue(z.string().max(100).optional()),
          search: searchField,
          limit: pagingQuery.shape.limit.default(50),
        }),
        response: responses({ 200: planPaymentListAnswer }),
      },
    },
    async (request) => {
      const { page, limit, status, planId, search } = request.query;
      const viewer = currentUser(request);
      const { payments, counts, ...counted } = await listPlanPayments(deps, viewer, { status, planId, search, limit, offset: (page - 1) * limit });
      const data = { payments, pagination: paginationOf(page, limit, counted), counts };
      return viewer.role === 'ADMIN' ? { success: true as const, data } : { success: true as const, payments, data };
    },
  );

  api.get(
    '/api/plan-payments/:id',
    { ...member, schema: { tags: ['plan payments'], summary: 'One plan request (own, or any for an admin)', params: idParam, response: responses({ 200: paymentAnswer }) } },
    async (request) => {
      const payment = await getPlanPayment(deps, deps.db, request.params.id, currentUser(request));
      return { success: true as const, payment, data: { payment } };
    },
  );

  api.put(
    '/api/plan-payments/:id/approve',
    {
      ...admin,
      schema: {
        tags: ['plan payments'],
        summary: 'Approve a request and place the member in a group (admin)',
        params: idParam,
        body: z.object({
          planId: z.string().max(100).optional(),
          groupNumber: z.preprocess((v) => (v === '' || v === null ? undefined : typeof v === 'number' ? String(v) : v), groupNumberField.optional()),
          groupId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().max(100).optional()),
          notes: z.string().trim().max(1000).optional(),
        }),
        response: responses({ 200: paymentAnswer }),
      },
    },
    async (request) => {
      const { payment, groupNumber } = await approvePlanRequest(deps, actorOf(request), request.params.id, request.body);
      return { success: true as const, message: planRequestMessages.approved(groupNumber), payment, data: { payment } };
    },
  );

  api.put(
    '/api/plan-payments/:id/reject',
    {
      ...admin,
      schema: {
        tags: ['plan payments'],
        summary: 'Reject a request with a reason (admin)',
        params: idParam,
        body: z.object({
          rejectionReason: z.string({ error: planPaymentMessages.reasonRequired }).trim().min(1, planPaymentMessages.reasonRequired).max(1000),
        }),
        response: responses({ 200: paymentAnswer }),
      },
    },
    async (request) => {
      const payment = await rejectPlanRequest(deps, actorOf(request), request.params.id, request.body.rejectionReason);
      return { success: true as const, message: planRequestMessages.rejected, payment, data: { payment } };
    },
  );

  api.post(
    '/api/committee-plans/:id/add-user',
    {
      ...admin,
      schema: {
        tags: ['plans'],
        summary: 'Put a user into one of the plan’s groups (admin)',
        params: idParam,
        body: z.object({
          userId: z.string({ error: 'User is required' }).min(1, 'User is required').max(100),
          groupId: z.string().max(100).optional(),
          groupNumber: groupNumberField.optional(),
        }),
        response: responses({ 201: addUserToPlanAnswer }),
      },
    },
    async (request, reply) => {
      const joined = await addUserToPlan(deps, actorOf(request), request.params.id, request.body);
      return reply.code(201).send({
        success: true,
        message: planRequestMessages.userAdded(joined.groupNumber),
        data: { groupId: joined.groupId, groupNumber: joined.groupNumber, memberNumber: joined.memberNumber },
      });
    },
  );
}
