/** Test data and a fake API for this area's component tests (no network). */
import type { PlanGroup, PlanPayment } from './api.ts';

export function makePayment(overrides: Partial<PlanPayment> = {}): PlanPayment {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    type: 'SUBSCRIPTION',
    planId: 'plan-1',
    userId: 'user-1',
    status: 'PENDING',
    amount: 5000,
    paymentMethod: 'BANK_TRANSFER',
    notes: 'Paid from my HBL account',
    adminNotes: null,
    rejectionReason: null,
    createdAt: '2025-03-01T10:00:00.000Z',
    approvedAt: null,
    receiptImage: '/api/receipts/r1/file?expires=1&signature=abc',
    receiptName: 'receipt.png',
    receiptType: 'image/png',
    hasReceipt: true,
    paymentReference: 'W5AZ9CV',
    transferDate: '2025-02-28',
    transactionNumber: 'HBL-IBFT-0042',
    plan: { id: 'plan-1', name: 'Economy Umrah', monthlyAmount: 5000, duration: 30, maxMembers: 200, description: 'Fifteen days in Makkah and Madinah' },
    user: { name: 'Ayesha Khan', email: 'ayesha@example.com', phone: '03001234567', cnic: null },
    group: null,
    ...overrides,
  };
}

export function makeGroup(overrides: Partial<PlanGroup> = {}): PlanGroup {
  return { id: 'group-1', groupNumber: '1', currentMembers: 3, maxMembers: 20, isActive: true, startDate: '2025-03-01', owedOnJoining: { count: 0, amount: 0 }, ...overrides };
}

