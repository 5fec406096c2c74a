/** Test helpers: a notification as the server lists it. */
import type { AppNotification } from '../../contract/notifications.ts';

/** An unread notice that the member's plan request was approved. */
export const planApprovedNotification: AppNotification = {
  id: 'note-1',
  type: 'PLAN_REQUEST_APPROVED',
  title: 'Plan request approved',
  message: 'Your request to join Gold Umrah Plan was approved.',
  data: {},
  isRead: false,
  readAt: null,
  createdAt: '2026-03-05T10:00:00.000Z',
};
