/**
 * Test-only: fixed plans, bank accounts and plan requests, and files, for the tests of the screens
 * that show them (the plan screens, the payment screens, the member header, the app's routes), each in
 * the whole shape the server sends (contract/), and the answers that carry them.
 */
import type { z } from 'zod';
import { paymentReferenceCheckCharacter } from '../../contract/payment-reference.ts';
import { activeBankAccountsAnswer, type memberBankAccount } from '../../contract/bank-accounts.ts';
import type { PaymentView } from '../../contract/instalments.ts';
import { planPaymentListAnswer } from '../../contract/plan-requests.ts';
import { planAnswer, planListAnswer, planMessages, type plan } from '../../contract/plans.ts';
import { answerAs, onePage, type StubAnswer } from './api-stub.ts';

type Plan = z.output<typeof plan>;
type BankAccount = z.output<typeof memberBankAccount>;

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
    createdAt: '2026-01-05T10:00:00.000Z',
    creator: { name: 'Admin' },
    groupCount: 1,
    currentMembers: 5,
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
    isActive: true,
    isDefault: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The payment reference of the request unless a test names another: a valid one, check character included. */
const REQUEST_REFERENCE = `K7PM4Q${paymentReferenceCheckCharacter('K7PM4Q')}`;

/** How the member's Payments tab words a status (server/instalments/payment-view.ts reviewStatusOf). */
const reviewStatusOf = (status: string): PaymentView['reviewStatus'] => (status === 'PAID' ? 'approved' : status === 'REJECTED' ? 'rejected' : 'pending');

/**
 * A plan request (a SUBSCRIPTION payment) as GET /plan-payments sends it: pending, without a receipt,
 * for the Gold plan, by Ayesha Khan. The plan given is completed from the Gold plan's; the review
 * status and the committee's name follow the status and the plan unless given.
 */
export function makeRequest(overrides: Omit<Partial<PaymentView>, 'plan'> & { plan?: Partial<PaymentView['plan']> } = {}): PaymentView {
  const { plan: planOverrides, ...rest } = overrides;
  const gold = makePlan();
  const plan = { id: gold.id, name: gold.name, monthlyAmount: gold.monthlyAmount, duration: gold.duration, maxMembers: gold.maxMembers, description: gold.description, ...planOverrides };
  const status = rest.status ?? 'PENDING';
  return {
    id: 'request-1',
    type: 'SUBSCRIPTION',
    planId: plan.id,
    userId: 'user-1',
    groupId: null,
    status,
    reviewStatus: reviewStatusOf(status),
    underReview: false,
    state: null,
    amount: plan.monthlyAmount,
    month: null,
    year: null,
    dueDate: null,
    paymentMethod: 'BANK_TRANSFER',
    notes: null,
    adminNotes: null,
    rejectionReason: null,
    createdAt: '2026-03-05T10:00:00.000Z',
    submittedAt: null,
    paymentDate: null,
    approvedAt: null,
    receiptImage: null,
    receiptUrl: null,
    receiptName: null,
    receiptType: null,
    hasReceipt: false,
    bankAccountId: null,
    bankAccount: null,
    paymentReference: REQUEST_REFERENCE,
    transferDate: null,
    transactionNumber: null,
    plan,
    user: { name: 'Ayesha Khan', email: 'ayesha@example.com', phone: '03001234567', cnic: null },
    group: null,
    committee: { name: plan.name },
    ...rest,
  };
}

/** GET /api/committee-plans as the server answers it: the plans given, all on the first page. */
export const planListAnswerOf = (plans: Plan[], limit = 20): StubAnswer => answerAs(planListAnswer, { success: true, data: { plans, pagination: onePage(plans.length, limit) } });

/**
 * One plan as the server answers it: read (code ok, no message), or after a change with the change's
 * message and its code (a create answers 201).
 */
export const planAnswerOf = (plan: Plan, change?: 'created' | 'updated' | 'activated' | 'deactivated'): StubAnswer =>
  change
    ? answerAs(planAnswer, { success: true, code: `plan.${change}`, message: planMessages[change], plan, data: { plan } }, change === 'created' ? 201 : 200)
    : answerAs(planAnswer, { success: true, code: 'ok', plan, data: { plan } });

/** GET /api/bank-accounts/active: the accounts given, at the top and under data. */
export const bankAccountsAnswerOf = (bankAccounts: BankAccount[]): StubAnswer => answerAs(activeBankAccountsAnswer, { success: true, bankAccounts, data: { bankAccounts } });

/**
 * GET /api/plan-payments as a member is answered: their requests at the top and under data, with the
 * page and the counts of their requests by status (the approved ones' money as revenue).
 */
export function myPlanRequestsAnswerOf(payments: PaymentView[]): StubAnswer {
  const count = (status: string) => payments.filter((payment) => payment.status === status).length;
  const revenue = payments.filter((payment) => payment.status === 'PAID').reduce((sum, payment) => sum + payment.amount, 0);
  const counts = { total: payments.length, pending: count('PENDING'), approved: count('PAID'), rejected: count('REJECTED'), revenue };
  return answerAs(planPaymentListAnswer, { success: true, payments, data: { payments, pagination: onePage(payments.length, 50), counts } });
}

/** A file of a given size without allocating it. */
export function fakeFile(name: string, type: string, size = 2048): File {
  const file = new File(['receipt'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
