/**
 * Test-only: fixed referral data and the read-only GET routes of the Referrals tab (with
 * stubGetRequests from web/test/api-stub.ts), answered in the whole shape the server sends
 * (contract/referrals.ts). Nothing is posted or put.
 */
import { answerAs, type StubAnswer, type StubRoutes } from '../../../test/api-stub.ts';
import { commissionPaymentsAnswer, commissionRulesAnswer, referralListAnswer, referralStatsAnswer, referralTreeAnswer } from '../../../../contract/referrals.ts';
import type { CommissionPayment, CommissionRules, Referral, ReferralNode, ReferralStats } from './api.ts';

export function makeReferral(overrides: Partial<Referral> = {}): Referral {
  return {
    id: 'referral-1',
    level: 1,
    status: 'ACTIVE',
    createdAt: '2026-02-10T09:00:00.000Z',
    referredUser: { name: 'Bilal Ahmed', email: 'bilal@example.com', referralCode: 'BILAL2', createdAt: '2026-02-10T09:00:00.000Z' },
    totalCommission: 2500,
    ...overrides,
  };
}

export function makeNode(overrides: Partial<ReferralNode> = {}): ReferralNode {
  return {
    id: 'referral-1',
    level: 1,
    status: 'ACTIVE',
    referredUser: { id: 'user-bilal', name: 'Bilal Ahmed', email: 'bilal@example.com', referralCode: 'BILAL2', createdAt: '2026-02-10T09:00:00.000Z' },
    totalCommission: 2500,
    commissionRate: 0.1,
    commissionPayments: [{ id: 'commission-1', amount: 2500, status: 'PAID', paidAt: '2026-03-01T09:00:00.000Z' }],
    children: [],
    ...overrides,
  };
}

export function makeStats(overrides: Partial<ReferralStats> = {}): ReferralStats {
  return { totalReferrals: 0, totalCommission: 0, pendingCommission: 0, paidCommission: 0, level1Count: 0, level2Count: 0, level3Count: 0, ...overrides };
}

/** A paid commission that no bound changed (its uncapped amount is the amount), paid on paidAt. */
export function makeCommissionPayment(overrides: Partial<CommissionPayment> = {}): CommissionPayment {
  const amount = overrides.amount ?? 2500;
  const paidAt = overrides.paidAt === undefined ? '2026-03-01T09:00:00.000Z' : overrides.paidAt;
  return {
    id: 'commission-1',
    amount,
    uncappedAmount: amount,
    cappedBy: null,
    status: 'PAID',
    userConfirmed: false,
    confirmedAt: null,
    userNotes: null,
    paymentMethod: 'BANK_TRANSFER',
    transactionId: 'TXN-7781',
    paidAt,
    paymentDate: paidAt,
    createdAt: '2026-02-20T09:00:00.000Z',
    referral: { level: 1, commissionRate: 0.1, referredUser: { name: 'Bilal Ahmed' } },
    committee: { name: 'Gold Umrah Plan' },
    ...overrides,
  };
}

/** GET /api/referrals/stats: the stats at the top and again as data. */
export const referralStatsAnswerOf = (stats: ReferralStats): StubAnswer => answerAs(referralStatsAnswer, { success: true, stats, data: stats });

/** GET /api/referrals/commission-payments: the member's paid commissions. */
export const commissionPaymentsAnswerOf = (commissionPayments: CommissionPayment[]): StubAnswer => answerAs(commissionPaymentsAnswer, { success: true, data: { commissionPayments } });

export const defaultRules: CommissionRules = { level1Rate: 0.1, level2Rate: 0.05, level3Rate: 0.02, minimumCommission: 0, maximumCommission: 1000 };

/** The Referrals tab's GET routes, answered from the given data (none unless given). */
export function referralRoutes(data: {
  referrals?: Referral[];
  tree?: ReferralNode[];
  stats?: Partial<ReferralStats>;
  rules?: CommissionRules;
  commissionPayments?: CommissionPayment[];
  /** Replaces a route's answer (a failure, say, or a function that answers the current state). */
  answers?: StubRoutes;
} = {}): StubRoutes {
  const referrals = data.referrals ?? [];
  const tree = data.tree ?? [];
  const stats = makeStats(data.stats);
  const rules = data.rules ?? defaultRules;
  const commissionPayments = data.commissionPayments ?? [];
  return {
    '/api/referrals': answerAs(referralListAnswer, { success: true, data: { referrals } }),
    '/api/referrals/stats': referralStatsAnswerOf(stats),
    '/api/referrals/tree': answerAs(referralTreeAnswer, { success: true, tree, stats }),
    '/api/referrals/commission-rules': answerAs(commissionRulesAnswer, { success: true, rules, data: { rules } }),
    '/api/referrals/commission-payments': commissionPaymentsAnswerOf(commissionPayments),
    ...data.answers,
  };
}
