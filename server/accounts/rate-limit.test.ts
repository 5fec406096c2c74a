/** Account routes are rate-limited per client address and per email (RULES §3), with 429. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../contract/accounts.ts';
import { createTestContext, uniqueEmail, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ authRateLimits: { perAddress: 5, perEmail: 3, windowMs: 60_000 } });
});
afterAll(() => ctx.close());

const login = (email: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password: 'wrong-password' } });

describe('rate limits', () => {
  it('limits one address across emails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(uniqueEmail('flood'), '10.0.0.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const limited = await login(uniqueEmail('flood'), '10.0.0.1');
    expect(limited.json()).toEqual({ success: false, message: authMessages.tooManyRequests });
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
});
