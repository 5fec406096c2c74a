/**
 * The calls the member's plan screens make (member document §7 "Committees and plans",
 * "Plan payments", "Bank accounts"), with the shapes the server answers (contract/plans.ts,
 * contract/plan-requests.ts, contract/instalments.ts), each read through its schema: an answer in another
 * shape is unreadable (lib/api-client.ts readAnswer), and the screen says it could not load.
 */
import type { z } from 'zod';
import { paymentAnswer, type MemberGroup, type PaymentView } from '../../../../contract/instalments.ts';
import { planPaymentListAnswer } from '../../../../contract/plan-requests.ts';
import { planAnswer, planListAnswer, type plan } from '../../../../contract/plans.ts';
import { activeBankAccountsAnswer, type memberBankAccount } from '../../../../contract/bank-accounts.ts';
import { api, ApiError, readAnswer } from '../../../lib/api-client.ts';
import { appendTransferDetails, type TransferDetailsInput } from '../../../lib/transfer-details.ts';
import type { JoinedGroup } from './plan-status.ts';

/** A plan as the member's screens show it. */
export type Plan = Pick<
  z.output<typeof plan>,
  'id' | 'name' | 'description' | 'packageType' | 'monthlyAmount' | 'totalAmount' | 'duration' | 'maxMembers' | 'benefits' | 'isActive'
>;

/** An account members can pay into (GET /bank-accounts/active), as the payment forms show it. */
export type BankAccount = z.output<typeof memberBankAccount>;

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

export async function fetchPlans(signal?: AbortSignal): Promise<Plan[]> {
  return readAnswer(planListAnswer, await api.get('/committee-plans', undefined, { signal })).data.plans;
}

/** An answer without the plan is unreadable: the subscribe page says 'Plan data not found in response'. */
export async function fetchPlan(id: string, signal?: AbortSignal): Promise<Plan> {
  return readAnswer(planAnswer, await api.get(`/committee-plans/${encodeURIComponent(id)}`, undefined, { signal })).plan;
}

export async function fetchActiveBankAccounts(signal?: AbortSignal): Promise<BankAccount[]> {
  return readAnswer(activeBankAccountsAnswer, await api.get('/bank-accounts/active', undefined, { signal })).data.bankAccounts;
}

export async function fetchMyPlanRequests(signal?: AbortSignal): Promise<PlanPaymentRequest[]> {
  return readAnswer(planPaymentListAnswer, await api.get('/plan-payments', undefined, { signal })).data.payments;
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

/** POST /payments/subscribe (multipart): the first month's payment with its receipt and the transfer's date and number; answers the request opened. Never retried. */
export async function subscribeToPlan({ plan, bankAccountId, receipt, transfer }: SubscribeInput, onUploadProgress?: (sent: number) => void): Promise<PaymentView> {
  const form = new FormData();
  form.append('planId', plan.id);
  form.append('amount', String(plan.monthlyAmount));
  form.append('bankAccountId', bankAccountId);
  form.append('description', subscriptionDescription(plan.name));
  appendTransferDetails(form, transfer);
  form.append('receipt', receipt, receipt.name);
  return readAnswer(paymentAnswer, await api.post('/payments/subscribe', form, { onUploadProgress })).payment;
}

/** POST /plan-payments/{id}/upload-receipt (multipart: the receipt, the transfer's date and number); answers the request with its receipt. Never retried. */
export async function uploadPlanReceipt(paymentId: string, receipt: File, onUploadProgress?: (sent: number) => void, transfer?: TransferDetailsInput): Promise<PaymentView> {
  const form = new FormData();
  if (transfer) appendTransferDetails(form, transfer);
  form.append('receipt', receipt, receipt.name);
  return readAnswer(paymentAnswer, await api.post(`/plan-payments/${encodeURIComponent(paymentId)}/upload-receipt`, form, { onUploadProgress })).payment;
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
