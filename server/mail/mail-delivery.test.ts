/**
 * Mail end to end through a real SMTP server running in this process: the product queues the
 * message, the worker sends it over SMTP, and the link in the received message works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { startSmtpCatcher } from '../test/smtp-catcher.ts';
import { client, createTestContext, signUpMember, TEST_APP_URL, uniqueEmail, type TestContext } from '../test/test-app.ts';
import { MailWorker, retryDelaySeconds } from './outbox.ts';
import { createMailTransport } from './transport.ts';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let worker: MailWorker;
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await startSmtpCatcher();
  worker = new MailWorker(ctx.db, createMailTransport({ smtpUrl: smtp.url, from: 'Umrah Committee <no-reply@umrah.test>', logger: silent }), silent);
});
afterAll(async () => {
  await worker.stop();
  await smtp.close();
  await ctx.close();
});

describe('mail delivery', () => {
  it('delivers the verification email over SMTP and its link verifies the account', async () => {
    const api = client(ctx);
    const email = uniqueEmail('smtp');
    expect((await api.post('/api/auth/register', { name: 'Hamza', email, password: 'secret-pass-1' })).status).toBe(201);
    expect(await worker.runOnce()).toBeGreaterThanOrEqual(1);

    const message = smtp.received.find((m) => m.to.includes(email));
    expect(message).toBeDefined();
    const body = message!.text;
    expect(body).toContain('Subject: Verify your email address');
    const link = new RegExp(`${TEST_APP_URL}/verify-email\\?token=([A-Za-z0-9_-]+)`).exec(body);
    expect(link).not.toBeNull();

    expect((await api.get(`/api/auth/verify-email?token=${link![1]}`)).status).toBe(200);
    expect((await api.post('/api/auth/login', { email, password: 'secret-pass-1' })).status).toBe(200);
  });

  it('keeps mail queued while the SMTP server refuses it, and sends it later; the request never fails', async () => {
    const api = client(ctx);
    const member = await signUpMember(ctx);
    await worker.runOnce();
    smtp.setRefusing(true);
    const forgot = await api.post('/api/auth/forgot-password', { email: member.email });
    expect(forgot.status).toBe(200);
    expect(await worker.runOnce()).toBe(0);
    const { rows } = await ctx.db.query<{ status: string; attempts: number; last_error: string | null }>(
      `SELECT status, attempts, last_error FROM email_outbox WHERE to_address = $1 AND subject = 'Reset your password'`,
      [member.email],
    );
    expect(rows).toEqual([{ status: 'PENDING', attempts: 1, last_error: expect.stringContaining('mailbox unavailable') }]);

    smtp.setRefusing(false);
    // Make the retry due now instead of waiting out the back-off.
    await ctx.db.query(`UPDATE email_outbox SET next_attempt_at = now() WHERE to_address = $1`, [member.email]);
    expect(await worker.runOnce()).toBe(1);
    expect(smtp.received.some((m) => m.to.includes(member.email) && m.raw.includes('Reset your password'))).toBe(true);
  });

  it('sends each message once even when two workers run at the same moment', async () => {
    const api = client(ctx);
    const emails = [uniqueEmail('pair'), uniqueEmail('pair'), uniqueEmail('pair')];
    for (const email of emails) await api.post('/api/auth/register', { name: 'Pair', email, password: 'secret-pass-1' });
    const other = new MailWorker(ctx.db, createMailTransport({ smtpUrl: smtp.url, from: 'x@umrah.test', logger: silent }), silent);
    const before = smtp.received.length;
    const [a, b] = await Promise.all([worker.runOnce(), other.runOnce()]);
    expect(a + b).toBe(3);
    expect(smtp.received.length - before).toBe(3);
  });

  it('backs off between retries, up to an hour', () => {
    expect([1, 2, 3, 10, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 3600, 3600]);
  });
});
