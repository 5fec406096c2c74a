/**
 * How users are shown (admin document §4 "User display status"), and their dates, times and CNICs as
 * every screen shows them (lib/format.ts, RULES §2 time zone): pure functions, so that the list, the
 * dialogs and the tests agree.
 */
import type { BadgeTone } from '../../../components/ui/badge.tsx';

export type DisplayStatus = 'blocked' | 'active' | 'inactive';

/** Blocked if blocked, else Active if active, else Inactive: blocking and activation are independent. */
export function displayStatus(user: { isActive: boolean; isBlocked: boolean }): DisplayStatus {
  if (user.isBlocked) return 'blocked';
  return user.isActive ? 'active' : 'inactive';
}

export const statusTone: Record<DisplayStatus, BadgeTone> = { active: 'success', inactive: 'warning', blocked: 'danger' };

/** Re-exported for this area's screens and tests. */
export { BUSINESS_TIME_ZONE, formatCnic, formatDate, formatDateTime, formatTime } from '../../../lib/format.ts';
