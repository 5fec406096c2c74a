/**
 * Account routes are rate-limited per client address and per email (RULES §3), with 429; password and
 * profile changes per signed-in user.
 */
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../contract/accounts.ts';
import { userMessages } from '../../contract/users.ts';
import { client, openTestFile, signUpMember, uniqueEmail } from '../test/test-app.ts';

const { ctx } = await openTestFile({ authRateLimits: { perAddress: 5, perEmail: 3, signInsPerEmail: 3, signInsPerEmailFromOneAddress: 3, perUserChanges: 2, windowMs: 60_000 } });

const login = (email: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password: 'wrong-password' } });

describe('rate limits', () => {
  it('limits one address across emails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(uniqueEmail('flood'), '10.0.0.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const limited = await login(uniqueEmail('flood'), '10.0.0.1');
    expect(limited.json()).toEqual({ success: false, code: expect.any(String), message: authMessages.tooManyRequests });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await login(uniqueEmail('flood'), '10.0.0.2')).statusCode).toBe(401);
  });

  it('limits one email across addresses', async () => {
    const email = uniqueEmail('target');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await login(email, `10.1.0.${i + 1}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('limits forgot-password and resend-verification per email too', async () => {
    const email = uniqueEmail('mailbomb');
    const forgot: number[] = [];
    const resend: number[] = [];
    for (let i = 0; i < 4; i++) {
      forgot.push((await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: `10.2.0.${i + 1}`, payload: { email } })).statusCode);
      resend.push((await ctx.app.inject({ method: 'POST', url: '/api/auth/resend-verification', remoteAddress: `10.3.0.${i + 1}`, payload: { email } })).statusCode);
    }
    expect(forgot).toEqual([200, 200, 200, 429]);
    expect(resend).toEqual([200, 200, 200, 429]);
  });

  it('limits password and profile changes per signed-in user: a stolen session cannot guess the current password', async () => {
    const api = client(ctx);
    const member = await signUpMember(ctx);
    const guess = (currentPassword: string) => api.put('/api/profile/password', { currentPassword, newPassword: 'new-secret-1', confirmPassword: 'new-secret-1' }, member.token);
    const first = await guess('guess-1');
    expect(first.status).toBe(400);
    expect(first.body.message).toBe(userMessages.currentPasswordWrong);
    expect((await guess('guess-2')).status).toBe(400);
    const limited = await guess(member.password);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, code: expect.any(String), message: authMessages.tooManyRequests });
    // Profile edits (which can send confirmation mail to a new address) share the same window.
    expect((await api.put('/api/profile', { name: 'Still Me', email: member.email }, member.token)).status).toBe(429);
    // Another member is not affected.
    const other = await signUpMember(ctx);
    expect((await api.put('/api/profile/password', { currentPassword: 'wrong', newPassword: 'new-secret-1', confirmPassword: 'new-secret-1' }, other.token)).status).toBe(400);
  });
});
