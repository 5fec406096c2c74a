/**
 * The calls of the member's groups and monthly payments (member document §7 "Committees and plans",
 * "Payments (member)"), with the shapes the server answers (server/payments/payment-routes.ts,
 * member-groups.ts, payment-view.ts).
 */
import { countAndAmount, instalmentFigures, instalmentState, nextDue, type CountAndAmount, type InstalmentFigures, type InstalmentState, type NextDue } from '../../../contract/figures.ts';
import { api } from '../../lib/api-client.ts';

/** One month of a member's schedule in one group (member document §3 "Group payment"). */
export interface GroupPayment {
  id: string;
  groupId: string;
  month: number;
  year: number;
  amount: number;
  /** PAID, PENDING, OVERDUE or REJECTED; anything else shows as 'Unknown'. */
  status: string;
  /** A receipt was sent and waits for an admin's decision (RULES §6). */
  underReview?: boolean;
  /**
   * What the month is today (RULES §6a): SCHEDULED, UNDER_REVIEW, OWED, OVERDUE or PAID. The card is
   * drawn by this; an older answer without it is read from the status (rules.ts instalmentStateOf).
   */
  state?: InstalmentState | null;
  rejectionReason?: string | null;
  /** The first day of the month, as a date ('2026-03-01'). */
  dueDate?: string | null;
  paymentDate?: string | null;
  /** A short-lived signed link (docs/decisions/006-receipt-links.md), or null. */
  receiptUrl?: string | null;
}

/** A monthly draw's result (member document §3 "Winner record"). */
export interface GroupWinner {
  month: number;
  year: number;
  winnerId: string;
  winner?: { name: string } | null;
  amount: number;
  selectedAt: string;
}

export interface GroupPlan {
  id?: string;
  name: string;
  monthlyAmount: number;
  duration: number;
  totalAmount: number;
}

/** A group as its member sees it (member document §3 "Group"). */
export interface MemberGroup {
  id: string;
  groupNumber: string;
  groupName?: string;
  currentMembers: number;
  maxMembers: number;
  startDate: string;
  endDate: string;
  /** The member's number in the group. */
  position: number;
  plan: GroupPlan;
  payments: GroupPayment[];
  winners?: GroupWinner[];
}

/** A payment on the Payments tab: one the member sent, or one an admin decided (member document §3). */
export interface MemberPayment {
  id: string;
  amount: number;
  month: number | null;
  year: number | null;
  status: string;
  reviewStatus?: string;
  underReview?: boolean;
  /** The instalment's state (RULES §6a); null for a plan request. */
  state?: InstalmentState | null;
  rejectionReason?: string | null;
  paymentMethod?: string | null;
  submittedAt?: string | null;
  createdAt?: string;
  receiptUrl?: string | null;
  group?: { id?: string; groupNumber: string; plan?: { name: string } | null } | null;
  plan?: { name: string } | null;
}

/**
 * The counts (or amounts in rupees) of GET /payments/summary, in the words of RULES §6a: `pending` is
 * `underReview` + `owed`, `owed` includes `overdue`, `total` is `paid` + `pending`.
 */
export type SummaryFigures = Record<'total' | 'paid' | 'pending' | 'overdue' | 'underReview' | 'owed', number>;
/** The counts of GET /payments/summary, under their earlier name. */
export type PaymentCounts = SummaryFigures;

/** Where the member stands (GET /payments/summary for a member, no query): the dashboard leads with it. */
export interface MemberPosition {
  /** The earliest owed instalment, else the next scheduled one; null when there is neither. */
  nextDue: NextDue | null;
  /** Owed now (overdue included). */
  owed: CountAndAmount;
  paid: CountAndAmount;
  /** The instalments of the cycle not paid yet, owed and under review included. */
  remaining: CountAndAmount;
}

/** GET /payments/summary for the signed-in member: one answer for the tiles, the Payments tab and the next-instalment card. */
export interface PaymentSummary {
  counts: SummaryFigures;
  amounts: SummaryFigures;
  figures: InstalmentFigures | null;
  /** Null when the answer does not carry the member's position (an older server). */
  position: MemberPosition | null;
}

/** Every query of this area starts with this key, so one invalidation refreshes them all. */
export const memberPaymentKeys = {
  all: ['member-payments'] as const,
  groups: ['member-payments', 'groups'] as const,
  summary: ['member-payments', 'summary'] as const,
  list: ['member-payments', 'list'] as const,
};

/**
 * Receipt links are signed for 10 minutes (docs/decisions/006-receipt-links.md): lists holding them
 * are read again well before they expire, so 'View Receipt' keeps working on a page left open.
 */
export const RECEIPT_LINK_REFRESH_MS = 5 * 60_000;

/** The most a member's payment list asks for in one page (RULES §12: at most 100). */
const PAYMENTS_PAGE_LIMIT = 100;

export async function fetchMyGroups(signal?: AbortSignal): Promise<MemberGroup[]> {
  const body = await api.get<{ groups?: MemberGroup[]; data?: { groups?: MemberGroup[] } }>('/committee-plans/user/groups', undefined, { signal });
  return body?.data?.groups ?? body?.groups ?? [];
}

export async function fetchMyPayments(signal?: AbortSignal): Promise<MemberPayment[]> {
  const body = await api.get<{ payments?: MemberPayment[]; data?: { payments?: MemberPayment[] } }>('/payments', { limit: PAYMENTS_PAGE_LIMIT }, { signal });
  return body?.data?.payments ?? body?.payments ?? [];
}

const noFigures: SummaryFigures = { total: 0, paid: 0, pending: 0, overdue: 0, underReview: 0, owed: 0 };
const noCountAndAmount: CountAndAmount = { count: 0, amount: 0 };

/** Any figure the server left out is 0, so a screen never shows 'undefined' or NaN. */
function toSummaryFigures(value: unknown): SummaryFigures {
  const given = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const figures = { ...noFigures };
  for (const key of Object.keys(noFigures) as (keyof SummaryFigures)[]) {
    const number = given[key];
    if (typeof number === 'number' && Number.isFinite(number)) figures[key] = number;
  }
  return figures;
}

type SummaryAnswer = { counts?: unknown; amounts?: unknown; figures?: unknown; nextDue?: unknown; owed?: unknown; paid?: unknown; remaining?: unknown };

/** Reads an answer of GET /payments/summary; the shapes of the member's position are checked against the contract. */
export function toPaymentSummary(answer: SummaryAnswer | null | undefined): PaymentSummary {
  const body = answer ?? {};
  const figures = instalmentFigures.safeParse(body.figures);
  const hasPosition = body.nextDue !== undefined || body.owed !== undefined || body.remaining !== undefined;
  const pair = (value: unknown): CountAndAmount => {
    const parsed = countAndAmount.safeParse(value);
    return parsed.success ? parsed.data : noCountAndAmount;
  };
  const next = nextDue.safeParse(body.nextDue);
  return {
    counts: toSummaryFigures(body.counts),
    amounts: toSummaryFigures(body.amounts),
    figures: figures.success ? figures.data : null,
    position: hasPosition ? { nextDue: next.success ? next.data : null, owed: pair(body.owed), paid: pair(body.paid), remaining: pair(body.remaining) } : null,
  };
}

/** GET /payments/summary (no query): the member's counts and amounts by state, and their position. */
export async function fetchPaymentSummary(signal?: AbortSignal): Promise<PaymentSummary> {
  const body = await api.get<{ data?: SummaryAnswer; summary?: SummaryAnswer }>('/payments/summary', undefined, { signal });
  return toPaymentSummary(body?.data ?? body?.summary);
}

/** Whether a value is one of the five states (RULES §6a). */
export function isInstalmentState(value: unknown): value is InstalmentState {
  return instalmentState.safeParse(value).success;
}

export type PaymentMethodValue = 'cash' | 'bank_transfer' | 'mobile_banking';
export const PAYMENT_METHOD_VALUES: readonly PaymentMethodValue[] = ['cash', 'bank_transfer', 'mobile_banking'];

export interface InstalmentInput {
  groupId: string;
  amount: number;
  month: number;
  year: number;
  paymentMethod: PaymentMethodValue;
  bankAccountId: string;
  notes?: string;
  receipt: File;
}

/**
 * POST /payments (multipart): one month's receipt (member document §7 "Group payment"). Never
 * retried (an upload). 201, or 409 'Payment already exists for this month.', 400 with field errors.
 */
export function submitInstalment(input: InstalmentInput) {
  const form = new FormData();
  form.append('groupId', input.groupId);
  form.append('amount', String(input.amount));
  form.append('month', String(input.month));
  form.append('year', String(input.year));
  form.append('paymentMethod', input.paymentMethod);
  form.append('bankAccountId', input.bankAccountId);
  if (input.notes?.trim()) form.append('notes', input.notes.trim());
  form.append('receipt', input.receipt, input.receipt.name);
  return api.post<{ message?: string }>('/payments', form);
}
