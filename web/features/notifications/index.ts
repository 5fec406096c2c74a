/** The notification bell of the admin header and the member dashboard header (RULES §11). */
export { NotificationBell, notificationsQuery } from './notification-bell.tsx';
export type { AppNotification } from './api.ts';
