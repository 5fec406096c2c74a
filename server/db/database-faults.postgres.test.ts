/**
 * The database's faults fail only the requests they touch (PostgreSQL; docs/deploy.md, "Faults"):
 * - a connection lost in the middle of a transaction (its backend terminated, as a failover or a cut
 *   network would) answers that request 503 `database.unavailable` with Retry-After, the process lives
 *   on, and the next request works;
 * - a statement held up past DATABASE_STATEMENT_TIMEOUT_MS (a lock held elsewhere) is cancelled and
 *   answered 503, and while every connection waits the server says it is not ready;
 * - the notice listener, whose connection is killed, or whose bytes stall on the way, is given up after
 *   DATABASE_NOTICE_TIMEOUT_MS: requests are still answered (from the database), the server says it is
 *   not ready, and it is ready again once the listener is back.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readinessAnswer } from '../../contract/operations.ts';
import { withDatabase } from '../test/database-url.ts';
import { startTcpRelay } from '../test/tcp-relay.ts';
import { client, createTestContext, signInAdmin, signUpMember, type ApiClient, type TestContext, type TestDatabaseOptions } from '../test/test-app.ts';

const serverUrl = process.env.TEST_DATABASE_URL!;
const relay = await startTcpRelay({ host: new URL(serverUrl).hostname, port: Number(new URL(serverUrl).port || 5432) });
afterAll(() => relay.close());

let planCount = 0;
const plan = () => ({ name: `Fault plan ${++planCount}`, monthlyAmount: 5000, duration: 10, totalAmount: 50000, maxMembers: 20 });

/** Polls until check() holds; the test's own time limit bounds it. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** A connection of the test's own to the context's database, beside the server's pool. */
async function directConnection(ctx: TestContext): Promise<pg.Client> {
  const name = (await ctx.db.query<{ name: string }>('SELECT current_database() AS name')).rows[0].name;
  const connection = new pg.Client({ connectionString: withDatabase(serverUrl, name) });
  await connection.connect();
  return connection;
}

/** The backends of the server's pool waiting for a lock. */
async function waitingOnLocks(direct: pg.Client): Promise<number[]> {
  const { rows } = await direct.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
  );
  return rows.map((row) => row.pid);
}

async function readiness(api: ApiClient) {
  const answer = await api.get('/api/health/ready', undefined, { answer: readinessAnswer });
  return { status: answer.status, failing: answer.body.data.failing };
}

/**
 * For one describe block: a server on a fresh database opened with these settings, the test's own
 * connection beside it, and a signed-in admin; all closed after the block.
 */
function serverWith(database: TestDatabaseOptions) {
  const server = {} as { ctx: TestContext; api: ApiClient; direct: pg.Client; admin: Awaited<ReturnType<typeof signInAdmin>> };
  beforeAll(async () => {
    server.ctx = await createTestContext({ database });
    server.api = client(server.ctx);
    server.direct = await directConnection(server.ctx);
    server.admin = await signInAdmin(server.ctx);
  });
  afterAll(async () => {
    await server.direct.end();
    await server.ctx.close();
  });
  return server;
}

describe('a connection lost in the middle of a transaction', () => {
  const server = serverWith({ postgres: { poolSize: 4 } });

  it('answers that request 503 with Retry-After, and the next request works', async () => {
    await server.direct.query('BEGIN');
    await server.direct.query('LOCK TABLE committee_plans IN ACCESS EXCLUSIVE MODE');
    // Creating a plan is one transaction, which now waits for the lock: its backend is then terminated.
    const pending = server.api.post('/api/committee-plans', plan(), server.admin.token);
    let backends: number[] = [];
    await eventually(async () => (backends = await waitingOnLocks(server.direct)).length === 1);
    await server.direct.query('SELECT pg_terminate_backend($1)', [backends[0]]);
    const answer = await pending;
    await server.direct.query('ROLLBACK');

    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ success: false, code: 'database.unavailable', message: 'Our records cannot be reached just now. Please try again in a moment.' });
    expect(answer.headers['retry-after']).toBe('5');
    expect(JSON.stringify(answer.body)).not.toMatch(/terminat|SQL|committee_plans|at .*\.ts/i);
    // The process lives on (an unheard connection error would have ended it), and the next request works.
    expect((await server.api.post('/api/committee-plans', plan(), server.admin.token)).status).toBe(201);
    expect((await server.api.get('/api/health/ready')).status).toBe(200);
  });
});

describe('a statement held up past the statement time limit', () => {
  // One connection and a 1.5 s limit: a request waiting for a lock holds the whole pool.
  const server = serverWith({ postgres: { poolSize: 1, statementTimeoutMs: 1_500 } });

  it('is cancelled and answered 503, the server is not ready while its connection waits, and all is well once the lock goes', async () => {
    await server.direct.query('BEGIN');
    await server.direct.query('LOCK TABLE committee_plans IN ACCESS EXCLUSIVE MODE');
    const pending = server.api.post('/api/committee-plans', plan(), server.admin.token);
    await eventually(async () => (await waitingOnLocks(server.direct)).length === 1);

    // No connection is free within a second: the database part fails (and nothing else).
    expect(await readiness(server.api)).toEqual({ status: 503, failing: ['database'] });

    const answer = await pending;
    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe('database.unavailable');
    expect(answer.headers['retry-after']).toBe('5');
    await server.direct.query('ROLLBACK');

    expect((await server.api.post('/api/committee-plans', plan(), server.admin.token)).status).toBe(201);
    expect(await readiness(server.api)).toEqual({ status: 200, failing: [] });
  });
});

describe('the notice listener', () => {
  // Through the relay, which can hold the listener's bytes; a round trip is given up after a second.
  const server = serverWith({ postgres: { poolSize: 4, noticeTimeoutMs: 1_000 }, connectThrough: (url) => relay.through(url) });
  let member: Awaited<ReturnType<typeof signUpMember>>;
  beforeAll(async () => {
    member = await signUpMember(server.ctx);
  });
  afterAll(() => relay.resume());

  it('stalled on the way: requests are still answered, the server is not ready, and ready again once the bytes flow', async () => {
    expect(await readiness(server.api)).toEqual({ status: 200, failing: [] });
    relay.stall('umrah-');
    // A change on this server: the next signed-in request must first hear it, through a listener that now says nothing.
    expect((await server.api.post('/api/committee-plans', plan(), server.admin.token)).status).toBe(201);
    const me = await server.api.get('/api/auth/me', member.token);
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(member.email);
    expect(await readiness(server.api)).toEqual({ status: 503, failing: ['notices'] });

    relay.resume();
    await eventually(async () => (await readiness(server.api)).status === 200);
    expect((await server.api.get('/api/auth/me', member.token)).status).toBe(200);
  });

  it('killed: requests are still answered, the server is not ready until the listener is back', async () => {
    // Its new connections are held, so that the moment without it can be seen.
    relay.stall('umrah-');
    const { rows } = await server.direct.query<{ terminated: boolean }>(
      `SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'umrah-%-notices'`,
    );
    expect(rows.length).toBe(1);
    await eventually(async () => (await readiness(server.api)).status === 503);
    expect(await readiness(server.api)).toEqual({ status: 503, failing: ['notices'] });
    expect((await server.api.get('/api/auth/me', member.token)).status).toBe(200);
    expect((await server.api.post('/api/committee-plans', plan(), server.admin.token)).status).toBe(201);

    relay.resume();
    await eventually(async () => (await readiness(server.api)).status === 200);
    expect((await server.api.get('/api/auth/me', member.token)).status).toBe(200);
  });
});
