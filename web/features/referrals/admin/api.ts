/**
 * The calls of Referral Management and of the Commission Payments tab (admin document §7 "Referral
 * tree", "Commission history", "Referral reports", "Commission rules", "Pending commissions",
 * "Commission batches", "Bulk pay commissions"), read through the schemas of the server's answers
 * (contract/referrals.ts, contract/users.ts): an answer in another shape is unreadable (lib/api-client.ts
 * readAnswer), and the tab says it could not load.
 */
import type { z } from 'zod';
import {
  bulkPayAnswer,
  commissionBatchesAnswer,
  commissionHistoryAnswer,
  commissionRulesAnswer,
  commissionRulesUpdatedAnswer,
  pendingCommissionsAnswer,
  referralReportAnswer,
  referralTreeAnswer,
  type commissionBatch,
  type commissionCappedBy,
  type commissionPayment,
  type CommissionRules,
  type pendingCommission,
  type referralReport,
  type referralReportItem,
  type referralReportSummary,
  type referralTree,
  type referralTreeNode,
  type ReferralTreeEntry,
} from '../../../../contract/referrals.ts';
import type { referralStats } from '../../../../contract/referral-stats.ts';
import { userListAnswer, type AdminUser } from '../../../../contract/users.ts';
import { api, readAnswer, UnreadableAnswerError } from '../../../lib/api-client.ts';
import type { PayoutMethod } from './rules.ts';

export type ReferralStats = z.output<typeof referralStats>;

export type TreeNode = z.output<typeof referralTreeNode>;

/** A referral at any depth of the tree, with the people under it (a third-level person has none). */
export type TreeBranch = ReferralTreeEntry & { children?: readonly TreeBranch[] };

export type ReferralTree = z.output<typeof referralTree>;

/** A user to pick (from GET /api/admin/users?search). */
/** A member to pick (the tree tab's user search): what the picker shows of GET /admin/users. */
export type UserOption = Pick<AdminUser, 'id' | 'name' | 'email'> & Partial<Pick<AdminUser, 'referralCode' | 'phone'>>;

/** Commission history item (admin document §3), with what payment × rate came to before the rules' minimum or maximum (RULES §8). */
export type CommissionItem = z.output<typeof commissionPayment>;

/** A commission bounded by the rules: held down to the maximum, or raised to the minimum (RULES §8); null when neither. */
export type CappedBy = z.output<typeof commissionCappedBy>;

export type LevelFilter = 0 | 1 | 2 | 3;

export interface CommissionFilters {
  status: 'all' | 'PENDING' | 'PAID';
  /** 0 for every level. */
  level: LevelFilter;
  /** YYYY-MM-DD or ''. */
  startDate: string;
  endDate: string;
  /** The earner's user id, or '' for everyone's. */
  userId: string;
  page: number;
}

export const defaultCommissionFilters: CommissionFilters = { status: 'all', level: 0, startDate: '', endDate: '', userId: '', page: 1 };

/** One page of the commission history, and the total of every commission that matches. */
export type CommissionPage = Pick<z.output<typeof commissionHistoryAnswer>, 'commissions' | 'totalCommission'> & z.output<typeof commissionHistoryAnswer>['data'];

/** What a bulk payment paid: the server's words for it, and how many commissions and how much. */
export type BulkPayResult = Pick<z.output<typeof bulkPayAnswer>, 'message'> & Pick<z.output<typeof bulkPayAnswer>['data'], 'totalAmount' | 'totalPayments'>;

/** Referral report item (admin document §3). */
export type ReportItem = z.output<typeof referralReportItem>;

export type ReportSummary = z.output<typeof referralReportSummary>;

export interface ReportFilters {
  startDate: string;
  endDate: string;
  level: LevelFilter;
  status: 'all' | 'PENDING' | 'ACTIVE' | 'COMPLETED';
  page: number;
}

export const defaultReportFilters: ReportFilters = { startDate: '', endDate: '', level: 0, status: 'all', page: 1 };

export type Report = Omit<z.output<typeof referralReport>, 'csvData'>;

/** Pending commission (admin document §3), with what payment × rate came to before the rules' minimum or maximum (RULES §8). */
export type PendingCommission = z.output<typeof pendingCommission>;

/** One page of a month's pending commissions, in the order they accrued, and the whole month's count and total (what a batch would pay). */
export type PendingCommissions = Omit<z.output<typeof pendingCommissionsAnswer>['data'], 'month' | 'year'>;

/** A member owed commissions of the month: how many and their total (what paying them pays). */
export type PendingReferrer = PendingCommissions['referrers'][number];

/** A page of pending commissions: enough to check them; the batch pays the whole month. */
export const PENDING_PAGE_SIZE = 50;

/** Commission payment batch (admin document §3). */
export type CommissionBatch = z.output<typeof commissionBatch>;

/** Bulk pay input (admin document §3): transaction id and notes are optional. */
export interface BulkPayInput {
  month: number;
  year: number;
  paymentMethod: PayoutMethod | string;
  transactionId?: string;
  notes?: string;
  /** Only this member's commissions of the month. */
  referrerId?: string;
}

export const COMMISSIONS_PAGE_SIZE = 50;
export const REPORT_PAGE_SIZE = 50;
export const USER_SEARCH_LIMIT = 8;

/** Every query of Referral Management starts with this key, so that one invalidation refreshes them all. */
export const referralKeys = {
  all: ['admin-referrals'] as const,
  users: (search: string) => ['admin-referrals', 'users', search] as const,
  tree: (userId: string) => ['admin-referrals', 'tree', userId] as const,
  history: (filters: CommissionFilters) => ['admin-referrals', 'history', filters] as const,
  report: (filters: ReportFilters) => ['admin-referrals', 'report', filters] as const,
  rules: ['admin-referrals', 'rules'] as const,
};

/**
 * The payouts live on Payment Management: their keys start with that page's ('admin-payments', the
 * first part of every key of that area), so that its Refresh button and its own updates read them again too.
 */
const paymentManagementKey = 'admin-payments';
export const payoutKeys = {
  all: [paymentManagementKey, 'commission-payouts'] as const,
  pending: (month: number, year: number, page = 1) => [paymentManagementKey, 'commission-payouts', 'pending', month, year, page] as const,
  batches: [paymentManagementKey, 'commission-payouts', 'batches'] as const,
};

export async function searchUsers(search: string, signal?: AbortSignal): Promise<UserOption[]> {
  return readAnswer(userListAnswer, await api.get('/admin/users', { search, page: 1, limit: USER_SEARCH_LIMIT }, { signal })).users;
}

export async function fetchReferralTree(userId: string, signal?: AbortSignal): Promise<ReferralTree> {
  const { tree, stats } = readAnswer(referralTreeAnswer, await api.get('/referrals/tree', { userId }, { signal }));
  return { tree, stats };
}

export async function fetchCommissionHistory(filters: CommissionFilters, signal?: AbortSignal): Promise<CommissionPage> {
  const params = {
    status: filters.status === 'all' ? undefined : filters.status,
    level: filters.level || undefined,
    startDate: filters.startDate || undefined,
    endDate: filters.endDate || undefined,
    userId: filters.userId || undefined,
    page: filters.page,
    limit: COMMISSIONS_PAGE_SIZE,
  };
  // The page is under two names (contract/referrals.ts): the admin document's is commissionHistory.
  const { commissionHistory, totalCommission, data } = readAnswer(commissionHistoryAnswer, await api.get('/referrals/commission-history', params, { signal }));
  return { commissions: commissionHistory, totalCommission, pagination: data.pagination };
}

function reportParams(filters: ReportFilters) {
  return {
    startDate: filters.startDate || undefined,
    endDate: filters.endDate || undefined,
    level: filters.level || undefined,
    status: filters.status === 'all' ? undefined : filters.status,
  };
}

export async function fetchReferralReport(filters: ReportFilters, signal?: AbortSignal): Promise<Report> {
  const { referrals, summary } = readAnswer(referralReportAnswer, await api.get('/referrals/reports', { ...reportParams(filters), page: filters.page, limit: REPORT_PAGE_SIZE }, { signal }));
  return { referrals, summary };
}

/** The whole filtered report as CSV text (the server quotes cells that a spreadsheet would run as formulas). */
export async function exportReferralReport(filters: ReportFilters): Promise<string> {
  const { csvData } = readAnswer(referralReportAnswer, await api.get('/referrals/reports', { ...reportParams(filters), export: 'true' }));
  // Asked for with export=true, the report always carries its CSV: without it, the answer is not the one asked for.
  if (csvData === undefined) throw new UnreadableAnswerError(200, 'The report was asked for as CSV and came without it.');
  return csvData;
}

export async function fetchCommissionRules(signal?: AbortSignal): Promise<CommissionRules> {
  return readAnswer(commissionRulesAnswer, await api.get('/referrals/commission-rules', undefined, { signal })).rules;
}

/** The rules now in force. */
export async function updateCommissionRules(rules: CommissionRules): Promise<CommissionRules> {
  return readAnswer(commissionRulesUpdatedAnswer, await api.put('/referrals/commission-rules', rules, { retries: 0 })).rules;
}

export async function fetchPendingCommissions(month: number, year: number, page = 1, signal?: AbortSignal): Promise<PendingCommissions> {
  const { data } = readAnswer(pendingCommissionsAnswer, await api.get('/admin/commission-payments/pending', { month, year, page, limit: PENDING_PAGE_SIZE }, { signal }));
  return { commissionPayments: data.commissionPayments, referrers: data.referrers, totalPayments: data.totalPayments, totalAmount: data.totalAmount, pagination: data.pagination };
}

/** GET /api/admin/exports/commission-payments.csv: every payout batch (the list has no filter), saved as the server names it. */
export function exportCommissionPayments(): Promise<string> {
  return api.download('/admin/exports/commission-payments.csv', undefined, { fallbackName: 'commission-payments.csv' });
}

export async function fetchCommissionBatches(signal?: AbortSignal): Promise<CommissionBatch[]> {
  return readAnswer(commissionBatchesAnswer, await api.get('/admin/commission-payments/history', { page: 1, limit: 50 }, { signal })).data.batches;
}

/** Money-changing: never sent twice (no retries). The server refuses a month with nothing left to pay (409). */
export async function bulkPayCommissions(input: BulkPayInput): Promise<BulkPayResult> {
  const { message, data } = readAnswer(bulkPayAnswer, await api.post('/admin/commission-payments/bulk-pay', input, { retries: 0 }));
  return { message, totalAmount: data.totalAmount, totalPayments: data.totalPayments };
}
