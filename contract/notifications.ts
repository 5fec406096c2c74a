/** In-app notifications (RULES §11) as the signed-in person reads them: GET /api/notifications. */
import { z } from 'zod';
import { answerCode } from './answers.ts';
import { notification } from './notification-list.ts';
import { pagination } from './paging.ts';

export { notification, type AppNotification } from './notification-list.ts';

/**
 * Every kind of in-app notification the server writes. A new one is added here first: the messaging
 * test then asks which kind of channel message it is (message_kind_of, migration 056), or none.
 */
export const NOTIFICATION_TYPES = [
  'PAYMENT_REMINDER',
  'INSTALMENT_OVERDUE',
  'MONTHS_OWED_ON_JOINING',
  'INSTALMENT_SUBMITTED',
  'INSTALMENT_APPROVED',
  'INSTALMENT_REJECTED',
  'INSTALMENT_APPROVAL_UNDONE',
  'INSTALMENT_RECEIPT_CORRECTED',
  'PLAN_REQUEST_NEW',
  'PLAN_REQUEST_APPROVED',
  'PLAN_REQUEST_REJECTED',
  'GROUP_JOINED',
  'GROUP_MEMBER_REMOVED',
  'GROUP_MEMBER_MOVED',
  'WINNER_SELECTED',
  'DRAW_COMMITTED',
  'DRAW_VOID',
  'COMMISSION_PAID',
  'RECOVERY_CODE_USED',
  'CNIC_CLAIMED',
  'CNIC_CLAIM_PENDING',
  'CNIC_CLAIM_DISMISSED',
  'CNIC_REMOVED',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

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
