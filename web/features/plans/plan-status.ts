/**
 * How a plan payment request's status is shown (member document §4): PENDING → Pending,
 * PAID → Approved, OVERDUE → Rejected, anything else Unknown. RULES §5: the server writes
 * REJECTED for a refused request, which shows as Rejected too (OVERDUE stays for old data).
 */
import type { BadgeTone } from '../../components/ui/badge.tsx';

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
