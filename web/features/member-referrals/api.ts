/**
 * The member's referral calls (member document §7 "Referrals"), with the shapes the server answers
 * (server/referrals/referral-routes.ts, referral-service.ts, commission-service.ts).
 */
import { api } from '../../lib/api-client.ts';

/** The person a referral brought in, as the referrer sees them. */
export interface ReferredUser {
  id?: string;
  name: string;
  email: string;
  referralCode?: string | null;
  createdAt: string;
}

/** One row of GET /referrals: someone the member referred, at level 1, 2 or 3. */
export interface Referral {
  id: string;
  level: number;
  /** ACTIVE, PENDING or COMPLETED (member document §4); anything else shows as 'Unknown'. */
  status: string;
  createdAt: string;
  referredUser: ReferredUser;
  totalCommission: number;
}

/** Member document §3 "Referral stats". Amounts in rupees. */
export interface ReferralStats {
  totalReferrals: number;
  totalCommission: number;
  pendingCommission: number;
  paidCommission: number;
  level1Count: number;
  level2Count: number;
  level3Count: number;
}

/** Member document §3 "Referral node": a referral with the people it brought in under it. */
export interface ReferralNode {
  id: string;
  level: number;
  status: string;
  referredUser: ReferredUser;
  totalCommission: number;
  /** The rate in force for this level, as a fraction (0.1 is 10%). */
  commissionRate: number;
  commissionPayments: { id: string; amount: number; status: string; paidAt: string | null }[];
  children: ReferralNode[];
}

export interface ReferralTree {
  tree: ReferralNode[];
  stats: ReferralStats;
}

/** The commission rules in force (RULES §8): rates as fractions, bounds in rupees per commission. */
export interface CommissionRules {
  level1Rate: number;
  level2Rate: number;
  level3Rate: number;
  minimumCommission: number;
  maximumCommission: number;
}

/** Which bound of the commission rules changed a commission: the maximum lowered it, the minimum raised it. */
export type CommissionCappedBy = 'MAXIMUM' | 'MINIMUM';

/** Member document §3 "Commission payment": a commission the operator has paid, to confirm. */
export interface CommissionPayment {
  id: string;
  amount: number;
  /**
   * What the level's rate came to before the rules' bounds (RULES §8), and which bound changed it.
   * Older answers carry neither.
   */
  uncappedAmount?: number | null;
  cappedBy?: CommissionCappedBy | null;
  userConfirmed: boolean;
  confirmedAt: string | null;
  userNotes: string | null;
  paymentMethod: string | null;
  transactionId: string | null;
  paidAt: string | null;
  referral?: { level: number; commissionRate?: number; referredUser?: { name: string } | null } | null;
  committee?: { name: string } | null;
}

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
  const body = await api.get<{ referrals?: Referral[]; data?: { referrals?: Referral[] } }>('/referrals', undefined, { signal });
  return body?.data?.referrals ?? body?.referrals ?? [];
}

export async function fetchReferralStats(signal?: AbortSignal): Promise<ReferralStats> {
  const body = await api.get<{ stats?: Partial<ReferralStats>; data?: Partial<ReferralStats> }>('/referrals/stats', undefined, { signal });
  return toStats(body?.stats ?? body?.data);
}

export async function fetchReferralTree(signal?: AbortSignal): Promise<ReferralTree> {
  const body = await api.get<{ tree?: ReferralNode[]; stats?: Partial<ReferralStats>; data?: { tree?: ReferralNode[]; stats?: Partial<ReferralStats> } }>('/referrals/tree', undefined, { signal });
  return { tree: body?.tree ?? body?.data?.tree ?? [], stats: toStats(body?.stats ?? body?.data?.stats) };
}

export async function fetchCommissionRules(signal?: AbortSignal): Promise<CommissionRules> {
  const body = await api.get<{ rules?: CommissionRules; data?: { rules?: CommissionRules } }>('/referrals/commission-rules', undefined, { signal });
  const rules = body?.rules ?? body?.data?.rules;
  if (!rules) throw new Error('The commission rules are missing from the answer.');
  return rules;
}

export async function fetchCommissionPayments(signal?: AbortSignal): Promise<CommissionPayment[]> {
  const body = await api.get<{ commissionPayments?: CommissionPayment[]; data?: { commissionPayments?: CommissionPayment[] } }>('/referrals/commission-payments', undefined, { signal });
  return body?.data?.commissionPayments ?? body?.commissionPayments ?? [];
}

/**
 * PUT /referrals/commission-payments/{id}/confirm with the optional notes (member document §7).
 * Confirming twice changes nothing on the server (RULES §8), so the usual retries are safe.
 */
export async function confirmCommissionPayment(input: { id: string; userNotes?: string }): Promise<CommissionPayment | undefined> {
  const notes = input.userNotes?.trim();
  const body = await api.put<{ commissionPayment?: CommissionPayment; data?: { commissionPayment?: CommissionPayment } }>(
    `/referrals/commission-payments/${encodeURIComponent(input.id)}/confirm`,
    notes ? { userNotes: notes } : {},
  );
  return body?.data?.commissionPayment ?? body?.commissionPayment;
}
