/**
 * Test-only: fixed plans, bank accounts and plan requests, and files, for the tests of the screens
 * that show them (the plan screens, the payment screens, the member header, the app's routes).
 */
import type { BankAccount, Plan, PlanPaymentRequest } from '../features/plans/member/index.ts';

export function makePlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 'plan-gold',
    name: 'Gold Umrah Plan',
    description: 'Fourteen days in Makkah and Madinah.',
    packageType: 'premium',
    monthlyAmount: 25000,
    totalAmount: 300000,
    duration: 12,
    maxMembers: 12,
    benefits: ['Return air ticket', 'Visa processing'],
    isActive: true,
    ...overrides,
  };
}

export function makeBankAccount(overrides: Partial<BankAccount> = {}): BankAccount {
  return {
    id: 'bank-meezan',
    accountName: 'Umrah Committee Trust',
    accountNumber: '0101-2233445566',
    bankName: 'Meezan Bank',
    accountType: 'Current',
    branchName: null,
    iban: null,
    isDefault: false,
    ...overrides,
  };
}

export function makeRequest(overrides: Partial<PlanPaymentRequest> = {}): PlanPaymentRequest {
  return {
    id: 'request-1',
    planId: 'plan-gold',
    status: 'PENDING',
    amount: 25000,
    paymentMethod: 'BANK_TRANSFER',
    createdAt: '2026-03-05T10:00:00.000Z',
    rejectionReason: null,
    receiptImage: null,
    hasReceipt: false,
    paymentReference: 'H3TR8NX',
    plan: { id: 'plan-gold', name: 'Gold Umrah Plan', monthlyAmount: 25000 },
    committee: { name: 'Gold Umrah Plan' },
    ...overrides,
  };
}

/** A file of a given size without allocating it. */
export function fakeFile(name: string, type: string, size = 2048): File {
  const file = new File(['receipt'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
