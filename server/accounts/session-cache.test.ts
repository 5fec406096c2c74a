/**
 * The session cache (decision 017): a signed-in person's repeated requests read no session from the
 * database, and every change that ends or alters a session is obeyed by the very next request on the
 * server that made it. Sessions are counted by wrapping the database's query, the way the benchmark
 * counts queries; nothing is mocked. Other servers: session-cache.race.test.ts (PostgreSQL).
 */
import { describe, expect, it } from 'vitest';
import { authMessages, loginAnswer } from '../../contract/accounts.ts';
import type { Database } from '../db/database.ts';
import { openTestFile, signInAdmin, signUpMember } from '../test/test-app.ts';
import { SessionCache } from './session-cache.ts';
import type { SessionUser } from '../http/auth.ts';

/** Counts the statements that read a session (findSessionByHash) sent through this database. */
function countSessionReads(db: Database): () => number {
  let reads = 0;
  const query = db.query;
  db.query = ((sql: string, params?: unknown[]) => {
    if (/FROM sessions s JOIN users u/.test(sql)) reads++;
    return query(sql, params);
  }) as Database['query'];
  return () => reads;
}

const { ctx, api } = await openTestFile();
const sessionReads = countSessionReads(ctx.db);

/** Two requests with the token: both answered 200, the second without reading the session. */
async function expectCached(token: string, url = '/api/auth/me') {
  expect((await api.get(url, token)).status).toBe(200);
  const before = sessionReads();
  expect((await api.get(url, token)).status).toBe(200);
  expect(sessionReads(), 'the second request read its session from the database').toBe(before);
}

/** The next request with the token reads the session from the database again (the cache forgot it). */
async function expectReadAgain(token: string) {
  const before = sessionReads();
  const res = await api.get('/api/auth/me', token);
  expect(sessionReads()).toBe(before + 1);
  return res;
}

const member = { name: 'Test Member', phone: '' };
const editBody = (user: { email: string }, changes: Record<string, unknown> = {}) => ({ ...member, email: user.email, role: 'USER', ...changes });

describe('on the server that made the change, the very next request obeys it', () => {
  it('logout: the session is refused', async () => {
    const m = await signUpMember(ctx);
    await expectCached(m.token);
    expect((await api.post('/api/auth/logout', undefined, m.token)).status).toBe(200);
    const res = await api.get('/api/auth/me', m.token);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(authMessages.sessionRequired);
  });

  it('block: every session of the member is refused', async () => {
    const admin = await signInAdmin(ctx);
    const m = await signUpMember(ctx);
    const second = (await api.post('/api/auth/login', { email: m.email, password: m.password }, undefined, { answer: loginAnswer })).body.token;
    await expectCached(m.token);
    await expectCached(second);
    expect((await api.put(`/api/admin/users/${m.user.id}/block`, { isBlocked: true, reason: 'Test' }, admin.token)).status).toBe(200);
    expect((await api.get('/api/auth/me', m.token)).status).toBe(401);
    expect((await api.get('/api/auth/me', second)).status).toBe(401);
  });

  it('deactivation: the session is refused', async () => {
    const admin = await signInAdmin(ctx);
    const m = await signUpMember(ctx);
    await expectCached(m.token);
    expect((await api.put(`/api/admin/users/${m.user.id}/status`, { isActive: false }, admin.token)).status).toBe(200);
    expect((await api.get('/api/auth/me', m.token)).status).toBe(401);
  });

  it('own password change: every other session is refused, the one in use goes on', async () => {
    const m = await signUpMember(ctx);
    const other = (await api.post('/api/auth/login', { email: m.email, password: m.password }, undefined, { answer: loginAnswer })).body.token;
    await expectCached(m.token);
    await expectCached(other);
    const newPassword = 'Another-long-pass-42';
    expect((await api.put('/api/profile/password', { currentPassword: m.password, newPassword, confirmPassword: newPassword }, m.token)).status).toBe(200);
    expect((await api.get('/api/auth/me', other)).status).toBe(401);
    expect((await api.get('/api/auth/me', m.token)).status).toBe(200);
  });

  it("the admin sets the password: the member's session is refused", async () => {
    const admin = await signInAdmin(ctx);
    const m = await signUpMember(ctx);
    await expectCached(m.token);
    expect((await api.put(`/api/users/${m.user.id}/password`, { password: 'Another-long-pass-42' }, admin.token)).status).toBe(200);
    expect((await api.get('/api/auth/me', m.token)).status).toBe(401);
  });

  it('demotion: the former admin is refused admin pages (403) and keeps a member session', async () => {
    const admin = await signInAdmin(ctx);
    const other = await signInAdmin(ctx);
    await expectCached(other.token, '/api/admin/users');
    expect((await api.put(`/api/admin/users/${other.user.id}`, { name: 'Admin User', email: other.email, phone: '', role: 'USER' }, admin.token)).status).toBe(200);
    const refused = await api.get('/api/admin/users', other.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(authMessages.adminRequired);
    expect((await api.get('/api/auth/me', other.token)).body.user.role).toBe('USER');
  });

  it('promotion: the new admin is let into admin pages at once', async () => {
    const admin = await signInAdmin(ctx);
    const m = await signUpMember(ctx);
    await expectCached(m.token);
    expect((await api.get('/api/admin/users', m.token)).status).toBe(403);
    expect((await api.put(`/api/admin/users/${m.user.id}`, editBody(m, { role: 'ADMIN' }), admin.token)).status).toBe(200);
    expect((await api.get('/api/admin/users', m.token)).status).toBe(200);
  });

  it('a change of name or email: the session is read again; a change the session does not hold (phone) keeps it', async () => {
    const admin = await signInAdmin(ctx);
    const m = await signUpMember(ctx);
    await expectCached(m.token);
    expect((await api.put(`/api/admin/users/${m.user.id}`, editBody(m, { phone: '03001234567' }), admin.token)).status).toBe(200);
    await expectCached(m.token);

    expect((await api.put(`/api/admin/users/${m.user.id}`, editBody(m, { name: 'Renamed Member', phone: '03001234567' }), admin.token)).status).toBe(200);
    expect((await expectReadAgain(m.token)).body.user.name).toBe('Renamed Member');
    await expectCached(m.token);

    const email = `renamed.${m.email}`;
    expect((await api.put(`/api/admin/users/${m.user.id}`, editBody(m, { name: 'Renamed Member', email, phone: '03001234567' }), admin.token)).status).toBe(200);
    expect((await expectReadAgain(m.token)).body.user.email).toBe(email);
  });

  it('a change written straight to the database (another tool, the admin command) is obeyed too', async () => {
    const m = await signUpMember(ctx);
    await expectCached(m.token);
    await ctx.db.query('UPDATE users SET is_blocked = true WHERE id = $1', [m.user.id]);
    expect((await api.get('/api/auth/me', m.token)).status).toBe(401);
    // Blocked this way, the session row is still there: unblocking lets it in again, at once.
    await ctx.db.query('UPDATE users SET is_blocked = false WHERE id = $1', [m.user.id]);
    expect((await api.get('/api/auth/me', m.token)).status).toBe(200);

    // Account deletion: the user row goes, and its sessions with it (ON DELETE CASCADE).
    const deleted = await signUpMember(ctx);
    await expectCached(deleted.token);
    await ctx.db.transaction(async (tx) => {
      await tx.query('DELETE FROM users WHERE id = $1', [deleted.user.id]);
    });
    expect((await api.get('/api/auth/me', deleted.token)).status).toBe(401);
  });

  it('an expired session is refused even while it is cached', async () => {
    const m = await signUpMember(ctx);
    await ctx.db.query(`UPDATE sessions SET expires_at = now() + interval '4 seconds' WHERE user_id = $1`, [m.user.id]);
    await expectCached(m.token);
    // Time passes: nothing is written, nothing is announced; only the clock ends the session.
    const deadline = Date.now() + 15_000;
    while ((await ctx.db.query('SELECT 1 FROM sessions WHERE user_id = $1 AND expires_at > now()', [m.user.id])).rowCount > 0) {
      if (Date.now() > deadline) throw new Error('the session did not expire');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const res = await api.get('/api/auth/me', m.token);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(authMessages.sessionRequired);
  });

  it('a visitor with a made-up token is refused each time (unknown tokens are not cached)', async () => {
    const token = 'x'.repeat(43);
    expect((await api.get('/api/auth/me', token)).status).toBe(401);
    expect((await expectReadAgain(token)).status).toBe(401);
  });
});

describe('SessionCache', () => {
  const user = (id: string): SessionUser => ({ id, sessionId: `session-of-${id}`, role: 'USER', name: 'A', email: `${id}@example.com` });
  const clock = () => {
    let now = 1_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('keeps a session for its time to live, and never past the session’s own expiry', () => {
    const time = clock();
    const cache = new SessionCache({ ttlMs: 60_000, now: time.now });
    expect(cache.set('long', user('u1'), 3600, cache.generation)).toBe(true);
    expect(cache.set('short', user('u2'), 5, cache.generation)).toBe(true);
    time.advance(4_999);
    expect(cache.get('short')?.id).toBe('u2');
    time.advance(1);
    expect(cache.get('short')).toBeUndefined();
    expect(cache.get('long')?.id).toBe('u1');
    time.advance(55_000);
    expect(cache.get('long')).toBeUndefined();
    expect(cache.set('gone', user('u3'), 0, cache.generation)).toBe(false);
  });

  it('holds at most maxEntries, dropping the least recently used', () => {
    const cache = new SessionCache({ maxEntries: 2 });
    cache.set('a', user('ua'), 60, cache.generation);
    cache.set('b', user('ub'), 60, cache.generation);
    expect(cache.get('a')?.id).toBe('ua');
    cache.set('c', user('uc'), 60, cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.id).toBe('ua');
    expect(cache.get('c')?.id).toBe('uc');
  });

  it('forgets every session of one user, and only theirs', () => {
    const cache = new SessionCache();
    cache.set('a1', user('ua'), 60, cache.generation);
    cache.set('a2', user('ua'), 60, cache.generation);
    cache.set('b1', user('ub'), 60, cache.generation);
    cache.forgetUser('ua');
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b1')?.id).toBe('ub');
    cache.clear();
    expect(cache.get('b1')).toBeUndefined();
  });

  it('does not keep a read that began before a change was heard', () => {
    const cache = new SessionCache();
    const before = cache.generation;
    // The read of the old row is under way when the block is heard...
    cache.forgetUser('ua');
    // ...and then returns: storing it would answer from the blocked account for a minute.
    expect(cache.set('a1', user('ua'), 60, before)).toBe(false);
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.set('a1', user('ua'), 60, cache.generation)).toBe(true);
  });

  it('answers copies: a request that changes its user changes nothing kept', () => {
    const cache = new SessionCache();
    cache.set('a', user('ua'), 60, cache.generation);
    cache.get('a')!.role = 'ADMIN';
    expect(cache.get('a')?.role).toBe('USER');
  });
});
