import { useQuery } from '@tanstack/react-query';
import { useMyGroups } from '../../groups/member/index.ts';
import { fetchMyPlanRequests, joinedGroupsOf, planQueryKeys } from './api.ts';
import { planStanding, type PlanStanding } from './plan-status.ts';

/**
 * Where the member stands with each plan, from what the API already tells them: their plan requests
 * (GET /plan-payments) and their groups (GET /committee-plans/user/groups). `known` is false until
 * both have answered; a read that failed counts as nothing known of it (the server still refuses a
 * second pending request).
 */
export function usePlanStandings(): { known: boolean; standingOf: (planId: string) => PlanStanding } {
  const requests = useQuery({ queryKey: planQueryKeys.myRequests, queryFn: ({ signal }) => fetchMyPlanRequests(signal) });
  // The dashboard's own query of the member's groups: one request for both (a failed one not asked again here).
  const groups = useMyGroups({ retryOnMount: false });
  return {
    known: !requests.isPending && !groups.isPending,
    standingOf: (planId) => planStanding(planId, requests.data ?? [], joinedGroupsOf(groups.data ?? [])),
  };
}
