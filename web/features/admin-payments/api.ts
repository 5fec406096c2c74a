/**
 * The calls of Payment Management (admin document §7 "Pending queue", "All payments", "Payments
 * reports", "Payment status", "Bulk status"), with the shapes the server sends
 * (server/payments/payment-routes.ts, payment-view.ts, payment-reports.ts, instalment-service.ts).
 */
import type { CountAndAmount, InstalmentFigures, InstalmentState, MemberLedger } from '../../../contract/figures.ts';
import { api, type QueryParams } from '../../lib/api-client.ts';
import type { Pagination } from '../../../contract/paging.ts';

/** A payment (admin document §3 "Payment") as /api/payments… sends it: an instalment or a plan request. */
export interface AdminPayment {
  id: string;
  type: string;
  planId: string;
  userId: string;
  groupId: string | null;
  status: string;
  /** A submitted receipt waits for a decision (RULES §6): only these can be approved or rejected here. */
  underReview: boolean;
  /** The instalment's state today (RULES §6a), as the server reads it; absent from older answers. */
  state?: InstalmentState | null;
  amount: number;
  month: number | null;
  year: number | null;
  dueDate: string | null;
  paymentMethod: string;
  notes: string | null;
  adminNotes?: string | null;
  rejectionReason: string | null;
  createdAt: string;
  submittedAt: string | null;
  paymentDate: string | null;
  approvedAt?: string | null;
  /** A short-lived signed link to the stored file (docs/decisions/006), or the http(s) URL the member gave. */
  receiptUrl: string | null;
  receiptImage?: string | null;
  receiptName?: string | null;
  receiptType?: string | null;
  hasReceipt: boolean;
  plan: { id: string; name: string };
  user: { name: string; email: string; phone?: string | null };
  group: { id: string; groupNumber: string; plan: { name: string } } | null;
}

export type { Pagination } from '../../../contract/paging.ts';

export interface PaymentPage {
  payments: AdminPayment[];
  pagination: Pagination;
}

/**
 * Payments summary (admin document §3; RULES §6a), instalments only: pending is under review + owed
 * (never a future month), overdue is owed after the grace day, total is paid + pending.
 */
export interface PaymentsSummary {
  counts: { total: number; paid: number; pending: number; overdue: number; underReview: number; owed?: number };
  amounts: { paid: number; pending: number; overdue: number; total?: number; underReview?: number; owed?: number };
  figures?: InstalmentFigures;
}

/** The summary line of the PENDING report, as the server counts it over the report's own rows (RULES §6a). */
export interface PendingReportSummary {
  pending: CountAndAmount;
  underReview: CountAndAmount;
  owed: CountAndAmount;
  overdue: CountAndAmount;
}

export type StatusFilter = 'all' | 'pending' | 'paid' | 'overdue' | 'rejected';
export type TypeFilter = 'all' | 'instalment' | 'subscription';

export interface PaymentFilters {
  status: StatusFilter;
  type: TypeFilter;
  /** 1–12, or 0 for every month. */
  month: number;
  /** 0 for every year. */
  year: number;
  search: string;
  page: number;
}

export const defaultFilters: PaymentFilters = { status: 'all', type: 'all', month: 0, year: 0, search: '', page: 1 };

export const PAGE_SIZE = 20;
export const QUEUE_PAGE_SIZE = 50;

export type ReportType = 'summary' | 'paid' | 'pending' | 'defaulters';

export interface ReportFilters {
  reportType: ReportType;
  planId: string;
  month: number;
  year: number;
  page: number;
}

export const defaultReportFilters: ReportFilters = { reportType: 'summary', planId: '', month: 0, year: 0, page: 1 };

export interface PlanSummaryRow {
  planId: string;
  planName: string;
  paid: CountAndAmount;
  pending: CountAndAmount;
  overdue: CountAndAmount;
  figures?: InstalmentFigures;
}

export interface Defaulter {
  userId?: string;
  user: { name: string; email: string; phone: string | null };
  overdueCount: number;
  overdueAmount: number;
  /** A date (YYYY-MM-DD): the first of the oldest unpaid month. */
  oldestDueDate: string | null;
}

export type Report =
  | { reportType: 'summary'; summary: PaymentsSummary; byPlan: PlanSummaryRow[] }
  | { reportType: 'paid'; payments: AdminPayment[]; total: number; totalAmount: number }
  | { reportType: 'pending'; payments: AdminPayment[]; total: number; totalAmount: number; summary: PendingReportSummary | null }
  | { reportType: 'defaulters'; defaulters: Defaulter[]; total: number; totalAmount: number };

export interface PlanOption {
  id: string;
  name: string;
  isActive: boolean;
}

export type ReceiptOutcome = 'UNDER_REVIEW' | 'ACCEPTED' | 'REFUSED' | 'REPLACED';

/** One receipt ever sent for a payment, and what became of it (RULES §6: no receipt is lost). */
export interface ReceiptHistoryItem {
  id: string;
  submittedAt: string;
  outcome: ReceiptOutcome | string;
  reason: string | null;
  reviewedAt?: string | null;
  fileName?: string | null;
  contentType?: string | null;
  paymentMethod?: string | null;
  receiptUrl: string | null;
}

/** The moves an admin makes; sent lowercase (admin document §4). */
export type AdminStatus = 'paid' | 'rejected' | 'overdue';

export interface BulkResult {
  count: number;
  refusedCount: number;
  refused: { id: string; reason: string }[];
}

/** Every query of this area starts with this key, so that one invalidation refreshes them all. */
export const paymentKeys = {
  all: ['admin-payments'] as const,
  summary: ['admin-payments', 'summary'] as const,
  queue: (page: number) => ['admin-payments', 'queue', page] as const,
  list: (scope: 'all' | 'bulk', filters: PaymentFilters) => ['admin-payments', 'list', scope, filters] as const,
  report: (filters: ReportFilters) => ['admin-payments', 'report', filters] as const,
  history: (id: string) => ['admin-payments', 'history', id] as const,
  plans: ['admin-payments', 'plans'] as const,
  ledger: (userId: string) => ['admin-payments', 'ledger', userId] as const,
};

/** Where a member's ledger lives (app/router.tsx): every instalment of every group, month by month. */
export const ledgerPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}/ledger`;

/** GET /api/admin/users/{id}/ledger (RULES §6a): the member, the figures, and every instalment. */
export async function fetchMemberLedger(userId: string, signal?: AbortSignal): Promise<MemberLedger> {
  const body = await api.get<{ success: true; data: MemberLedger }>(`/admin/users/${encodeURIComponent(userId)}/ledger`, undefined, { signal });
  if (!body?.data?.user || !Array.isArray(body.data.entries)) throw new Error('Invalid ledger answer');
  return body.data;
}

const statusQuery: Record<StatusFilter, string | undefined> = {
  all: undefined,
  pending: 'PENDING',
  paid: 'PAID',
  overdue: 'OVERDUE',
  rejected: 'REJECTED',
};
const typeQuery: Record<TypeFilter, string | undefined> = { all: undefined, instalment: 'INSTALMENT', subscription: 'SUBSCRIPTION' };

/** The query string of a filtered list; empty filters are left out. */
export function paymentListParams(filters: PaymentFilters, limit = PAGE_SIZE): QueryParams {
  return {
    status: statusQuery[filters.status],
    type: typeQuery[filters.type],
    month: filters.month || undefined,
    year: filters.year || undefined,
    search: filters.search.trim() || undefined,
    page: filters.page,
    limit,
  };
}

type ListBody = { payments?: AdminPayment[]; data?: { payments?: AdminPayment[]; pagination?: Pagination } };

function pageOf(body: ListBody | undefined, page: number, limit: number): PaymentPage {
  const payments = body?.data?.payments ?? body?.payments ?? [];
  return { payments, pagination: body?.data?.pagination ?? { page, limit, total: payments.length, pages: 1, exact: true } };
}

export async function fetchPendingQueue(page: number, signal?: AbortSignal): Promise<PaymentPage> {
  const body = await api.get<ListBody>('/payments/pending-queue', { page, limit: QUEUE_PAGE_SIZE }, { signal });
  return pageOf(body, page, QUEUE_PAGE_SIZE);
}

export async function fetchPayments(filters: PaymentFilters, signal?: AbortSignal): Promise<PaymentPage> {
  const body = await api.get<ListBody>('/payments', paymentListParams(filters), { signal });
  return pageOf(body, filters.page, PAGE_SIZE);
}

export async function fetchSummary(signal?: AbortSignal): Promise<PaymentsSummary> {
  const body = await api.get<{ summary?: PaymentsSummary; data?: PaymentsSummary }>('/payments/summary', undefined, { signal });
  const summary = body?.data ?? body?.summary;
  if (!summary?.counts) throw new Error('Missing summary');
  return summary;
}

export async function fetchReport(filters: ReportFilters, signal?: AbortSignal): Promise<Report> {
  const body = await api.get<{ data?: Record<string, unknown> }>(
    '/payments/reports',
    {
      reportType: filters.reportType,
      planId: filters.planId || undefined,
      month: filters.month || undefined,
      year: filters.year || undefined,
      page: filters.page,
      limit: PAGE_SIZE,
    },
    { signal },
  );
  const data = body?.data ?? {};
  switch (filters.reportType) {
    case 'summary':
      return {
        reportType: 'summary',
        summary: (data.summary as PaymentsSummary | undefined) ?? emptySummary,
        byPlan: (data.byPlan as PlanSummaryRow[] | undefined) ?? [],
      };
    case 'defaulters':
      return {
        reportType: 'defaulters',
        defaulters: (data.defaulters as Defaulter[] | undefined) ?? [],
        total: Number(data.total ?? 0),
        totalAmount: Number(data.totalAmount ?? 0),
      };
    case 'pending': {
      // The split is shown as the server counted it, over the same rows as the report: never recounted here.
      const summary = data.summary as Partial<PendingReportSummary> | undefined;
      return {
        reportType: 'pending',
        payments: (data.payments as AdminPayment[] | undefined) ?? [],
        total: Number(data.total ?? 0),
        totalAmount: Number(data.totalAmount ?? 0),
        summary: summary?.pending && summary.underReview && summary.owed && summary.overdue ? (summary as PendingReportSummary) : null,
      };
    }
    default:
      return {
        reportType: filters.reportType,
        payments: (data.payments as AdminPayment[] | undefined) ?? [],
        total: Number(data.total ?? 0),
        totalAmount: Number(data.totalAmount ?? 0),
      };
  }
}

const emptySummary: PaymentsSummary = { counts: { total: 0, paid: 0, pending: 0, overdue: 0, underReview: 0 }, amounts: { paid: 0, pending: 0, overdue: 0 } };

export async function fetchPlanOptions(signal?: AbortSignal): Promise<PlanOption[]> {
  const body = await api.get<{ plans?: PlanOption[]; data?: { plans?: PlanOption[] } }>(
    '/committee-plans',
    { includeInactive: true, status: 'all', limit: 100 },
    { signal },
  );
  return body?.data?.plans ?? body?.plans ?? [];
}

export async function fetchReceiptHistory(id: string, signal?: AbortSignal): Promise<ReceiptHistoryItem[]> {
  const body = await api.get<{ receipts?: ReceiptHistoryItem[]; data?: { receipts?: ReceiptHistoryItem[] } }>(
    `/payments/history/${encodeURIComponent(id)}`,
    undefined,
    { signal },
  );
  return body?.data?.receipts ?? body?.receipts ?? [];
}

/** Money-changing: never sent twice (no retries). The server answers 'Payment paid/rejected successfully'. */
export function changePaymentStatus(id: string, status: AdminStatus, reason?: string) {
  return api.put<{ success: true; message?: string }>(`/payments/${encodeURIComponent(id)}/status`, { status, reason }, { retries: 0 });
}

/** One transaction on the server; moves it refuses are counted apart (RULES §6). */
export async function bulkChangeStatus(paymentIds: string[], status: AdminStatus, notes?: string): Promise<BulkResult & { message?: string }> {
  const body = await api.put<{ success: true; message?: string; data?: Partial<BulkResult> }>(
    '/payments/bulk-status',
    { paymentIds, status, notes },
    { retries: 0 },
  );
  const refused = body?.data?.refused ?? [];
  return { count: body?.data?.count ?? 0, refusedCount: body?.data?.refusedCount ?? refused.length, refused, message: body?.message };
}
