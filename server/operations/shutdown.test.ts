/**
 * Stopping the real server process with SIGTERM (start.ts, docs/deploy.md "Signals"): it stops taking
 * connections at once, lets a request in flight finish and answer, telling its client to close the
 * connection, and exits with 0; a request that does not finish within SHUTDOWN_GRACE_SECONDS is cut,
 * and the process still exits with 0.
 */
import net from 'node:net';
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

async function eventually(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

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
