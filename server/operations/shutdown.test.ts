/**
 * The real server process, started and stopped (start.ts, docs/deploy.md "Signals"). It logs the release
 * it runs as it starts. On SIGTERM it stops taking connections at once, answers readiness 503 (naming
 * the shutdown) on a connection it already had, lets a request in flight finish and answer, telling its
 * client to close the connection, and exits with 0; a request that does not finish within
 * SHUTDOWN_GRACE_SECONDS is cut, and the process still exits with 0.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { createStore, type DataStore } from '../test/processes/data-stores.ts';
import { killRemainingServers, startServer, type ServerProcess } from '../test/processes/server-process.ts';

const ADMIN = { email: 'shutdown.admin@example.com', password: 'a-long-admin-secret-7' };
const driver = process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';
const store: DataStore =
  driver === 'postgres'
    ? await createStore({ driver, serverUrl: process.env.TEST_DATABASE_URL!, templateDatabase: inject('postgresTemplate') })
    : await createStore({ driver, templateFile: inject('pgliteTemplateFile') });
afterEach(() => killRemainingServers());
afterAll(() => store.drop());

/** A sign-in whose body the test sends in two halves, so that it is in flight for as long as the test likes. */
function signInInFlight(server: ServerProcess) {
  const body = Buffer.from(JSON.stringify({ email: ADMIN.email, password: ADMIN.password }));
  const socket = net.connect(server.port, '127.0.0.1');
  let text = '';
  const closed = new Promise<string>((resolve) => {
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('close', () => resolve(text));
    socket.on('error', () => {});
  });
  const sent = new Promise<void>((resolve) =>
    socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`, () =>
      socket.write(body.subarray(0, 10), () => resolve()),
    ),
  );
  return { sent, finish: () => socket.write(body.subarray(10)), closed };
}

/** Whether a new connection is taken now. */
function acceptsConnections(server: ServerProcess): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(server.port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** One keep-alive connection, on which the test sends requests one after another and reads each answer whole. */
async function keepAliveConnection(server: ServerProcess) {
  const socket = net.connect(server.port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  let buffered = '';
  let waiting: (() => void) | undefined;
  socket.on('data', (chunk) => {
    buffered += chunk.toString('utf8');
    waiting?.();
  });
  socket.on('close', () => waiting?.());
  socket.on('error', () => {});
  /** The next whole answer (its length from Content-Length): status, headers and parsed JSON body. */
  const nextAnswer = async () => {
    for (;;) {
      const headEnd = buffered.indexOf('\r\n\r\n');
      if (headEnd >= 0) {
        const head = buffered.slice(0, headEnd);
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
        if (buffered.length >= headEnd + 4 + length) {
          const body = buffered.slice(headEnd + 4, headEnd + 4 + length);
          buffered = buffered.slice(headEnd + 4 + length);
          return { status: Number(head.slice(9, 12)), head, body: JSON.parse(body) };
        }
      }
      if (socket.readableEnded || socket.destroyed) throw new Error(`the connection closed before a whole answer came: ${JSON.stringify(buffered)}`);
      await new Promise<void>((resolve) => (waiting = resolve));
    }
  };
  const write = (text: string) => new Promise<void>((resolve) => socket.write(text, () => resolve()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { write, nextAnswer, closed };
}

async function eventually(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The commit checked out, as git itself names it; else the one a build recorded; else none. */
function checkedOutCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    const built = path.join(root, 'dist', 'release.json');
    return fs.existsSync(built) ? (JSON.parse(fs.readFileSync(built, 'utf8')).commit ?? null) : null;
  }
}

describe('the start log', () => {
  it("names the release it runs, the package's version and the commit, as it starts and once it runs", async () => {
    const server = await startServer({ ...store.env, LOG_LEVEL: 'info' });
    await server.stop();
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; version?: string; commit?: string | null });
    const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version as string;
    const commit = checkedOutCommit();
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    for (const msg of ['starting', 'Umrah Committee is running']) {
      const logged = lines.filter((line) => line.msg === msg);
      expect(logged, msg).toHaveLength(1);
      expect(logged[0]).toMatchObject({ version, commit });
    }
  });
});

describe('SIGTERM', () => {
  it('takes no new connection, lets the request in flight finish and answer, then exits with 0', async () => {
    const server = await startServer({ ...store.env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SHUTDOWN_GRACE_SECONDS: '60', LOG_LEVEL: 'info' });
    const request = signInInFlight(server);
    await request.sent;

    server.signal('SIGTERM');
    await eventually(async () => !(await acceptsConnections(server)));
    request.finish();
    const answer = await request.closed;

    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: true, user: { email: ADMIN.email } });
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toMatch(/stopping: finishing the requests in flight/);
    expect(server.output()).not.toMatch(/grace period is over/);
  });

  it('answers readiness 503, naming the shutdown, on a connection it already had while a request is in flight, and exits with 0 once that request is answered', async () => {
    const server = await startServer({ ...store.env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SHUTDOWN_GRACE_SECONDS: '60', LOG_LEVEL: 'info' });
    // A load balancer's connection, kept alive: ready before the signal.
    const balancer = await keepAliveConnection(server);
    const probe = 'GET /api/health/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n';
    await balancer.write(`${probe}\r\n`);
    const before = await balancer.nextAnswer();
    expect(before.status).toBe(200);
    expect(before.head).not.toMatch(/\r\nconnection: close/i);
    // Its next probe has begun when the signal comes (an idle connection is closed at once).
    await balancer.write(probe);
    const request = signInInFlight(server);
    await request.sent;
    // The sign-in has reached its route (logged as it comes in), so the server has read the probe begun before it.
    await eventually(async () => server.output().split('\n').some((line) => line.includes('"msg":"incoming request"') && line.includes('"url":"/api/auth/login"')));

    server.signal('SIGTERM');
    await eventually(async () => !(await acceptsConnections(server)));
    await balancer.write('\r\n');
    const stopping = await balancer.nextAnswer();
    expect(stopping.status).toBe(503);
    expect(stopping.head).toMatch(/\r\nconnection: close\r\n/i);
    expect(stopping.body).toMatchObject({ success: false, code: 'health.notReady', message: 'Not ready: shutdown.', data: { status: 'not ready', failing: ['shutdown'] } });
    expect(stopping.body.data.parts.shutdown).toBe('failing');
    await balancer.closed;

    request.finish();
    expect(await request.closed).toMatch(/^HTTP\/1\.1 200 /);
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it('cuts a request that is still in flight when the grace period ends, and exits with 0', async () => {
    const server = await startServer({ ...store.env, SHUTDOWN_GRACE_SECONDS: '1' });
    const request = signInInFlight(server);
    await request.sent;

    server.signal('SIGTERM');
    // The rest of the body never comes: the connection is closed by the server, unanswered.
    expect(await request.closed).toBe('');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toMatch(/grace period is over/);
  });
});
