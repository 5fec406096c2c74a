/**
 * The calls of the plan-request screens (admin document §7 "Plan payments", "Approve plan payment",
 * "Reject plan payment", "Groups by plan", "List plans"), with the shapes the server sends
 * (server/plan-payments/plan-payment-routes.ts, server/groups/group-routes.ts).
 */
import { api, type QueryParams } from '../../lib/api-client.ts';
import type { Pagination } from '../../../contract/paging.ts';

export type PlanRequestStatusFilter = 'all' | 'pending' | 'approved' | 'rejected';

/** A plan request (admin document §3 "Plan payment") as GET /api/plan-payments sends it. */
export interface PlanPayment {
  id: string;
  type: string;
  planId: string;
  userId: string;
  status: string;
  amount: number;
  paymentMethod: string;
  notes: string | null;
  adminNotes?: string | null;
  rejectionReason: string | null;
  createdAt: string;
  approvedAt: string | null;
  /** A short-lived signed link to the stored file, or the http(s) URL the member gave. */
  receiptImage: string | null;
  receiptName?: string | null;
  /** The stored file's detected type (image/png, image/jpeg, application/pdf); null for a URL. */
  receiptType?: string | null;
  hasReceipt: boolean;
  plan: { id: string; name: string; monthlyAmount: number; duration: number; maxMembers: number; description: string };
  user: { name: string; email: string; phone: string | null; cnic: string | null };
  group: { id: string; groupNumber: string; plan: { name: string } } | null;
}

export interface PlanPaymentCounts {
  total: number;
  pending: number;
  approved: number;
  rejected: number;
  revenue: number;
}

export type { Pagination } from '../../../contract/paging.ts';

export interface PlanPaymentList {
  payments: PlanPayment[];
  counts: PlanPaymentCounts;
  pagination: Pagination;
}

/** A plan's group as the approve dialog lists it (admin document §3 "Plan group"). */
export interface PlanGroup {
  id: string;
  groupNumber: string;
  currentMembers: number;
  maxMembers: number;
  isActive?: boolean;
}

export interface PlanOption {
  id: string;
  name: string;
  isActive: boolean;
}

export const PAGE_SIZE = 20;

/** The status words the server filters by; Approved is PAID (admin document §4). */
const statusQuery: Record<PlanRequestStatusFilter, string | undefined> = {
  all: undefined,
  pending: 'PENDING',
  approved: 'PAID',
  rejected: 'REJECTED',
};

export interface PlanPaymentFilters {
  status: PlanRequestStatusFilter;
  planId: string;
  search: string;
  page: number;
}

/** Every query of this area starts with this key, so one invalidation refreshes them all. */
export const requestKeys = {
  all: ['admin-requests'] as const,
  list: (filters: PlanPaymentFilters) => ['admin-requests', 'list', filters] as const,
  lists: ['admin-requests', 'list'] as const,
  detail: (id: string) => ['admin-requests', 'detail', id] as const,
  plans: ['admin-requests', 'plans'] as const,
  groups: (planId: string) => ['admin-requests', 'groups', planId] as const,
};

const emptyCounts: PlanPaymentCounts = { total: 0, pending: 0, approved: 0, rejected: 0, revenue: 0 };

export async function fetchPlanPayments(filters: PlanPaymentFilters, signal?: AbortSignal): Promise<PlanPaymentList> {
  const params: QueryParams = {
    status: statusQuery[filters.status],
    planId: filters.planId || undefined,
    search: filters.search.trim() || undefined,
    page: filters.page,
    limit: PAGE_SIZE,
  };
  const body = await api.get<{
    payments?: PlanPayment[];
    data?: { payments?: PlanPayment[]; counts?: PlanPaymentCounts; pagination?: Pagination };
  }>('/plan-payments', params, { signal });
  const payments = body?.data?.payments ?? body?.payments ?? [];
  return {
    payments,
    counts: body?.data?.counts ?? emptyCounts,
    pagination: body?.data?.pagination ?? { page: filters.page, limit: PAGE_SIZE, total: payments.length, pages: 1, exact: true },
  };
}

export async function fetchPlanPayment(id: string, signal?: AbortSignal): Promise<PlanPayment> {
  // A 404 is never retried (lib/api-client.ts): the page shows 'Payment Not Found' at once.
  const body = await api.get<{ payment?: PlanPayment; data?: { payment?: PlanPayment } }>(`/plan-payments/${encodeURIComponent(id)}`, undefined, { signal });
  const payment = body?.data?.payment ?? body?.payment;
  if (!payment) throw new Error('Missing payment');
  return payment;
}

export async function fetchPlanOptions(signal?: AbortSignal): Promise<PlanOption[]> {
  const body = await api.get<{ plans?: PlanOption[]; data?: { plans?: PlanOption[] } }>(
    '/committee-plans',
    { includeInactive: true, status: 'all', limit: 100 },
    { signal },
  );
  return body?.data?.plans ?? body?.plans ?? [];
}

export async function fetchPlanGroups(planId: string, signal?: AbortSignal): Promise<PlanGroup[]> {
  const body = await api.get<{ groups?: PlanGroup[]; data?: { groups?: PlanGroup[] } }>(
    `/admin/groups/plan/${encodeURIComponent(planId)}`,
    { limit: 100 },
    { signal },
  );
  return body?.data?.groups ?? body?.groups ?? [];
}

export interface ApproveInput {
  planId: string;
  groupNumber: string;
  groupId?: string;
  notes?: string;
}

/** Money-changing: never sent twice (no retries). */
export function approvePlanPayment(id: string, input: ApproveInput) {
  return api.put<{ success: true; message?: string; payment?: PlanPayment }>(`/plan-payments/${encodeURIComponent(id)}/approve`, input, { retries: 0 });
}

export function rejectPlanPayment(id: string, rejectionReason: string) {
  return api.put<{ success: true; message?: string; payment?: PlanPayment }>(`/plan-payments/${encodeURIComponent(id)}/reject`, { rejectionReason }, { retries: 0 });
}
