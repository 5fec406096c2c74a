import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnreadableAnswerError } from '../../lib/api-client.ts';
import { stubGetRequests } from '../../test/api-stub.ts';
import { notificationListAnswerOf } from '../../test/notification-fixtures.ts';
import { badgeText, fetchNotifications, newestFirst, timeAgo, withAllRead, withOneRead, type AppNotification, type NotificationList } from './api.ts';

const note = (id: string, createdAt: string, isRead = false): AppNotification => ({ id, type: 'PLAN_REQUEST_NEW', title: id, message: '', data: {}, isRead, readAt: isRead ? createdAt : null, createdAt });

const list: NotificationList = {
  notifications: [note('a', '2026-03-12T10:00:00.000Z'), note('b', '2026-03-11T10:00:00.000Z', true), note('c', '2026-03-10T10:00:00.000Z')],
  unreadCount: 2,
};

afterEach(() => vi.restoreAllMocks());

describe('fetchNotifications', () => {
  it('reads the list by its contract: newest first, with the unread count over all of them', async () => {
    stubGetRequests({ '/api/notifications': notificationListAnswerOf([list.notifications[2], list.notifications[0]], 7) });
    const read = await fetchNotifications();
    expect(read).toEqual({ notifications: [list.notifications[0], list.notifications[2]], unreadCount: 7 });
  });

  it('refuses an answer in another shape rather than showing it half read', async () => {
    stubGetRequests({ '/api/notifications': { status: 200, body: { success: true, notifications: [], unreadCount: 0 } } });
    await expect(fetchNotifications()).rejects.toBeInstanceOf(UnreadableAnswerError);
  });
});

describe('notification list changes', () => {
  it('reads one: that one is read and the count drops by one', () => {
    const after = withOneRead(list, 'c', '2026-03-12T11:00:00.000Z');
    expect(after.unreadCount).toBe(1);
    expect(after.notifications.map((n) => n.isRead)).toEqual([false, true, true]);
    // Reading a read one, or an unknown one, changes nothing.
    expect(withOneRead(list, 'b')).toBe(list);
    expect(withOneRead(list, 'zzz')).toBe(list);
  });

  it('reads all: none is left unread', () => {
    const after = withAllRead(list);
    expect(after.unreadCount).toBe(0);
    expect(after.notifications.every((n) => n.isRead)).toBe(true);
  });

  it('orders the newest first', () => {
    expect(newestFirst([list.notifications[2], list.notifications[0], list.notifications[1]]).map((n) => n.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('badgeText', () => {
  it('shows the count, 9+ beyond nine, and nothing at 0', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(3)).toBe('3');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(12)).toBe('9+');
  });
});

describe('timeAgo', () => {
  const now = Date.parse('2026-03-12T12:00:00.000Z');
  it('says how long ago, in words', () => {
    expect(timeAgo('2026-03-12T11:59:30.000Z', 'en', now)).toBe('30 seconds ago');
    expect(timeAgo('2026-03-12T11:55:00.000Z', 'en', now)).toBe('5 minutes ago');
    expect(timeAgo('2026-03-12T09:00:00.000Z', 'en', now)).toBe('3 hours ago');
    expect(timeAgo('2026-03-11T12:00:00.000Z', 'en', now)).toBe('yesterday');
    expect(timeAgo('bad', 'en', now)).toBe('');
  });
});
