/**
 * The member's own groups (GET /committee-plans/user/groups): one query, and so one request, for every
 * screen that reads them (the dashboard's tiles and tabs, the payment page, the plans tab's standing).
 * Its key starts with the instalments' key ('member-payments'), so their one invalidation after a
 * payment refreshes it too.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberGroup } from '../../../../contract/instalments.ts';
import { api, readAnswer } from '../../../lib/api-client.ts';

export const myGroupsKey = ['member-payments', 'groups'] as const;

/**
 * Receipt links are signed for 10 minutes (docs/decisions/006-receipt-links.md): lists holding them
 * are read again well before they expire, so 'View Receipt' keeps working on a page left open.
 */
export const RECEIPT_LINK_REFRESH_MS = 5 * 60_000;

export async function fetchMyGroups(signal?: AbortSignal): Promise<MemberGroup[]> {
  // The schema loads beside the request, not with the dashboard: its first load stays without zod's
  // full build (decision 041).
  const [{ memberGroupsAnswer }, body] = await Promise.all([import('../../../../contract/instalments.ts'), api.get('/committee-plans/user/groups', undefined, { signal })]);
  return readAnswer(memberGroupsAnswer, body).data.groups;
}

/**
 * `retryOnMount: false` for a part shown only once the groups are known (the plans tab): a failed read
 * is then not asked again as the part mounts. Asked again, the query would wait anew, the dashboard
 * would put its tabs back to 'Loading...', the part would go, and come back when the read failed again:
 * a loop of requests.
 */
export const myGroupsQuery = queryOptions({
  queryKey: myGroupsKey,
  queryFn: ({ signal }) => fetchMyGroups(signal),
  // The schedule carries receipt links signed for 10 minutes.
  refetchInterval: RECEIPT_LINK_REFRESH_MS,
});

export function useMyGroups({ retryOnMount = true }: { retryOnMount?: boolean } = {}) {
  return useQuery({ ...myGroupsQuery, retryOnMount });
}
