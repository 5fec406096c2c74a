/**
 * The member's referral calls (member document §7 "Referrals"), read through the schemas of the
 * server's answers (contract/referrals.ts): an answer in another shape is unreadable (lib/api-client.ts
 * readAnswer), and the section says it could not load.
 */
import type { z } from 'zod';
import type {
  commissionCappedBy,
  commissionPayment,
  commissionRules,
  referralItem,
  referralTree,
  referralTreeNode,
  ReferralTreeEntry,
} from '../../../../contract/referrals.ts';
import type { referralStats } from '../../../../contract/referral-stats.ts';
import { api, readAnswer } from '../../../lib/api-client.ts';

/**
 * The referrals' contract, loaded when one of its answers is first read (started beside the request, so
 * nothing waits for it): the dashboard shows the stats on its first screen, and the full schema library
 * stays out of that screen's first load (decision 041).
 */
const referralsContract = () => import('../../../../contract/referrals.ts');

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

export async function fetchReferrals(signal?: AbortSignal): Promise<Referral[]> {
  const [{ referralListAnswer }, body] = await Promise.all([referralsContract(), api.get('/referrals', undefined, { signal })]);
  return readAnswer(referralListAnswer, body).data.referrals;
}

export async function fetchReferralStats(signal?: AbortSignal): Promise<ReferralStats> {
  // zod's small build, as the session's own schemas are: the same file the first screen loads for them.
  const [{ referralStatsRead }, body] = await Promise.all([import('../../../../contract/referral-stats.ts'), api.get('/referrals/stats', undefined, { signal })]);
  return readAnswer(referralStatsRead, body).stats;
}

export async function fetchReferralTree(signal?: AbortSignal): Promise<ReferralTree> {
  const [{ referralTreeAnswer }, body] = await Promise.all([referralsContract(), api.get('/referrals/tree', undefined, { signal })]);
  const { tree, stats } = readAnswer(referralTreeAnswer, body);
  return { tree, stats };
}

export async function fetchCommissionRules(signal?: AbortSignal): Promise<CommissionRules> {
  const [{ commissionRulesAnswer }, body] = await Promise.all([referralsContract(), api.get('/referrals/commission-rules', undefined, { signal })]);
  return readAnswer(commissionRulesAnswer, body).rules;
}

export async function fetchCommissionPayments(signal?: AbortSignal): Promise<CommissionPayment[]> {
  const [{ commissionPaymentsAnswer }, body] = await Promise.all([referralsContract(), api.get('/referrals/commission-payments', undefined, { signal })]);
  return readAnswer(commissionPaymentsAnswer, body).data.commissionPayments;
}

/**
 * PUT /referrals/commission-payments/{id}/confirm with the optional notes (member document §7): the
 * payment as confirmed. Confirming twice changes nothing on the server (RULES §8), so the usual retries are safe.
 */
export async function confirmCommissionPayment(input: { id: string; userNotes?: string }): Promise<CommissionPayment> {
  const notes = input.userNotes?.trim();
  const [{ confirmCommissionAnswer }, answer] = await Promise.all([
    referralsContract(),
    api.put(`/referrals/commission-payments/${encodeURIComponent(input.id)}/confirm`, notes ? { userNotes: notes } : {}),
  ]);
  return readAnswer(confirmCommissionAnswer, answer).commissionPayment;
}
