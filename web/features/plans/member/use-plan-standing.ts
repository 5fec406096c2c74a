import { useQuery } from '@tanstack/react-query';
import { fetchMyJoinedGroups, fetchMyPlanRequests, planQueryKeys } from './api.ts';
import { planStanding, type PlanStanding } from './plan-status.ts';

/**
 * Where the member stands with each plan, from what the API already tells them: their plan requests
 * (GET /plan-payments) and their groups (GET /committee-plans/user/groups). `known` is false until
 * both have answered; a read that failed counts as nothing known of it (the server still refuses a
 * second pending request).
 */
export function usePlanStandings(): { known: boolean; standingOf: (planId: string) => PlanStanding } {
  const requests = useQuery({ queryKey: planQueryKeys.myRequests, queryFn: ({ signal }) => fetchMyPlanRequests(signal) });
  const groups = useQuery({ queryKey: planQueryKeys.myJoinedGroups, queryFn: ({ signal }) => fetchMyJoinedGroups(signal) });
  return {
    known: !requests.isPending && !groups.isPending,
    standingOf: (planId) => planStanding(planId, requests.data ?? [], groups.data ?? []),
  };
}
