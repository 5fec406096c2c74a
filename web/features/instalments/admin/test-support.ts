/** Test data and a fake API for this area's component tests (no network). */
import { paymentsSummaryAnswer, type InstalmentFigures, type InstalmentSummary } from '../../../../contract/figures.ts';
import {
  bulkStatusAnswer,
  paymentAnswer,
  paymentHistoryAnswer,
  paymentListAnswer,
  paymentReportAnswer,
  pendingQueueAnswer,
  type PaymentReceipt,
  type PaymentReportData,
  type PaymentView,
} from '../../../../contract/instalments.ts';
import { planGroupListAnswer } from '../../../../contract/groups.ts';
import { answerAs, onePage, type RecordedCall } from '../../../test/api-stub.ts';
import { makeGroup } from '../../../test/catalog-fixtures.tsx';
import { makeFigures } from '../../../test/figure-fixtures.ts';
import { makePlan, planListAnswerOf } from '../../../test/plan-fixtures.ts';

/**
 * An instalment as the server sends it (contract/instalments.ts), with every field of the full payment:
 * under review unless told, its receipt sent on 2 March 2026 for March.
 */
export function makeInstalment(overrides: Partial<PaymentView> = {}): PaymentView {
  const receiptUrl = '/api/receipts/r1/file?expires=1&signature=abc';
  return {
    id: '3f2c9a1e-7b4d-4e8a-9c1f-0a1b2c3d4e5f',
    type: 'INSTALMENT',
    planId: 'plan-1',
    userId: 'user-1',
    groupId: 'group-1',
    status: 'PENDING',
    reviewStatus: 'pending',
    underReview: true,
    state: 'UNDER_REVIEW',
    amount: 5000,
    month: 3,
    year: 2026,
    dueDate: '2026-03-01',
    paymentMethod: 'BANK_TRANSFER',
    notes: null,
    adminNotes: null,
    rejectionReason: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    submittedAt: '2026-03-02T10:00:00.000Z',
    paymentDate: null,
    approvedAt: null,
    receiptImage: receiptUrl,
    receiptUrl,
    receiptName: 'receipt.png',
    receiptType: 'image/png',
    hasReceipt: true,
    paymentReference: 'K7PM4Q5',
    transferDate: '2026-03-01',
    transactionNumber: 'FT26060ABC123',
    bankAccountId: 'bank-1',
    bankAccount: { bankName: 'Meezan Bank', accountNumber: '0101-0123456789' },
    plan: { id: 'plan-1', name: 'Economy Umrah', monthlyAmount: 5000, duration: 12, maxMembers: 20, description: '' },
    user: { name: 'Ayesha Khan', email: 'ayesha@example.com', phone: null, cnic: null },
    group: { id: 'group-1', groupNumber: 'A1', plan: { name: 'Economy Umrah' } },
    committee: { name: 'Economy Umrah' },
    ...overrides,
  };
}

/** GET /api/payments: the whole list on one page. */
export const listAnswer = (payments: PaymentView[]) =>
  answerAs(paymentListAnswer, { success: true, payments, data: { payments, pagination: onePage(payments.length) } });

/** GET /api/payments/pending-queue: the payments waiting for a decision, on one page. */
export const queueAnswer = (payments: PaymentView[]) => answerAs(pendingQueueAnswer, { success: true, data: { payments, pagination: onePage(payments.length, 50) } });

/** GET /api/payments/summary: 7 paid, 3 pending (2 under review, 1 owed), 2 overdue. */
export const summaryAnswer = () => {
  const summary = makeInstalmentSummary(
    makeFigures({ paid: { count: 7, amount: 35000 }, pending: { count: 3, amount: 15000 }, underReview: { count: 2, amount: 10000 }, owed: { count: 1, amount: 5000 }, overdue: { count: 2, amount: 10000 } }),
  );
  return answerAs(paymentsSummaryAnswer, { success: true, summary, data: summary });
};

/** PUT /api/payments/{id}/status: the payment now, with what the server said. */
export const statusAnswer = (payment: PaymentView, message: string) =>
  answerAs(paymentAnswer, { success: true, code: 'instalment.markedPaid', message, payment, data: { payment } });

/** PUT /api/payments/bulk-status: how many moved, and the moves refused with their reasons. */
export const bulkAnswer = (message: string, count: number, refused: { id: string; reason: string }[]) =>
  answerAs(bulkStatusAnswer, { success: true, code: 'instalment.bulkUpdated', message, data: { count, refusedCount: refused.length, refused } });

/** GET /api/payments/history/{id}: the payment and every receipt sent for it. */
export const historyAnswer = (payment: PaymentView, receipts: PaymentReceipt[]) =>
  answerAs(paymentHistoryAnswer, { success: true, payment, receipts, data: { payment, receipts } });

/** GET /api/payments/reports: the report of the type asked for. */
export const reportAnswer = (reportType: string, data: PaymentReportData) => answerAs(paymentReportAnswer, { success: true, reportType, data });

/** The plans of the plan filter (GET /api/committee-plans): the given names, each active. */
export const plansAnswer = (...plans: { id: string; name: string }[]) => planListAnswerOf(plans.map((plan) => makePlan(plan)), 100);

/** GET /api/admin/groups/plan/{planId}: the plan's groups, nothing owed on joining them. */
export const planGroupsAnswer = (groups: { id: string; groupNumber: string }[]) =>
  answerAs(planGroupListAnswer, {
    success: true,
    data: { groups: groups.map((group) => ({ ...makeGroup({ ...group, groupName: `Group ${group.groupNumber}` }), owedOnJoining: { count: 0, amount: 0 } })), pagination: onePage(groups.length, 100) },
  });

export const writes = (calls: RecordedCall[]) => calls.filter((call) => call.method !== 'GET');

export { makeFigures };

/** One receipt of a payment's history as the server sends it (contract/instalments.ts). */
export function makeReceipt(overrides: Partial<PaymentReceipt> = {}): PaymentReceipt {
  return {
    id: 'r1',
    submittedAt: '2026-03-02T10:00:00.000Z',
    outcome: 'UNDER_REVIEW',
    reason: null,
    reviewedAt: null,
    fileName: 'receipt.png',
    contentType: 'image/png',
    paymentMethod: 'BANK_TRANSFER',
    receiptUrl: '/api/receipts/r1/file',
    ...overrides,
  };
}

/** The summary report's summary as the server words it (RULES §6a): the counts and amounts of these figures. */
export function makeInstalmentSummary(figures: InstalmentFigures): InstalmentSummary {
  const line = (part: 'count' | 'amount') => ({
    total: figures.paid[part] + figures.pending[part],
    paid: figures.paid[part],
    pending: figures.pending[part],
    overdue: figures.overdue[part],
    underReview: figures.underReview[part],
    owed: figures.owed[part],
  });
  return { counts: line('count'), amounts: line('amount'), figures };
}
