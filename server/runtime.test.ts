/** Start-up: migrations apply once, the configured admin exists, and a 500 hides its cause. */
import { describe, expect, it } from 'vitest';
import { ensureAdmin } from './accounts/account-service.ts';
import { migrate } from './db/migrate.ts';
import { client, createTestContext, openTestFile, signUpMember } from './test/test-app.ts';

const { ctx } = await openTestFile();

describe('start-up', () => {
  it('applies migrations once: a second run changes nothing', async () => {
    expect(await migrate(ctx.db)).toEqual([]);
  });

  it('creates the configured admin verified, and promotes an existing account without changing its password', async () => {
    const api = client(ctx);
    const created = await ensureAdmin(ctx.db, { email: 'Boss@Example.com', password: 'boss-pass-1' });
    expect(created.created).toBe(true);
    expect(created.user).toMatchObject({ email: 'boss@example.com', role: 'ADMIN', emailVerified: true });
    const login = await api.post('/api/auth/login', { email: 'boss@example.com', password: 'boss-pass-1' });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('ADMIN');

    const member = await signUpMember(ctx);
    await ctx.db.query('UPDATE users SET is_blocked = true WHERE id = $1', [member.user.id]);
    const promoted = await ensureAdmin(ctx.db, { email: member.email, password: 'ignored-pass' });
    expect(promoted).toMatchObject({ created: false, user: { role: 'ADMIN', isBlocked: false } });
    expect((await api.post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(200);

    await ensureAdmin(ctx.db, { email: member.email, password: 'brand-new-pass', resetPassword: true });
    expect((await api.post('/api/auth/login', { email: member.email, password: 'brand-new-pass' })).status).toBe(200);
  });
});

describe('server errors', () => {
  it('answer 500 with a request id and no internals, and log the cause', async () => {
    const broken = await createTestContext();
    const member = await signUpMember(broken);
    // Break the database under a running app: the next session lookup fails inside the server.
    await broken.db.query('ALTER TABLE sessions RENAME TO sessions_gone');
    const res = await client(broken).get('/api/auth/me', member.token);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, code: expect.any(String), message: 'Server error. Please try again later.', requestId: expect.any(String) });
    expect(res.headers['x-request-id']).toBe(res.body.requestId);
    expect(JSON.stringify(res.body)).not.toMatch(/sessions|relation|select/i);
    const logged = broken.logLines.find((line) => line.includes(res.body.requestId) && line.includes('request failed'));
    expect(logged).toBeDefined();
    await broken.close();
  });
});
