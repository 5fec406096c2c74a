/**
 * The calls of Payment Management (admin document §7 "Pending queue", "All payments", "Payments
 * reports", "Payment status", "Bulk status"), with the shapes the server sends (contract/instalments.ts,
 * contract/ledgers.ts), each read through its schema: an answer in another shape is unreadable
 * (lib/api-client.ts readAnswer), and the screen says it could not load.
 */
import type { z } from 'zod';
import { paymentsSummaryAnswer, type MemberLedger, type PaymentsSummary as ContractPaymentsSummary, type StateFilter } from '../../../../contract/figures.ts';
import {
  bulkStatusAnswer,
  defaultersReport,
  paidReport,
  paymentAnswer,
  paymentHistoryAnswer,
  paymentListAnswer,
  paymentReportAnswer,
  pendingQueueAnswer,
  pendingReport,
  summaryReport,
  type Defaulter,
  type PaymentReceipt,
  type PaymentView,
  type PendingReportSummary,
  type PlanReportRow,
  type queuedPaymentSchema,
} from '../../../../contract/instalments.ts';
import { memberLedgerAnswer } from '../../../../contract/ledgers.ts';
import { planListAnswer, type plan } from '../../../../contract/plans.ts';
import { planGroupListAnswer, type group } from '../../../../contract/groups.ts';
import { api, readAnswer, type QueryParams } from '../../../lib/api-client.ts';
import { businessMonthOf } from '../member/rules.ts';

type QueuedPayment = z.output<typeof queuedPaymentSchema>;

/**
 * A payment (admin document §3 "Payment") as /api/payments… sends it: an instalment or a plan request.
 * The pending queue sends what it shows; the full list adds the admin's notes, the approval time and the
 * file's name and type. underReview: a submitted receipt waits for a decision (RULES §6), and only these
 * can be approved or rejected here. state: the instalment's state today (RULES §6a), as the server reads
 * it, or null for a plan request in none. receiptUrl: a short-lived signed link to the stored file
 * (docs/decisions/006), or the http(s) URL the member gave.
 */
export type AdminPayment = QueuedPayment & Partial<Pick<PaymentView, 'adminNotes' | 'approvedAt' | 'receiptName' | 'receiptType'>>;

export type { Pagination } from '../../../../contract/paging.ts';

/** One page of payments (GET /payments, GET /payments/pending-queue). */
export type PaymentPage = Omit<z.output<typeof paymentListAnswer>['data'], 'payments'> & { payments: AdminPayment[] };

/**
 * Payments summary (admin document §3; RULES §6a), instalments only: pending is under review + owed
 * (never a future month), overdue is owed after the grace day, total is paid + pending.
 */
export type PaymentsSummary = Pick<ContractPaymentsSummary, 'counts' | 'amounts' | 'figures'>;

export type { Defaulter, PaymentReceipt, PendingReportSummary, PlanReportRow, ReceiptOutcome } from '../../../../contract/instalments.ts';

export type TypeFilter = 'all' | 'instalment' | 'subscription';
/** An instalment's state in the words of RULES §6a (contract/figures.ts STATE_FILTERS; `owed` includes overdue), or every state. */
export type StateChoice = 'all' | StateFilter;

/**
 * The filters of the All Payments and Bulk Actions lists, as GET /api/payments and its CSV export read
 * them. Empty text means no filter. dueFrom/dueTo: due months 'YYYY-MM', both included. A state and the
 * due months are an instalment's: a plan purchase has neither, so with type 'subscription' they are not sent.
 */
export interface PaymentFilters {
  type: TypeFilter;
  planId: string;
  /** A group of the chosen plan. */
  groupId: string;
  /** One member (a link may bring it: ?userId=…). */
  userId: string;
  state: StateChoice;
  dueFrom: string;
  dueTo: string;
  search: string;
  page: number;
}

const noFilters: PaymentFilters = { type: 'all', planId: '', groupId: '', userId: '', state: 'all', dueFrom: '', dueTo: '', search: '', page: 1 };

/** This month in Karachi (RULES §2), 'YYYY-MM': the business month the due filters are read in. */
export function currentDueMonth(now: Date = new Date()): string {
  const { month, year } = businessMonthOf(now);
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** All Payments opens on what is due so far: due months up to this one (never the months still to come), every state. */
export const allPaymentsDefaults = (now: Date = new Date()): PaymentFilters => ({ ...noFilters, dueTo: currentDueMonth(now) });

/** Bulk Actions opens on the receipts waiting for a decision, whatever their month (a member may pay ahead). */
export const bulkActionsDefaults = (): PaymentFilters => ({ ...noFilters, state: 'under-review' });

/** The filter names a link may carry in the address (?tab=all&state=owed&planId=…), as the API names them. */
export const LINK_FILTER_PARAMS = ['planId', 'groupId', 'userId', 'state', 'dueFrom', 'dueTo', 'search'] as const;

const STATE_CHOICES: Record<StateFilter, true> = { scheduled: true, 'under-review': true, owed: true, overdue: true, paid: true };
/** Every state filter, in the order of RULES §6a's story of a month. */
export const STATE_FILTER_CHOICES = Object.keys(STATE_CHOICES) as StateFilter[];
const isStateFilter = (value: string): value is StateFilter => Object.hasOwn(STATE_CHOICES, value);
/** A due month as the server takes it (contract/instalments.ts): 'YYYY-MM' of 2000–2099. */
export const isDueMonth = (value: string) => /^20\d\d-(0[1-9]|1[0-2])$/.test(value);

/**
 * The defaults with what a link's address says on top (unknown or malformed values are left out), so
 * that a link (e.g. a member's payments, ?userId=…) opens the list so filtered.
 */
export function filtersFromParams(params: URLSearchParams, defaults: PaymentFilters): PaymentFilters {
  const text = (name: (typeof LINK_FILTER_PARAMS)[number]) => params.get(name)?.trim().slice(0, 100) ?? '';
  const filters = { ...defaults };
  for (const name of ['planId', 'groupId', 'userId', 'search'] as const) if (params.has(name)) filters[name] = text(name);
  const state = text('state').toLowerCase();
  if (params.has('state')) filters.state = isStateFilter(state) ? state : 'all';
  for (const name of ['dueFrom', 'dueTo'] as const) if (params.has(name)) filters[name] = isDueMonth(text(name)) ? text(name) : '';
  if (filters.dueFrom && filters.dueTo && filters.dueFrom > filters.dueTo) filters.dueTo = filters.dueFrom;
  return filters;
}

/** Whether the filters are the ones a tab opens with (the search compared as sent). */
export function sameFilters(a: PaymentFilters, b: PaymentFilters): boolean {
  return (Object.keys(noFilters) as (keyof PaymentFilters)[]).every((key) => (key === 'search' ? a.search.trim() === b.search.trim() : a[key] === b[key]));
}

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

/** A payment of the paid and pending reports, as the contract has it. */
export type ReportPayment = PaymentView;

/** A report as the Reports tab shows it, from the answer of GET /payments/reports for that type. */
export type Report =
  | { reportType: 'summary'; summary: PaymentsSummary; byPlan: PlanReportRow[] }
  | { reportType: 'paid'; payments: ReportPayment[]; total: number; totalAmount: number }
  | { reportType: 'pending'; payments: ReportPayment[]; total: number; totalAmount: number; summary: PendingReportSummary }
  | { reportType: 'defaulters'; defaulters: Defaulter[]; total: number; totalAmount: number };

export type PlanOption = Pick<z.output<typeof plan>, 'id' | 'name' | 'isActive'>;

/** The moves an admin makes; sent lowercase (admin document §4). */
export type AdminStatus = 'paid' | 'rejected' | 'overdue';

/** How many moved, and the moves refused with their reasons. */
export type BulkResult = z.output<typeof bulkStatusAnswer>['data'];

/** Every query of this area starts with this key, so that one invalidation refreshes them all. */
export const paymentKeys = {
  all: ['admin-payments'] as const,
  summary: ['admin-payments', 'summary'] as const,
  queue: (page: number) => ['admin-payments', 'queue', page] as const,
  list: (scope: 'all' | 'bulk', filters: PaymentFilters) => ['admin-payments', 'list', scope, filters] as const,
  report: (filters: ReportFilters) => ['admin-payments', 'report', filters] as const,
  history: (id: string) => ['admin-payments', 'history', id] as const,
  plans: ['admin-payments', 'plans'] as const,
  planGroups: (planId: string) => ['admin-payments', 'plan-groups', planId] as const,
  ledger: (userId: string) => ['admin-payments', 'ledger', userId] as const,
};

/** Where a member's ledger lives (app/router.tsx): every instalment of every group, month by month. */
export const ledgerPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}/ledger`;

/** GET /api/admin/users/{id}/ledger (RULES §6a): the member, the figures, and every instalment. */
export async function fetchMemberLedger(userId: string, signal?: AbortSignal): Promise<MemberLedger> {
  return readAnswer(memberLedgerAnswer, await api.get(`/admin/users/${encodeURIComponent(userId)}/ledger`, undefined, { signal })).data;
}

const typeQuery: Record<TypeFilter, string | undefined> = { all: undefined, instalment: 'INSTALMENT', subscription: 'SUBSCRIPTION' };

/**
 * The filters of a list as the server reads them: the list and its CSV export alike, so that the file
 * holds what the list shows. Empty filters are left out; a plan purchase has no state or due month.
 */
function paymentFilterParams(filters: PaymentFilters): QueryParams {
  const instalments = filters.type !== 'subscription';
  return {
    type: typeQuery[filters.type],
    planId: filters.planId || undefined,
    groupId: filters.groupId || undefined,
    userId: filters.userId || undefined,
    state: instalments && filters.state !== 'all' ? filters.state : undefined,
    dueFrom: (instalments && filters.dueFrom) || undefined,
    dueTo: (instalments && filters.dueTo) || undefined,
    search: filters.search.trim() || undefined,
  };
}

/** The query string of a filtered list; empty filters are left out. */
export function paymentListParams(filters: PaymentFilters, limit = PAGE_SIZE): QueryParams {
  return { ...paymentFilterParams(filters), page: filters.page, limit };
}

/** The filters of the Reports tab as the report and its export are asked for them; empty filters are left out. */
function reportScopeParams(filters: ReportFilters): QueryParams {
  return { planId: filters.planId || undefined, month: filters.month || undefined, year: filters.year || undefined };
}

/**
 * GET /api/admin/exports/payments.csv: every payment the All Payments filters match (not only the page
 * shown), saved as the server names it. Answers the name it was saved under.
 */
export function exportPayments(filters: PaymentFilters): Promise<string> {
  return api.download('/admin/exports/payments.csv', paymentFilterParams(filters), { fallbackName: 'payments.csv' });
}

/** GET /api/admin/exports/defaulters.csv: the defaulters report under the Reports tab's plan, month and year. */
export function exportDefaulters(filters: ReportFilters): Promise<string> {
  return api.download('/admin/exports/defaulters.csv', reportScopeParams(filters), { fallbackName: 'defaulters.csv' });
}

export async function fetchPendingQueue(page: number, signal?: AbortSignal): Promise<PaymentPage> {
  return readAnswer(pendingQueueAnswer, await api.get('/payments/pending-queue', { page, limit: QUEUE_PAGE_SIZE }, { signal })).data;
}

export async function fetchPayments(filters: PaymentFilters, signal?: AbortSignal): Promise<PaymentPage> {
  return readAnswer(paymentListAnswer, await api.get('/payments', paymentListParams(filters), { signal })).data;
}

export async function fetchSummary(signal?: AbortSignal): Promise<PaymentsSummary> {
  return readAnswer(paymentsSummaryAnswer, await api.get('/payments/summary', undefined, { signal })).data;
}

/** Each report's answer in its own shape: the report asked for, and no other, is readable. */
const reportAnswers = {
  summary: paymentReportAnswer.extend({ data: summaryReport }),
  paid: paymentReportAnswer.extend({ data: paidReport }),
  pending: paymentReportAnswer.extend({ data: pendingReport }),
  defaulters: paymentReportAnswer.extend({ data: defaultersReport }),
};

export async function fetchReport(filters: ReportFilters, signal?: AbortSignal): Promise<Report> {
  const body = await api.get('/payments/reports', { reportType: filters.reportType, ...reportScopeParams(filters), page: filters.page, limit: PAGE_SIZE }, { signal });
  switch (filters.reportType) {
    case 'summary': {
      const { summary, byPlan } = readAnswer(reportAnswers.summary, body).data;
      return { reportType: 'summary', summary, byPlan };
    }
    case 'defaulters': {
      const { defaulters, total, totalAmount } = readAnswer(reportAnswers.defaulters, body).data;
      return { reportType: 'defaulters', defaulters, total, totalAmount };
    }
    case 'pending': {
      // The split is shown as the server counted it, over the same rows as the report: never recounted here.
      const { payments, total, totalAmount, summary } = readAnswer(reportAnswers.pending, body).data;
      return { reportType: 'pending', payments, total, totalAmount, summary };
    }
    default: {
      const { payments, total, totalAmount } = readAnswer(reportAnswers.paid, body).data;
      return { reportType: filters.reportType, payments, total, totalAmount };
    }
  }
}

export async function fetchPlanOptions(signal?: AbortSignal): Promise<PlanOption[]> {
  return readAnswer(planListAnswer, await api.get('/committee-plans', { includeInactive: true, status: 'all', limit: 100 }, { signal })).data.plans;
}

/** A group a list may be filtered by: one of the chosen plan's. */
export type PlanGroupOption = Pick<z.output<typeof group>, 'id' | 'groupNumber' | 'groupName' | 'isActive'>;

/** GET /api/admin/groups/plan/{planId}: the plan's groups, for the group filter. */
export async function fetchPlanGroupOptions(planId: string, signal?: AbortSignal): Promise<PlanGroupOption[]> {
  return readAnswer(planGroupListAnswer, await api.get(`/admin/groups/plan/${encodeURIComponent(planId)}`, { limit: 100 }, { signal })).data.groups;
}

export async function fetchReceiptHistory(id: string, signal?: AbortSignal): Promise<PaymentReceipt[]> {
  return readAnswer(paymentHistoryAnswer, await api.get(`/payments/history/${encodeURIComponent(id)}`, undefined, { signal })).data.receipts;
}

/** Money-changing: never sent twice (no retries). The server answers 'Payment paid/rejected successfully'. */
export async function changePaymentStatus(id: string, status: AdminStatus, reason?: string) {
  return readAnswer(paymentAnswer, await api.put(`/payments/${encodeURIComponent(id)}/status`, { status, reason }, { retries: 0 }));
}

/** One transaction on the server; moves it refuses are counted apart (RULES §6). */
export async function bulkChangeStatus(paymentIds: string[], status: AdminStatus, notes?: string): Promise<BulkResult & { message?: string }> {
  const { data, message } = readAnswer(bulkStatusAnswer, await api.put('/payments/bulk-status', { paymentIds, status, notes }, { retries: 0 }));
  return { ...data, message };
}
