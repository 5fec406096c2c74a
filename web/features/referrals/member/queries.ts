/**
 * The reads of this area as React Query hooks. Each sub-tab reads only what it shows, when it is
 * opened; the stats are shared with the dashboard's Referral Earnings tile.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCommissionPayments, fetchCommissionRules, fetchReferralStats, fetchReferralTree, fetchReferrals, referralKeys } from './api.ts';

export const referralStatsQuery = queryOptions({ queryKey: referralKeys.stats, queryFn: ({ signal }) => fetchReferralStats(signal) });

export function useReferralStats() {
  return useQuery(referralStatsQuery);
}

export function useReferrals() {
  return useQuery({ queryKey: referralKeys.list, queryFn: ({ signal }) => fetchReferrals(signal) });
}

export function useReferralTree() {
  return useQuery({ queryKey: referralKeys.tree, queryFn: ({ signal }) => fetchReferralTree(signal) });
}

export function useCommissionRules() {
  return useQuery({ queryKey: referralKeys.rules, queryFn: ({ signal }) => fetchCommissionRules(signal) });
}

export function useCommissionPayments() {
  return useQuery({ queryKey: referralKeys.commissionPayments, queryFn: ({ signal }) => fetchCommissionPayments(signal) });
}
