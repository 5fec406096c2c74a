/** In-app notifications (RULES §11) as the signed-in person reads them: GET /api/notifications. */
import { z } from 'zod';
import { answerCode } from './answers.ts';
import { notification } from './notification-list.ts';
import { pagination } from './paging.ts';

export { notification, type AppNotification } from './notification-list.ts';

export const notificationMessages = {
  allRead: 'All notifications marked as read',
  read: 'Notification marked as read',
} as const;

/** GET /api/notifications: the list, newest first, with the unread count over all of them (not only this page). */
export const notificationListAnswer = z.object({
  success: z.literal(true),
  notifications: z.array(notification),
  unreadCount: z.number(),
  data: z.object({ notifications: z.array(notification), unreadCount: z.number(), pagination }),
});

/** PUT /api/notifications/read-all: how many were unread. */
export const readAllAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string(), data: z.object({ count: z.number() }) });

/** PUT /api/notifications/{id}/read */
export const notificationReadAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string() });
