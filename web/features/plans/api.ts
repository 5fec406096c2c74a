/**
 * The calls the member's plan screens make (member document §7 "Committees and plans",
 * "Plan payments", "Bank accounts"), with the shapes the server answers
 * (server/plans/plan-routes.ts, server/bank-accounts/bank-account-routes.ts,
 * server/plan-payments/plan-payment-routes.ts).
 */
import { api, ApiError } from '../../lib/api-client.ts';

export interface Plan {
  id: string;
  name: string;
  description: string;
  packageType: string;
  monthlyAmount: number;
  totalAmount: number;
  duration: number;
  maxMembers: number;
  benefits: string[];
  isActive?: boolean;
}

export interface BankAccount {
  id: string;
  accountName: string;
  accountNumber: string;
  bankName: string;
  accountType: string;
  branchName?: string | null;
  iban?: string | null;
  isDefault?: boolean;
}

export interface PlanPaymentRequest {
  id: string;
  planId: string;
  status: string;
  amount: number;
  paymentMethod: string;
  createdAt: string;
  rejectionReason: string | null;
  /** A short-lived signed link (or an http(s) URL given by the member), opened in a new tab. */
  receiptImage: string | null;
  hasReceipt: boolean;
  plan: { id?: string; name: string; monthlyAmount?: number };
  committee?: { name: string } | null;
}

/** The description sent with a subscription payment (member document §7): data, not a screen text. */
export const subscriptionDescription = (planName: string) => `Subscription payment for ${planName}`;

/** The server's 409 text for a second open request for one plan (RULES §5). */
export const ALREADY_PENDING_TEXT = 'already have a pending payment';

export function isAlreadyPendingError(error: unknown): boolean {
  return error instanceof ApiError && error.message.toLowerCase().includes(ALREADY_PENDING_TEXT);
}

export const planQueryKeys = {
  plans: ['committee-plans', 'member-list'] as const,
  plan: (id: string) => ['committee-plans', 'member-detail', id] as const,
  bankAccounts: ['bank-accounts', 'active'] as const,
  myRequests: ['plan-payments', 'mine'] as const,
};

/** Thrown when a plan answer carries no plan: shown as 'Plan data not found in response'. */
export class MissingPlanError extends Error {
  constructor() {
    super('Plan data not found in response');
    this.name = 'MissingPlanError';
  }
}

export async function fetchPlans(signal?: AbortSignal): Promise<Plan[]> {
  const body = await api.get<{ plans?: Plan[]; data?: { plans?: Plan[] } }>('/committee-plans', undefined, { signal });
  return body?.data?.plans ?? body?.plans ?? [];
}

export async function fetchPlan(id: string, signal?: AbortSignal): Promise<Plan> {
  const body = await api.get<{ plan?: Plan; data?: { plan?: Plan } }>(`/committee-plans/${encodeURIComponent(id)}`, undefined, { signal });
  const plan = body?.plan ?? body?.data?.plan;
  if (!plan) throw new MissingPlanError();
  return plan;
}

export async function fetchActiveBankAccounts(signal?: AbortSignal): Promise<BankAccount[]> {
  const body = await api.get<{ bankAccounts?: BankAccount[]; data?: { bankAccounts?: BankAccount[] } }>('/bank-accounts/active', undefined, { signal });
  return body?.data?.bankAccounts ?? body?.bankAccounts ?? [];
}

export async function fetchMyPlanRequests(signal?: AbortSignal): Promise<PlanPaymentRequest[]> {
  const body = await api.get<{ payments?: PlanPaymentRequest[]; data?: { payments?: PlanPaymentRequest[] } }>('/plan-payments', undefined, { signal });
  return body?.payments ?? body?.data?.payments ?? [];
}

export interface SubscribeInput {
  plan: Pick<Plan, 'id' | 'name' | 'monthlyAmount'>;
  bankAccountId: string;
  receipt: File;
}

/** POST /payments/subscribe (multipart): the first month's payment with its receipt. Never retried. */
export function subscribeToPlan({ plan, bankAccountId, receipt }: SubscribeInput) {
  const form = new FormData();
  form.append('planId', plan.id);
  form.append('amount', String(plan.monthlyAmount));
  form.append('bankAccountId', bankAccountId);
  form.append('description', subscriptionDescription(plan.name));
  form.append('receipt', receipt, receipt.name);
  return api.post<{ message?: string }>('/payments/subscribe', form);
}

/** POST /plan-payments/{id}/upload-receipt (multipart, field receipt). Never retried. */
export function uploadPlanReceipt(paymentId: string, receipt: File) {
  const form = new FormData();
  form.append('receipt', receipt, receipt.name);
  return api.post<{ message?: string }>(`/plan-payments/${encodeURIComponent(paymentId)}/upload-receipt`, form);
}

/** A receipt link is only followed when it is one of ours or an http(s) address. */
export function safeReceiptHref(link: string | null | undefined): string | undefined {
  if (!link) return undefined;
  if (link.startsWith('/') && !link.startsWith('//')) return link;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
