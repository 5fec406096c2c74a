/**
 * The calls of the plan-request screens (admin document §7 "Plan payments", "Approve plan payment",
 * "Reject plan payment", "Groups by plan", "List plans"), with the shapes the server sends
 * (contract/plan-requests.ts, contract/payments.ts, contract/plans.ts).
 */
import type { z } from 'zod';
import type { paymentAnswer, PaymentView } from '../../../../contract/payments.ts';
import type { planPaymentCounts, planPaymentListAnswer } from '../../../../contract/plan-requests.ts';
import type { plan, planGroup, planGroupListAnswer, planListAnswer } from '../../../../contract/plans.ts';
import { api, type QueryParams } from '../../../lib/api-client.ts';

export type PlanRequestStatusFilter = 'all' | 'pending' | 'approved' | 'rejected';

/**
 * A plan request (admin document §3 "Plan payment") as GET /api/plan-payments sends it, in what these
 * screens read: receiptImage is a short-lived signed link to the stored file, or the http(s) URL the member
 * gave; receiptType is the stored file's detected type (image/png, image/jpeg, application/pdf), null for a URL.
 */
export type PlanPayment = Pick<
  PaymentView,
  | 'id'
  | 'type'
  | 'planId'
  | 'userId'
  | 'status'
  | 'amount'
  | 'paymentMethod'
  | 'notes'
  | 'adminNotes'
  | 'rejectionReason'
  | 'createdAt'
  | 'approvedAt'
  | 'receiptImage'
  | 'receiptName'
  | 'receiptType'
  | 'hasReceipt'
  | 'paymentReference'
  | 'transferDate'
  | 'transactionNumber'
  | 'plan'
  | 'user'
  | 'group'
>;

export type PlanPaymentCounts = z.output<typeof planPaymentCounts>;

export type { Pagination } from '../../../../contract/paging.ts';

/** One page of plan requests, with the counts and revenue of all that match. */
export type PlanPaymentList = Omit<z.output<typeof planPaymentListAnswer>['data'], 'payments'> & { payments: PlanPayment[] };

/**
 * A plan's group as the approve dialog lists it (admin document §3 "Plan group"), with what a member
 * approved into it now would owe at once.
 */
export type PlanGroup = Pick<z.output<typeof planGroup>, 'id' | 'groupNumber' | 'currentMembers' | 'maxMembers' | 'isActive' | 'startDate' | 'owedOnJoining'>;

export type PlanOption = Pick<z.output<typeof plan>, 'id' | 'name' | 'isActive'>;

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

/** The list's filters as the server reads them; empty ones are left out. */
const filterParams = (filters: Omit<PlanPaymentFilters, 'page'>): QueryParams => ({
  status: statusQuery[filters.status],
  planId: filters.planId || undefined,
  search: filters.search.trim() || undefined,
});

/** GET /api/admin/exports/plan-requests.csv: every plan request the filters match, saved as the server names it. */
export function exportPlanRequests(filters: Omit<PlanPaymentFilters, 'page'>): Promise<string> {
  return api.download('/admin/exports/plan-requests.csv', filterParams(filters), { fallbackName: 'plan-requests.csv' });
}

export async function fetchPlanPayments(filters: PlanPaymentFilters, signal?: AbortSignal): Promise<PlanPaymentList> {
  const params: QueryParams = { ...filterParams(filters), page: filters.page, limit: PAGE_SIZE };
  const body = await api.get<z.output<typeof planPaymentListAnswer>>('/plan-payments', params, { signal });
  const payments = body?.data?.payments ?? body?.payments ?? [];
  return {
    payments,
    counts: body?.data?.counts ?? emptyCounts,
    pagination: body?.data?.pagination ?? { page: filters.page, limit: PAGE_SIZE, total: payments.length, pages: 1, exact: true },
  };
}

export async function fetchPlanPayment(id: string, signal?: AbortSignal): Promise<PlanPayment> {
  // A 404 is never retried (lib/api-client.ts): the page shows 'Payment Not Found' at once.
  const body = await api.get<z.output<typeof paymentAnswer>>(`/plan-payments/${encodeURIComponent(id)}`, undefined, { signal });
  const payment = body?.data?.payment ?? body?.payment;
  if (!payment) throw new Error('Missing payment');
  return payment;
}

export async function fetchPlanOptions(signal?: AbortSignal): Promise<PlanOption[]> {
  const body = await api.get<z.output<typeof planListAnswer>>(
    '/committee-plans',
    { includeInactive: true, status: 'all', limit: 100 },
    { signal },
  );
  return body?.data?.plans ?? [];
}

export async function fetchPlanGroups(planId: string, signal?: AbortSignal): Promise<PlanGroup[]> {
  const body = await api.get<z.output<typeof planGroupListAnswer>>(
    `/admin/groups/plan/${encodeURIComponent(planId)}`,
    { limit: 100 },
    { signal },
  );
  return body?.data?.groups ?? [];
}

export interface ApproveInput {
  planId: string;
  groupNumber: string;
  groupId?: string;
  notes?: string;
}

/** Money-changing: never sent twice (no retries). */
export function approvePlanPayment(id: string, input: ApproveInput) {
  return api.put<z.output<typeof paymentAnswer>>(`/plan-payments/${encodeURIComponent(id)}/approve`, input, { retries: 0 });
}

export function rejectPlanPayment(id: string, rejectionReason: string) {
  return api.put<z.output<typeof paymentAnswer>>(`/plan-payments/${encodeURIComponent(id)}/reject`, { rejectionReason }, { retries: 0 });
}
