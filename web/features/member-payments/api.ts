/**
 * The calls of the member's groups and monthly payments (member document §7 "Committees and plans",
 * "Payments (member)"), with the shapes the server answers (server/payments/payment-routes.ts,
 * member-groups.ts, payment-view.ts).
 */
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
  rejectionReason?: string | null;
  paymentMethod?: string | null;
  submittedAt?: string | null;
  createdAt?: string;
  receiptUrl?: string | null;
  group?: { id?: string; groupNumber: string; plan?: { name: string } | null } | null;
  plan?: { name: string } | null;
}

export interface PaymentCounts {
  total: number;
  paid: number;
  pending: number;
  overdue: number;
  underReview: number;
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

export async function fetchPaymentCounts(signal?: AbortSignal): Promise<PaymentCounts> {
  const body = await api.get<{ data?: { counts?: Partial<PaymentCounts> }; summary?: { counts?: Partial<PaymentCounts> } }>('/payments/summary', undefined, { signal });
  const counts = body?.data?.counts ?? body?.summary?.counts ?? {};
  return {
    total: counts.total ?? 0,
    paid: counts.paid ?? 0,
    pending: counts.pending ?? 0,
    overdue: counts.overdue ?? 0,
    underReview: counts.underReview ?? 0,
  };
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
