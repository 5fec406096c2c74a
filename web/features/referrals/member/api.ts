/**
 * The member's referral calls (member document §7 "Referrals"), with the shapes the server answers
 * (contract/referrals.ts).
 */
import type { z } from 'zod';
import type {
  commissionCappedBy,
  commissionPayment,
  commissionPaymentsAnswer,
  commissionRules,
  commissionRulesAnswer,
  confirmCommissionAnswer,
  referralItem,
  referralListAnswer,
  referralStats,
  referralStatsAnswer,
  referralTree,
  referralTreeAnswer,
  referralTreeNode,
  ReferralTreeEntry,
} from '../../../../contract/referrals.ts';
import { api } from '../../../lib/api-client.ts';

/** One row of GET /referrals: someone the member referred, at level 1, 2 or 3. */
export type Referral = z.output<typeof referralItem>;

/** Member document §3 "Referral stats". Amounts in rupees. */
export type ReferralStats = z.output<typeof referralStats>;

/** Member document §3 "Referral node": a referral with the people it brought in under it. */
export type ReferralNode = z.output<typeof referralTreeNode>;

/** A referral at any depth of the tree, with the people under it (a third-level person has none). */
export type ReferralBranch = ReferralTreeEntry & { children?: readonly ReferralBranch[] };

export type ReferralTree = z.output<typeof referralTree>;

/** The commission rules in force (RULES §8): rates as fractions, bounds in rupees per commission. */
export type CommissionRules = z.output<typeof commissionRules>;

/** Which bound of the commission rules changed a commission: the maximum lowered it, the minimum raised it. */
export type CommissionCappedBy = NonNullable<z.output<typeof commissionCappedBy>>;

/** Member document §3 "Commission payment": a commission the operator has paid, to confirm. */
export type CommissionPayment = z.output<typeof commissionPayment>;

/** Every query of this area starts with this key, so one invalidation refreshes them all. */
export const referralKeys = {
  all: ['member-referrals'] as const,
  stats: ['member-referrals', 'stats'] as const,
  list: ['member-referrals', 'list'] as const,
  tree: ['member-referrals', 'tree'] as const,
  rules: ['member-referrals', 'rules'] as const,
  commissionPayments: ['member-referrals', 'commission-payments'] as const,
};

const noStats: ReferralStats = { totalReferrals: 0, totalCommission: 0, pendingCommission: 0, paidCommission: 0, level1Count: 0, level2Count: 0, level3Count: 0 };

/** Fills any count the server left out with 0, so a screen never shows 'undefined'. */
export function toStats(value: Partial<ReferralStats> | null | undefined): ReferralStats {
  return { ...noStats, ...(value ?? {}) };
}

export async function fetchReferrals(signal?: AbortSignal): Promise<Referral[]> {
  const body = await api.get<z.output<typeof referralListAnswer>>('/referrals', undefined, { signal });
  return body?.data?.referrals ?? [];
}

export async function fetchReferralStats(signal?: AbortSignal): Promise<ReferralStats> {
  const body = await api.get<z.output<typeof referralStatsAnswer>>('/referrals/stats', undefined, { signal });
  return toStats(body?.stats ?? body?.data);
}

export async function fetchReferralTree(signal?: AbortSignal): Promise<ReferralTree> {
  const body = await api.get<z.output<typeof referralTreeAnswer>>('/referrals/tree', undefined, { signal });
  return { tree: body?.tree ?? [], stats: toStats(body?.stats) };
}

export async function fetchCommissionRules(signal?: AbortSignal): Promise<CommissionRules> {
  const body = await api.get<z.output<typeof commissionRulesAnswer>>('/referrals/commission-rules', undefined, { signal });
  const rules = body?.rules ?? body?.data?.rules;
  if (!rules) throw new Error('The commission rules are missing from the answer.');
  return rules;
}

export async function fetchCommissionPayments(signal?: AbortSignal): Promise<CommissionPayment[]> {
  const body = await api.get<z.output<typeof commissionPaymentsAnswer>>('/referrals/commission-payments', undefined, { signal });
  return body?.data?.commissionPayments ?? [];
}

/**
 * PUT /referrals/commission-payments/{id}/confirm with the optional notes (member document §7).
 * Confirming twice changes nothing on the server (RULES §8), so the usual retries are safe.
 */
export async function confirmCommissionPayment(input: { id: string; userNotes?: string }): Promise<CommissionPayment | undefined> {
  const notes = input.userNotes?.trim();
  const body = await api.put<z.output<typeof confirmCommissionAnswer>>(
    `/referrals/commission-payments/${encodeURIComponent(input.id)}/confirm`,
    notes ? { userNotes: notes } : {},
  );
  return body?.data?.commissionPayment ?? body?.commissionPayment;
}
