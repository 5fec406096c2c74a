/**
 * The calls of the plan-request screens (admin document §7 "Plan payments", "Approve plan payment",
 * "Reject plan payment", "Groups by plan", "List plans"), with the shapes the server sends
 * (contract/plan-requests.ts, contract/instalments.ts, contract/plans.ts), each read through its schema: an
 * answer in another shape is unreadable (lib/api-client.ts readAnswer), and the screen says it could not load.
 */
import type { z } from 'zod';
import { paymentAnswer, type PaymentView } from '../../../../contract/instalments.ts';
import { planPaymentListAnswer, type planPaymentCounts } from '../../../../contract/plan-requests.ts';
import { planListAnswer, type plan } from '../../../../contract/plans.ts';
import { planGroupListAnswer, type planGroup } from '../../../../contract/groups.ts';
import { api, readAnswer, type QueryParams } from '../../../lib/api-client.ts';

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
  const { payments, counts, pagination } = readAnswer(planPaymentListAnswer, await api.get('/plan-payments', params, { signal })).data;
  return { payments, counts, pagination };
}

export async function fetchPlanPayment(id: string, signal?: AbortSignal): Promise<PlanPayment> {
  // A 404 is never retried (lib/api-client.ts): the page shows 'Payment Not Found' at once.
  return readAnswer(paymentAnswer, await api.get(`/plan-payments/${encodeURIComponent(id)}`, undefined, { signal })).payment;
}

export async function fetchPlanOptions(signal?: AbortSignal): Promise<PlanOption[]> {
  return readAnswer(planListAnswer, await api.get('/committee-plans', { includeInactive: true, status: 'all', limit: 100 }, { signal })).data.plans;
}

export async function fetchPlanGroups(planId: string, signal?: AbortSignal): Promise<PlanGroup[]> {
  return readAnswer(planGroupListAnswer, await api.get(`/admin/groups/plan/${encodeURIComponent(planId)}`, { limit: 100 }, { signal })).data.groups;
}

export interface ApproveInput {
  planId: string;
  groupNumber: string;
  groupId?: string;
  notes?: string;
}

/** The request as the review left it, and what the server says it did. */
export type ReviewedPayment = Pick<z.output<typeof paymentAnswer>, 'payment' | 'message'>;

const reviewed = async (answer: Promise<unknown>): Promise<ReviewedPayment> => {
  const { payment, message } = readAnswer(paymentAnswer, await answer);
  return { payment, message };
};

/** Money-changing: never sent twice (no retries). */
export function approvePlanPayment(id: string, input: ApproveInput): Promise<ReviewedPayment> {
  return reviewed(api.put(`/plan-payments/${encodeURIComponent(id)}/approve`, input, { retries: 0 }));
}

export function rejectPlanPayment(id: string, rejectionReason: string): Promise<ReviewedPayment> {
  return reviewed(api.put(`/plan-payments/${encodeURIComponent(id)}/reject`, { rejectionReason }, { retries: 0 }));
}
