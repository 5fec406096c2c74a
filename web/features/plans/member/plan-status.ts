/**
 * How a plan payment request's status is shown (member document §4): PENDING → Pending,
 * PAID → Approved, OVERDUE → Rejected, anything else Unknown. RULES §5: the server writes
 * REJECTED for a refused request, which shows as Rejected too (OVERDUE stays for old data).
 */
import type { BadgeTone } from '../../../components/ui/badge.tsx';

export type PlanRequestDisplay = 'pending' | 'approved' | 'rejected' | 'unknown';

export function planRequestStatusDisplay(status: string | null | undefined): PlanRequestDisplay {
  // The server sends uppercase; other spellings of the same word are read the same way.
  switch ((status ?? '').trim().toUpperCase()) {
    case 'PENDING':
      return 'pending';
    case 'PAID':
      return 'approved';
    case 'OVERDUE':
    case 'REJECTED':
      return 'rejected';
    default:
      return 'unknown';
  }
}

export const planRequestStatusTone: Record<PlanRequestDisplay, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  unknown: 'neutral',
};

export const isPendingRequest = (status: string | null | undefined) => planRequestStatusDisplay(status) === 'pending';

/**
 * Where the member stands with a plan: free to subscribe, a request of theirs under review, or already
 * a member of one of its groups. A plan in either of the last two is not offered again (a second
 * subscription would be a second payment); the member is shown the state and where to follow it.
 */
export type PlanStanding = { kind: 'open' } | { kind: 'pending' } | { kind: 'joined'; groupId: string; groupNumber: string };

export interface JoinedGroup {
  groupId: string;
  groupNumber: string;
  planId: string;
}

export function planStanding(
  planId: string,
  requests: readonly { status: string; planId?: string | null; plan?: { id?: string } | null }[],
  groups: readonly JoinedGroup[],
): PlanStanding {
  // A membership is what counts most: a request approved long ago may have been followed by a new one.
  const group = groups.find((candidate) => candidate.planId === planId);
  if (group) return { kind: 'joined', groupId: group.groupId, groupNumber: group.groupNumber };
  const pending = requests.some((request) => (request.planId ?? request.plan?.id) === planId && isPendingRequest(request.status));
  return pending ? { kind: 'pending' } : { kind: 'open' };
}
