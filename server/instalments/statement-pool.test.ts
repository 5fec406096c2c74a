/**
 * Statements drawn in worker threads (decision 042): while Urdu statements are drawn, the server answers
 * other requests; one person may ask for so many (429); a pool with as many statements as it takes
 * answers 503 `statement.busy` with Retry-After, and draws those waiting in the order they came; a
 * thread that dies fails only its statement; the threads end with the app; the real server (`node server/main.ts`) draws them too. And the settings.
 */
import os from 'node:os';
import { BroadcastChannel } from 'node:worker_threads';
import pino from 'pino';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { authMessages } from '../../contract/account-messages.ts';
import { defaultStatementWorkers, loadConfig } from '../config.ts';
import { SERVER_ERROR_MESSAGE } from '../http/errors.ts';
import { createStore } from '../test/processes/data-stores.ts';
import { expectStatus, send } from '../test/processes/http.ts';
import { killRemainingServers, startServer } from '../test/processes/server-process.ts';
import { CRASHING_MEMBER, HELD_MEMBER, HOLDING_CHANNEL, RELEASE_CHANNEL } from '../test/statement-worker-stand-in.ts';
import { client, createTestContext, openTestFile, signInAdmin, signUpMember, socketClient, type TestContext } from '../test/test-app.ts';
import { STATEMENT_RETRY_AFTER_SECONDS, StatementPool } from './statement-pool.ts';
import type { Statement } from './statements.ts';
import { statementMessages } from '../../contract/statements.ts';

const quiet = pino({ level: 'silent' });
const standIn = new URL('../test/statement-worker-stand-in.ts', import.meta.url);

// Three apps, each on a database of its own: two threads with room to wait; a limit of three statements
// a person; one thread that the stand-in worker holds or ends as a test tells it.
const drawingPool = new StatementPool({ threads: 2, queue: 8 }, quiet);
const drawing = await openTestFile({ statementPool: drawingPool });
const limited = await openTestFile({ statementLimits: { perUser: 3, windowMs: 60_000 } });
const smallPool = new StatementPool({ threads: 1, queue: 1 }, quiet, standIn);
const small = await openTestFile({ statementPool: smallPool });

/** Waits for a condition the server reaches by itself, checking it between turns of the event loop. */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const isPdf = (body: unknown) => typeof body === 'string' && body.startsWith('%PDF-');

/** An Urdu member in two groups of a plan of 120 months: 240 instalments, a statement of several pages. */
async function urduMemberWithLongStatement(ctx: TestContext) {
  const api = client(ctx);
  const admin = await signInAdmin(ctx);
  const member = await signUpMember(ctx, { name: 'فائزہ بی بی', phone: '03001234567', language: 'ur' });
  const plan = (await api.post('/api/committee-plans', { name: 'Long Plan', monthlyAmount: 1000, duration: 120, totalAmount: 120_000, maxMembers: 10 }, admin.token)).body.plan;
  for (const groupName of ['A', 'B']) {
    const group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName, maxMembers: 10, startDate: '2026-01-01' }, admin.token)).body.group;
    expect((await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: member.user.id, groupId: group.id }, admin.token)).status).toBe(201);
  }
  return member;
}

describe('while statements are drawn', () => {
  it('health checks sent meanwhile complete before any of four Urdu statements does', async () => {
    const { ctx } = drawing;
    const member = await urduMemberWithLongStatement(ctx);
    const http = await socketClient(ctx);

    const completed: string[] = [];
    const statements = [1, 2, 3, 4].map((n) =>
      http.get('/api/payments/statement.pdf', member.token).then((answer) => {
        completed.push(`statement ${n}`);
        return answer;
      }),
    );
    // Read, and handed to the threads: two drawing, two waiting for one.
    await until(() => drawingPool.inFlight === 4 || completed.length > 0);
    expect(completed).toEqual([]);
    for (const n of [1, 2, 3, 4, 5]) {
      const health = await http.get('/api/health');
      expect(health.status).toBe(200);
      completed.push(`health ${n}`);
    }
    const answers = await Promise.all(statements);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.every((answer) => isPdf(answer.body))).toBe(true);
    // Each check was answered while every statement was still being drawn or waiting for a thread.
    expect(completed.slice(0, 5)).toEqual(['health 1', 'health 2', 'health 3', 'health 4', 'health 5']);
  });
});

describe('a person asking for statements', () => {
  it('gets 429 after as many as the limit allows in its window, which leaves everyone else alone', async () => {
    const { ctx, api } = limited;
    const member = await signUpMember(ctx, { name: 'Zara Ali' });
    for (let i = 0; i < 3; i++) expect((await api.get('/api/payments/statement.pdf', member.token)).status).toBe(200);
    const refused = await api.get('/api/payments/statement.pdf', member.token);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, code: 'auth.tooManyRequests', message: authMessages.tooManyRequests });
    // Any of the routes counts against the same person.
    const admin = await signInAdmin(ctx);
    expect((await api.get(`/api/admin/users/${member.user.id}/statement.pdf`, admin.token)).status).toBe(200);
    const other = await signUpMember(ctx, { name: 'Omar Farooq' });
    expect((await api.get('/api/payments/statement.pdf', other.token)).status).toBe(200);
  });
});

/** The stand-in worker says here when it holds a statement; RELEASE_CHANNEL lets every held one go. */
const holding = new BroadcastChannel(HOLDING_CHANNEL);
afterAll(() => holding.close());
const nextHeld = () => new Promise((resolve) => (holding.onmessage = resolve));
function releaseHeld() {
  const release = new BroadcastChannel(RELEASE_CHANNEL);
  release.postMessage('go');
  release.close();
}

const statementOf = (name: string): Statement => ({ member: { name, email: 'member@example.com', phone: null, language: 'en' }, asOf: '2026-03-31', activeGroups: 0, groups: [] });

describe('a pool of one thread and a queue of one', () => {
  it('answers 503 statement.busy with Retry-After while one statement is drawn and one waits, and takes statements again once they are done', async () => {
    const { ctx, api } = small;
    const held = await signUpMember(ctx, { name: HELD_MEMBER });
    const waiting = await signUpMember(ctx, { name: 'Waiting Member' });
    const refused = await signUpMember(ctx, { name: 'Refused Member' });

    const heldThread = nextHeld();
    const drawing = api.get('/api/payments/statement.pdf', held.token);
    await heldThread;
    const queued = api.get('/api/payments/statement.pdf', waiting.token);
    await until(() => smallPool.inFlight === 2);

    const busy = await api.get('/api/payments/statement.pdf', refused.token);
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toBe(String(STATEMENT_RETRY_AFTER_SECONDS));
    expect(busy.body).toEqual({ success: false, code: 'statement.busy', message: statementMessages.busy });

    releaseHeld();
    expect((await drawing).status).toBe(200);
    expect((await queued).status).toBe(200);
    const again = await api.get('/api/payments/statement.pdf', refused.token);
    expect(again.status).toBe(200);
    expect(isPdf(again.body)).toBe(true);
  });

  it('fails only the statement whose thread died, with the one server error, and draws the next one', async () => {
    const { ctx, api } = small;
    const crashing = await signUpMember(ctx, { name: CRASHING_MEMBER });
    const next = await signUpMember(ctx, { name: 'Next Member' });
    const crashed = await api.get('/api/payments/statement.pdf', crashing.token);
    expect(crashed.status).toBe(500);
    expect(crashed.body).toEqual({ success: false, code: 'serverError', message: SERVER_ERROR_MESSAGE, requestId: expect.any(String) });
    const drawn = await api.get('/api/payments/statement.pdf', next.token);
    expect(drawn.status).toBe(200);
    expect(isPdf(drawn.body)).toBe(true);
    expect(smallPool.threads).toBe(1);
  });
});

describe('the pool', () => {
  it('draws the statements waiting for its thread in the order they came', async () => {
    const pool = new StatementPool({ threads: 1, queue: 3 }, quiet, standIn);
    try {
      const drawn: string[] = [];
      const draw = (name: string) => pool.draw(statementOf(name)).then(() => drawn.push(name));
      const heldThread = nextHeld();
      const all = [draw(HELD_MEMBER)];
      await heldThread;
      all.push(draw('First'), draw('Second'), draw('Third'));
      releaseHeld();
      await Promise.all(all);
      expect(drawn).toEqual([HELD_MEMBER, 'First', 'Second', 'Third']);
    } finally {
      await pool.close();
    }
  });

  it('ends its threads when the app closes, and draws nothing after', async () => {
    const pool = new StatementPool({ threads: 2, queue: 2 }, quiet);
    const ctx = await createTestContext({ statementPool: pool });
    try {
      expect(pool.threads).toBe(0);
      const member = await signUpMember(ctx, { name: 'Closing Member' });
      expect((await client(ctx).get('/api/payments/statement.pdf', member.token)).status).toBe(200);
      expect(pool.threads).toBe(2);
    } finally {
      await ctx.close();
    }
    expect(pool.threads).toBe(0);
    await expect(pool.draw(statementOf('After'))).rejects.toThrow(/closed/);
  });
});

describe('the real server', () => {
  afterAll(() => killRemainingServers());

  it('draws statements in its threads when run by plain node, and stops cleanly with them', async () => {
    const driver = process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';
    const store =
      driver === 'postgres'
        ? await createStore({ driver, serverUrl: process.env.TEST_DATABASE_URL!, templateDatabase: inject('postgresTemplate') })
        : await createStore({ driver, templateFile: inject('pgliteTemplateFile') });
    const admin = { email: 'statements.admin@example.com', password: 'admin-pass-123' };
    try {
      const server = await startServer({ ...store.env, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, STATEMENT_WORKERS: '1', STATEMENT_QUEUE: '2' });
      const login = await expectStatus(200, server, 'POST', '/api/auth/login', { json: admin });
      await expectStatus(200, server, 'PUT', '/api/profile/language', { json: { language: 'ur' }, token: login.token });
      const answer = await send(server, 'GET', `/api/admin/users/${login.user.id}/statement.pdf`, { token: login.token });
      expect(answer.status).toBe(200);
      expect(isPdf(answer.body)).toBe(true);
      await server.stop();
    } finally {
      await store.drop();
    }
  });
});

describe('the settings', () => {
  it('are STATEMENT_WORKERS, a core less than the machine has (1 to 4) unless set, and STATEMENT_QUEUE, 20 unless set; others are refused', () => {
    const cores = os.availableParallelism();
    expect(defaultStatementWorkers()).toBe(Math.min(4, Math.max(1, cores - 1)));
    expect(loadConfig({})).toMatchObject({ statementWorkers: defaultStatementWorkers(), statementQueue: 20 });
    expect(loadConfig({ STATEMENT_WORKERS: '', STATEMENT_QUEUE: '' })).toMatchObject({ statementWorkers: defaultStatementWorkers(), statementQueue: 20 });
    expect(loadConfig({ STATEMENT_WORKERS: '3', STATEMENT_QUEUE: '0' })).toMatchObject({ statementWorkers: 3, statementQueue: 0 });
    for (const value of ['0', '33', 'two', '1.5']) expect(() => loadConfig({ STATEMENT_WORKERS: value })).toThrow(/STATEMENT_WORKERS/);
    for (const value of ['-1', '1001', 'many']) expect(() => loadConfig({ STATEMENT_QUEUE: value })).toThrow(/STATEMENT_QUEUE/);
  });
});
