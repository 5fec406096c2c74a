/**
 * SMS end to end (WhatsApp's template calls: phone-providers.test.ts): a member confirms their phone with the code the SMS gateway carried,
 * chooses SMS for a kind of message, and the event's message reaches the provider's real
 * HTTP API in the member's language, addressed in E.164 whatever way the phone was typed; a provider's
 * 500 is tried again and the message sent once; a phone never confirmed gets nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { testFactories } from '../test/factories.ts';
import { startSmsGatewayFake } from '../test/phone-provider-fakes.ts';
import { openTestFile, signInAdmin, signUpMember } from '../test/test-app.ts';
import { MessageWorker, recordPhoneProviders } from './message-outbox.ts';
import { createPhoneProviders } from './phone-providers.ts';

const SMS_AUTH = { name: 'X-Api-Key', value: 'sms-secret-key-2' };
const sms = await startSmsGatewayFake({ authHeader: SMS_AUTH });
afterAll(() => sms.close());

const smsFile = await openTestFile({ env: { SMS_GATEWAY_URL: sms.sendUrl, SMS_GATEWAY_AUTH_HEADER: `${SMS_AUTH.name}: ${SMS_AUTH.value}`, PHONE_PROVIDER_TIMEOUT_MS: '2000' } });
const { ctx, api } = smsFile;
const phoneProviders = createPhoneProviders(ctx.config.phone, ctx.config.appUrl);
const worker = new MessageWorker(ctx.db, { phone: phoneProviders }, createLogger('silent'));
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let make: ReturnType<typeof testFactories>;

ctx.setNow('2026-02-05T12:00:00+05:00');

beforeAll(async () => {
  // What the server records at start: the channels it has a provider for.
  await recordPhoneProviders(ctx.db, ['sms']);
  admin = await signInAdmin(ctx);
  make = testFactories(ctx, admin);
});

let numbers = 0;
/** A member with a Pakistani mobile number typed as people do, and its E.164 form. */
async function memberWithPhone(language: 'en' | 'ur') {
  numbers++;
  const digits = `31${String(numbers).padStart(8, '0')}`;
  const member = await signUpMember(ctx, { phone: `0${digits.slice(0, 3)} ${digits.slice(3)}`, language });
  return { ...member, e164: `+92${digits}` };
}

async function confirmPhone(member: Awaited<ReturnType<typeof memberWithPhone>>) {
  expect((await api.post('/api/profile/phone/confirmation', undefined, member.token)).status).toBe(200);
  const code = /\b([0-9]{6})\b/.exec(sms.sent.filter((message) => message.to === member.e164).at(-1)!.text)![1];
  expect((await api.post('/api/profile/phone/confirm', { code }, member.token)).status).toBe(200);
}

const allOff = { push: false, whatsapp: false, sms: false };
const smsFor = (kind: 'receipt' | 'security') => ({ reminder: allOff, receipt: allOff, winner: allOff, draw: allOff, security: allOff, [kind]: { push: false, whatsapp: false, sms: true } });

async function receiptApproved(member: Awaited<ReturnType<typeof memberWithPhone>>) {
  const { groupId } = await make.memberInGroup({ member });
  const paymentId = await make.payInstalment(member.token, groupId, 2);
  expect((await api.put(`/api/payments/${paymentId}/status`, { status: 'paid' }, admin.token)).status).toBe(200);
}

async function newestNotice(userId: string, type: string) {
  const { rows } = await ctx.db.query<{ title: string; message: string }>('SELECT title, message FROM notifications WHERE user_id = $1 AND type = $2 ORDER BY created_at DESC LIMIT 1', [userId, type]);
  return rows[0];
}

describe('SMS through the gateway', () => {
  it('sends a confirmed member the approval of their receipt in Urdu, to their number in E.164, with the link to the screen', async () => {
    const member = await memberWithPhone('ur');
    await confirmPhone(member);
    expect((await api.put('/api/profile/message-channels', { choices: smsFor('receipt'), emailReminders: true }, member.token)).status).toBe(200);
    const before = sms.sent.length;
    await receiptApproved(member);
    expect(await worker.runOnce()).toBeGreaterThanOrEqual(1);

    const notice = await newestNotice(member.user.id, 'INSTALMENT_APPROVED');
    const sent = sms.sent.slice(before).filter((message) => message.to === member.e164);
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain(notice.title);
    expect(sent[0].text).toContain(`${ctx.config.appUrl}/dashboard?tab=payments`);
    const { rows } = await ctx.db.query<{ status: string; provider_message_id: string | null }>(
      "SELECT status, provider_message_id FROM message_outbox WHERE user_id = $1 AND channel = 'sms'",
      [member.user.id],
    );
    expect(rows).toEqual([{ status: 'SENT', provider_message_id: expect.stringMatching(/^sms-\d+$/) }]);
  });

  it("tries again after the gateway's 500 and sends the message once", async () => {
    const member = await memberWithPhone('en');
    await confirmPhone(member);
    expect((await api.put('/api/profile/message-channels', { choices: smsFor('receipt'), emailReminders: true }, member.token)).status).toBe(200);
    await receiptApproved(member);
    sms.answerNext({ status: 500, body: { error: 'busy' } });
    await worker.runOnce();
    const { rows: waiting } = await ctx.db.query<{ status: string; attempts: number; last_error: string | null }>(
      "SELECT status, attempts, last_error FROM message_outbox WHERE user_id = $1 AND channel = 'sms'",
      [member.user.id],
    );
    expect(waiting).toEqual([{ status: 'PENDING', attempts: 1, last_error: expect.any(String) }]);

    // The back-off has passed.
    await ctx.db.query("UPDATE message_outbox SET next_attempt_at = now() WHERE user_id = $1 AND channel = 'sms'", [member.user.id]);
    await worker.runOnce();
    await worker.runOnce();
    expect(sms.sent.filter((message) => message.to === member.e164 && !/\b[0-9]{6}\b/.test(message.text))).toHaveLength(1);
  });

  it('sends nothing to a phone that was never confirmed, whatever is chosen', async () => {
    const member = await memberWithPhone('en');
    await ctx.db.query(
      `INSERT INTO message_channel_choices (user_id, kind, channel, chosen) VALUES ($1, 'receipt', 'sms', true)
       ON CONFLICT (user_id, kind, channel) DO UPDATE SET chosen = true`,
      [member.user.id],
    );
    await receiptApproved(member);
    await worker.runOnce();
    expect(sms.sent.filter((message) => message.to === member.e164)).toEqual([]);
    const { rows } = await ctx.db.query('SELECT 1 FROM message_outbox WHERE user_id = $1', [member.user.id]);
    expect(rows).toEqual([]);
  });
});
