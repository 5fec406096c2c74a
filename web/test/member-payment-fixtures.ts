/**
 * Test-only: fixed data for the member's groups and payments, and the read-only GET routes that
 * answer them (with stubGetRequests from api-stub.ts), for the tests of every screen that shows them
 * (the dashboard, the payment screens, the member header, the referrals, the app's routes). Nothing is posted.
 */
import type { ReferralStats } from '../features/referrals/member/index.ts';
import type { BankAccount } from '../features/plans/member/index.ts';
import { instalmentStateOf, type GroupPayment, type MemberGroup, type PaymentCounts, type SummaryFigures } from '../features/instalments/member/index.ts';
import { bankAccountsAnswerOf, makeBankAccount, makePlan, makeRequest, myPlanRequestsAnswerOf, planAnswerOf, planListAnswerOf } from './plan-fixtures.ts';
import { answerAs, ok, onePage, type StubAnswer, type StubRoutes } from './api-stub.ts';
import { paymentsSummaryAnswer, type CountAndAmount, type GroupLedger, type GroupLedgerMonth, type InstalmentFigures, type NextDue } from '../../contract/figures.ts';
import { groupLedgerAnswer } from '../../contract/ledgers.ts';
import { memberPaymentListAnswer, paymentAnswer, type MemberPaymentView, type PaymentView } from '../../contract/instalments.ts';
import { PAYMENT_REFERENCE_ALPHABET, paymentReferenceCheckCharacter } from '../../contract/payment-reference.ts';

/** A reference of the month, made valid by its check character: fixture data, not what a test checks. */
export function referenceOfMonth(year: number, month: number): string {
  const body = `GR${PAYMENT_REFERENCE_ALPHABET[year % 31]}${PAYMENT_REFERENCE_ALPHABET[month]}M2`;
  return body + paymentReferenceCheckCharacter(body);
}

/**
 * One month of a group's schedule as the server sends it. Its state, unless given, is the one its status,
 * receipt and due date give today (RULES §6a), as the server would say.
 */
export function makeGroupPayment(overrides: Partial<GroupPayment> = {}): GroupPayment {
  const month = overrides.month ?? 3;
  const year = overrides.year ?? 2026;
  const payment = {
    id: `pay-${year}-${month}`,
    groupId: 'group-1',
    month,
    year,
    amount: 25000,
    status: 'PENDING',
    underReview: false,
    rejectionReason: null,
    dueDate: `${year}-${String(month).padStart(2, '0')}-01`,
    paymentDate: null,
    receiptUrl: null,
    paymentReference: referenceOfMonth(year, month),
    ...overrides,
  };
  return { ...payment, state: overrides.state ?? instalmentStateOf(payment) };
}

/** A twelve-month schedule from January 2026: January and February paid, the rest pending. */
export function makeSchedule(): GroupPayment[] {
  return Array.from({ length: 12 }, (_, index) =>
    makeGroupPayment({
      month: index + 1,
      status: index < 2 ? 'PAID' : 'PENDING',
      paymentDate: index < 2 ? `2026-0${index + 1}-05T10:00:00.000Z` : null,
      receiptUrl: index < 2 ? `/api/receipts/r${index + 1}/file?expires=1&signature=x` : null,
    }),
  );
}

export function makeGroup(overrides: Partial<MemberGroup> = {}): MemberGroup {
  const plan = makePlan();
  return {
    id: 'group-1',
    groupNumber: '1',
    groupName: 'Gold Umrah Plan - Group 1',
    currentMembers: 5,
    maxMembers: 12,
    startDate: '2026-01-01',
    endDate: '2027-01-01',
    isActive: true,
    position: 3,
    memberStatus: 'ACTIVE',
    joinedAt: '2026-01-01T09:00:00.000Z',
    plan: { id: plan.id, name: plan.name, monthlyAmount: plan.monthlyAmount, duration: plan.duration, totalAmount: plan.totalAmount },
    payments: makeSchedule(),
    winners: [],
    ...overrides,
  };
}

const STATUS_CODES: Record<MemberPaymentView['status'], string> = { pending: 'PENDING', approved: 'PAID', rejected: 'REJECTED' };

/**
 * An instalment of the member's as GET /payments lists it (member document §3 "Member payment"): March
 * 2026 of Group 1 of the Gold plan, its receipt under review unless told. The stored codes follow the
 * status and method given.
 */
export function makeMemberPayment(overrides: Partial<MemberPaymentView> = {}): MemberPaymentView {
  const receiptUrl = '/api/receipts/sent-1/file?expires=1&signature=x';
  const payment = makeRequest({
    id: 'sent-1',
    type: 'INSTALMENT',
    groupId: 'group-1',
    amount: 25000,
    month: 3,
    year: 2026,
    dueDate: '2026-03-01',
    state: 'UNDER_REVIEW',
    underReview: true,
    submittedAt: '2026-03-04T09:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    receiptImage: receiptUrl,
    receiptUrl,
    hasReceipt: true,
    group: { id: 'group-1', groupNumber: '1', plan: { name: 'Gold Umrah Plan' } },
  });
  const status = overrides.status ?? 'pending';
  const paymentMethod = overrides.paymentMethod ?? 'bank_transfer';
  return {
    ...payment,
    status,
    reviewStatus: status,
    statusCode: STATUS_CODES[status],
    paymentMethod,
    paymentMethodCode: paymentMethod.toUpperCase(),
    receiptData: overrides.receiptUrl === undefined ? receiptUrl : overrides.receiptUrl,
    ...overrides,
  };
}

/** POST /payments: the instalment as stored once its receipt is sent (201). */
export function submittedAnswerOf(payment: PaymentView): StubAnswer {
  return answerAs(paymentAnswer, { success: true, code: 'instalment.created', message: 'Payment created successfully', payment, data: { payment } }, 201);
}

/** GET /committee-plans/user/groups/{groupId}/ledger: the group's ledger as its member may read it. */
export const groupLedgerAnswerOf = (ledger: GroupLedger): StubAnswer => answerAs(groupLedgerAnswer, { success: true, data: ledger });

/**
 * One month of a group's ledger as GET /committee-plans/user/groups/{groupId}/ledger sends it: a month
 * that has come, with nothing in it unless given. Figures are written out by the test; nothing here adds them up.
 */
export function makeGroupLedgerMonth(overrides: Partial<GroupLedgerMonth> = {}): GroupLedgerMonth {
  const month = overrides.month ?? 1;
  const year = overrides.year ?? 2026;
  return {
    month,
    year,
    index: month,
    dueDate: `${year}-${String(month).padStart(2, '0')}-01`,
    scheduled: false,
    due: 0,
    collected: 0,
    underReview: 0,
    owed: 0,
    overdue: 0,
    paidOut: 0,
    held: 0,
    balance: 0,
    winner: null,
    own: null,
    ...overrides,
  };
}

/** A member's ledger of Group 1 (Gold Umrah Plan): the months and totals given, read on 15 March 2026. */
export function makeGroupLedger(overrides: Partial<GroupLedger> = {}): GroupLedger {
  return {
    group: { id: 'group-1', groupNumber: '1', planName: 'Gold Umrah Plan', monthlyAmount: 25000, startDate: '2026-01-01', endDate: '2026-07-01', members: 3 },
    asOf: '2026-03-15T10:00:00.000Z',
    months: [],
    totals: { due: 0, collected: 0, paidOut: 0, held: 0 },
    ...overrides,
  };
}

const noCounts: PaymentCounts = { total: 0, paid: 0, pending: 0, overdue: 0, underReview: 0, owed: 0 };

/** A next instalment as GET /payments/summary names it: March 2026 of Group 1, owed. */
export function makeNextDue(overrides: Partial<NextDue> = {}): NextDue {
  return {
    paymentId: 'pay-2026-3',
    groupId: 'group-1',
    groupNumber: '1',
    planName: 'Gold Umrah Plan',
    month: 3,
    year: 2026,
    amount: 25000,
    dueDate: '2026-03-01',
    daysLate: 14,
    state: 'OWED',
    ...overrides,
  };
}

/**
 * A member's GET /payments/summary answer as the server words it (RULES §6a), from the counts and
 * amounts given: `pending` = under review + owed and `total` = paid + pending unless given; the
 * member's position (next instalment, owed, paid, remaining) from the same figures and `scheduled`.
 */
export function makeSummaryAnswer(data: {
  counts?: Partial<SummaryFigures>;
  amounts?: Partial<SummaryFigures>;
  scheduled?: Partial<CountAndAmount>;
  nextDue?: NextDue | null;
} = {}) {
  const complete = (given: Partial<SummaryFigures> = {}): SummaryFigures => {
    const pending = given.pending ?? (given.underReview ?? 0) + (given.owed ?? 0);
    return { ...noCounts, ...given, pending, total: given.total ?? (given.paid ?? 0) + pending };
  };
  const counts = complete(data.counts);
  const amounts = complete(data.amounts);
  const scheduled = { count: 0, amount: 0, ...data.scheduled };
  const pair = (key: keyof SummaryFigures): CountAndAmount => ({ count: counts[key], amount: amounts[key] });
  const figures: InstalmentFigures = {
    scheduled,
    due: pair('pending'),
    underReview: pair('underReview'),
    owed: pair('owed'),
    overdue: pair('overdue'),
    paid: pair('paid'),
    pending: pair('pending'),
    dueSoFar: { count: counts.pending + counts.paid, amount: amounts.pending + amounts.paid },
    collected: amounts.paid,
    collectionRate: 0,
  };
  return {
    counts,
    amounts,
    figures,
    nextDue: data.nextDue ?? null,
    owed: pair('owed'),
    paid: pair('paid'),
    remaining: { count: scheduled.count + counts.pending, amount: scheduled.amount + amounts.pending },
  };
}

/** GET /payments/summary: the summary at the top and again as data (nothing paid or owed unless given). */
export const summaryAnswerOf = (summary = makeSummaryAnswer()): StubAnswer => answerAs(paymentsSummaryAnswer, { success: true, summary, data: summary });

/** The GET routes of the dashboard and the payment page, answered from the given data. */
export function memberPaymentRoutes(data: {
  groups?: MemberGroup[];
  payments?: MemberPaymentView[];
  counts?: Partial<PaymentCounts>;
  /** The whole GET /payments/summary answer (makeSummaryAnswer); else one made from `counts`. */
  summary?: ReturnType<typeof makeSummaryAnswer>;
  bankAccounts?: BankAccount[];
  /** The Referral Earnings tile's read (GET /referrals/stats); nothing earned unless given. */
  referralStats?: Partial<ReferralStats>;
} = {}): StubRoutes {
  const groups = data.groups ?? [];
  const payments = data.payments ?? [];
  const summary = data.summary ?? makeSummaryAnswer({ counts: data.counts });
  const bankAccounts = data.bankAccounts ?? [makeBankAccount(), makeBankAccount({ id: 'bank-hbl', bankName: 'HBL', accountNumber: '1234-5678', accountType: 'Savings' })];
  const plan = makePlan();
  const stats = { totalReferrals: 0, totalCommission: 0, pendingCommission: 0, paidCommission: 0, level1Count: 0, level2Count: 0, level3Count: 0, ...data.referralStats };
  return {
    '/api/committee-plans': planListAnswerOf([]),
    '/api/plan-payments': myPlanRequestsAnswerOf([]),
    '/api/committee-plans/user/groups': ok({ data: { groups } }),
    '/api/payments': answerAs(memberPaymentListAnswer, { success: true, payments, data: { pagination: onePage(payments.length, 100) } }),
    '/api/payments/summary': summaryAnswerOf(summary),
    '/api/bank-accounts/active': bankAccountsAnswerOf(bankAccounts),
    [`/api/committee-plans/${plan.id}`]: planAnswerOf(plan),
    '/api/referrals/stats': ok({ stats, data: stats }),
    // The header's notification bell.
    '/api/notifications': ok({ notifications: [], unreadCount: 0, data: { notifications: [], unreadCount: 0 } }),
  };
}
