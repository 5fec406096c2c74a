/**
 * The phone providers against local fakes of their real HTTP APIs (test/phone-provider-fakes.ts): what
 * each sends (path, secret, template or body) and what each answer becomes (channel.ts, SendOutcome).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startSmsGatewayFake, startWhatsAppFake } from '../test/phone-provider-fakes.ts';
import type { ChannelMessage } from './channel.ts';
import { codeProvider, createPhoneProviders } from './phone-providers.ts';
import { SmsGatewayProvider } from './sms-gateway.ts';
import { WhatsAppCloudProvider } from './whatsapp-cloud.ts';

const APP_URL = 'https://umrah.example.pk';
const TOKEN = 'EAAJB-test-token-never-logged';
const SMS_SECRET = 'Basic c2VjcmV0OmtleQ==';

const whatsapp = await startWhatsAppFake({
  phoneNumberId: '106540352242922',
  token: TOKEN,
  templates: [
    { name: 'umrah_reminder', language: 'en', bodyParameters: 3 },
    { name: 'umrah_reminder', language: 'ur', bodyParameters: 3 },
    { name: 'umrah_otp', language: 'ur', bodyParameters: 1, copyCodeButton: true },
    { name: 'umrah_code', language: 'en', bodyParameters: 1, copyCodeButton: true },
  ],
});
const sms = await startSmsGatewayFake({ authHeader: { name: 'Authorization', value: SMS_SECRET } });
afterAll(() => Promise.all([whatsapp.close(), sms.close()]));

const providersFor = (env: Record<string, string>) => createPhoneProviders(loadConfig({ APP_URL, PHONE_PROVIDER_TIMEOUT_MS: '300', ...env }).phone, APP_URL);
const whatsappEnv = { WHATSAPP_API_URL: whatsapp.apiUrl, WHATSAPP_PHONE_NUMBER_ID: '106540352242922', WHATSAPP_TOKEN: TOKEN, WHATSAPP_TEMPLATES: '{"code":"umrah_otp"}' };
const smsEnv = { SMS_GATEWAY_URL: sms.sendUrl, SMS_GATEWAY_AUTH_HEADER: `Authorization: ${SMS_SECRET}` };

const reminder: ChannelMessage = {
  kind: 'reminder',
  language: 'en',
  title: 'Instalment due soon',
  body: 'Your instalment of Rs 5,000\nis due on 10 December.',
  url: '/dashboard/payments',
};

describe('WhatsApp Cloud API', () => {
  const provider = providersFor(whatsappEnv).whatsapp!;

  it('sends a kind of message as its template, in the member\'s language, with the title, body and link as parameters', async () => {
    const outcome = await provider.send('+923001234567', reminder);
    expect(outcome).toEqual({ outcome: 'sent', providerMessageId: expect.stringMatching(/^wamid\./) });
    const request = whatsapp.received.at(-1)!;
    expect(request.path).toBe('/v21.0/106540352242922/messages');
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(request.body)).toMatchObject({ messaging_product: 'whatsapp', to: '923001234567', type: 'template', template: { name: 'umrah_reminder', language: { code: 'en' } } });
    // A line break is not allowed inside a parameter: Meta would refuse the message.
    expect(whatsapp.sent.at(-1)).toEqual({
      to: '923001234567',
      template: 'umrah_reminder',
      language: 'en',
      parameters: ['Instalment due soon', 'Your instalment of Rs 5,000 is due on 10 December.', 'https://umrah.example.pk/dashboard/payments'],
      buttonParameters: [],
    });
  });

  it('sends the code as an authentication template: the code in the body and on the copy-code button, under the configured name', async () => {
    expect(await provider.sendCode('+923001234567', '493817', 'ur')).toMatchObject({ outcome: 'sent' });
    expect(whatsapp.sent.at(-1)).toEqual({ to: '923001234567', template: 'umrah_otp', language: 'ur', parameters: ['493817'], buttonParameters: ['493817'] });
  });

  it("says failed, with Meta's message and code and never the token, when the request is refused (4xx)", async () => {
    // umrah_winner was never approved at the fake: Meta answers 132001.
    const outcome = await provider.send('+923001234567', { ...reminder, kind: 'winner' });
    expect(outcome).toEqual({ outcome: 'failed', error: 'WhatsApp answered 404: (#132001) Template name does not exist in the translation (code 132001)' });
    const wrongToken = providersFor({ ...whatsappEnv, WHATSAPP_TOKEN: 'EAAJB-expired' }).whatsapp!;
    const refused = await wrongToken.sendCode('+923001234567', '111111', 'en');
    expect(refused).toMatchObject({ outcome: 'failed', error: expect.stringContaining('(code 190)') });
    expect(JSON.stringify(refused)).not.toContain('EAAJB');
  });

  it('says retry when Meta is busy (429) or failing (500), and when it does not answer in time', async () => {
    whatsapp.answerNext({ status: 429, body: { error: { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429 } } });
    expect(await provider.send('+923001234567', reminder)).toEqual({ outcome: 'retry', error: 'WhatsApp answered 429: (#130429) Rate limit hit (code 130429)' });
    whatsapp.answerNext({ status: 500, body: { error: { message: 'An unknown error occurred', type: 'OAuthException', code: 1 } } });
    expect(await provider.send('+923001234567', reminder)).toMatchObject({ outcome: 'retry', error: expect.stringContaining('answered 500') });
    whatsapp.answerNext('hang');
    expect(await provider.send('+923001234567', reminder)).toEqual({ outcome: 'retry', error: 'no answer within 300 ms' });
  });

  it('says retry when the API cannot be reached at all', async () => {
    const unreachable = providersFor({ ...whatsappEnv, WHATSAPP_API_URL: 'http://127.0.0.1:9/v21.0' }).whatsapp!;
    expect(await unreachable.send('+923001234567', reminder)).toMatchObject({ outcome: 'retry', error: expect.stringMatching(/^not reached: /) });
  });
});

describe('a generic SMS gateway', () => {
  it('posts the number and the text as JSON with the authorization header, the text being title, body and link', async () => {
    const provider = providersFor(smsEnv).sms!;
    expect(await provider.send('+923001234567', { ...reminder, body: 'Say "yes" \\ or no' })).toEqual({ outcome: 'sent', providerMessageId: `sms-${sms.sent.length}` });
    expect(sms.received.at(-1)!.headers.authorization).toBe(SMS_SECRET);
    expect(sms.sent.at(-1)).toEqual({ to: '+923001234567', text: 'Instalment due soon\nSay "yes" \\ or no\nhttps://umrah.example.pk/dashboard/payments' });
  });

  it('fills in a form body the operator wrote, escaping the values for a form', async () => {
    const provider = providersFor({ ...smsEnv, SMS_GATEWAY_CONTENT_TYPE: 'application/x-www-form-urlencoded', SMS_GATEWAY_BODY: 'sender=UMRAH&to={to}&text={text}' }).sms!;
    expect(await provider.sendCode('+923001234567', '204816', 'ur')).toMatchObject({ outcome: 'sent' });
    const request = sms.received.at(-1)!;
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=utf-8');
    expect(new URLSearchParams(request.body).get('sender')).toBe('UMRAH');
    expect(sms.sent.at(-1)).toEqual({ to: '+923001234567', text: '204816 آپ کا عمرہ کمیٹی کوڈ ہے۔ 10 منٹ میں ختم۔ کسی کو نہ بتائیں۔' });
    // An Urdu SMS is UCS-2, 70 characters a part: the code's text fits in one.
    expect(sms.sent.at(-1)!.text.length).toBeLessThanOrEqual(70);
  });

  it('says failed on a refusal (4xx), without the authorization header in what it says', async () => {
    const provider = providersFor({ ...smsEnv, SMS_GATEWAY_AUTH_HEADER: 'Authorization: Basic d3Jvbmc=' }).sms!;
    expect(await provider.sendCode('+923001234567', '204816', 'en')).toEqual({ outcome: 'failed', error: 'SMS gateway answered 401: {"error":"unauthorized"}' });
    sms.answerNext({ status: 400, body: `rejected request with Authorization: ${SMS_SECRET}` });
    const echoed = await providersFor(smsEnv).sms!.sendCode('+923001234567', '204816', 'en');
    expect(echoed).toEqual({ outcome: 'failed', error: 'SMS gateway answered 400: rejected request with Authorization: [secret]' });
  });

  it('says retry on 429, 500, and a gateway that does not answer in time', async () => {
    const provider = providersFor(smsEnv).sms!;
    sms.answerNext({ status: 429, body: 'slow down' }, { status: 500, body: 'down' }, 'hang');
    expect(await provider.sendCode('+923001234567', '1', 'en')).toEqual({ outcome: 'retry', error: 'SMS gateway answered 429: slow down' });
    expect(await provider.sendCode('+923001234567', '1', 'en')).toEqual({ outcome: 'retry', error: 'SMS gateway answered 500: down' });
    expect(await provider.sendCode('+923001234567', '1', 'en')).toEqual({ outcome: 'retry', error: 'no answer within 300 ms' });
  });
});

describe('choosing the provider of a confirmation code', () => {
  it('is WhatsApp when configured, else the SMS gateway, else none', () => {
    expect(codeProvider(providersFor({ ...whatsappEnv, ...smsEnv }))).toBeInstanceOf(WhatsAppCloudProvider);
    expect(codeProvider(providersFor(smsEnv))).toBeInstanceOf(SmsGatewayProvider);
    expect(codeProvider(providersFor({}))).toBeUndefined();
  });
});
