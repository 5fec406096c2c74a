/**
 * The session cache with several servers on one PostgreSQL (decision 017): a change made through
 * server A reaches the cache of server B by notification, and B answers from its cache only while it
 * hears them. PostgreSQL only: PGlite is one process and one connection. B is a second app built on
 * its own pool and its own listening connection, as another server would be.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { ListenOptions } from '../db/database.ts';
import { connectionPids, eventually, startSecondServer } from '../test/second-server.ts';
import { client, createTestContext, signInAdmin, signUpMember, type ApiResponse } from '../test/test-app.ts';
import { SessionLookup } from './session-cache.ts';

// Server A: the test application, with its own session cache.
const ctx = await createTestContext();
afterAll(() => ctx.close());
const api = client(ctx);

/** Server B: the same product on the same database, with its own pool, cache and listening connection. */
async function startServer(listen: ListenOptions = {}) {
  const applicationName = `umrah-session-notices-${randomUUID().slice(0, 8)}`;
  let sessions: SessionLookup | undefined;
  const server = await startSecondServer(ctx, {
    counted: /FROM sessions s JOIN users u/,
    appOptions: async (db) => ({ sessionLookup: (sessions = await SessionLookup.start(db, { listen: { applicationName, ...listen } })) }),
  });
  return { ...server, sessions: sessions!, applicationName, sessionReads: server.statements };
}
type Server = Awaited<ReturnType<typeof startServer>>;

/** Two requests to the server: both 200, the second answered without reading the session. */
async function expectCached(server: Server, token: string, url = '/api/auth/me') {
  expect((await server.api.get(url, token)).status).toBe(200);
  const before = server.sessionReads();
  expect((await server.api.get(url, token)).status).toBe(200);
  expect(server.sessionReads(), 'the second request read its session').toBe(before);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks again until the answer is no longer 200 or two seconds have passed; the last answer. */
async function askUntilRefused(ask: () => Promise<ApiResponse>): Promise<ApiResponse> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    const res = await ask();
    if (res.status !== 200 || Date.now() > deadline) return res;
    await sleep(10);
  }
}

const listenerPids = (server: Server) => connectionPids(ctx, server.applicationName);

describe('several servers on one database', () => {
  it('a change made on server A refuses the session on server B once B hears it, within two seconds', async () => {
    const b = await startServer();
    const admin = await signInAdmin(ctx);
    type Person = { token: string; email: string; password: string; user: { id: string } };
    const changes: { name: string; person: () => Promise<Person>; url: string; refused: number; make: (p: Person) => Promise<ApiResponse> }[] = [
      { name: 'block', person: () => signUpMember(ctx), url: '/api/auth/me', refused: 401, make: (p) => api.put(`/api/admin/users/${p.user.id}/block`, { isBlocked: true, reason: 'Test' }, admin.token) },
      { name: 'logout', person: () => signUpMember(ctx), url: '/api/auth/me', refused: 401, make: (p) => api.post('/api/auth/logout', undefined, p.token) },
      { name: 'deactivation', person: () => signUpMember(ctx), url: '/api/auth/me', refused: 401, make: (p) => api.put(`/api/admin/users/${p.user.id}/status`, { isActive: false }, admin.token) },
      { name: 'password set by the admin', person: () => signUpMember(ctx), url: '/api/auth/me', refused: 401, make: (p) => api.put(`/api/users/${p.user.id}/password`, { password: 'Another-long-pass-42' }, admin.token) },
      {
        name: 'demotion',
        person: () => signInAdmin(ctx),
        url: '/api/admin/users',
        refused: 403,
        make: (p) => api.put(`/api/admin/users/${p.user.id}`, { name: 'Admin User', email: p.email, phone: '', role: 'USER' }, admin.token),
      },
    ];
    for (let round = 0; round < 2; round++) {
      for (const change of changes) {
        const person = await change.person();
        await expectCached(b, person.token, change.url);
        expect((await change.make(person)).status, change.name).toBe(200);
        const res = await askUntilRefused(() => b.api.get(change.url, person.token));
        expect(res.status, `${change.name}: B's answer two seconds after the change`).toBe(change.refused);
        // B heard it: its listening connection was never lost.
        expect(b.sessions.listening).toBe(true);
      }
    }
  });

  it('while B has no listening connection, it reads every session from the database and is still right', async () => {
    // B does not come back within the test: every answer below is given without notifications.
    const b = await startServer({ reconnectDelayMs: 60_000 });
    const admin = await signInAdmin(ctx);
    const member = await signUpMember(ctx);
    await expectCached(b, member.token);

    const pids = await listenerPids(b);
    expect(pids).toHaveLength(1);
    await ctx.db.query('SELECT pg_terminate_backend($1)', [pids[0]]);
    expect(await eventually(() => !b.sessions.listening, 2_000), 'B noticed that its connection was lost').toBe(true);

    const before = b.sessionReads();
    expect((await b.api.get('/api/auth/me', member.token)).status).toBe(200);
    expect((await b.api.get('/api/auth/me', member.token)).status).toBe(200);
    expect(b.sessionReads()).toBe(before + 2);

    // No notification can reach B now, yet its very next request obeys the block.
    expect((await api.put(`/api/admin/users/${member.user.id}/block`, { isBlocked: true, reason: 'Test' }, admin.token)).status).toBe(200);
    expect((await b.api.get('/api/auth/me', member.token)).status).toBe(401);
  });

  it('B opens its listening connection again, starts with an empty cache, and hears changes again', async () => {
    const b = await startServer({ reconnectDelayMs: 50 });
    const admin = await signInAdmin(ctx);
    const member = await signUpMember(ctx);
    await expectCached(b, member.token);

    const [lost] = await listenerPids(b);
    await ctx.db.query('SELECT pg_terminate_backend($1)', [lost]);
    // A new connection under B's name exists only once B has noticed the loss; listening again after it.
    const back = await eventually(async () => {
      const pids = await listenerPids(b);
      return pids.length === 1 && pids[0] !== lost && b.sessions.listening;
    }, 5_000);
    expect(back, 'B listens again').toBe(true);

    // Whatever changed while B was away was not heard: B read the session again.
    const before = b.sessionReads();
    expect((await b.api.get('/api/auth/me', member.token)).status).toBe(200);
    expect(b.sessionReads()).toBe(before + 1);
    await expectCached(b, member.token);

    expect((await api.put(`/api/admin/users/${member.user.id}/block`, { isBlocked: true, reason: 'Test' }, admin.token)).status).toBe(200);
    expect((await askUntilRefused(() => b.api.get('/api/auth/me', member.token))).status).toBe(401);
    expect(b.sessions.listening).toBe(true);
  });
});
