/**
 * In-app notifications (RULES §11): the events that create them, and /api/notifications… which shows
 * each caller their own only, newest first, with the unread count, and marks them read.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationListAnswer, notificationReadAnswer, readAllAnswer, type AppNotification } from '../../contract/notifications.ts';
import { testFactories } from '../test/factories.ts';
import { openTestFile, sampleFiles, signInAdmin, signUpMember } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
// Mid-January 2026: a member approved into a January group owes nothing yet beyond the month their
// request settles, so each test's notifications are the ones it makes (no notice of months owed on joining).
ctx.setNow('2026-01-15T12:00:00+05:00');
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let make: ReturnType<typeof testFactories>;

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  make = testFactories(ctx, admin);
});

/** The caller's notifications, the answer checked against its contract (and typed by it). */
const list = (token: string, query = '') => api.get(`/api/notifications${query}`, token, { answer: notificationListAnswer });

const createPlan = () => make.plan();
const subscribe = (token: string, planId: string) => make.subscribe(token, planId);
const payInstalment = (token: string, groupId: string, month: number) =>
  make.payInstalment(token, groupId, month, 2026, { name: 'r.jpg', type: 'image/jpeg', data: sampleFiles.jpg });

/** A member approved into a four-month group from January 2026. */
async function memberInGroup() {
  const made = await make.memberInGroup({ plan: { duration: 4 }, startDate: '2026-01-01' });
  const instalment = async (month: number) =>
    (await ctx.db.query<{ id: string }>(`SELECT id FROM payments WHERE user_id = $1 AND type = 'INSTALMENT' AND month = $2 AND year = 2026`, [made.member.user.id, month])).rows[0].id;
  return { ...made, instalment };
}

async function notesInDb(userId: string) {
  const { rows } = await ctx.db.query<{ id: string; type: string; read_at: Date | null }>('SELECT id, type, read_at FROM notifications WHERE user_id = $1', [userId]);
  return rows;
}

const typesOf = (notes: AppNotification[]) => notes.map((n) => n.type);

describe('events create notifications', () => {
  it('tells every active admin of a new plan request and of a new instalment receipt', async () => {
    const second = await signInAdmin(ctx);
    const { member, groupId } = await memberInGroup();
    const before = (await notesInDb(admin.user.id)).length;
    const plan = await createPlan();
    const requestId = await subscribe(member.token, plan.id);
    const receiptId = await payInstalment(member.token, groupId, 2);

    for (const a of [admin, second]) {
      const res = await list(a.token);
      expect(res.status).toBe(200);
      const planNote = res.body.notifications.find((n) => n.type === 'PLAN_REQUEST_NEW' && n.data.paymentId === requestId);
      expect(planNote).toMatchObject({ title: 'New plan request', message: `A member asked to join ${plan.name}.`, data: { paymentId: requestId, planId: plan.id }, isRead: false, readAt: null });
      const receiptNote = res.body.notifications.find((n) => n.type === 'INSTALMENT_SUBMITTED' && n.data.paymentId === receiptId);
      expect(receiptNote).toMatchObject({ title: 'New instalment receipt', message: 'A member sent the receipt for February 2026, Group 1.', isRead: false });
    }
    expect((await notesInDb(admin.user.id)).length).toBe(before + 2);
    // The member who acted hears nothing of their own request or receipt.
    const own = await notesInDb(member.user.id);
    expect(own.map((n) => n.type)).toEqual(['PLAN_REQUEST_APPROVED']);
  });

  it('does not tell a blocked or deactivated admin', async () => {
    const blockedAdmin = await signInAdmin(ctx);
    const inactiveAdmin = await signInAdmin(ctx);
    expect((await api.put(`/api/admin/users/${blockedAdmin.user.id}/block`, { isBlocked: true, reason: 'left' }, admin.token)).status).toBe(200);
    expect((await api.put(`/api/admin/users/${inactiveAdmin.user.id}/status`, { isActive: false }, admin.token)).status).toBe(200);
    const member = await signUpMember(ctx);
    await subscribe(member.token, (await createPlan()).id);
    expect(await notesInDb(blockedAdmin.user.id)).toEqual([]);
    expect(await notesInDb(inactiveAdmin.user.id)).toEqual([]);
    expect((await notesInDb(admin.user.id)).some((n) => n.type === 'PLAN_REQUEST_NEW')).toBe(true);
  });

  it('tells the member of their plan request approved and rejected, and of instalments approved, rejected and overdue', async () => {
    const { member, plan, groupId, subscriptionId, instalment } = await memberInGroup();
    const other = await createPlan();
    const rejectedId = await subscribe(member.token, other.id);
    expect((await api.put(`/api/plan-payments/${rejectedId}/reject`, { rejectionReason: 'Receipt is blurred' }, admin.token)).status).toBe(200);

    const feb = await payInstalment(member.token, groupId, 2);
    expect((await api.put(`/api/payments/${feb}/status`, { status: 'paid' }, admin.token)).status).toBe(200);
    const mar = await payInstalment(member.token, groupId, 3);
    expect((await api.put(`/api/payments/${mar}/status`, { status: 'rejected', notes: 'Wrong amount' }, admin.token)).status).toBe(200);
    const apr = await instalment(4);
    expect((await api.put(`/api/payments/${apr}/status`, { status: 'overdue' }, admin.token)).status).toBe(200);

    const res = await list(member.token);
    expect(res.status).toBe(200);
    // Newest first.
    expect(typesOf(res.body.notifications)).toEqual(['INSTALMENT_OVERDUE', 'INSTALMENT_REJECTED', 'INSTALMENT_APPROVED', 'PLAN_REQUEST_REJECTED', 'PLAN_REQUEST_APPROVED']);
    const byType = Object.fromEntries(res.body.notifications.map((n) => [n.type, n]));
    expect(byType.PLAN_REQUEST_APPROVED).toMatchObject({ title: 'Plan request approved', message: `Your request for ${plan.name} was approved. You are member 1 of Group 1.`, data: { paymentId: subscriptionId, groupId } });
    expect(byType.PLAN_REQUEST_REJECTED).toMatchObject({
      title: 'Plan request rejected',
      message: `Your request for ${other.name} was not approved: Receipt is blurred. You may send a new request.`,
      data: { paymentId: rejectedId },
    });
    expect(byType.INSTALMENT_APPROVED).toMatchObject({ title: 'Payment approved', message: 'Your payment for February 2026 was approved. JazakAllah khair.', data: { paymentId: feb } });
    expect(byType.INSTALMENT_REJECTED).toMatchObject({ title: 'Payment rejected', message: 'Your payment for March 2026 was not approved: Wrong amount. Please send a new receipt.', data: { paymentId: mar } });
    expect(byType.INSTALMENT_OVERDUE).toMatchObject({ title: 'Payment overdue', message: 'Your payment for April 2026 is overdue. Please pay it as soon as you can.', data: { paymentId: apr } });
    expect(res.body.unreadCount).toBe(5);
    const created = res.body.notifications.map((n) => Date.parse(n.createdAt));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
  });

  it('a refused change tells nobody', async () => {
    const { member, instalment } = await memberInGroup();
    const before = (await notesInDb(member.user.id)).length;
    // Nothing under review for March: a rejection is refused, and nothing is said.
    expect((await api.put(`/api/payments/${await instalment(3)}/status`, { status: 'rejected', notes: 'no' }, admin.token)).status).toBe(409);
    expect((await notesInDb(member.user.id)).length).toBe(before);
  });
});

describe('GET /api/notifications and /api/notifications/user', () => {
  it("show the caller's own notifications only, newest first, with the unread count and paging", async () => {
    const a = await memberInGroup();
    const b = await memberInGroup();
    expect((await api.put(`/api/payments/${await a.instalment(2)}/status`, { status: 'overdue' }, admin.token)).status).toBe(200);
    expect((await api.put(`/api/payments/${await a.instalment(3)}/status`, { status: 'overdue' }, admin.token)).status).toBe(200);

    for (const path of ['/api/notifications', '/api/notifications/user']) {
      const res = await api.get(path, a.member.token, { answer: notificationListAnswer });
      expect(res.status).toBe(200);
      const mine = await ctx.db.query<{ id: string }>('SELECT id FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id', [a.member.user.id]);
      expect(res.body.notifications.map((n) => n.id)).toEqual(mine.rows.map((r) => r.id));
      expect(typesOf(res.body.notifications)).toEqual(['INSTALMENT_OVERDUE', 'INSTALMENT_OVERDUE', 'PLAN_REQUEST_APPROVED']);
      expect(res.body.notifications[0].message).toContain('March 2026');
      expect(res.body.unreadCount).toBe(3);
      expect(res.body.data).toMatchObject({ unreadCount: 3, pagination: { page: 1, total: 3 } });
      expect(res.body.data.notifications).toEqual(res.body.notifications);
    }
    const others = (await list(b.member.token)).body.notifications;
    expect(typesOf(others)).toEqual(['PLAN_REQUEST_APPROVED']);
    expect(others[0].data.paymentId).toBe(b.subscriptionId);

    const page1 = await list(a.member.token, '?limit=2&page=1');
    const page2 = await list(a.member.token, '?limit=2&page=2');
    expect(page1.body.notifications).toHaveLength(2);
    expect(page2.body.notifications).toHaveLength(1);
    expect(page1.body.data.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2, exact: true });
    expect(page2.body.unreadCount).toBe(3);
    expect(typesOf(page2.body.notifications)).toEqual(['PLAN_REQUEST_APPROVED']);
  });

  it('unreadOnly=true leaves out the read ones; the unread count is always of all', async () => {
    const { member, instalment } = await memberInGroup();
    expect((await api.put(`/api/payments/${await instalment(2)}/status`, { status: 'overdue' }, admin.token)).status).toBe(200);
    const all = (await list(member.token)).body.notifications;
    const approved = all.find((n) => n.type === 'PLAN_REQUEST_APPROVED')!;
    expect((await api.put(`/api/notifications/${approved.id}/read`, undefined, member.token)).status).toBe(200);

    const unread = await list(member.token, '?unreadOnly=true');
    expect(unread.status).toBe(200);
    expect(typesOf(unread.body.notifications)).toEqual(['INSTALMENT_OVERDUE']);
    expect(unread.body.unreadCount).toBe(1);
    expect(unread.body.data.pagination.total).toBe(1);
    const everything = await list(member.token, '?unreadOnly=false');
    expect(everything.body.notifications).toHaveLength(2);
    expect(everything.body.notifications.find((n) => n.id === approved.id)).toMatchObject({ isRead: true });
    expect((await api.get('/api/notifications?unreadOnly=maybe', member.token)).status).toBe(400);
  });

  it('an empty page still carries the unread count; no notifications at all is an empty list and 0', async () => {
    const { member, instalment } = await memberInGroup();
    expect((await api.put(`/api/payments/${await instalment(2)}/status`, { status: 'overdue' }, admin.token)).status).toBe(200);
    const beyond = await list(member.token, '?page=5&limit=2');
    expect(beyond.body.notifications).toEqual([]);
    expect(beyond.body.unreadCount).toBe(2);
    expect(beyond.body.data).toMatchObject({ notifications: [], unreadCount: 2 });

    await ctx.db.query('DELETE FROM notifications WHERE user_id = $1', [member.user.id]);
    const none = await list(member.token);
    expect(none.body).toEqual({ success: true, notifications: [], unreadCount: 0, data: { notifications: [], unreadCount: 0, pagination: { page: 1, limit: 20, total: 0, pages: 1, exact: true } } });
  });

  it('needs a session', async () => {
    expect((await api.get('/api/notifications')).status).toBe(401);
    expect((await api.get('/api/notifications/user')).status).toBe(401);
    expect((await api.put('/api/notifications/read-all')).status).toBe(401);
    expect((await api.put('/api/notifications/00000000-0000-4000-8000-000000000000/read')).status).toBe(401);
  });
});

describe('marking read', () => {
  it("PUT /api/notifications/{id}/read marks one; twice is fine; another user's is 404 and stays unread", async () => {
    const a = await memberInGroup();
    const b = await memberInGroup();
    const [aNote] = await notesInDb(a.member.user.id);
    const [bNote] = await notesInDb(b.member.user.id);

    const first = await api.put(`/api/notifications/${aNote.id}/read`, undefined, a.member.token, { answer: notificationReadAnswer });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, code: 'notification.read', message: 'Notification marked as read' });
    const readAt = (await notesInDb(a.member.user.id))[0].read_at;
    expect(readAt).not.toBeNull();
    const second = await api.put(`/api/notifications/${aNote.id}/read`, undefined, a.member.token);
    expect(second.status).toBe(200);
    // Reading again keeps the first time it was read.
    expect(new Date((await notesInDb(a.member.user.id))[0].read_at!).getTime()).toBe(new Date(readAt!).getTime());
    const listed = (await list(a.member.token)).body;
    expect(listed.unreadCount).toBe(0);
    expect(listed.notifications[0]).toMatchObject({ id: aNote.id, isRead: true, readAt: new Date(readAt!).toISOString() });

    const foreign = await api.put(`/api/notifications/${bNote.id}/read`, undefined, a.member.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ success: false, message: 'Notification not found.' });
    expect((await notesInDb(b.member.user.id))[0].read_at).toBeNull();
    // Even an admin cannot mark a member's notification.
    expect((await api.put(`/api/notifications/${bNote.id}/read`, undefined, admin.token)).status).toBe(404);
    expect((await notesInDb(b.member.user.id))[0].read_at).toBeNull();
    expect((await api.put('/api/notifications/00000000-0000-4000-8000-000000000000/read', undefined, a.member.token)).status).toBe(404);
    expect((await api.put('/api/notifications/not-a-uuid/read', undefined, a.member.token)).status).toBe(404);
  });

  it('PUT /api/notifications/read-all marks all of the caller\'s, and only theirs', async () => {
    const a = await memberInGroup();
    const b = await memberInGroup();
    expect((await api.put(`/api/payments/${await a.instalment(2)}/status`, { status: 'overdue' }, admin.token)).status).toBe(200);
    expect((await list(a.member.token)).body.unreadCount).toBe(2);

    const res = await api.put('/api/notifications/read-all', undefined, a.member.token, { answer: readAllAnswer });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, code: 'notification.allRead', message: 'All notifications marked as read', data: { count: 2 } });
    const after = await list(a.member.token);
    expect(after.body.unreadCount).toBe(0);
    expect(after.body.notifications.every((n) => n.isRead && n.readAt !== null)).toBe(true);
    expect((await list(a.member.token, '?unreadOnly=true')).body.notifications).toEqual([]);
    expect((await notesInDb(b.member.user.id)).every((n) => n.read_at === null)).toBe(true);
    expect((await list(b.member.token)).body.unreadCount).toBe(1);

    const again = await api.put('/api/notifications/read-all', undefined, a.member.token, { answer: readAllAnswer });
    expect(again.body.data.count).toBe(0);
    // A new event is unread again.
    expect((await api.put(`/api/payments/${await a.instalment(3)}/status`, { status: 'overdue' }, admin.token)).status).toBe(200);
    expect((await list(a.member.token)).body.unreadCount).toBe(1);
    expect((await list(b.member.token)).body.unreadCount).toBe(1);
  });
});
