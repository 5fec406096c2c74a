/**
 * The member's channels per kind of message (GET/PUT /api/profile/message-channels), this device's push
 * subscription (/api/push) and an administrator's list of a member's messages: each route's answers,
 * refusals and conflicts, and the rows a chosen channel makes an event write.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestFile, signInAdmin, signUpMember } from '../test/test-app.ts';
import { startPushService } from '../test/push-service.ts';
import { recordPhoneProviders } from './message-outbox.ts';

const pushService = await startPushService();
const { ctx, api } = await openTestFile({ env: { PUSH_SERVICES: pushService.origin } });
let admin: Awaited<ReturnType<typeof signInAdmin>>;
type Member = Awaited<ReturnType<typeof signUpMember>>;

const allOff = { push: false, whatsapp: false, sms: false };
const table = (choice: { push: boolean; whatsapp: boolean; sms: boolean }) => ({ reminder: choice, receipt: choice, winner: choice, draw: choice, security: choice });

beforeAll(async () => {
  admin = await signInAdmin(ctx);
});

async function outbox(member: Member) {
  const { rows } = await ctx.db.query<{ kind: string; channel: string; to_address: string | null; language: string; title: string; url: string }>(
    'SELECT kind, channel, to_address, language, title, url FROM message_outbox WHERE user_id = $1 ORDER BY created_at, channel',
    [member.user.id],
  );
  return rows;
}

describe('GET /api/profile/message-channels', () => {
  it('answers push on and the phone channels off for every kind, with what the member can use', async () => {
    const member = await signUpMember(ctx);
    const res = await api.get('/api/profile/message-channels', member.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      choices: table({ push: true, whatsapp: false, sms: false }),
      emailReminders: true,
      availability: { pushConfigured: true, devices: 0, phoneConfirmed: false, whatsappConfigured: false, smsConfigured: false },
    });
  });

  it('needs a session', async () => {
    expect((await api.get('/api/profile/message-channels')).status).toBe(401);
  });

  it('is an administrator’s too, for their security notices', async () => {
    expect((await api.get('/api/profile/message-channels', admin.token)).status).toBe(200);
  });
});

describe('PUT /api/profile/message-channels', () => {
  it('saves the whole table and reminder emails, and answers it back', async () => {
    const member = await signUpMember(ctx);
    const choices = { ...table({ push: true, whatsapp: false, sms: false }), draw: allOff };
    const res = await api.put('/api/profile/message-channels', { choices, emailReminders: false }, member.token);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('messaging.choicesSaved');
    expect(res.body.data.choices).toEqual(choices);
    expect(res.body.data.emailReminders).toBe(false);
    expect((await api.get('/api/profile', member.token)).body.user.emailReminders).toBe(false);
    expect((await api.get('/api/profile/message-channels', member.token)).body.data.choices.draw).toEqual(allOff);
  });

  it('refuses a body without every kind, or with a switch that is not true or false (400 with the fields)', async () => {
    const member = await signUpMember(ctx);
    const missing = await api.put('/api/profile/message-channels', { choices: { reminder: allOff }, emailReminders: true }, member.token);
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(expect.arrayContaining(['choices.receipt', 'choices.security']));
    const wrong = await api.put('/api/profile/message-channels', { choices: { ...table(allOff), winner: { push: 'yes', whatsapp: false, sms: false } }, emailReminders: true }, member.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors['choices.winner.push']).toBe('push must be true or false.');
    expect((await api.put('/api/profile/message-channels', {}, member.token)).status).toBe(400);
  });

  it('refuses WhatsApp or SMS without a confirmed phone, then without a provider (409), and keeps nothing', async () => {
    const member = await signUpMember(ctx);
    const smsForReminders = { ...table({ push: true, whatsapp: false, sms: false }), reminder: { push: true, whatsapp: false, sms: true } };
    const unconfirmed = await api.put('/api/profile/message-channels', { choices: smsForReminders, emailReminders: true }, member.token);
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.code).toBe('messaging.phoneNotConfirmed');
    expect(unconfirmed.body.errors).toEqual({ 'choices.reminder.sms': 'Confirm your phone number before choosing WhatsApp or SMS.' });

    await ctx.db.query(`UPDATE users SET phone = '+923001234567', phone_confirmed_at = now() WHERE id = $1`, [member.user.id]);
    const unoffered = await api.put('/api/profile/message-channels', { choices: smsForReminders, emailReminders: true }, member.token);
    expect(unoffered.status).toBe(409);
    expect(unoffered.body.code).toBe('messaging.channelNotOffered');
    expect((await api.get('/api/profile/message-channels', member.token)).body.data.choices.reminder.sms).toBe(false);
  });

  it('keeps a phone channel chosen once the phone is confirmed and the channel has a provider: an event then writes its message to the phone', async () => {
    const member = await signUpMember(ctx, { language: 'ur' });
    await ctx.db.query(`UPDATE users SET phone = '+923001234568', phone_confirmed_at = now() WHERE id = $1`, [member.user.id]);
    await recordPhoneProviders(ctx.db, ['sms']);
    try {
      const choices = { ...table({ push: true, whatsapp: false, sms: false }), security: { push: true, whatsapp: false, sms: true } };
      const saved = await api.put('/api/profile/message-channels', { choices, emailReminders: true }, member.token);
      expect(saved.status).toBe(200);
      expect(saved.body.data.availability).toMatchObject({ phoneConfirmed: true, smsConfigured: true, whatsappConfigured: false });
      // A security notice: the password changed.
      expect((await api.put('/api/profile/password', { currentPassword: member.password, newPassword: 'another-secret-2', confirmPassword: 'another-secret-2' }, member.token)).status).toBe(200);
      expect(await outbox(member)).toEqual([
        { kind: 'security', channel: 'sms', to_address: '+923001234568', language: 'ur', title: 'سیکیورٹی اطلاع: آپ کا پاس ورڈ بدلا گیا', url: '/profile' },
      ]);
    } finally {
      await recordPhoneProviders(ctx.db, []);
    }
  });

  it('needs a session', async () => {
    expect((await api.put('/api/profile/message-channels', { choices: table(allOff), emailReminders: true })).status).toBe(401);
  });
});

describe('GET /api/push/key', () => {
  it('answers the one VAPID public key, the same on every call', async () => {
    const member = await signUpMember(ctx);
    const first = await api.get('/api/push/key', member.token);
    expect(first.status).toBe(200);
    expect(first.body.data.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await api.get('/api/push/key', admin.token)).body.data.publicKey).toBe(first.body.data.publicKey);
    const { rows } = await ctx.db.query<{ public_key: string }>('SELECT public_key FROM push_vapid_keys');
    expect(rows).toEqual([{ public_key: first.body.data.publicKey }]);
  });

  it('needs a session', async () => {
    expect((await api.get('/api/push/key')).status).toBe(401);
  });
});

describe('POST and DELETE /api/push/subscriptions', () => {
  it('subscribes a device, once per endpoint, moved to whoever subscribes it last; unsubscribes it by its endpoint', async () => {
    const aisha = await signUpMember(ctx);
    const bilal = await signUpMember(ctx);
    const device = pushService.newDevice();
    const subscribed = await api.post('/api/push/subscriptions', device.subscription, aisha.token);
    expect(subscribed.status).toBe(201);
    expect(subscribed.body).toMatchObject({ code: 'messaging.deviceSubscribed', data: { devices: 1 } });
    expect((await api.post('/api/push/subscriptions', device.subscription, aisha.token)).body.data.devices).toBe(1);
    // The same browser, now signed in as Bilal.
    expect((await api.post('/api/push/subscriptions', device.subscription, bilal.token)).body.data.devices).toBe(1);
    expect((await api.get('/api/profile/message-channels', aisha.token)).body.data.availability.devices).toBe(0);

    // Another person's device is not Aisha's to remove.
    const notHers = await ctx.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', payload: { endpoint: device.subscription.endpoint }, headers: { authorization: `Bearer ${aisha.token}` } });
    expect(notHers.statusCode).toBe(404);
    expect(notHers.json().code).toBe('messaging.subscriptionNotFound');
    const removed = await ctx.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', payload: { endpoint: device.subscription.endpoint }, headers: { authorization: `Bearer ${bilal.token}` } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ code: 'messaging.deviceUnsubscribed', data: { devices: 0 } });
  });

  it('refuses an endpoint outside the push services, and keys of the wrong length (400 with the fields)', async () => {
    const member = await signUpMember(ctx);
    const { subscription } = pushService.newDevice();
    const elsewhere = await api.post('/api/push/subscriptions', { ...subscription, endpoint: 'http://169.254.169.254/latest/meta-data' }, member.token);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors).toEqual({ endpoint: 'This browser’s push service is not one the app sends to.' });
    const badKeys = await api.post('/api/push/subscriptions', { ...subscription, keys: { p256dh: 'AAAA', auth: subscription.keys.p256dh } }, member.token);
    expect(badKeys.status).toBe(400);
    expect(Object.keys(badKeys.body.errors).sort()).toEqual(['keys.auth', 'keys.p256dh']);
    expect((await api.post('/api/push/subscriptions', { endpoint: 'not a url', keys: subscription.keys }, member.token)).status).toBe(400);
    const noEndpoint = await ctx.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', payload: {}, headers: { authorization: `Bearer ${member.token}` } });
    expect(noEndpoint.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const { subscription } = pushService.newDevice();
    expect((await api.post('/api/push/subscriptions', subscription)).status).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', payload: { endpoint: subscription.endpoint } })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/users/{id}/messages', () => {
  it("lists a member's messages newest first, without their address or words", async () => {
    const member = await signUpMember(ctx);
    const device = pushService.newDevice();
    await api.post('/api/push/subscriptions', device.subscription, member.token);
    expect((await api.put('/api/profile/password', { currentPassword: member.password, newPassword: 'changed-secret-1', confirmPassword: 'changed-secret-1' }, member.token)).status).toBe(200);
    expect((await api.put('/api/profile/password', { currentPassword: 'changed-secret-1', newPassword: 'changed-secret-2', confirmPassword: 'changed-secret-2' }, member.token)).status).toBe(200);
    const res = await api.get(`/api/admin/users/${member.user.id}/messages?limit=1`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.messages).toEqual([{ id: expect.any(String), kind: 'security', channel: 'push', status: 'PENDING', attempts: 0, createdAt: expect.any(String), sentAt: null, lastError: null }]);
    expect(res.body.data.pagination).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(JSON.stringify(res.body)).not.toContain(device.subscription.endpoint);
  });

  it('is refused to members (403), answers 404 for no such user and 400 for a bad page', async () => {
    const member = await signUpMember(ctx);
    expect((await api.get(`/api/admin/users/${member.user.id}/messages`)).status).toBe(401);
    expect((await api.get(`/api/admin/users/${member.user.id}/messages`, member.token)).status).toBe(403);
    expect((await api.get('/api/admin/users/00000000-0000-4000-8000-000000000000/messages', admin.token)).status).toBe(404);
    expect((await api.get('/api/admin/users/not-an-id/messages', admin.token)).status).toBe(404);
    const badPage = await api.get(`/api/admin/users/${member.user.id}/messages?page=0`, admin.token);
    expect(badPage.status).toBe(400);
    expect(badPage.body.errors).toHaveProperty('page');
  });
});
