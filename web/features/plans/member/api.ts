/**
 * The calls the member's plan screens make (member document §7 "Committees and plans",
 * "Plan payments", "Bank accounts"), with the shapes the server answers (contract/plans.ts,
 * contract/plan-requests.ts, contract/payments.ts).
 */
import type { z } from 'zod';
import type { MemberGroup, paymentAnswer, PaymentView } from '../../../../contract/payments.ts';
import type { planPaymentListAnswer } from '../../../../contract/plan-requests.ts';
import type { plan, planAnswer, planListAnswer } from '../../../../contract/plans.ts';
import type { activeBankAccountsAnswer, memberBankAccount } from '../../../../contract/bank-accounts.ts';
import { api, ApiError } from '../../../lib/api-client.ts';
import { appendTransferDetails, type TransferDetailsInput } from '../../../lib/transfer-details.ts';
import type { JoinedGroup } from './plan-status.ts';

/** A plan as the member's screens show it. */
export type Plan = Pick<
  z.output<typeof plan>,
  'id' | 'name' | 'description' | 'packageType' | 'monthlyAmount' | 'totalAmount' | 'duration' | 'maxMembers' | 'benefits' | 'isActive'
>;

/** An account members can pay into, as the payment forms show it. */
export type BankAccount = Pick<
  z.output<typeof memberBankAccount>,
  'id' | 'accountName' | 'accountNumber' | 'bankName' | 'accountType' | 'branchName' | 'iban' | 'isDefault'
>;

/**
 * One of the member's plan requests (GET /plan-payments), as the request list shows it. receiptImage is a
 * short-lived signed link (or an http(s) URL given by the member), opened in a new tab.
 */
export type PlanPaymentRequest = Pick<
  PaymentView,
  'id' | 'planId' | 'status' | 'amount' | 'paymentMethod' | 'createdAt' | 'rejectionReason' | 'receiptImage' | 'hasReceipt' | 'committee'
> &
  Partial<Pick<PaymentView, 'paymentReference'>> & { plan: Pick<PaymentView['plan'], 'name'> & Partial<Pick<PaymentView['plan'], 'id' | 'monthlyAmount'>> };

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
  /** Also the dashboard's top card's (instalments/member memberPaymentKeys.planRequests): one read for both. */
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
  const body = await api.get<z.output<typeof planListAnswer>>('/committee-plans', undefined, { signal });
  return body?.data?.plans ?? [];
}

export async function fetchPlan(id: string, signal?: AbortSignal): Promise<Plan> {
  const body = await api.get<z.output<typeof planAnswer>>(`/committee-plans/${encodeURIComponent(id)}`, undefined, { signal });
  const plan = body?.plan ?? body?.data?.plan;
  if (!plan) throw new MissingPlanError();
  return plan;
}

export async function fetchActiveBankAccounts(signal?: AbortSignal): Promise<BankAccount[]> {
  const body = await api.get<z.output<typeof activeBankAccountsAnswer>>('/bank-accounts/active', undefined, { signal });
  return body?.data?.bankAccounts ?? body?.bankAccounts ?? [];
}

export async function fetchMyPlanRequests(signal?: AbortSignal): Promise<PlanPaymentRequest[]> {
  const body = await api.get<z.output<typeof planPaymentListAnswer>>('/plan-payments', undefined, { signal });
  return body?.payments ?? body?.data?.payments ?? [];
}

/** The plans the member already belongs to, from their groups (GET /committee-plans/user/groups): each active membership's group and plan. */
export function joinedGroupsOf(groups: readonly MemberGroup[]): JoinedGroup[] {
  return groups
    .filter((group) => group.plan?.id && group.memberStatus !== 'DROPPED')
    .map((group) => ({ groupId: group.id, groupNumber: group.groupNumber, planId: group.plan?.id ?? '' }));
}

export interface SubscribeInput {
  plan: Pick<Plan, 'id' | 'name' | 'monthlyAmount'>;
  bankAccountId: string;
  receipt: File;
  /** The transfer's date and the bank's transaction number (decision 052). */
  transfer: TransferDetailsInput;
}

/** POST /payments/subscribe (multipart): the first month's payment with its receipt. Never retried. */
export function subscribeToPlan({ plan, bankAccountId, receipt, transfer }: SubscribeInput, onUploadProgress?: (sent: number) => void) {
  const form = new FormData();
  form.append('planId', plan.id);
  form.append('amount', String(plan.monthlyAmount));
  form.append('bankAccountId', bankAccountId);
  form.append('description', subscriptionDescription(plan.name));
  appendTransferDetails(form, transfer);
  form.append('receipt', receipt, receipt.name);
  return api.post<z.output<typeof paymentAnswer>>('/payments/subscribe', form, { onUploadProgress });
}

/** POST /plan-payments/{id}/upload-receipt (multipart: the receipt, the transfer's date and number). Never retried. */
export function uploadPlanReceipt(paymentId: string, receipt: File, onUploadProgress?: (sent: number) => void, transfer?: TransferDetailsInput) {
  const form = new FormData();
  if (transfer) appendTransferDetails(form, transfer);
  form.append('receipt', receipt, receipt.name);
  return api.post<z.output<typeof paymentAnswer>>(`/plan-payments/${encodeURIComponent(paymentId)}/upload-receipt`, form, { onUploadProgress });
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
