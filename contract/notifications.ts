/** In-app notifications (RULES §11) as the signed-in person reads them: GET /api/notifications. */
import { z } from 'zod';
import { answerCode } from './answers.ts';
import { pagination } from './paging.ts';

export const notificationMessages = {
  allRead: 'All notifications marked as read',
  read: 'Notification marked as read',
} as const;

export const notification = z.object({
  id: z.string(),
  /** What it is about (PLAN_REQUEST_APPROVED, PAYMENT_OVERDUE, …); a new kind shows with its title. */
  type: z.string(),
  title: z.string(),
  message: z.string(),
  /** What it points to, by name: the ids of a payment, a group, a plan or a winner. */
  data: z.record(z.string(), z.string()),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AppNotification = z.output<typeof notification>;

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
