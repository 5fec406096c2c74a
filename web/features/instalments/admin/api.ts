/**
 * The calls of Payment Management (admin document §7 "Pending queue", "All payments", "Payments
 * reports", "Payment status", "Bulk status"), with the shapes the server sends (contract/instalments.ts, contract/ledgers.ts).
 */
import type { z } from 'zod';
import type { MemberLedger, StateFilter } from '../../../../contract/figures.ts';
import type {
  bulkStatusAnswer,
  Defaulter,
  DefaultersReport,
  paymentAnswer,
  paymentHistoryAnswer,
  paymentListAnswer,
  PaymentReceipt,
  paymentReportAnswer,
  paymentsSummary,
  paymentsSummaryAnswer,
  PaymentsReport,
  PaymentView,
  pendingQueueAnswer,
  PendingReportSummary,
  PlanReportRow,
  queuedPaymentSchema,
  SummaryReport,
} from '../../../../contract/instalments.ts';
import type { memberLedgerAnswer } from '../../../../contract/ledgers.ts';
import type { plan, planListAnswer } from '../../../../contract/plans.ts';
import type { group, planGroupListAnswer } from '../../../../contract/groups.ts';
import { api, type QueryParams } from '../../../lib/api-client.ts';
import { businessMonthOf } from '../member/rules.ts';

type QueuedPayment = z.output<typeof queuedPaymentSchema>;

/**
 * A payment (admin document §3 "Payment") as /api/payments… sends it: an instalment or a plan request.
 * The pending queue sends what it shows; the full list adds the admin's notes, the approval time and the
 * file's name and type. underReview: a submitted receipt waits for a decision (RULES §6), and only these
 * can be approved or rejected here. state: the instalment's state today (RULES §6a), as the server reads
 * it, or null for a plan request in none (read as optional with receiptImage: absent from older answers).
 * receiptUrl: a short-lived signed link to the stored file (docs/decisions/006), or the http(s) URL the member gave.
 */
export type AdminPayment = Omit<QueuedPayment, 'state' | 'receiptImage'> &
  Partial<Pick<QueuedPayment, 'state' | 'receiptImage'>> &
  Partial<Pick<PaymentView, 'adminNotes' | 'approvedAt' | 'receiptName' | 'receiptType'>>;

export type { Pagination } from '../../../../contract/paging.ts';

/** One page of payments (GET /payments, GET /payments/pending-queue). */
export type PaymentPage = Omit<z.output<typeof paymentListAnswer>['data'], 'payments'> & { payments: AdminPayment[] };

/**
 * Payments summary (admin document §3; RULES §6a), instalments only: pending is under review + owed
 * (never a future month), overdue is owed after the grace day, total is paid + pending.
 */
export type PaymentsSummary = Pick<z.output<typeof paymentsSummary>, 'counts' | 'amounts'> & Partial<Pick<z.output<typeof paymentsSummary>, 'figures'>>;

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
  | { reportType: 'pending'; payments: ReportPayment[]; total: number; totalAmount: number; summary: PendingReportSummary | null }
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
  const body = await api.get<z.output<typeof memberLedgerAnswer>>(`/admin/users/${encodeURIComponent(userId)}/ledger`, undefined, { signal });
  if (!body?.data?.user || !Array.isArray(body.data.entries)) throw new Error('Invalid ledger answer');
  return body.data;
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

type ListBody = z.output<typeof paymentListAnswer> | z.output<typeof pendingQueueAnswer>;

function pageOf(body: ListBody | undefined, page: number, limit: number): PaymentPage {
  const payments = body?.data?.payments ?? [];
  return { payments, pagination: body?.data?.pagination ?? { page, limit, total: payments.length, pages: 1, exact: true } };
}

export async function fetchPendingQueue(page: number, signal?: AbortSignal): Promise<PaymentPage> {
  const body = await api.get<z.output<typeof pendingQueueAnswer>>('/payments/pending-queue', { page, limit: QUEUE_PAGE_SIZE }, { signal });
  return pageOf(body, page, QUEUE_PAGE_SIZE);
}

export async function fetchPayments(filters: PaymentFilters, signal?: AbortSignal): Promise<PaymentPage> {
  const body = await api.get<z.output<typeof paymentListAnswer>>('/payments', paymentListParams(filters), { signal });
  return pageOf(body, filters.page, PAGE_SIZE);
}

export async function fetchSummary(signal?: AbortSignal): Promise<PaymentsSummary> {
  const body = await api.get<z.output<typeof paymentsSummaryAnswer>>('/payments/summary', undefined, { signal });
  const summary = body?.data ?? body?.summary;
  if (!summary?.counts) throw new Error('Missing summary');
  return summary;
}

export async function fetchReport(filters: ReportFilters, signal?: AbortSignal): Promise<Report> {
  const body = await api.get<z.output<typeof paymentReportAnswer>>(
    '/payments/reports',
    {
      reportType: filters.reportType,
      ...reportScopeParams(filters),
      page: filters.page,
      limit: PAGE_SIZE,
    },
    { signal },
  );
  // The answer is the report of the type asked for: read as that type's shape.
  const data = body?.data;
  switch (filters.reportType) {
    case 'summary': {
      const report = data as Partial<SummaryReport> | undefined;
      return {
        reportType: 'summary',
        summary: report?.summary ?? emptySummary,
        byPlan: report?.byPlan ?? [],
      };
    }
    case 'defaulters': {
      const report = data as Partial<DefaultersReport> | undefined;
      return {
        reportType: 'defaulters',
        defaulters: report?.defaulters ?? [],
        total: Number(report?.total ?? 0),
        totalAmount: Number(report?.totalAmount ?? 0),
      };
    }
    case 'pending': {
      const report = data as Partial<PaymentsReport> | undefined;
      // The split is shown as the server counted it, over the same rows as the report: never recounted here.
      const summary = report?.summary as Partial<PendingReportSummary> | undefined;
      return {
        reportType: 'pending',
        payments: report?.payments ?? [],
        total: Number(report?.total ?? 0),
        totalAmount: Number(report?.totalAmount ?? 0),
        summary: summary?.pending && summary.underReview && summary.owed && summary.overdue ? (summary as PendingReportSummary) : null,
      };
    }
    default: {
      const report = data as Partial<PaymentsReport> | undefined;
      return {
        reportType: filters.reportType,
        payments: report?.payments ?? [],
        total: Number(report?.total ?? 0),
        totalAmount: Number(report?.totalAmount ?? 0),
      };
    }
  }
}

const noTotals = { total: 0, paid: 0, pending: 0, overdue: 0, underReview: 0, owed: 0 };
const emptySummary: PaymentsSummary = { counts: noTotals, amounts: noTotals };

export async function fetchPlanOptions(signal?: AbortSignal): Promise<PlanOption[]> {
  const body = await api.get<z.output<typeof planListAnswer>>(
    '/committee-plans',
    { includeInactive: true, status: 'all', limit: 100 },
    { signal },
  );
  return body?.data?.plans ?? [];
}

/** A group a list may be filtered by: one of the chosen plan's. */
export type PlanGroupOption = Pick<z.output<typeof group>, 'id' | 'groupNumber' | 'groupName' | 'isActive'>;

/** GET /api/admin/groups/plan/{planId}: the plan's groups, for the group filter. */
export async function fetchPlanGroupOptions(planId: string, signal?: AbortSignal): Promise<PlanGroupOption[]> {
  const body = await api.get<z.output<typeof planGroupListAnswer>>(`/admin/groups/plan/${encodeURIComponent(planId)}`, { limit: 100 }, { signal });
  return body?.data?.groups ?? [];
}

export async function fetchReceiptHistory(id: string, signal?: AbortSignal): Promise<PaymentReceipt[]> {
  const body = await api.get<z.output<typeof paymentHistoryAnswer>>(
    `/payments/history/${encodeURIComponent(id)}`,
    undefined,
    { signal },
  );
  return body?.data?.receipts ?? body?.receipts ?? [];
}

/** Money-changing: never sent twice (no retries). The server answers 'Payment paid/rejected successfully'. */
export function changePaymentStatus(id: string, status: AdminStatus, reason?: string) {
  return api.put<z.output<typeof paymentAnswer>>(`/payments/${encodeURIComponent(id)}/status`, { status, reason }, { retries: 0 });
}

/** One transaction on the server; moves it refuses are counted apart (RULES §6). */
export async function bulkChangeStatus(paymentIds: string[], status: AdminStatus, notes?: string): Promise<BulkResult & { message?: string }> {
  const body = await api.put<z.output<typeof bulkStatusAnswer>>('/payments/bulk-status', { paymentIds, status, notes }, { retries: 0 });
  const refused = body?.data?.refused ?? [];
  return { count: body?.data?.count ?? 0, refusedCount: body?.data?.refusedCount ?? refused.length, refused, message: body?.message };
}
