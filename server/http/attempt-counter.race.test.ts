/**
 * Limits on attempts hold across servers (RULES §3): on PostgreSQL every server counts in one table,
 * so a lock-out reached through one server holds on the others and cannot be reset by trying another.
 * (PostgreSQL only, like every race test: the embedded database serves one process, which counts in memory.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../contract/accounts.ts';
import { createTestContext, uniqueEmail, type TestContext } from '../test/test-app.ts';
import { attemptCounterFor, deleteEndedAttemptWindows, SharedAttemptCounter } from './attempt-counter.ts';

const limits = { perAddress: 6, perEmail: 3, signInsPerEmail: 4, signInsPerEmailFromOneAddress: 3, perUserChanges: 3, windowMs: 60_000 };
const first = await createTestContext({ authRateLimits: limits });
const second = await createTestContext({ authRateLimits: limits, sameDatabaseAs: first });
const third = await createTestContext({ authRateLimits: limits, sameDatabaseAs: first });
afterAll(async () => {
  await third.close();
  await second.close();
  await first.close();
});
const servers = [first, second, third];

const login = (server: TestContext, email: string, remoteAddress: string) =>
  server.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password: 'wrong-password' } });

describe('limits shared by every server on PostgreSQL', () => {
  it('is the counter PostgreSQL uses', () => {
    expect(attemptCounterFor(first.db)).toBeInstanceOf(SharedAttemptCounter);
  });

  it('counts parallel attempts once each, from several connections', async () => {
    const counter = new SharedAttemptCounter(first.db);
    const key = `parallel:${uniqueEmail()}`;
    const counts = await Promise.all(Array.from({ length: 40 }, () => counter.hit(key, 60_000)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (const { resetInMs } of counts) expect(resetInMs).toBeGreaterThan(0);
  });

  it('starts a new window once the last has ended, and forgets ended windows', async () => {
    const counter = new SharedAttemptCounter(first.db);
    const key = `window:${uniqueEmail()}`;
    await counter.hit(key, 60_000);
    expect((await counter.hit(key, 60_000)).count).toBe(2);
    // The window ends (moved into the past rather than waited for).
    await first.db.query(`UPDATE attempt_counts SET window_ends = now() - interval '1 second' WHERE hits = 2`);
    expect(await deleteEndedAttemptWindows(first.db)).toBeGreaterThanOrEqual(1);
    await first.db.query(`UPDATE attempt_counts SET window_ends = now() - interval '1 second' WHERE hits = 1`);
    expect((await counter.hit(key, 60_000)).count).toBe(1);
  });

  it('keeps no email or address in the table, only digests', async () => {
    const email = uniqueEmail('digest');
    await login(first, email, '10.9.0.1');
    const { rows } = await first.db.query<{ text: string }>(`SELECT encode(key_hash, 'escape') AS text FROM attempt_counts`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.text).not.toContain(email);
  });

  it('refuses sign-in to an email on every server once its attempts from all of them are used up', async () => {
    const email = uniqueEmail('target');
    const statuses: number[] = [];
    // Round robin over the three servers, each attempt from a new address.
    for (let i = 0; i < 6; i++) statuses.push((await login(servers[i % 3], email, `10.10.0.${i + 1}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    for (const server of servers) {
      const refused = await login(server, email, '10.10.1.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(authMessages.tooManyRequests);
    }
  });

  it('limits one address across servers and emails, and not another address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await login(servers[i % 3], uniqueEmail('flood'), '10.11.0.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    expect((await login(third, uniqueEmail('flood'), '10.11.0.2')).statusCode).toBe(401);
  });

  it('limits account mail per email across servers', async () => {
    const email = uniqueEmail('mailbomb');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await servers[i % 3].app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: `10.12.0.${i + 1}`, payload: { email } });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('counts parallel sign-in attempts on three servers exactly: no more get through than the limit allows', async () => {
    const email = uniqueEmail('hammer');
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => login(servers[i % 3], email, `10.13.${i}.1`)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(limits.signInsPerEmail);
    expect(statuses.filter((s) => s === 429)).toHaveLength(24 - limits.signInsPerEmail);
  });
});
