/**
 * Kept answers with several servers on one PostgreSQL (decision 038): a change made through server A
 * empties the kept answers of server B by notification, and B answers from memory only while it hears
 * them. PostgreSQL only: PGlite is one process and one connection. B is a second app built on its own
 * pool and its own listening connections, as another server would be.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { ListenOptions } from '../db/database.ts';
import { connectionPids, eventually, startSecondServer } from '../test/second-server.ts';
import { client, createTestContext, signUpMember } from '../test/test-app.ts';
import { KeptAnswers } from './answer-cache.ts';

// Server A: the test application.
const ctx = await createTestContext();
afterAll(() => ctx.close());
const api = client(ctx);

/** Server B: the same product on the same database, with its own pool, kept answers and listening connections. */
async function startServer(listen: ListenOptions = {}) {
  const applicationName = `umrah-data-notices-${randomUUID().slice(0, 8)}`;
  let keptAnswers: KeptAnswers | undefined;
  const server = await startSecondServer(ctx, {
    appOptions: async (db) => ({ keptAnswers: (keptAnswers = await KeptAnswers.start(db, { ttlMs: 60_000, listen: { applicationName, ...listen } })) }),
  });
  return { ...server, keptAnswers: keptAnswers!, applicationName };
}
type Server = Awaited<ReturnType<typeof startServer>>;

type Profile = { data: { user: { name: string } } };
const nameIn = (body: unknown) => (body as Profile).data.user.name;

/** Two reads of the member's profile on the server: the second without a statement. */
async function expectKept(server: Server, token: string) {
  expect((await server.api.get('/api/profile', token)).status).toBe(200);
  const before = server.statements();
  expect((await server.api.get('/api/profile', token)).status).toBe(200);
  expect(server.statements(), 'the second read sent a statement').toBe(before);
}

const listenerPids = (server: Server) => connectionPids(ctx, server.applicationName);

const rename = async (member: { token: string; email: string }, name: string) =>
  expect((await api.put('/api/profile', { name, email: member.email, phone: '', cnic: '' }, member.token)).status).toBe(200);

describe('kept answers on several servers', () => {
  it('a change made on server A is answered by server B once B hears it, within two seconds', async () => {
    const b = await startServer();
    const member = await signUpMember(ctx, { name: 'Name Zero' });
    for (let round = 1; round <= 5; round++) {
      await expectKept(b, member.token);
      await rename(member, `Name ${round}`);
      const seen = await eventually(async () => nameIn((await b.api.get('/api/profile', member.token)).body) === `Name ${round}`, 2_000);
      expect(seen, `B answered the change of round ${round}`).toBe(true);
      expect(b.keptAnswers.listening).toBe(true);
    }
  });

  it('while B has no listening connection, it reads every answer from the database and is still right', async () => {
    // B does not come back within the test: every answer below is given without notifications.
    const b = await startServer({ reconnectDelayMs: 60_000 });
    const member = await signUpMember(ctx, { name: 'Before Loss' });
    await expectKept(b, member.token);

    const pids = await listenerPids(b);
    expect(pids).toHaveLength(1);
    await ctx.db.query('SELECT pg_terminate_backend($1)', [pids[0]]);
    expect(await eventually(() => !b.keptAnswers.listening, 2_000), 'B noticed that its connection was lost').toBe(true);

    const before = b.statements();
    expect((await b.api.get('/api/profile', member.token)).status).toBe(200);
    const between = b.statements();
    expect(between).toBeGreaterThan(before);
    expect((await b.api.get('/api/profile', member.token)).status).toBe(200);
    expect(b.statements()).toBeGreaterThan(between);

    // No notification can reach B now, yet its very next read shows the change.
    await rename(member, 'After Loss');
    expect(nameIn((await b.api.get('/api/profile', member.token)).body)).toBe('After Loss');
  });

  it('B opens its listening connection again, starts with nothing kept, and hears changes again', async () => {
    const b = await startServer({ reconnectDelayMs: 50 });
    const member = await signUpMember(ctx, { name: 'Away Before' });
    await expectKept(b, member.token);

    const [lost] = await listenerPids(b);
    await ctx.db.query('SELECT pg_terminate_backend($1)', [lost]);
    const back = await eventually(async () => {
      const pids = await listenerPids(b);
      return pids.length === 1 && pids[0] !== lost && b.keptAnswers.listening;
    }, 5_000);
    expect(back, 'B listens again').toBe(true);

    // Whatever changed while B was away was not heard: B read the answer again.
    const before = b.statements();
    expect((await b.api.get('/api/profile', member.token)).status).toBe(200);
    expect(b.statements()).toBeGreaterThan(before);
    await expectKept(b, member.token);

    await rename(member, 'Away After');
    expect(await eventually(async () => nameIn((await b.api.get('/api/profile', member.token)).body) === 'Away After', 2_000)).toBe(true);
  });
});
