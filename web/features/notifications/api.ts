/**
 * In-app notifications (RULES §11; server/notifications/notification-routes.ts): the signed-in
 * person's own, newest first, with the unread count. Shared by the admin header and the member
 * dashboard header.
 */
import type { z } from 'zod';
import type { AppNotification, notificationListRead } from '../../../contract/notification-list.ts';
import { api, readAnswer } from '../../lib/api-client.ts';

export type { AppNotification } from '../../../contract/notification-list.ts';

/** What the bell holds: the notifications and the unread count over all of them. */
export type NotificationList = z.output<typeof notificationListRead>['data'];

/** How many the bell's list shows: the newest ones. */
export const NOTIFICATION_LIST_LIMIT = 20;
/** The bell asks again every 30 seconds (and when the window gets focus again). */
export const NOTIFICATION_POLL_MS = 30_000;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
};

export async function fetchNotifications(signal?: AbortSignal): Promise<NotificationList> {
  // The schema (zod's small build) loads beside the request, never with the page (decision 041).
  const [{ notificationListRead }, body] = await Promise.all([
    import('../../../contract/notification-list.ts'),
    api.get('/notifications', { limit: NOTIFICATION_LIST_LIMIT }, { signal }),
  ]);
  const { data } = readAnswer(notificationListRead, body);
  return { notifications: newestFirst(data.notifications), unreadCount: data.unreadCount };
}

/** Marks one read; the list is asked for again afterwards, so the answer's words are not read. */
export async function markNotificationRead(id: string): Promise<void> {
  await api.put(`/notifications/${encodeURIComponent(id)}/read`);
}

/** Marks every one read; as above, the list is asked for again. */
export async function markAllNotificationsRead(): Promise<void> {
  await api.put('/notifications/read-all');
}

/** Newest first; equal times keep their order. */
export function newestFirst(notifications: AppNotification[]): AppNotification[] {
  return [...notifications].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** The list once one notification is read (shown at once, before the server answers). */
export function withOneRead(list: NotificationList, id: string, now = new Date().toISOString()): NotificationList {
  const target = list.notifications.find((n) => n.id === id);
  if (!target || target.isRead) return list;
  return {
    notifications: list.notifications.map((n) => (n.id === id ? { ...n, isRead: true, readAt: now } : n)),
    unreadCount: Math.max(0, list.unreadCount - 1),
  };
}

/** The list once every notification is read. */
export function withAllRead(list: NotificationList, now = new Date().toISOString()): NotificationList {
  return {
    notifications: list.notifications.map((n) => (n.isRead ? n : { ...n, isRead: true, readAt: now })),
    unreadCount: 0,
  };
}

/** The badge's text: the count, or '9+' beyond nine; '' when nothing is unread. */
export function badgeText(unreadCount: number): string {
  if (!unreadCount || unreadCount < 1) return '';
  return unreadCount > 9 ? '9+' : String(unreadCount);
}

/** '5 minutes ago', 'yesterday': how long ago a notification came, in the given language. */
export function timeAgo(iso: string, language = 'en', now = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 7],
    ['week', 4.35],
    ['month', 12],
  ];
  let value = seconds;
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return format.format(unit === 'second' ? Math.min(0, Math.round(value)) : Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}
