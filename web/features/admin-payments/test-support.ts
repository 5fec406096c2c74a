/** Test data and a fake API for this area's component tests (no network). */
import type { CountAndAmount, InstalmentFigures } from '../../../contract/figures.ts';
import type { RecordedCall } from '../../test/api-stub.ts';
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

const none: CountAndAmount = { count: 0, amount: 0 };

/**
 * A set of figures as the server would send it, from the parts a test names (RULES §6a). Totals are
 * written out by the test itself; nothing here adds them up.
 */
export function makeFigures(overrides: Partial<InstalmentFigures> = {}): InstalmentFigures {
  return {
    scheduled: none,
    due: none,
    underReview: none,
    owed: none,
    overdue: none,
    paid: none,
    pending: none,
    dueSoFar: none,
    collected: 0,
    collectionRate: 0,
    ...overrides,
  };
}
