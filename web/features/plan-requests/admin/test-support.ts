/**
 * Test data and the answers that carry it, in the whole shape the server sends (contract/), for this
 * area's component tests (no network).
 */
import { paymentAnswer, type PaymentView } from '../../../../contract/instalments.ts';
import { planPaymentListAnswer } from '../../../../contract/plan-requests.ts';
import { planGroupListAnswer, type planGroup } from '../../../../contract/groups.ts';
import type { z } from 'zod';
import { answerAs, onePage, type StubAnswer } from '../../../test/api-stub.ts';
import { makeGroup as makeCatalogGroup } from '../../../test/catalog-fixtures.tsx';
import { makePlan, makeRequest, planListAnswerOf } from '../../../test/plan-fixtures.ts';
import type { PlanPaymentCounts } from './api.ts';

type PlanGroup = z.output<typeof planGroup>;

/** A request for the Economy Umrah plan by Ayesha Khan, pending, with a PNG receipt (web/test/plan-fixtures.ts makeRequest). */
export function makePayment(overrides: Parameters<typeof makeRequest>[0] = {}): PaymentView {
  const receiptImage = '/api/receipts/r1/file?expires=1&signature=abc';
  return makeRequest({
    id: '11111111-1111-4111-8111-111111111111',
    amount: 5000,
    notes: 'Paid from my HBL account',
    createdAt: '2025-03-01T10:00:00.000Z',
    submittedAt: '2025-03-01T10:00:00.000Z',
    receiptImage,
    receiptUrl: receiptImage,
    receiptName: 'receipt.png',
    receiptType: 'image/png',
    hasReceipt: true,
    paymentReference: 'W5AZ9CV',
    transferDate: '2025-02-28',
    transactionNumber: 'HBL-IBFT-0042',
    ...overrides,
    plan: { id: 'plan-1', name: 'Economy Umrah', monthlyAmount: 5000, duration: 30, maxMembers: 200, description: 'Fifteen days in Makkah and Madinah', ...overrides.plan },
  });
}

/** Group 1 of the Economy Umrah plan, 3 of 20 members, started March 2025, nothing owed on joining. */
export function makeGroup(overrides: Partial<PlanGroup> = {}): PlanGroup {
  return {
    ...makeCatalogGroup({ id: 'group-1', groupNumber: '1', currentMembers: 3, maxMembers: 20, startDate: '2025-03-01', endDate: '2027-09-01' }),
    owedOnJoining: { count: 0, amount: 0 },
    ...overrides,
  };
}

/** GET /api/plan-payments as an admin is answered: the page of requests under data, with the counts of all that match. */
export function planRequestsAnswerOf(payments: PaymentView[], counts: PlanPaymentCounts = { total: payments.length, pending: 0, approved: 0, rejected: 0, revenue: 0 }): StubAnswer {
  return answerAs(planPaymentListAnswer, { success: true, data: { payments, pagination: onePage(payments.length), counts } });
}

/** One request as the server answers it: read (code ok), or after a review with its message and code. */
export function paymentAnswerOf(payment: PaymentView, said?: { message: string; code: string }): StubAnswer {
  return answerAs(paymentAnswer, { success: true, code: said?.code ?? 'ok', message: said?.message, payment, data: { payment } });
}

/** GET /api/admin/groups/plan/{planId}: the plan's groups, on one page. */
export const planGroupsAnswerOf = (groups: PlanGroup[]): StubAnswer => answerAs(planGroupListAnswer, { success: true, data: { groups, pagination: onePage(groups.length, 100) } });

/** GET /api/committee-plans for the plan filter: the Economy Umrah plan. */
export const planOptionsAnswer = (): StubAnswer => planListAnswerOf([makePlan({ id: 'plan-1', name: 'Economy Umrah', monthlyAmount: 5000, totalAmount: 150000, duration: 30, maxMembers: 200 })], 100);
