/** Test helpers: notifications as the server lists them, and its whole list answer. */
import { notificationListAnswer, type AppNotification } from '../../contract/notifications.ts';
import { answerAs, onePage, type StubAnswer } from './api-stub.ts';

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

/**
 * GET /api/notifications's whole answer, checked against its contract: the list on one page and the unread
 * count (by default those of the list; the count runs over every notification, so a test may give more).
 */
export function notificationListAnswerOf(notifications: AppNotification[] = [], unreadCount = notifications.filter((n) => !n.isRead).length): StubAnswer {
  return answerAs(notificationListAnswer, { success: true, notifications, unreadCount, data: { notifications, unreadCount, pagination: onePage(notifications.length) } });
}
