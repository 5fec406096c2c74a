/**
 * Test-only: the answers of Referral Management and of the Commission Payments tab, in the whole shape
 * the server sends (contract/referrals.ts), from the rows a test gives.
 */
import {
  bulkPayAnswer,
  commissionBatchesAnswer,
  commissionHistoryAnswer,
  commissionRulesAnswer,
  commissionRulesUpdatedAnswer,
  commissionMessages,
  pendingCommissionsAnswer,
  referralReportAnswer,
  referralTreeAnswer,
  type CommissionRules,
} from '../../../../contract/referrals.ts';
import type { Pagination } from '../../../../contract/pagination.ts';
import { answerAs, onePage, type StubAnswer } from '../../../test/api-stub.ts';
import type { CommissionBatch, CommissionItem, PendingCommission, PendingReferrer, ReferralStats, ReportItem, ReportSummary, TreeNode } from './api.ts';

/**
 * GET /api/admin/commission-payments/pending for a month: the rows given, with the month's count and total
 * (those of the rows unless given), its members owed (none unless given) and the page (one unless given).
 */
export function pendingCommissionsAnswerOf(
  month: number,
  year: number,
  commissionPayments: PendingCommission[],
  more: { referrers?: PendingReferrer[]; totalPayments?: number; totalAmount?: number; pagination?: Pagination } = {},
): StubAnswer {
  const totalPayments = more.totalPayments ?? commissionPayments.length;
  const data = {
    month,
    year,
    commissionPayments,
    referrers: more.referrers ?? [],
    totalPayments,
    totalAmount: more.totalAmount ?? commissionPayments.reduce((sum, row) => sum + row.commissionAmount, 0),
    pagination: more.pagination ?? onePage(totalPayments, 50),
  };
  return answerAs(pendingCommissionsAnswer, { success: true, month, year, data });
}

/** GET /api/admin/commission-payments/history: the batches given, on the first page of 50. */
export const commissionBatchesAnswerOf = (batches: CommissionBatch[]): StubAnswer =>
  answerAs(commissionBatchesAnswer, { success: true, data: { batches, pagination: onePage(batches.length, 50) } });

/** POST /api/admin/commission-payments/bulk-pay (201): the batch paid, with the server's message and its code. */
export const bulkPayAnswerOf = (paid: { batchId: string; totalPayments: number; totalAmount: number; totalText: string }): StubAnswer =>
  answerAs(
    bulkPayAnswer,
    {
      success: true,
      code: 'commission.processed',
      message: commissionMessages.processed(paid.totalText),
      data: { batchId: paid.batchId, totalPayments: paid.totalPayments, totalAmount: paid.totalAmount },
    },
    201,
  );

/** GET /api/referrals/commission-history: the commissions given under both names, their total, on the first page of 50. */
export const commissionHistoryAnswerOf = (commissions: CommissionItem[], totalCommission: number): StubAnswer =>
  answerAs(commissionHistoryAnswer, { success: true, commissions, commissionHistory: commissions, totalCommission, data: { pagination: onePage(commissions.length, 50) } });

/** GET /api/referrals/reports: the rows and summary given, and the CSV too when the export was asked for. */
export const referralReportAnswerOf = (referrals: ReportItem[], summary: ReportSummary, csvData?: string): StubAnswer =>
  answerAs(referralReportAnswer, { success: true, referrals, summary, csvData });

/** GET /api/referrals/tree?userId=…: the tree and the stats of its root. */
export const referralTreeAnswerOf = (tree: TreeNode[], stats: ReferralStats): StubAnswer => answerAs(referralTreeAnswer, { success: true, tree, stats });

/** GET /api/referrals/commission-rules */
export const commissionRulesAnswerOf = (rules: CommissionRules): StubAnswer => answerAs(commissionRulesAnswer, { success: true, rules, data: { rules } });

/** PUT /api/referrals/commission-rules: the rules now in force, with the server's message and its code. */
export const rulesUpdatedAnswerOf = (rules: CommissionRules): StubAnswer =>
  answerAs(commissionRulesUpdatedAnswer, { success: true, code: 'commission.rulesUpdated', message: commissionMessages.rulesUpdated, rules, data: { rules } });
