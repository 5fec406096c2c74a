/**
 * A notification and the bell's list of them (RULES §11), apart from the rest of the notifications'
 * contract: every signed-in screen reads the list on its first screen, checked by zod's small build
 * (zod/mini), as figures.ts and referral-stats.ts are (decision 041).
 */
import * as z from 'zod/mini';

export const notification = z.object({
  id: z.string(),
  /** What it is about (PLAN_REQUEST_APPROVED, PAYMENT_OVERDUE, …); a new kind shows with its title. */
  type: z.string(),
  title: z.string(),
  message: z.string(),
  /** What it points to, by name: the ids of a payment, a group, a plan or a winner. */
  data: z.record(z.string(), z.string()),
  isRead: z.boolean(),
  readAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type AppNotification = z.output<typeof notification>;

/**
 * What the bell reads of GET /api/notifications (whose whole answer, notificationListAnswer in
 * notifications.ts, the server writes by): the list and the unread count, checked by the small build.
 */
export const notificationListRead = z.object({ data: z.object({ notifications: z.array(notification), unreadCount: z.number() }) });
