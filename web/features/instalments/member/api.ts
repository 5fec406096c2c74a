/**
 * The calls of the member's groups and monthly payments (member document §7 "Committees and plans",
 * "Payments (member)"), with the shapes the server answers (contract/instalments.ts, contract/ledgers.ts,
 * contract/figures.ts), each read through its schema: an answer in another shape is unreadable
 * (lib/api-client.ts readAnswer), and the screen says it could not load.
 *
 * The dashboard's first screen loads this module, so the schemas come with the read that needs them,
 * fetched beside its request (decision 041): the summary's in zod's small build, the others' in the full one.
 */
import type { z } from 'zod';
import type { GroupLedger, GroupLedgerMonth, InstalmentFigures, InstalmentState, PaymentsSummary as SummaryAnswerData } from '../../../../contract/figures.ts';
import type { MemberGroup, MemberGroupPayment, MemberGroupWinner, MemberPaymentView, PaymentView } from '../../../../contract/instalments.ts';
import { api, readAnswer } from '../../../lib/api-client.ts';
import { appendTransferDetails, type TransferDetailsInput } from '../../../lib/transfer-details.ts';
import { fetchMyGroups, myGroupsKey, RECEIPT_LINK_REFRESH_MS } from '../../groups/member/index.ts';

/** One month of a member's schedule in one group (member document §3 "Group payment"), as the contract has it. */
export type GroupPayment = MemberGroupPayment;

/** A monthly draw's result in the member's group (member document §3 "Winner record"). */
export type GroupWinner = MemberGroupWinner;

/** The plan of a member's group. */
export type GroupPlan = MemberGroup['plan'];

/** A group as its member sees it (member document §3 "Group"): GET /committee-plans/user/groups. */
export type { MemberGroup };

/**
 * A payment on the Payments tab: one the member sent, or one an admin decided (member document §3), in
 * what the tab reads of GET /payments. state is the instalment's state (RULES §6a), null for a plan request.
 */
export type MemberPayment = Pick<MemberPaymentView, 'id' | 'amount' | 'month' | 'year' | 'status'> &
  Partial<Pick<MemberPaymentView, 'reviewStatus' | 'underReview' | 'state' | 'rejectionReason' | 'paymentMethod' | 'submittedAt' | 'createdAt' | 'receiptUrl' | 'group'>> & {
    plan?: Pick<MemberPaymentView['plan'], 'name'>;
  };

/**
 * The counts (or amounts in rupees) of GET /payments/summary, in the words of RULES §6a: `pending` is
 * `underReview` + `owed`, `owed` includes `overdue`, `total` is `paid` + `pending`.
 */
export type SummaryFigures = Record<'total' | 'paid' | 'pending' | 'overdue' | 'underReview' | 'owed', number>;
/** The counts of GET /payments/summary, under their earlier name. */
export type PaymentCounts = SummaryFigures;

/**
 * Where the member stands (GET /payments/summary for a member, no query): the dashboard leads with it.
 * nextDue: the earliest owed instalment, else the next scheduled one; null when there is neither. owed:
 * owed now (overdue included). remaining: the instalments of the cycle not paid yet, owed and under review included.
 */
export type MemberPosition = { [K in 'nextDue' | 'owed' | 'paid' | 'remaining']-?: Exclude<SummaryAnswerData[K], undefined> };

/** GET /payments/summary for the signed-in member: one answer for the tiles, the Payments tab and the next-instalment card. */
export interface PaymentSummary {
  counts: SummaryFigures;
  amounts: SummaryFigures;
  figures: InstalmentFigures;
  /** Null when the answer carries no position (an administrator's summary). */
  position: MemberPosition | null;
}

/** Every query of this area starts with this key, so one invalidation refreshes them all. */
export const memberPaymentKeys = {
  all: ['member-payments'] as const,
  groups: myGroupsKey,
  summary: ['member-payments', 'summary'] as const,
  list: ['member-payments', 'list'] as const,
  /** One group's ledger (GET /committee-plans/user/groups/{groupId}/ledger). */
  ledger: (groupId: string) => ['member-payments', 'ledger', groupId] as const,
  /**
   * The member's plan requests (GET /plan-payments), under the key of the plans tab's list of them
   * (plans/member planQueryKeys.myRequests): one read for both, refreshed when a request is sent.
   */
  planRequests: ['plan-payments', 'mine'] as const,
};

/** A plan request of the member's as the top card tells of it; open while PENDING (RULES §5). */
export type OpenPlanRequest = Pick<PaymentView, 'id' | 'status' | 'amount' | 'createdAt' | 'hasReceipt'> & { plan: Pick<PaymentView['plan'], 'name'> };

/** The answer's schema, loaded beside the request, then the answer read through it. */
async function readThrough<S extends z.ZodType>(schema: Promise<S>, answer: Promise<unknown>): Promise<z.output<S>> {
  const [loaded, body] = await Promise.all([schema, answer]);
  return readAnswer(loaded, body);
}

const instalmentSchemas = () => import('../../../../contract/instalments.ts');

/** GET /plan-payments: the member's plan requests, the whole list as the plans tab reads it (one cache entry). */
export async function fetchPlanRequests(signal?: AbortSignal): Promise<OpenPlanRequest[]> {
  const schema = import('../../../../contract/plan-requests.ts').then((module) => module.planPaymentListAnswer);
  return (await readThrough(schema, api.get('/plan-payments', undefined, { signal }))).data.payments;
}

// The receipt links' refresh and the member's groups are read once for every screen (groups/member).
export { fetchMyGroups, RECEIPT_LINK_REFRESH_MS };

/** The most a member's payment list asks for in one page (RULES §12: at most 100). */
const PAYMENTS_PAGE_LIMIT = 100;

/**
 * A group's money month by month, as its member may read it (GET /committee-plans/user/groups/{groupId}/ledger):
 * what was due, collected, paid out and held, the winners and the reader's own instalments. 404 when the
 * reader is not in the group.
 */
export async function fetchGroupLedger(groupId: string, signal?: AbortSignal): Promise<GroupLedger> {
  const schema = import('../../../../contract/ledgers.ts').then((module) => module.groupLedgerAnswer);
  return (await readThrough(schema, api.get(`/committee-plans/user/groups/${encodeURIComponent(groupId)}/ledger`, undefined, { signal }))).data;
}

/** A group's ledger and one of its months, as the contract has them (contract/figures.ts). */
export type { GroupLedger, GroupLedgerMonth };

export async function fetchMyPayments(signal?: AbortSignal): Promise<MemberPayment[]> {
  const schema = instalmentSchemas().then((module) => module.memberPaymentListAnswer);
  return (await readThrough(schema, api.get('/payments', { limit: PAYMENTS_PAGE_LIMIT }, { signal }))).payments;
}

/** A summary as the tiles and cards read it: the member's position when the answer carries it. */
export function toPaymentSummary({ counts, amounts, figures, nextDue, owed, paid, remaining }: SummaryAnswerData): PaymentSummary {
  const position = nextDue !== undefined && owed && paid && remaining ? { nextDue, owed, paid, remaining } : null;
  return { counts, amounts, figures, position };
}

/**
 * GET /payments/summary (no query): the member's counts and amounts by state, and their position. Its
 * schema, in zod's small build, is fetched beside the request rather than with the dashboard.
 */
export async function fetchPaymentSummary(signal?: AbortSignal): Promise<PaymentSummary> {
  const [body, { paymentsSummaryAnswer }] = await Promise.all([api.get('/payments/summary', undefined, { signal }), import('../../../../contract/figures.ts')]);
  return toPaymentSummary(readAnswer(paymentsSummaryAnswer, body).data);
}

/**
 * The five states (RULES §6a). Typed as a record of the contract's state type, so the compiler keeps
 * it to exactly the contract's list without loading the contract's schemas at run time.
 */
const instalmentStates: Record<InstalmentState, true> = { SCHEDULED: true, UNDER_REVIEW: true, OWED: true, OVERDUE: true, PAID: true };

/** Whether a value is one of the five states (RULES §6a). */
export function isInstalmentState(value: unknown): value is InstalmentState {
  return typeof value === 'string' && Object.hasOwn(instalmentStates, value);
}

export type PaymentMethodValue = 'cash' | 'bank_transfer' | 'mobile_banking';

export interface InstalmentInput {
  groupId: string;
  amount: number;
  month: number;
  year: number;
  paymentMethod: PaymentMethodValue;
  bankAccountId: string;
  notes?: string;
  receipt: File;
  /** The transfer's date and the bank's transaction number (decision 052). */
  transfer: TransferDetailsInput;
}

/**
 * POST /payments (multipart): one month's receipt (member document §7 "Group payment"). Never
 * retried (an upload). 201, or 409 'Payment already exists for this month.', 400 with field errors.
 */
export async function submitInstalment(input: InstalmentInput, onUploadProgress?: (sent: number) => void) {
  const form = new FormData();
  form.append('groupId', input.groupId);
  form.append('amount', String(input.amount));
  form.append('month', String(input.month));
  form.append('year', String(input.year));
  form.append('paymentMethod', input.paymentMethod);
  form.append('bankAccountId', input.bankAccountId);
  if (input.notes?.trim()) form.append('notes', input.notes.trim());
  appendTransferDetails(form, input.transfer);
  form.append('receipt', input.receipt, input.receipt.name);
  const schema = instalmentSchemas().then((module) => module.paymentAnswer);
  return readThrough(schema, api.post('/payments', form, { onUploadProgress }));
}
