/**
 * A member's phone confirmed by a code (decision 057), end to end through each provider's local fake
 * (test/phone-provider-fakes.ts): the code sent and typed back, wrong, expired, used up, asked for too
 * soon or too often; a provider failing; no provider; the phone changed afterwards.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../contract/accounts.ts';
import { phoneMessages } from '../../contract/phone-confirmation.ts';
import { startSmsGatewayFake, startWhatsAppFake } from '../test/phone-provider-fakes.ts';
import { confirmedPhoneOf } from './phone-confirmation-service.ts';
import { client, createTestContext, openTestFile, signInAdmin, signUpMember, type TestContext } from '../test/test-app.ts';

const SMS_AUTH = { name: 'X-Api-Key', value: 'sms-secret-key-1' };
const sms = await startSmsGatewayFake({ authHeader: SMS_AUTH });
const whatsapp = await startWhatsAppFake({
  phoneNumberId: '106540352242922',
  token: 'EAAJB-test',
  templates: [
    { name: 'umrah_code', language: 'en', bodyParameters: 1, copyCodeButton: true },
    { name: 'umrah_code', language: 'ur', bodyParameters: 1, copyCodeButton: true },
  ],
});
afterAll(() => Promise.all([sms.close(), whatsapp.close()]));

const { ctx, api } = await openTestFile({
  env: { SMS_GATEWAY_URL: sms.sendUrl, SMS_GATEWAY_AUTH_HEADER: `${SMS_AUTH.name}: ${SMS_AUTH.value}`, PHONE_PROVIDER_TIMEOUT_MS: '500' },
});

const SEND = '/api/profile/phone/confirmation';
const CONFIRM = '/api/profile/phone/confirm';

/** The code in the newest SMS to a number. */
function smsCode(to: string): string {
  const text = sms.sent.filter((message) => message.to === to).at(-1)?.text ?? '';
  const code = /\b([0-9]{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

let numbers = 0;
/** A Pakistani mobile number no other test uses, as a member would type it. */
function freshPhone(): { typed: string; e164: string } {
  numbers++;
  const digits = `30${String(numbers).padStart(8, '0')}`;
  return { typed: `0${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+92${digits}` };
}

async function memberWithPhone(context: TestContext = ctx, language: 'en' | 'ur' = 'en') {
  const phone = freshPhone();
  const member = await signUpMember(context, { phone: phone.typed, language });
  return { ...member, phone };
}

async function stored(context: TestContext, userId: string) {
  const { rows } = await context.db.query<{ phone_confirmed_at: Date | null; codes: number }>(
    'SELECT phone_confirmed_at, (SELECT count(*)::int FROM phone_confirmation_codes WHERE user_id = $1) AS codes FROM users WHERE id = $1',
    [userId],
  );
  return rows[0];
}

async function auditActions(context: TestContext, userId: string): Promise<{ action: string; after: unknown }[]> {
  const { rows } = await context.db.query<{ action: string; after_data: unknown }>(
    `SELECT action, after_data FROM audit_log WHERE entity_id = $1 AND action LIKE 'PHONE_%' ORDER BY created_at, id`,
    [userId],
  );
  return rows.map((row) => ({ action: row.action, after: row.after_data }));
}

/** As if the minute between codes had passed. */
const waitOutResend = (context: TestContext, userId: string) =>
  context.db.write(`UPDATE phone_confirmation_codes SET sent_at = sent_at - interval '61 seconds' WHERE user_id = $1`, [userId]);

describe('POST /api/profile/phone/confirmation and /confirm by SMS', () => {
  it("sends a code to the profile's phone in E.164, and typing it back confirms the phone", async () => {
    const member = await memberWithPhone();
    expect((await api.get('/api/profile', member.token)).body.user.phoneConfirmed).toBe(false);
    // Nothing but the code may go to a phone that is not confirmed.
    expect(await confirmedPhoneOf(ctx.db, member.user.id)).toBeUndefined();

    const sent = await api.post(SEND, undefined, member.token);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ success: true, code: 'phone.codeSent', message: phoneMessages.codeSent, data: { channel: 'sms', phone: member.phone.e164 } });
    const { expiresAt, resendAt } = sent.body.data;
    expect(new Date(expiresAt).getTime() - new Date(resendAt).getTime()).toBe(9 * 60 * 1000);
    const request = sms.received.at(-1)!;
    expect(request.headers['x-api-key']).toBe(SMS_AUTH.value);
    expect(sms.sent.at(-1)!.text).toMatch(/^[0-9]{6} is your Umrah Committee code\. It expires in 10 minutes\./);
    // Only the code's hash is kept.
    const { rows } = await ctx.db.query<{ code_hash: string }>('SELECT code_hash FROM phone_confirmation_codes WHERE user_id = $1', [member.user.id]);
    expect(rows[0].code_hash).not.toContain(smsCode(member.phone.e164));

    const confirmed = await api.post(CONFIRM, { code: smsCode(member.phone.e164) }, member.token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ code: 'phone.confirmed', message: phoneMessages.confirmed, user: { id: member.user.id, phoneConfirmed: true } });
    expect(confirmed.body.data.user).toEqual(confirmed.body.user);
    expect(await stored(ctx, member.user.id)).toEqual({ phone_confirmed_at: expect.any(Date), codes: 0 });
    expect((await api.get('/api/profile', member.token)).body.user.phoneConfirmed).toBe(true);
    expect(await confirmedPhoneOf(ctx.db, member.user.id)).toBe(member.phone.e164);
    expect(await auditActions(ctx, member.user.id)).toEqual([
      { action: 'PHONE_CODE_SENT', after: { phone: member.phone.e164, channel: 'sms' } },
      { action: 'PHONE_CONFIRM', after: { phone: member.phone.e164 } },
    ]);

    // Confirmed: no more codes, and a used code confirms nothing again.
    const again = await api.post(SEND, undefined, member.token);
    expect(again).toMatchObject({ status: 409, body: { code: 'phone.alreadyConfirmed', message: phoneMessages.alreadyConfirmed } });
    expect((await api.post(CONFIRM, { code: '123456' }, member.token)).body.code).toBe('phone.alreadyConfirmed');
  });

  it('reads a code typed in Urdu digits, and an administrator confirms their own phone the same way', async () => {
    const admin = await signInAdmin(ctx);
    const phone = freshPhone();
    await ctx.db.write('UPDATE users SET phone = $2 WHERE id = $1', [admin.user.id, phone.e164]);
    expect((await api.post(SEND, undefined, admin.token)).status).toBe(200);
    const urduDigits = [...smsCode(phone.e164)].map((digit) => String.fromCharCode(0x06f0 + Number(digit))).join('');
    const confirmed = await api.post(CONFIRM, { code: ` ${urduDigits} ` }, admin.token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.user.phoneConfirmed).toBe(true);
  });

  it('refuses a wrong code with a field error and the tries left, then the code once its 5 tries are used', async () => {
    const member = await memberWithPhone();
    await api.post(SEND, undefined, member.token);
    const right = smsCode(member.phone.e164);
    const wrong = right === '000000' ? '111111' : '000000';
    for (const triesLeft of [4, 3, 2, 1, 0]) {
      const res = await api.post(CONFIRM, { code: wrong }, member.token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'phone.codeWrong', message: phoneMessages.codeWrong, errors: { code: phoneMessages.codeWrong }, triesLeft });
    }
    const spent = await api.post(CONFIRM, { code: right }, member.token);
    expect(spent).toMatchObject({ status: 409, body: { code: 'phone.tooManyTries', message: phoneMessages.tooManyTries } });
    expect((await stored(ctx, member.user.id)).phone_confirmed_at).toBeNull();

    // A new code starts again.
    await waitOutResend(ctx, member.user.id);
    expect((await api.post(SEND, undefined, member.token)).status).toBe(200);
    expect((await api.post(CONFIRM, { code: smsCode(member.phone.e164) }, member.token)).status).toBe(200);
  });

  it('refuses an expired code (409), and a confirmation before any code was asked for (409)', async () => {
    const member = await memberWithPhone();
    const none = await api.post(CONFIRM, { code: '123456' }, member.token);
    expect(none).toMatchObject({ status: 409, body: { code: 'phone.noCode', message: phoneMessages.noCode } });

    await api.post(SEND, undefined, member.token);
    await ctx.db.write(`UPDATE phone_confirmation_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [member.user.id]);
    const expired = await api.post(CONFIRM, { code: smsCode(member.phone.e164) }, member.token);
    expect(expired).toMatchObject({ status: 409, body: { code: 'phone.codeExpired', message: phoneMessages.codeExpired } });
  });

  it('answers a code that is not 6 digits with a field error (400), never a 500', async () => {
    const member = await memberWithPhone();
    await api.post(SEND, undefined, member.token);
    for (const body of [{ code: '12345' }, { code: '1234567' }, { code: 'abcdef' }, { code: 123456 }, {}, { code: null }]) {
      const res = await api.post(CONFIRM, body, member.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.code).toBe(phoneMessages.codeInvalid);
    }
    // None of them was counted as a try.
    const { rows } = await ctx.db.query<{ tries: number }>('SELECT tries FROM phone_confirmation_codes WHERE user_id = $1', [member.user.id]);
    expect(rows[0].tries).toBe(0);
  });

  it('refuses a profile without a phone, or with one no code can reach, with a field error on the phone (400)', async () => {
    const without = await signUpMember(ctx);
    const none = await api.post(SEND, undefined, without.token);
    expect(none).toMatchObject({ status: 400, body: { code: 'phone.noPhone', errors: { phone: phoneMessages.noPhone } } });
    const landline = await signUpMember(ctx, { phone: '021-35001234' });
    const unusable = await api.post(SEND, undefined, landline.token);
    expect(unusable).toMatchObject({ status: 400, body: { code: 'phone.phoneUnusable', errors: { phone: phoneMessages.phoneUnusable } } });
    expect(await auditActions(ctx, landline.user.id)).toEqual([]);
  });

  it('asks a minute between codes (429 with when), and allows 5 codes an hour', async () => {
    const member = await memberWithPhone();
    expect((await api.post(SEND, undefined, member.token)).status).toBe(200);
    const soon = await api.post(SEND, undefined, member.token);
    expect(soon).toMatchObject({ status: 429, body: { code: 'phone.resendWait', message: phoneMessages.resendWait } });
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Date.parse(soon.body.retryAt)).toBeGreaterThan(Date.now());

    // A new code replaces the one before.
    const firstCode = smsCode(member.phone.e164);
    await waitOutResend(ctx, member.user.id);
    const second = await api.post(SEND, undefined, member.token);
    expect(second.status).toBe(200);
    // The first code is worth nothing now (unless the new one is, by a one-in-a-million chance, the same six digits).
    if (smsCode(member.phone.e164) !== firstCode) expect((await api.post(CONFIRM, { code: firstCode }, member.token)).body.code).toBe('phone.codeWrong');

    for (let sends = 3; sends <= 5; sends++) {
      await waitOutResend(ctx, member.user.id);
      expect((await api.post(SEND, undefined, member.token)).status).toBe(200);
    }
    await waitOutResend(ctx, member.user.id);
    const sixth = await api.post(SEND, undefined, member.token);
    expect(sixth).toMatchObject({ status: 429, body: { message: authMessages.tooManyRequests } });
  });

  it('answers 503 when the gateway fails or does not answer in time, keeping no code, so the member may ask again at once', async () => {
    const member = await memberWithPhone();
    for (const failure of [{ status: 500, body: 'down' }, { status: 400, body: 'bad number' }, 'hang'] as const) {
      sms.answerNext(failure);
      const res = await api.post(SEND, undefined, member.token);
      expect(res).toMatchObject({ status: 503, body: { code: 'phone.sendFailed', message: phoneMessages.sendFailed } });
      expect((await stored(ctx, member.user.id)).codes).toBe(0);
    }
    expect(await auditActions(ctx, member.user.id)).toEqual([]);
    // The gateway's secret never reaches the log.
    expect(ctx.logLines.join('')).toContain('phone confirmation code not sent');
    expect(ctx.logLines.join('')).not.toContain(SMS_AUTH.value);
    expect((await api.post(SEND, undefined, member.token)).status).toBe(200);
  });

  it('asks for a session on both (401)', async () => {
    expect((await api.post(SEND)).status).toBe(401);
    expect((await api.post(CONFIRM, { code: '123456' })).status).toBe(401);
    expect((await api.post(CONFIRM, { code: '123456' }, 'not-a-session')).status).toBe(401);
  });

  it("reaches only the caller's own phone: another member's code confirms nothing for them", async () => {
    const first = await memberWithPhone();
    const second = await memberWithPhone();
    await api.post(SEND, undefined, first.token);
    await api.post(SEND, undefined, second.token);
    const res = await api.post(CONFIRM, { code: smsCode(first.phone.e164) }, second.token);
    // The same six digits by chance would be right for them: anything else is wrong.
    if (smsCode(first.phone.e164) !== smsCode(second.phone.e164)) expect(res.body.code).toBe('phone.codeWrong');
    expect((await stored(ctx, first.user.id)).phone_confirmed_at).toBeNull();
  });
});

describe('changing the phone in the profile', () => {
  it('un-confirms the phone and forgets a code sent to the old one; the same number written otherwise stays confirmed', async () => {
    const member = await memberWithPhone();
    await api.post(SEND, undefined, member.token);
    await api.post(CONFIRM, { code: smsCode(member.phone.e164) }, member.token);

    const sameNumber = await api.put('/api/profile', { name: 'Test Member', email: member.email, phone: member.phone.e164 }, member.token);
    expect(sameNumber.body.user.phoneConfirmed).toBe(true);

    const next = freshPhone();
    const changed = await api.put('/api/profile', { name: 'Test Member', email: member.email, phone: next.typed }, member.token);
    expect(changed.status).toBe(200);
    expect(changed.body.user).toMatchObject({ phone: next.typed, phoneConfirmed: false });
    expect((await stored(ctx, member.user.id)).phone_confirmed_at).toBeNull();
    expect(await confirmedPhoneOf(ctx.db, member.user.id)).toBeUndefined();

    // A code for the new number, then the number changed again before it was typed: it confirms nothing.
    await api.post(SEND, undefined, member.token);
    const code = smsCode(next.e164);
    await api.put('/api/profile', { name: 'Test Member', email: member.email, phone: freshPhone().typed }, member.token);
    expect((await stored(ctx, member.user.id)).codes).toBe(0);
    expect((await api.post(CONFIRM, { code }, member.token)).body.code).toBe('phone.noCode');

    // Removing the phone un-confirms too.
    await ctx.db.write('UPDATE users SET phone_confirmed_at = now() WHERE id = $1', [member.user.id]);
    const removed = await api.put('/api/profile', { name: 'Test Member', email: member.email, phone: '' }, member.token);
    expect(removed.body.user).toMatchObject({ phone: null, phoneConfirmed: false });
  });
});

describe('by WhatsApp', async () => {
  const whatsappCtx = await createTestContext({
    env: {
      WHATSAPP_API_URL: whatsapp.apiUrl,
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_TOKEN: 'EAAJB-test',
      // Both set: WhatsApp is chosen.
      SMS_GATEWAY_URL: sms.sendUrl,
      SMS_GATEWAY_AUTH_HEADER: `${SMS_AUTH.name}: ${SMS_AUTH.value}`,
    },
  });
  afterAll(() => whatsappCtx.close());
  const whatsappApi = client(whatsappCtx);

  it("sends the code as the authentication template in the member's language, and typing it back confirms the phone", async () => {
    const member = await memberWithPhone(whatsappCtx, 'ur');
    const smsBefore = sms.sent.length;
    const sent = await whatsappApi.post(SEND, undefined, member.token);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ channel: 'whatsapp', phone: member.phone.e164 });
    const message = whatsapp.sent.at(-1)!;
    expect(message).toMatchObject({ to: member.phone.e164.slice(1), template: 'umrah_code', language: 'ur' });
    expect(message.buttonParameters).toEqual(message.parameters);
    expect(sms.sent.length).toBe(smsBefore);

    const confirmed = await whatsappApi.post(CONFIRM, { code: message.parameters[0] }, member.token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.user.phoneConfirmed).toBe(true);
    expect(await auditActions(whatsappCtx, member.user.id)).toEqual([
      { action: 'PHONE_CODE_SENT', after: { phone: member.phone.e164, channel: 'whatsapp' } },
      { action: 'PHONE_CONFIRM', after: { phone: member.phone.e164 } },
    ]);
  });

  it("answers 503 when Meta refuses the message, and never puts the token in the log", async () => {
    const member = await memberWithPhone(whatsappCtx);
    whatsapp.answerNext({ status: 400, body: { error: { message: '(#131026) Message undeliverable', type: 'OAuthException', code: 131026 } } });
    const res = await whatsappApi.post(SEND, undefined, member.token);
    expect(res).toMatchObject({ status: 503, body: { code: 'phone.sendFailed' } });
    expect(whatsappCtx.logLines.join('')).toContain('Message undeliverable');
    expect(whatsappCtx.logLines.join('')).not.toContain('EAAJB-test');
  });
});

describe('without a provider', async () => {
  const bare = await createTestContext();
  afterAll(() => bare.close());

  it('refuses to send a code (409) and keeps nothing', async () => {
    const member = await memberWithPhone(bare);
    const res = await client(bare).post(SEND, undefined, member.token);
    expect(res).toMatchObject({ status: 409, body: { code: 'phone.noProvider', message: phoneMessages.noProvider } });
    expect(await stored(bare, member.user.id)).toEqual({ phone_confirmed_at: null, codes: 0 });
  });
});
