/**
 * Behind a proxy (TRUST_PROXY), the client is the address the trusted proxies saw: the last entries
 * of X-Forwarded-For, never the left-most ones, which the client writes itself. A client changing
 * those cannot dodge the per-address login limit.
 */
import { describe, expect, it } from 'vitest';
import { createTestContext, openTestFile, uniqueEmail, type TestContext } from '../test/test-app.ts';

const limits = { perAddress: 3, perEmail: 100, signInsPerEmail: 100, signInsPerEmailFromOneAddress: 100, perUserChanges: 100, windowMs: 60_000 };
const { ctx } = await openTestFile({ env: { TRUST_PROXY: '1' }, authRateLimits: limits });

const PROXY = '10.20.0.1';

const login = (context: TestContext, remoteAddress: string, forwardedFor?: string) =>
  context.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    payload: { email: uniqueEmail('proxy'), password: 'wrong-password' },
  });

/** The client address the app logged for the request with this id. */
const loggedAddress = (context: TestContext, requestId: unknown) =>
  context.logLines
    .map((line) => JSON.parse(line) as { reqId?: string; req?: { ip?: string } })
    .find((line) => line.reqId === requestId && line.req?.ip)?.req?.ip;

describe('TRUST_PROXY=1 (one proxy in front)', () => {
  it('takes the address the proxy added last, not the spoofed left-most ones', async () => {
    const answer = await login(ctx, PROXY, '1.2.3.4, 203.0.113.7');
    expect(answer.statusCode).toBe(401);
    expect(loggedAddress(ctx, answer.headers['x-request-id'])).toBe('203.0.113.7');
  });

  it('keeps the login limit on the real client however the spoofed addresses change', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(ctx, PROXY, `198.51.100.${i + 1}, 203.0.113.50`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // Another real client behind the same proxy is not affected.
    expect((await login(ctx, PROXY, '198.51.100.1, 203.0.113.51')).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  it('believes X-Forwarded-For only from a listed proxy', async () => {
    const listed = await createTestContext({ env: { TRUST_PROXY: `127.0.0.1, ${PROXY}/32` }, authRateLimits: limits });
    try {
      const viaProxy = await login(listed, PROXY, '1.2.3.4, 203.0.113.9');
      expect(loggedAddress(listed, viaProxy.headers['x-request-id'])).toBe('203.0.113.9');
      // A client reaching the server directly is itself the client, whatever it claims.
      const direct = await login(listed, '198.51.100.200', '203.0.113.9');
      expect(loggedAddress(listed, direct.headers['x-request-id'])).toBe('198.51.100.200');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await login(listed, '198.51.100.201', `203.0.113.${100 + i}`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await listed.close();
    }
  });
});
