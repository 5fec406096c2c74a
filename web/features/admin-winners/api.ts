/**
 * The calls of Winner Management (admin document §7 "Committees", "Winners list", "Eligible
 * members", "Select specific winner", "Winner status", "Winner cancel", "Winner statistics"), with
 * the shapes the server sends (server/winners/winner-routes.ts, server/plans/committee-routes.ts).
 */
import type { WINNER_PAYMENT_TYPES, WINNER_STATUSES } from '../../../contract/winners.ts';
import { api } from '../../lib/api-client.ts';

export type WinnerStatus = (typeof WINNER_STATUSES)[number];
export type WinnerPaymentType = (typeof WINNER_PAYMENT_TYPES)[number];

/** A committee (a plan under its other name, RULES §1) as the winner screens list it. */
export interface Committee {
  id: string;
  name: string;
  currentMembers: number;
  maxMembers: number;
  monthlyAmount: number;
  status: string;
  groupCount?: number;
}

export interface CommitteeGroup {
  id: string;
  groupNumber: string;
  memberCount: number;
  maxMembers: number;
  isActive: boolean;
}

export interface CommitteeDetails extends Committee {
  groups: CommitteeGroup[];
}

/** A group's member who may still win (admin document §3 "Eligible member"; RULES §9). */
export interface EligibleMember {
  userId: string;
  user?: { name?: string | null; email?: string | null } | null;
  memberNumber?: number | null;
  position?: number | null;
  /** The member has an overdue instalment (owed after the grace day) today: shown, so that the admin can see it (RULES §6a, §9). */
  hasOverdue?: boolean;
  /** The member owes today: an instalment due, not paid, no receipt waiting (overdue included; RULES §6a). */
  hasOwed?: boolean;
}

/** A winner (admin document §3 "Winner"). */
export interface Winner {
  id: string;
  winner?: { name?: string | null; email?: string | null } | null;
  committee?: { id?: string; name?: string | null } | null;
  groupNumber: string;
  month: number;
  year: number;
  amount: number;
  paymentType: string;
  status: string;
  selectedAt: string;
  notes: string | null;
}

export interface WinnerStatistics {
  total: { winners: number; paid: number; pending: number; cancelled: number; totalAmount?: number };
  monthly: { month: number; year: number; winnerCount: number; totalAmount: number }[];
  byCommittee: { committeeId?: string; committeeName: string; winnerCount: number; totalAmount: number }[];
}

/** The Winner Management filters sent to the server; the search text is applied here (client side). */
export interface WinnerFilters {
  committeeId: string;
  /** 1–12, or 0 for every month. */
  month: number;
  /** 0 for every year. */
  year: number;
  /** '' for every status. */
  status: '' | WinnerStatus;
}

export const defaultWinnerFilters: WinnerFilters = { committeeId: '', month: 0, year: 0, status: '' };

export interface StatisticsFilters {
  /** '' for all committees. */
  committeeId: string;
  year: number;
}

export interface SelectWinnerInput {
  committeeId: string;
  groupNumber: string;
  month: number;
  year: number;
  paymentType: WinnerPaymentType;
  userId: string;
}

/** Every query of this area starts with this key, so that one invalidation refreshes them all. */
export const winnerKeys = {
  all: ['admin-winners'] as const,
  committees: ['admin-winners', 'committees'] as const,
  committee: (id: string) => ['admin-winners', 'committee', id] as const,
  eligible: (committeeId: string, groupNumber: string, month: number, year: number) => ['admin-winners', 'eligible', committeeId, groupNumber, month, year] as const,
  list: (filters: WinnerFilters) => ['admin-winners', 'list', filters] as const,
  statistics: (filters: StatisticsFilters) => ['admin-winners', 'statistics', filters] as const,
};

const path = (value: string) => encodeURIComponent(value);

export async function fetchCommittees(signal?: AbortSignal): Promise<Committee[]> {
  const body = await api.get<{ committees?: Committee[]; data?: { committees?: Committee[] } }>('/committees', { status: 'ACTIVE', limit: 'all' }, { signal });
  return body?.data?.committees ?? body?.committees ?? [];
}

export async function fetchCommittee(id: string, signal?: AbortSignal): Promise<CommitteeDetails> {
  const body = await api.get<{ committee?: CommitteeDetails; data?: { committee?: CommitteeDetails } }>(`/committees/${path(id)}`, undefined, { signal });
  const committee = body?.data?.committee ?? body?.committee;
  if (!committee) throw new Error('Missing committee');
  return { ...committee, groups: committee.groups ?? [] };
}

export async function fetchEligibleMembers(committeeId: string, groupNumber: string, month: number, year: number, signal?: AbortSignal): Promise<EligibleMember[]> {
  const body = await api.get<{ eligibleMembers?: EligibleMember[]; data?: { eligibleMembers?: EligibleMember[] } }>(
    `/winners/eligible-members/${path(committeeId)}/${path(groupNumber)}`,
    { month, year },
    { signal },
  );
  return body?.eligibleMembers ?? body?.data?.eligibleMembers ?? [];
}

export async function fetchWinners(filters: WinnerFilters, signal?: AbortSignal): Promise<Winner[]> {
  const body = await api.get<{ winners?: Winner[]; data?: { winners?: Winner[] } }>(
    '/winners',
    {
      committeeId: filters.committeeId || undefined,
      month: filters.month || undefined,
      year: filters.year || undefined,
      status: filters.status || undefined,
      limit: 'all',
    },
    { signal },
  );
  return body?.data?.winners ?? body?.winners ?? [];
}

export async function fetchStatistics(filters: StatisticsFilters, signal?: AbortSignal): Promise<WinnerStatistics | null> {
  const body = await api.get<{ statistics?: WinnerStatistics; data?: { statistics?: WinnerStatistics } }>(
    '/winners/statistics',
    { committeeId: filters.committeeId || undefined, year: filters.year || undefined },
    { signal },
  );
  const statistics = body?.data?.statistics ?? body?.statistics;
  if (!statistics?.total) return null;
  return { total: statistics.total, monthly: statistics.monthly ?? [], byCommittee: statistics.byCommittee ?? [] };
}

/** Never sent twice (no retries): a selection notifies the winner. */
export function selectWinner(input: SelectWinnerInput) {
  return api.post<{ success: true; message?: string }>('/winners/select-specific', input, { retries: 0 });
}

export function updateWinnerStatus(id: string, status: WinnerStatus, notes?: string) {
  return api.put<{ success: true; message?: string }>(`/winners/${path(id)}/status`, { status, notes }, { retries: 0 });
}

/** Cancels a selection; the record stays, CANCELLED (RULES §9). */
export function cancelWinner(id: string) {
  return api.delete<{ success: true; message?: string }>(`/winners/${path(id)}`, { retries: 0 });
}
