/**
 * Security events in the process log (ASVS 16.2-16.3): who did what, from where, when, with a stable
 * event name; every line of a signed-in request names the user; no secret is ever written.
 */
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../contract/accounts.ts';
import { securityEvents } from '../http/security-log.ts';
import { client, lastEmailTo, multipartBody, openTestFile, signInAdmin, signUpMember, tokenFromEmail, uniqueEmail } from '../test/test-app.ts';

type LogLine = { level: number; msg: string; reqId?: string; userId?: string; securityEvent?: string; email?: string; reason?: string; fields?: string[]; status?: number; time: string };

const { ctx } = await openTestFile({ authRateLimits: { perAddress: 10_000, perEmail: 10_000, signInsPerEmail: 10_000, signInsPerEmailFromOneAddress: 2, perUserChanges: 10_000, windowMs: 60_000 } });

/** Runs `act` and returns the log lines it wrote. */
async function linesOf(act: () => Promise<unknown>): Promise<LogLine[]> {
  const from = ctx.logLines.length;
  await act();
  return ctx.logLines.slice(from).map((line) => JSON.parse(line) as LogLine);
}

const eventsIn = (lines: LogLine[]) => lines.filter((line) => line.securityEvent);
const WARN = 40;
const INFO = 30;

describe('security events', () => {
  it('logs a sign-in with the account, and names the user on every later line of their requests', async () => {
    const member = await signUpMember(ctx);
    const signIn = await linesOf(() => client(ctx).post('/api/auth/login', { email: member.email, password: member.password }));
    expect(eventsIn(signIn)).toEqual([expect.objectContaining({ level: INFO, securityEvent: 'sign-in.succeeded', userId: member.user.id, email: member.email })]);

    const me = await linesOf(() => client(ctx).get('/api/auth/me', member.token));
    const completed = me.find((line) => line.msg === 'request completed');
    expect(completed).toMatchObject({ userId: member.user.id });
    expect(typeof completed!.reqId).toBe('string');
    // When, in UTC.
    expect(completed!.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('logs a refused sign-in once, as a warning with the email and the reason, for a wrong password and an unknown account alike', async () => {
    const member = await signUpMember(ctx);
    const wrong = eventsIn(await linesOf(() => client(ctx).post('/api/auth/login', { email: member.email, password: 'not-the-password' })));
    const unknownEmail = uniqueEmail('nobody');
    const unknown = eventsIn(await linesOf(() => client(ctx).post('/api/auth/login', { email: unknownEmail, password: 'not-the-password' })));
    expect(wrong).toEqual([expect.objectContaining({ level: WARN, securityEvent: 'sign-in.failed', email: member.email, reason: authMessages.invalidCredentials, status: 401 })]);
    expect(unknown).toEqual([expect.objectContaining({ level: WARN, securityEvent: 'sign-in.failed', email: unknownEmail, reason: authMessages.invalidCredentials, status: 401 })]);
  });

  it('logs a throttled sign-in as its own event', async () => {
    const email = uniqueEmail('guessed');
    const attempts: LogLine[] = [];
    for (let i = 0; i < 3; i++) attempts.push(...(await linesOf(() => client(ctx).post('/api/auth/login', { email, password: `guess-${i}` }))));
    expect(eventsIn(attempts).map((line) => line.securityEvent)).toEqual(['sign-in.failed', 'sign-in.failed', 'sign-in.failed']);
    expect(eventsIn(attempts).at(-1)).toMatchObject({ status: 429, reason: authMessages.tooManyRequests });
  });

  it('logs a request without a live session, and a member asking for an admin route, with who they are', async () => {
    const member = await signUpMember(ctx);
    const visitor = eventsIn(await linesOf(() => client(ctx).get('/api/users')));
    expect(visitor).toEqual([expect.objectContaining({ level: WARN, securityEvent: 'session.refused', status: 401 })]);
    expect(visitor[0].userId).toBeUndefined();

    const denied = eventsIn(await linesOf(() => client(ctx).get('/api/users', member.token)));
    expect(denied).toEqual([expect.objectContaining({ level: WARN, securityEvent: 'access.denied', status: 403, userId: member.user.id })]);
  });

  it('logs refused input by field name only, never the values', async () => {
    const lines = await linesOf(() => client(ctx).post('/api/auth/register', { name: '', email: 'not-an-email', password: 'short-Secret-Value' }));
    const [event] = eventsIn(lines);
    expect(event).toMatchObject({ level: WARN, securityEvent: 'input.refused', status: 400 });
    expect(event.fields).toEqual(expect.arrayContaining(['email', 'name']));
    expect(lines.map((line) => JSON.stringify(line)).join('\n')).not.toContain('short-Secret-Value');
  });

  it('logs a refused receipt with why it was refused', async () => {
    const member = await signUpMember(ctx);
    const form = multipartBody({ planId: randomUUID(), amount: '5000' }, { name: 'receipt.jpg', type: 'image/jpeg', data: Buffer.from('<html><script>alert(1)</script></html>') });
    const lines = await linesOf(() =>
      ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${member.token}` } }),
    );
    expect(eventsIn(lines)).toEqual([expect.objectContaining({ level: WARN, securityEvent: 'receipt.refused', userId: member.user.id, status: 415 })]);
  });

  it('logs account changes: registration, verification, a reset asked for and done, a password change, sign-out', async () => {
    const email = uniqueEmail('changes');
    const api = client(ctx);
    const registered = eventsIn(await linesOf(() => api.post('/api/auth/register', { name: 'Changes', email, password: 'first-pass-1' })));
    expect(registered).toEqual([expect.objectContaining({ level: INFO, securityEvent: 'registration.requested', email })]);

    const verifyToken = tokenFromEmail((await lastEmailTo(ctx.db, email))!.text_body, '/verify-email');
    const verified = await linesOf(() => api.get(`/api/auth/verify-email?token=${verifyToken}`));
    expect(eventsIn(verified)).toEqual([expect.objectContaining({ securityEvent: 'email.verified' })]);

    expect(eventsIn(await linesOf(() => api.post('/api/auth/forgot-password', { email })))).toEqual([
      expect.objectContaining({ securityEvent: 'password.reset-requested', email }),
    ]);
    const resetToken = tokenFromEmail((await lastEmailTo(ctx.db, email))!.text_body, '/reset-password');
    const reset = await linesOf(() => api.post('/api/auth/reset-password', { token: resetToken, password: 'second-pass-2', confirmPassword: 'second-pass-2' }));
    expect(eventsIn(reset)).toEqual([expect.objectContaining({ securityEvent: 'password.reset' })]);

    const { token, user } = (await api.post('/api/auth/login', { email, password: 'second-pass-2' })).body;
    const changed = await linesOf(() => api.put('/api/profile/password', { currentPassword: 'second-pass-2', newPassword: 'third-pass-3', confirmPassword: 'third-pass-3' }, token));
    expect(eventsIn(changed)).toEqual([expect.objectContaining({ level: INFO, securityEvent: 'password.changed', userId: user.id })]);

    const out = await linesOf(() => api.post('/api/auth/logout', undefined, token));
    expect(eventsIn(out)).toEqual([expect.objectContaining({ securityEvent: 'signed-out', userId: user.id })]);

    // No line of any of it holds a password or a token.
    const all = ctx.logLines.join('\n');
    for (const secret of ['first-pass-1', 'second-pass-2', 'third-pass-3', verifyToken, resetToken, token]) expect(all).not.toContain(secret);
  });

  it('logs an email change asked for by its new address', async () => {
    const member = await signUpMember(ctx);
    const newEmail = uniqueEmail('moved');
    const lines = await linesOf(() => client(ctx).put('/api/profile', { name: 'Moved Member', email: newEmail, currentPassword: member.password }, member.token));
    expect(eventsIn(lines)).toEqual([expect.objectContaining({ securityEvent: 'email.change-requested', userId: member.user.id, email: newEmail })]);
  });

  it('logs an admin turning two-factor sign-in on and off', async () => {
    const admin = await signInAdmin(ctx);
    const codeFor = (secret: string, steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
    const setup = await client(ctx).post('/api/auth/two-factor/setup', { currentPassword: admin.password }, admin.token);
    expect(setup.status).toBe(200);
    const onCode = await codeFor(setup.body.secret, 0);
    const on = await linesOf(() => client(ctx).post('/api/auth/two-factor/enable', { code: onCode, currentPassword: admin.password }, admin.token));
    expect(eventsIn(on)).toEqual([expect.objectContaining({ level: INFO, securityEvent: 'two-factor.enabled', userId: admin.user.id })]);
    // The next step's code: the one just used is spent.
    const offCode = await codeFor(setup.body.secret, 1);
    const off = await linesOf(() => client(ctx).post('/api/auth/two-factor/disable', { password: admin.password, code: offCode }, admin.token));
    expect(eventsIn(off)).toEqual([expect.objectContaining({ level: INFO, securityEvent: 'two-factor.disabled', userId: admin.user.id })]);
  });
});

describe('the log inventory', () => {
  it('docs/logging.md names every security event the server can write, and no other', () => {
    const doc = fs.readFileSync(new URL('../../docs/logging.md', import.meta.url), 'utf8');
    const section = doc.split('## Security events')[1].split('\n## ')[0];
    const documented = [...section.matchAll(/^\| `([a-z.-]+)` \|/gm)].map((match) => match[1]).sort();
    expect(documented).toEqual(Object.keys(securityEvents).sort());
  });
});
