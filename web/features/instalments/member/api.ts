/**
 * The calls of the member's groups and monthly payments (member document §7 "Committees and plans",
 * "Payments (member)"), with the shapes the server answers (contract/instalments.ts, contract/ledgers.ts).
 */
import type { z } from 'zod';
import type { CountAndAmount, GroupLedger, GroupLedgerMonth, InstalmentFigures, InstalmentState } from '../../../../contract/figures.ts';
import type {
  MemberGroup,
  MemberGroupPayment,
  MemberGroupWinner,
  memberPaymentListAnswer,
  MemberPaymentView,
  paymentAnswer,
  PaymentView,
  paymentsSummary,
  paymentsSummaryAnswer,
} from '../../../../contract/instalments.ts';
import type { groupLedgerAnswer } from '../../../../contract/ledgers.ts';
import type { planPaymentListAnswer } from '../../../../contract/plan-requests.ts';
import { api } from '../../../lib/api-client.ts';
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
export type MemberPosition = { [K in 'nextDue' | 'owed' | 'paid' | 'remaining']-?: Exclude<z.output<typeof paymentsSummary>[K], undefined> };

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

/** GET /plan-payments: the member's plan requests, the whole list as the plans tab reads it (one cache entry). */
export async function fetchPlanRequests(signal?: AbortSignal): Promise<OpenPlanRequest[]> {
  const body = await api.get<z.output<typeof planPaymentListAnswer>>('/plan-payments', undefined, { signal });
  return body?.payments ?? body?.data?.payments ?? [];
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
  const body = await api.get<z.output<typeof groupLedgerAnswer>>(`/committee-plans/user/groups/${encodeURIComponent(groupId)}/ledger`, undefined, { signal });
  return body.data;
}

/** A group's ledger and one of its months, as the contract has them (contract/figures.ts). */
export type { GroupLedger, GroupLedgerMonth };

export async function fetchMyPayments(signal?: AbortSignal): Promise<MemberPayment[]> {
  const body = await api.get<z.output<typeof memberPaymentListAnswer>>('/payments', { limit: PAYMENTS_PAGE_LIMIT }, { signal });
  return body?.payments ?? [];
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

/** The contract's schemas of the figures (contract/figures.ts), which bring the schema library. */
type FigureSchemas = Pick<typeof import('../../../../contract/figures.ts'), 'countAndAmount' | 'instalmentFigures' | 'nextDue'>;

/** Reads an answer of GET /payments/summary; the shapes of the member's position are checked against the contract. */
export function toPaymentSummary(answer: SummaryAnswer | null | undefined, { countAndAmount, instalmentFigures, nextDue }: FigureSchemas): PaymentSummary {
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

/**
 * GET /payments/summary (no query): the member's counts and amounts by state, and their position. The
 * schemas that check the answer are fetched alongside the request rather than with the dashboard.
 */
export async function fetchPaymentSummary(signal?: AbortSignal): Promise<PaymentSummary> {
  const [body, schemas] = await Promise.all([
    api.get<z.output<typeof paymentsSummaryAnswer>>('/payments/summary', undefined, { signal }),
    import('../../../../contract/figures.ts'),
  ]);
  return toPaymentSummary(body?.data ?? body?.summary, schemas);
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
export function submitInstalment(input: InstalmentInput, onUploadProgress?: (sent: number) => void) {
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
  return api.post<z.output<typeof paymentAnswer>>('/payments', form, { onUploadProgress });
}
