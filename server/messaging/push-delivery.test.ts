/**
 * Web push end to end: events that tell a member something (a reminder, a receipt approved, a win, a
 * security notice) write push messages in the member's language; the worker sends them to a push
 * service speaking the real protocol, which checks the VAPID signature and decrypts each payload with
 * the device's own keys; choices are honoured; a 500 is tried again; a 410 removes the subscription.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { businessDayOf } from '../figures/figures.ts';
import { createLogger } from '../logger.ts';
import { sendDueReminders } from '../reminders/reminder-service.ts';
import { testFactories } from '../test/factories.ts';
import { startPushService } from '../test/push-service.ts';
import { openTestFile, signInAdmin, signUpMember } from '../test/test-app.ts';
import { MessageWorker } from './message-outbox.ts';
import { createPushSender, vapidKeysOf } from './push-sender.ts';

const pushService = await startPushService();
const { ctx, api } = await openTestFile({ env: { PUSH_SERVICES: pushService.origin } });
const worker = new MessageWorker(ctx.db, { push: createPushSender(await vapidKeysOf(ctx.db, ctx.config.push), ctx.config.push.subject), phone: {} }, createLogger('silent'));
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let make: ReturnType<typeof testFactories>;
type Member = Awaited<ReturnType<typeof signUpMember>>;

// Figures are read on 5 February 2026, in the groups' second month (the first is paid on joining).
ctx.setNow('2026-02-05T12:00:00+05:00');

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  make = testFactories(ctx, admin);
});

/** A member with one browser subscribed to push. */
async function subscribedMember(language: 'en' | 'ur' = 'en') {
  const member = await signUpMember(ctx, { language });
  const device = pushService.newDevice();
  expect((await api.post('/api/push/subscriptions', device.subscription, member.token)).status).toBe(201);
  return { member, device };
}

const receivedBy = (deviceId: string) => pushService.received.filter((push) => push.device === deviceId).map((push) => push.payload);

async function newestNotification(member: Member, type: string) {
  const { rows } = await ctx.db.query<{ title: string; message: string }>('SELECT title, message FROM notifications WHERE user_id = $1 AND type = $2 ORDER BY created_at DESC LIMIT 1', [member.user.id, type]);
  return rows[0];
}

async function outboxOf(member: Member) {
  const { rows } = await ctx.db.query<{ status: string; attempts: number; last_error: string | null; subscription_id: string | null }>(
    'SELECT status, attempts, last_error, subscription_id FROM message_outbox WHERE user_id = $1 ORDER BY created_at, id',
    [member.user.id],
  );
  return rows;
}

describe('push messages of events', () => {
  it('tells a member in Urdu that their receipt was approved, with the words of the notification, opening their payments', async () => {
    const { member, device } = await subscribedMember('ur');
    const { groupId } = await make.memberInGroup({ member });
    await worker.runOnce();
    const before = receivedBy(device.id).length;
    const paymentId = await make.payInstalment(member.token, groupId, 2);
    expect((await api.put(`/api/payments/${paymentId}/status`, { status: 'paid' }, admin.token)).status).toBe(200);

    expect(await worker.runOnce()).toBeGreaterThanOrEqual(1);
    const notice = await newestNotification(member, 'INSTALMENT_APPROVED');
    expect(notice.title).toMatch(/[\u0600-\u06FF]/);
    expect(receivedBy(device.id).slice(before)).toEqual([{ title: notice.title, body: notice.message, url: '/dashboard?tab=payments', tag: 'receipt', lang: 'ur' }]);
    const push = pushService.received.at(-1)!;
    expect(push.vapidKey).toBe((await api.get('/api/push/key', member.token)).body.data.publicKey);
    expect(push.audience).toBe(pushService.origin);
    expect(Number(push.ttl)).toBeGreaterThan(0);
  });

  it("reminds a group's members on their devices, in English, and records the message as sent", async () => {
    const { member, device } = await subscribedMember('en');
    const { groupId } = await make.memberInGroup({ member });
    await worker.runOnce();
    const before = receivedBy(device.id).length;
    const reminded = await api.post(`/api/admin/groups/${groupId}/reminders`, {}, admin.token);
    expect(reminded.status).toBe(200);
    await worker.runOnce();
    const notice = await newestNotification(member, 'PAYMENT_REMINDER');
    expect(receivedBy(device.id).slice(before)).toEqual([{ title: notice.title, body: notice.message, url: '/dashboard?tab=payments', tag: 'reminder', lang: 'en' }]);
    const listed = await api.get(`/api/admin/users/${member.user.id}/messages`, admin.token);
    expect(listed.body.data.messages[0]).toMatchObject({ kind: 'reminder', channel: 'push', status: 'SENT', attempts: 1, lastError: null, sentAt: expect.any(String) });
  });

  it('carries the hourly reminder job\'s reminders, written in its one statement', async () => {
    const { member, device } = await subscribedMember('ur');
    await make.memberInGroup({ member });
    await worker.runOnce();
    const before = receivedBy(device.id).length;
    const sent = await sendDueReminders(ctx.db, businessDayOf(new Date('2026-02-27T12:00:00+05:00'), ctx.config.overdueGraceDay), ctx.config.appUrl);
    expect(sent.before + sent.due).toBeGreaterThanOrEqual(1);
    await worker.runOnce();
    const notice = await newestNotification(member, 'PAYMENT_REMINDER');
    expect(receivedBy(device.id).slice(before)).toEqual([{ title: notice.title, body: notice.message, url: '/dashboard?tab=payments', tag: 'reminder', lang: 'ur' }]);
  });

  it("tells the month's winner, opening their group", async () => {
    const { member, device } = await subscribedMember('ur');
    const { plan, groupId } = await make.memberInGroup({ member });
    const group = (await ctx.db.query<{ group_number: string }>('SELECT group_number FROM committee_groups WHERE id = $1', [groupId])).rows[0];
    await worker.runOnce();
    const before = receivedBy(device.id).length;
    const won = await api.post('/api/winners/select-specific', { committeeId: plan.id, groupNumber: group.group_number, month: 2, year: 2026, userId: member.user.id }, admin.token);
    expect(won.status).toBe(201);
    await worker.runOnce();
    const notice = await newestNotification(member, 'WINNER_SELECTED');
    expect(receivedBy(device.id).slice(before)).toEqual([{ title: notice.title, body: notice.message, url: `/dashboard?tab=groups&group=${groupId}`, tag: 'winner', lang: 'ur' }]);
  });

  it('sends a security notice to every device of the member', async () => {
    const { member, device } = await subscribedMember('en');
    const second = pushService.newDevice();
    expect((await api.post('/api/push/subscriptions', second.subscription, member.token)).body.data.devices).toBe(2);
    const changed = await api.put('/api/profile/password', { currentPassword: member.password, newPassword: 'new-secret-9', confirmPassword: 'new-secret-9' }, member.token);
    expect(changed.status).toBe(200);
    await worker.runOnce();
    const expected = { title: 'Security notice: your password was changed', body: expect.stringContaining('password'), url: '/profile', tag: 'security', lang: 'en' };
    expect(receivedBy(device.id)).toEqual([expected]);
    expect(receivedBy(second.id)).toEqual([expected]);
  });
});

describe('choices', () => {
  it('sends nothing of a kind the member turned push off for, and still sends the others', async () => {
    const { member, device } = await subscribedMember('en');
    const { groupId } = await make.memberInGroup({ member });
    const choices = Object.fromEntries(['reminder', 'receipt', 'winner', 'draw', 'security'].map((kind) => [kind, { push: kind !== 'receipt', whatsapp: false, sms: false }]));
    expect((await api.put('/api/profile/message-channels', { choices, emailReminders: true }, member.token)).status).toBe(200);
    await worker.runOnce();
    const before = receivedBy(device.id).length;
    const written = (await outboxOf(member)).length;

    expect((await api.post(`/api/admin/groups/${groupId}/reminders`, {}, admin.token)).status).toBe(200);
    expect((await outboxOf(member)).length).toBe(written + 1);

    const paymentId = await make.payInstalment(member.token, groupId, 2);
    expect((await api.put(`/api/payments/${paymentId}/status`, { status: 'paid' }, admin.token)).status).toBe(200);
    expect(await newestNotification(member, 'INSTALMENT_APPROVED')).toBeDefined();
    expect((await outboxOf(member)).length).toBe(written + 1);
    await worker.runOnce();
    expect(receivedBy(device.id).slice(before).map((payload) => payload.tag)).toEqual(['reminder']);
  });

  it('writes nothing for a member without a subscribed device', async () => {
    const member = await signUpMember(ctx);
    await api.put('/api/profile/password', { currentPassword: member.password, newPassword: 'new-secret-8', confirmPassword: 'new-secret-8' }, member.token);
    expect(await outboxOf(member)).toEqual([]);
  });
});

describe('what becomes of a message', () => {
  it('is tried again after the push service answers 500, then sent once', async () => {
    const { member, device } = await subscribedMember('en');
    await worker.runOnce();
    pushService.answerNext(500);
    await api.put('/api/profile/password', { currentPassword: member.password, newPassword: 'new-secret-7', confirmPassword: 'new-secret-7' }, member.token);

    expect(await worker.runOnce()).toBe(0);
    expect(await outboxOf(member)).toEqual([{ status: 'PENDING', attempts: 1, last_error: 'push service answered 500: try later', subscription_id: expect.any(String) }]);
    expect(receivedBy(device.id)).toEqual([]);
    // Not due again before its back-off ends.
    expect(await worker.runOnce()).toBe(0);

    await ctx.db.query(`UPDATE message_outbox SET next_attempt_at = now() WHERE user_id = $1`, [member.user.id]);
    expect(await worker.runOnce()).toBe(1);
    expect(await outboxOf(member)).toEqual([{ status: 'SENT', attempts: 2, last_error: null, subscription_id: expect.any(String) }]);
    expect(receivedBy(device.id)).toHaveLength(1);
  });

  it('is given up for good on a 400, without trying again', async () => {
    const { member } = await subscribedMember('en');
    await worker.runOnce();
    pushService.answerNext(400);
    await api.put('/api/profile/password', { currentPassword: member.password, newPassword: 'new-secret-6', confirmPassword: 'new-secret-6' }, member.token);
    await worker.runOnce();
    expect(await outboxOf(member)).toEqual([{ status: 'FAILED', attempts: 1, last_error: expect.stringContaining('400'), subscription_id: expect.any(String) }]);
  });

  it('removes the subscription when the push service answers 410, and never tries it again', async () => {
    const { member, device } = await subscribedMember('en');
    await worker.runOnce();
    pushService.forget(device.id);
    await api.put('/api/profile/password', { currentPassword: member.password, newPassword: 'new-secret-5', confirmPassword: 'new-secret-5' }, member.token);
    await worker.runOnce();

    expect(await outboxOf(member)).toEqual([{ status: 'GONE', attempts: 1, last_error: expect.stringContaining('410'), subscription_id: null }]);
    expect((await ctx.db.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [member.user.id])).rows).toEqual([]);
    expect((await api.get('/api/profile/message-channels', member.token)).body.data.availability.devices).toBe(0);
    const asked = pushService.requests.filter((request) => request.device === device.id).length;
    await api.put('/api/profile/password', { currentPassword: 'new-secret-5', newPassword: 'new-secret-4', confirmPassword: 'new-secret-4' }, member.token);
    await worker.runOnce();
    expect(pushService.requests.filter((request) => request.device === device.id)).toHaveLength(asked);
  });
});
