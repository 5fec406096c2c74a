/**
 * The calls of Referral Management and of the Commission Payments tab (admin document §7 "Referral
 * tree", "Commission history", "Referral reports", "Commission rules", "Pending commissions",
 * "Commission batches", "Bulk pay commissions"), with the shapes the server answers (contract/referrals.ts).
 */
import type { z } from 'zod';
import type {
  bulkPayAnswer,
  commissionBatch,
  commissionBatchesAnswer,
  commissionCappedBy,
  commissionHistoryAnswer,
  commissionPayment,
  CommissionRules,
  commissionRulesAnswer,
  commissionRulesUpdatedAnswer,
  pendingCommission,
  pendingCommissionsAnswer,
  referralReport,
  referralReportAnswer,
  referralReportItem,
  referralReportSummary,
  referralStats,
  referralTree,
  referralTreeAnswer,
  referralTreeNode,
  ReferralTreeEntry,
} from '../../../../contract/referrals.ts';
import type { AdminUser, userListAnswer } from '../../../../contract/users.ts';
import { api } from '../../../lib/api-client.ts';
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

const emptyStats: ReferralStats = { totalReferrals: 0, totalCommission: 0, pendingCommission: 0, paidCommission: 0, level1Count: 0, level2Count: 0, level3Count: 0 };
const emptySummary: ReportSummary = { totalReferrals: 0, totalCommission: 0, pendingCommission: 0, paidCommission: 0, levelBreakdown: { level1: 0, level2: 0, level3: 0 } };

export async function searchUsers(search: string, signal?: AbortSignal): Promise<UserOption[]> {
  const body = await api.get<z.output<typeof userListAnswer>>('/admin/users', { search, page: 1, limit: USER_SEARCH_LIMIT }, { signal });
  return body?.users ?? [];
}

export async function fetchReferralTree(userId: string, signal?: AbortSignal): Promise<ReferralTree> {
  const body = await api.get<z.output<typeof referralTreeAnswer>>('/referrals/tree', { userId }, { signal });
  return { tree: body?.tree ?? [], stats: body?.stats ?? emptyStats };
}

export async function fetchCommissionHistory(filters: CommissionFilters, signal?: AbortSignal): Promise<CommissionPage> {
  const body = await api.get<z.output<typeof commissionHistoryAnswer>>(
    '/referrals/commission-history',
    {
      status: filters.status === 'all' ? undefined : filters.status,
      level: filters.level || undefined,
      startDate: filters.startDate || undefined,
      endDate: filters.endDate || undefined,
      userId: filters.userId || undefined,
      page: filters.page,
      limit: COMMISSIONS_PAGE_SIZE,
    },
    { signal },
  );
  const commissions = body?.commissionHistory ?? body?.commissions ?? [];
  return {
    commissions,
    totalCommission: Number(body?.totalCommission ?? 0),
    pagination: body?.data?.pagination ?? { page: filters.page, limit: COMMISSIONS_PAGE_SIZE, total: commissions.length, pages: 1, exact: true },
  };
}

function reportParams(filters: ReportFilters) {
  return {
    startDate: filters.startDate || undefined,
    endDate: filters.endDate || undefined,
    level: filters.level || undefined,
    status: filters.status === 'all' ? undefined : filters.status,
  };
}

type ReportBody = z.output<typeof referralReportAnswer>;

export async function fetchReferralReport(filters: ReportFilters, signal?: AbortSignal): Promise<Report> {
  const body = await api.get<ReportBody>('/referrals/reports', { ...reportParams(filters), page: filters.page, limit: REPORT_PAGE_SIZE }, { signal });
  return { referrals: body?.referrals ?? [], summary: body?.summary ?? emptySummary };
}

/** The whole filtered report as CSV text (the server quotes cells that a spreadsheet would run as formulas). */
export async function exportReferralReport(filters: ReportFilters): Promise<string> {
  const body = await api.get<ReportBody>('/referrals/reports', { ...reportParams(filters), export: 'true' });
  const csv = body?.csvData;
  if (typeof csv !== 'string') throw new Error('No CSV in the answer');
  return csv;
}

export async function fetchCommissionRules(signal?: AbortSignal): Promise<CommissionRules> {
  const body = await api.get<z.output<typeof commissionRulesAnswer>>('/referrals/commission-rules', undefined, { signal });
  const rules = body?.rules ?? body?.data?.rules;
  if (!rules || typeof rules.level1Rate !== 'number') throw new Error('No rules in the answer');
  return rules;
}

export async function updateCommissionRules(rules: CommissionRules): Promise<{ message?: string; rules?: CommissionRules }> {
  const body = await api.put<z.output<typeof commissionRulesUpdatedAnswer>>('/referrals/commission-rules', rules, { retries: 0 });
  return { message: body?.message, rules: body?.rules ?? body?.data?.rules };
}

export async function fetchPendingCommissions(month: number, year: number, page = 1, signal?: AbortSignal): Promise<PendingCommissions> {
  const body = await api.get<z.output<typeof pendingCommissionsAnswer>>('/admin/commission-payments/pending', { month, year, page, limit: PENDING_PAGE_SIZE }, { signal });
  const commissionPayments = body?.data?.commissionPayments ?? [];
  const totalPayments = Number(body?.data?.totalPayments ?? commissionPayments.length);
  return {
    commissionPayments,
    referrers: body?.data?.referrers ?? [],
    totalPayments,
    totalAmount: Number(body?.data?.totalAmount ?? 0),
    pagination: body?.data?.pagination ?? { page, limit: PENDING_PAGE_SIZE, total: totalPayments, pages: Math.max(1, Math.ceil(totalPayments / PENDING_PAGE_SIZE)), exact: true },
  };
}

/** GET /api/admin/exports/commission-payments.csv: every payout batch (the list has no filter), saved as the server names it. */
export function exportCommissionPayments(): Promise<string> {
  return api.download('/admin/exports/commission-payments.csv', undefined, { fallbackName: 'commission-payments.csv' });
}

export async function fetchCommissionBatches(signal?: AbortSignal): Promise<CommissionBatch[]> {
  const body = await api.get<z.output<typeof commissionBatchesAnswer>>('/admin/commission-payments/history', { page: 1, limit: 50 }, { signal });
  return body?.data?.batches ?? [];
}

/** Money-changing: never sent twice (no retries). The server refuses a month with nothing left to pay (409). */
export async function bulkPayCommissions(input: BulkPayInput): Promise<{ message?: string; totalAmount?: number; totalPayments?: number }> {
  const body = await api.post<z.output<typeof bulkPayAnswer>>('/admin/commission-payments/bulk-pay', input, { retries: 0 });
  return { message: body?.message, totalAmount: body?.data?.totalAmount, totalPayments: body?.data?.totalPayments };
}
