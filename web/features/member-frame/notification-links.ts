/**
 * Where opening a member's notification leads (RULES §11): to the part of the dashboard it is about,
 * named by the ids its `data` carries. The dashboard reads `tab` (and My Groups reads `group`) from the
 * address: see features/dashboard/dashboard-page.tsx and features/instalments/member/my-groups-panel.tsx.
 */
import type { AppNotification } from '../notifications/index.ts';

/** The dashboard with one of its tabs chosen, and on My Groups, one group brought into view. */
export function dashboardLink(tab: 'groups' | 'plans' | 'payments' | 'referrals', groupId?: string): string {
  const query = new URLSearchParams({ tab });
  if (groupId) query.set('group', groupId);
  return `/dashboard?${query.toString()}`;
}

export function memberNotificationLink(notification: Pick<AppNotification, 'type' | 'data'>): string | undefined {
  const { groupId, paymentId } = notification.data ?? {};
  switch (notification.type) {
    // Drawn as winner, approved into a group, or added to one: the group, where the win or the schedule is.
    case 'WINNER_SELECTED':
    case 'PLAN_REQUEST_APPROVED':
    case 'GROUP_JOINED':
      return dashboardLink('groups', groupId);
    // A refused plan request is listed, with its reason, under My Payment Requests.
    case 'PLAN_REQUEST_REJECTED':
      return dashboardLink('plans');
    case 'COMMISSION_PAID':
      return dashboardLink('referrals');
    // The months owed on joining a group that started before: paid from the member's payments.
    case 'MONTHS_OWED_ON_JOINING':
      return dashboardLink('payments');
    default:
      // Any other news of a payment (approved, rejected, overdue): the member's payments.
      if (paymentId) return dashboardLink('payments');
      if (groupId) return dashboardLink('groups', groupId);
      return undefined;
  }
}
