/** Referral commissions (admin document §5 commission rules; RULES §8), with the spec's messages. */
import { z } from 'zod';
import { answerCode } from './answers.ts';
import { hasAtMostTwoDecimals } from './money.ts';
import { referralStats } from './referral-stats.ts';
import { pagination } from './paging.ts';

export const commissionMessages = {
  rateRange: (level: number) => `Level ${level} rate must be between 0 and 1`,
  minimumNegative: 'Minimum commission cannot be negative',
  maximumAboveMinimum: 'Maximum commission must be greater than minimum',
  level1Highest: 'Level 1 rate should be the highest',
  rulesUpdated: 'Commission rules updated successfully',
  nothingToPay: 'There are no pending commissions for this month.',
  nothingToPayMember: 'This member has no pending commissions for this month.',
  memberNotFound: 'Member not found.',
  memberInvalid: 'Choose a member to pay.',
  processed: (total: string) => `Commission payments processed successfully! Total: ${total}`,
  confirmed: 'Commission payment confirmed successfully!',
  notFound: 'Commission payment not found.',
} as const;

const twoDecimals = 'Amounts can have at most two decimal places.';

const rate = (level: number) =>
  z.number({ error: commissionMessages.rateRange(level) }).min(0, commissionMessages.rateRange(level)).max(1, commissionMessages.rateRange(level));

export const commissionRulesBody = z
  .object({
    level1Rate: rate(1),
    level2Rate: rate(2),
    level3Rate: rate(3),
    // Stored to the paisa: more decimals would be rounded away, and a maximum of 0.001 would become 0.
    minimumCommission: z.number({ error: commissionMessages.minimumNegative }).min(0, commissionMessages.minimumNegative).max(1e9).refine(hasAtMostTwoDecimals, twoDecimals),
    maximumCommission: z.number({ error: commissionMessages.maximumAboveMinimum }).max(1e9).refine(hasAtMostTwoDecimals, twoDecimals),
  })
  .superRefine((r, ctx) => {
    if (r.maximumCommission <= r.minimumCommission) ctx.addIssue({ code: 'custom', message: commissionMessages.maximumAboveMinimum, path: ['maximumCommission'] });
    if (r.level1Rate < r.level2Rate || r.level1Rate < r.level3Rate) ctx.addIssue({ code: 'custom', message: commissionMessages.level1Highest, path: ['level1Rate'] });
  });
export type CommissionRules = z.infer<typeof commissionRulesBody>;

export const DEFAULT_COMMISSION_RULES: CommissionRules = { level1Rate: 0.1, level2Rate: 0.05, level3Rate: 0.02, minimumCommission: 0, maximumCommission: 1000 };

/** What one payment earns each level above the payer: amount × rate, bounded, rounded half-up to the paisa. */
export function commissionFor(paymentAmount: number, rateValue: number, rules: Pick<CommissionRules, 'minimumCommission' | 'maximumCommission'>): number {
  if (rateValue <= 0) return 0;
  const raw = Math.round(paymentAmount * rateValue * 100 + 1e-9) / 100;
  return Math.min(Math.max(raw, rules.minimumCommission), rules.maximumCommission);
}

export const bulkPayBody = z.object({
  month: z.number({ error: 'Month must be between 1 and 12.' }).int().min(1).max(12),
  year: z.number({ error: 'Year must be between 2020 and 2030.' }).int().min(2020, 'Year must be between 2020 and 2030.').max(2030, 'Year must be between 2020 and 2030.'),
  paymentMethod: z.string({ error: 'Payment method is required' }).trim().min(1, 'Payment method is required').max(40),
  transactionId: z.string().trim().max(100).optional(),
  notes: z.string().trim().max(1000).optional(),
  /** Only this member's commissions of the month (one member's payout); every member's when absent. */
  referrerId: z.uuid({ error: commissionMessages.memberInvalid }).optional(),
});

export const confirmBody = z.object({ userNotes: z.string().trim().max(1000).optional() });

/*
 * The answers of the referral and commission routes (member document §7 Referrals; admin document §7).
 * Times are ISO 8601 strings; amounts are rupees.
 */

/** The commission rules in force, as answered: rates as fractions (0.1 is 10%), bounds in rupees per commission. */
export const commissionRules = z.object({
  level1Rate: z.number(),
  level2Rate: z.number(),
  level3Rate: z.number(),
  minimumCommission: z.number(),
  maximumCommission: z.number(),
});

/** GET /api/referrals/commission-rules */
export const commissionRulesAnswer = z.object({ success: z.literal(true), rules: commissionRules, data: z.object({ rules: commissionRules }) });

/** PUT /api/referrals/commission-rules: the rules now in force. */
export const commissionRulesUpdatedAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string(), rules: commissionRules, data: z.object({ rules: commissionRules }) });

/** A referral's stage (member document §4): it becomes ACTIVE with the referred person's first approved payment. */
export const REFERRAL_STATUSES = ['PENDING', 'ACTIVE', 'COMPLETED'] as const;
export const referralStatus = z.enum(REFERRAL_STATUSES);
export type ReferralStatus = z.infer<typeof referralStatus>;

/** A commission is PENDING from its accrual until the monthly batch pays it. */
export const COMMISSION_STATUSES = ['PENDING', 'PAID'] as const;
export const commissionStatus = z.enum(COMMISSION_STATUSES);
export type CommissionStatus = z.infer<typeof commissionStatus>;

/** Which bound of the rules changed a commission: the maximum lowered it, the minimum raised it; null when neither did. */
export const commissionCappedBy = z.literal(['MAXIMUM', 'MINIMUM', null]);

/**
 * A referred person's email as a referrer may see it: a member sees those of the people they brought in
 * themselves (level 1); at levels 2 and 3, people the member does not know, it is null. An admin sees
 * every level's. No phone is ever sent here.
 */
const referredEmail = z.string().nullable();

/** One row of GET /api/referrals: someone the member referred, at level 1, 2 or 3, and what they earned the member. */
export const referralItem = z.object({
  id: z.string(),
  level: z.number().int(),
  status: referralStatus,
  createdAt: z.string(),
  referredUser: z.object({ name: z.string(), email: referredEmail, referralCode: z.string(), createdAt: z.string() }),
  totalCommission: z.number(),
});

/** GET /api/referrals */
export const referralListAnswer = z.object({
  success: z.literal(true),
  data: z.object({ referrals: z.array(referralItem) }),
});

/** A referrer's counts by level and commission totals (member document §3 "Referral stats"). */
/** GET /api/referrals/stats */
export const referralStatsAnswer = z.object({ success: z.literal(true), stats: referralStats, data: referralStats });

/** One commission under a node of the referral tree. */
export const treeCommission = z.object({ id: z.string(), amount: z.number(), status: commissionStatus, paidAt: z.string().nullable() });

/**
 * A referral as the tree shows it (member document §3 "Referral node"), without the people under it:
 * the rate in force for its level (a fraction: 0.1 is 10%) and its commissions.
 */
export const referralTreeEntry = z.object({
  id: z.string(),
  level: z.number().int(),
  status: referralStatus,
  referredUser: z.object({ id: z.string(), name: z.string(), email: referredEmail, referralCode: z.string(), createdAt: z.string() }),
  totalCommission: z.number(),
  commissionRate: z.number(),
  commissionPayments: z.array(treeCommission),
});
export type ReferralTreeEntry = z.output<typeof referralTreeEntry>;

/** A person three levels down: the scheme pays three levels, so no one is ever under them. */
const thirdLevelNode = referralTreeEntry.extend({ children: z.array(referralTreeEntry).max(0) });
const secondLevelNode = referralTreeEntry.extend({ children: z.array(thirdLevelNode) });

/** A node of the referral tree: a referral with the people it brought in under it, three levels deep at most. */
export const referralTreeNode = referralTreeEntry.extend({ children: z.array(secondLevelNode) });

/** A referrer's tree (levels 1-3) and their stats. */
export const referralTree = z.object({ tree: z.array(referralTreeNode), stats: referralStats });

/** GET /api/referrals/tree: the tree and stats (member and admin documents). */
export const referralTreeAnswer = referralTree.extend({ success: z.literal(true) });

/**
 * One commission as its earner sees it (member document §3 "Commission payment"), also each row of the
 * commission history: what the level's rate came to before the rules' bounds and which bound changed it,
 * when it was paid (paidAt, also as paymentDate) and confirmed, and the payment it came from.
 */
export const commissionPayment = z.object({
  id: z.string(),
  amount: z.number(),
  uncappedAmount: z.number(),
  cappedBy: commissionCappedBy,
  /** A counter-entry that reverses a commission whose payment's approval was undone (its amount is negative). */
  reversal: z.boolean().optional(),
  status: commissionStatus,
  userConfirmed: z.boolean(),
  confirmedAt: z.string().nullable(),
  userNotes: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  transactionId: z.string().nullable(),
  paidAt: z.string().nullable(),
  paymentDate: z.string().nullable(),
  /** When it accrued. */
  createdAt: z.string(),
  referral: z.object({ level: z.number().int(), commissionRate: z.number(), referredUser: z.object({ name: z.string() }) }),
  committee: z.object({ name: z.string() }),
});

/**
 * GET /api/referrals/commission-history: one page of commissions, and the total of all that match. The
 * page is under two names: the member's document reads `commissions`, the admin's `commissionHistory`.
 */
export const commissionHistoryAnswer = z.object({
  success: z.literal(true),
  commissions: z.array(commissionPayment),
  commissionHistory: z.array(commissionPayment),
  totalCommission: z.number(),
  data: z.object({ pagination }),
});

/** One row of the leaderboard; a member sees others by first name and initial. */
export const leaderboardEntry = z.object({
  rank: z.number().int(),
  name: z.string(),
  isYou: z.boolean(),
  totalCommission: z.number(),
  referralCount: z.number().int(),
});

/** GET /api/referrals/leaderboard */
export const leaderboardAnswer = z.object({
  success: z.literal(true),
  leaderboard: z.array(leaderboardEntry),
  data: z.object({ leaderboard: z.array(leaderboardEntry) }),
});

/** GET /api/referrals/commission-payments: the member's paid commissions, latest paid first. */
export const commissionPaymentsAnswer = z.object({
  success: z.literal(true),
  data: z.object({ commissionPayments: z.array(commissionPayment) }),
});

/** PUT /api/referrals/commission-payments/{id}/confirm */
export const confirmCommissionAnswer = z.object({
  success: z.literal(true),
  code: answerCode,
  message: z.string(),
  commissionPayment,
  data: z.object({ commissionPayment }),
});

/** One row of the referral report (admin document §3): who referred whom, at which level and rate. */
export const referralReportItem = z.object({
  id: z.string(),
  level: z.number().int(),
  status: referralStatus,
  commissionRate: z.number(),
  totalCommission: z.number(),
  createdAt: z.string(),
  referrer: z.object({ name: z.string(), email: z.string() }),
  referredUser: z.object({ name: z.string(), email: z.string() }),
});

/** The figures of every referral the report's filters match, not only the page shown. */
export const referralReportSummary = z.object({
  totalReferrals: z.number().int(),
  totalCommission: z.number(),
  pendingCommission: z.number(),
  paidCommission: z.number(),
  levelBreakdown: z.object({ level1: z.number().int(), level2: z.number().int(), level3: z.number().int() }),
});

/** A page of the referral report with its summary; csvData is the whole report as CSV, when the export was asked for. */
export const referralReport = z.object({
  referrals: z.array(referralReportItem),
  summary: referralReportSummary,
  csvData: z.string().optional(),
});

/** GET /api/referrals/reports: the report (admin document: referrals, summary, csvData). */
export const referralReportAnswer = referralReport.extend({ success: z.literal(true) });

/** One unpaid commission of a month (admin document §3 "Pending commissions"), with the payment it came from. */
export const pendingCommission = z.object({
  id: z.string(),
  referralId: z.string(),
  committeeId: z.string(),
  committeeName: z.string(),
  referrerId: z.string(),
  referrerName: z.string(),
  referrerEmail: z.string(),
  referredUserName: z.string(),
  level: z.number().int(),
  commissionRate: z.number(),
  paymentAmount: z.number(),
  commissionAmount: z.number(),
  uncappedAmount: z.number(),
  cappedBy: commissionCappedBy,
  /** A counter-entry that reverses a commission whose payment's approval was undone (its amount is negative). */
  reversal: z.boolean().optional(),
  accruedAt: z.string(),
});

/** A member owed commissions of a month: how many are unpaid and their total. */
export const pendingReferrer = z.object({ referrerId: z.string(), referrerName: z.string(), referrerEmail: z.string(), count: z.number().int(), totalAmount: z.number() });

/**
 * GET /api/admin/commission-payments/pending: one page of a month's unpaid commissions, in the order they
 * accrued, with the whole month's count and total (what a batch would pay).
 */
export const pendingCommissionsAnswer = z.object({
  success: z.literal(true),
  month: z.number().int(),
  year: z.number().int(),
  data: z.object({
    month: z.number().int(),
    year: z.number().int(),
    commissionPayments: z.array(pendingCommission),
    /** The month's unpaid commissions by member (whom they are paid to), by name: what paying one member pays. */
    referrers: z.array(pendingReferrer),
    totalPayments: z.number().int(),
    totalAmount: z.number(),
    pagination,
  }),
});

/** POST /api/admin/commission-payments/bulk-pay: the batch just paid. */
export const bulkPayAnswer = z.object({
  success: z.literal(true),
  code: answerCode,
  message: z.string(),
  data: z.object({ batchId: z.string(), totalPayments: z.number().int(), totalAmount: z.number() }),
});

/** A commission payout batch (admin document §3): one month's commissions paid together; paidBy is the admin's name. */
export const commissionBatch = z.object({
  id: z.string(),
  month: z.number().int(),
  year: z.number().int(),
  totalPayments: z.number().int(),
  totalAmount: z.number(),
  status: z.literal('COMPLETED'),
  paymentMethod: z.string(),
  transactionId: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  paidBy: z.string().nullable(),
});

/** GET /api/admin/commission-payments/history: batches, newest first. */
export const commissionBatchesAnswer = z.object({
  success: z.literal(true),
  data: z.object({ batches: z.array(commissionBatch), pagination }),
});
