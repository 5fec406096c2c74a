/** Test data and a fake API for this area's component tests (no network). */
import type { InstalmentFigures, InstalmentSummary } from '../../../../contract/figures.ts';
import type { PaymentReceipt, PaymentView } from '../../../../contract/instalments.ts';
import type { RecordedCall } from '../../../test/api-stub.ts';
import type { AdminPayment } from './api.ts';

export function makeInstalment(overrides: Partial<AdminPayment> = {}): AdminPayment {
  return {
    id: '3f2c9a1e-7b4d-4e8a-9c1f-0a1b2c3d4e5f',
    type: 'INSTALMENT',
    planId: 'plan-1',
    userId: 'user-1',
    groupId: 'group-1',
    status: 'PENDING',
    underReview: true,
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
    receiptUrl: '/api/receipts/r1/file?expires=1&signature=abc',
    receiptName: 'receipt.png',
    receiptType: 'image/png',
    hasReceipt: true,
    paymentReference: 'K7PM4Q5',
    transferDate: '2026-03-01',
    transactionNumber: 'FT26060ABC123',
    plan: { id: 'plan-1', name: 'Economy Umrah' },
    user: { name: 'Ayesha Khan', email: 'ayesha@example.com', phone: null },
    group: { id: 'group-1', groupNumber: 'A1', plan: { name: 'Economy Umrah' } },
    ...overrides,
  };
}

export const listAnswer = (payments: AdminPayment[]) => ({
  body: { success: true, payments, data: { payments, pagination: { page: 1, limit: 20, total: payments.length, pages: 1, exact: true } } },
});

export const summaryAnswer = () => {
  const summary = { counts: { total: 12, paid: 7, pending: 3, overdue: 2, underReview: 2 }, amounts: { paid: 35000, pending: 15000, overdue: 10000 } };
  return { body: { success: true, summary, data: summary } };
};


export const writes = (calls: RecordedCall[]) => calls.filter((call) => call.method !== 'GET');

export { makeFigures } from '../../../test/figure-fixtures.ts';

/**
 * A payment of the paid and pending reports as the server sends it (contract/instalments.ts): the instalment
 * above with every field of the full payment, in the state given (under review unless told).
 */
export function makeReportPayment(overrides: Partial<PaymentView> = {}): PaymentView {
  const { plan, user, ...instalment } = makeInstalment();
  return {
    ...instalment,
    reviewStatus: 'pending',
    state: 'UNDER_REVIEW',
    adminNotes: null,
    approvedAt: null,
    receiptImage: instalment.receiptUrl,
    receiptName: 'receipt.png',
    receiptType: 'image/png',
    bankAccountId: 'bank-1',
    bankAccount: { bankName: 'Meezan Bank', accountNumber: '0101-0123456789' },
    plan: { ...plan, monthlyAmount: 5000, duration: 12, maxMembers: 20, description: '' },
    user: { name: user.name, email: user.email, phone: user.phone ?? null, cnic: null },
    committee: { name: plan.name },
    ...overrides,
  };
}

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
