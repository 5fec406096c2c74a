/**
 * Kept answers (decision 038): a repeated read is answered without the database, and the read after
 * any change (through the API, or written straight to the database) shows it on this server at once.
 * Statements are counted by wrapping the database's query, the way the benchmark counts queries;
 * nothing is mocked. Other servers: answer-cache.race.test.ts (PostgreSQL).
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestFile, signInAdmin, signUpMember } from '../test/test-app.ts';
import { AnswerCache, KeptAnswers, registerAnswerCache } from './answer-cache.ts';

/** Counts the statements sent through this database. */
function countStatements(db: Database): () => number {
  let statements = 0;
  const query = db.query;
  db.query = ((sql: string, params?: unknown[]) => {
    statements++;
    return query(sql, params);
  }) as Database['query'];
  return () => statements;
}

const { ctx, api } = await openTestFile();
const statements = countStatements(ctx.db);

/** Reads the address twice: the same 200 answer, the second without a statement. Answers the body. */
async function expectKept(url: string, token?: string) {
  const first = await api.get(url, token);
  expect(first.status, url).toBe(200);
  const before = statements();
  const second = await api.get(url, token);
  expect(second.status).toBe(200);
  expect(statements(), `the second read of ${url} sent a statement`).toBe(before);
  expect(second.body).toEqual(first.body);
  expect(second.headers['content-type']).toBe(first.headers['content-type']);
  return second.body;
}

/** The next read of the address sends statements again (nothing kept answered it). */
async function expectReadAgain(url: string, token?: string) {
  const before = statements();
  const res = await api.get(url, token);
  expect(statements(), `${url} was answered from memory`).toBeGreaterThan(before);
  return res;
}

describe('kept answers on one server', () => {
  it('a member’s repeated reads, a visitor’s and an admin’s are answered without the database', async () => {
    const member = await signUpMember(ctx);
    const admin = await signInAdmin(ctx);
    await expectKept('/api/profile', member.token);
    await expectKept('/api/payments/summary', member.token);
    await expectKept('/api/committee-plans');
    await expectKept('/api/admin/users?page=1&limit=20', admin.token);
    // A read whose statement starts with a comment (PLANNED_PER_RUN) is a read: it changes nothing, and is kept.
    await expectKept('/api/payments/reports?reportType=summary&page=1&limit=20', admin.token);
    // Another address, or the same with another query, is another answer.
    await expectReadAgain('/api/admin/users?page=1&limit=10', admin.token);
  });

  it('each person has their own answers: the same address read by another member is read for them', async () => {
    const a = await signUpMember(ctx, { name: 'Amna Kept' });
    const b = await signUpMember(ctx, { name: 'Bilal Kept' });
    const aProfile = (await expectKept('/api/profile', a.token)) as { data: { user: { name: string } } };
    const res = await expectReadAgain('/api/profile', b.token);
    expect(res.status).toBe(200);
    expect(aProfile.data.user.name).toBe('Amna Kept');
    expect((res.body as { data: { user: { name: string } } }).data.user.name).toBe('Bilal Kept');
  });

  it('a change through the API is seen by the very next read', async () => {
    const member = await signUpMember(ctx, { name: 'Before Change' });
    await expectKept('/api/profile', member.token);
    const saved = await api.put('/api/profile', { name: 'After Change', email: member.email, phone: '', cnic: '' }, member.token);
    expect(saved.status).toBe(200);
    const res = await expectReadAgain('/api/profile', member.token);
    expect((res.body as { data: { user: { name: string } } }).data.user.name).toBe('After Change');
  });

  it('a change written straight to the database (another tool, the admin command) is seen by the very next read', async () => {
    const member = await signUpMember(ctx, { name: 'Straight Before' });
    await expectKept('/api/profile', member.token);
    await ctx.db.query("UPDATE users SET phone = '03001234567' WHERE id = $1", [member.user.id]);
    const res = await expectReadAgain('/api/profile', member.token);
    expect((res.body as { data: { user: { phone: string } } }).data.user.phone).toBe('03001234567');
    // And kept again once read.
    await expectKept('/api/profile', member.token);
  });

  it('a change by anyone, to any data, forgets every kept answer', async () => {
    const member = await signUpMember(ctx);
    await expectKept('/api/payments/summary', member.token);
    await signUpMember(ctx);
    await expectReadAgain('/api/payments/summary', member.token);
  });

  it('refusals and errors are not kept, and a refused person is never answered from memory', async () => {
    const member = await signUpMember(ctx);
    const missing = '/api/plan-payments/00000000-0000-4000-8000-000000000000';
    expect((await api.get(missing, member.token)).status).toBe(404);
    expect((await expectReadAgain(missing, member.token)).status).toBe(404);
    // Kept for the admin, refused to the member (403 at the route's own check, before anything kept).
    const admin = await signInAdmin(ctx);
    await expectKept('/api/users/stats/overview', admin.token);
    expect((await api.get('/api/users/stats/overview', member.token)).status).toBe(403);
    expect((await api.get('/api/users/stats/overview')).status).toBe(401);
  });

  it('fresh reads are read every time: the health check, the sessions list', async () => {
    const member = await signUpMember(ctx);
    for (const url of ['/api/health', '/api/auth/sessions']) {
      expect((await api.get(url, member.token)).status).toBe(200);
      expect((await expectReadAgain(url, member.token)).status).toBe(200);
    }
  });

  it('an answer is kept for its minute of the app’s clock: the figures of the next minute are read again', async () => {
    const member = await signUpMember(ctx);
    try {
      ctx.setNow('2026-03-15T10:00:10Z');
      await expectKept('/api/payments/summary', member.token);
      ctx.setNow('2026-03-15T10:00:50Z');
      await expectKept('/api/payments/summary', member.token);
      ctx.setNow('2026-03-15T10:01:00Z');
      await expectReadAgain('/api/payments/summary', member.token);
    } finally {
      ctx.setNow(undefined);
    }
  });
});

describe('the hooks, on a server of their own over the same database', () => {
  it('never keep the answer of a read that wrote (its own change), and keep one that only read', async () => {
    const kept = await KeptAnswers.start(ctx.db, { ttlMs: 60_000 });
    const app = Fastify();
    registerAnswerCache(app, kept, () => '2026-03-15T10:00');
    let handled = 0;
    app.get('/api/test/writes', async () => {
      handled++;
      await ctx.db.query("UPDATE app_settings SET updated_at = updated_at WHERE name = 'reminders'");
      return { handled };
    });
    app.get('/api/test/reads', async () => {
      handled++;
      await ctx.db.query('SELECT 1');
      return { handled };
    });
    try {
      await app.ready();
      const get = async (url: string) => JSON.parse((await app.inject({ method: 'GET', url })).body) as { handled: number };
      expect((await get('/api/test/writes')).handled).toBe(1);
      expect((await get('/api/test/writes')).handled).toBe(2);
      expect((await get('/api/test/reads')).handled).toBe(3);
      expect((await get('/api/test/reads')).handled).toBe(3);
    } finally {
      await app.close();
      await kept.close();
    }
  });
});

describe('the answer cache', () => {
  const clock = () => {
    let now = 0;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('keeps an answer for its time to live', () => {
    const time = clock();
    const cache = new AnswerCache({ ttlMs: 1_000, now: time.now });
    expect(cache.set('a', '{"a":1}', 'application/json', cache.generation)).toBe(true);
    time.advance(999);
    expect(cache.get('a')?.body).toBe('{"a":1}');
    time.advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps nothing with a time to live of 0', () => {
    const cache = new AnswerCache({ ttlMs: 0 });
    expect(cache.set('a', '{}', 'application/json', cache.generation)).toBe(false);
    expect(cache.get('a')).toBeUndefined();
  });

  it('holds at most maxEntries and maxChars, keys counted, dropping the least recently used', () => {
    // Each key here is one character: an entry costs its body's length plus one.
    const cache = new AnswerCache({ ttlMs: 60_000, maxEntries: 3, maxChars: 13 });
    cache.set('a', 'aaa', 'application/json', cache.generation);
    cache.set('b', 'bbb', 'application/json', cache.generation);
    cache.set('c', 'ccc', 'application/json', cache.generation);
    expect(cache.chars).toBe(12);
    cache.get('a');
    cache.set('d', 'd', 'application/json', cache.generation);
    // Four entries would pass maxEntries: b, the least recently used, went.
    expect(['a', 'b', 'c', 'd'].filter((key) => cache.get(key))).toEqual(['a', 'c', 'd']);
    // Read in the order a, c, d: a, the least recently used, goes for the count.
    cache.set('e', 'eeee', 'application/json', cache.generation);
    expect(['a', 'c', 'd', 'e'].filter((key) => cache.get(key))).toEqual(['c', 'd', 'e']);
    // g costs 7: c goes for the count, then d (2 + 5 + 7 = 14 would pass 13), and e and g fit in 12.
    cache.set('g', 'gggggg', 'application/json', cache.generation);
    expect(['c', 'd', 'e', 'g'].filter((key) => cache.get(key))).toEqual(['e', 'g']);
    expect(cache.chars).toBe(12);
    // An answer that with its key is larger than the whole cache is not kept, and drops nothing.
    expect(cache.set('f', 'f'.repeat(13), 'application/json', cache.generation)).toBe(false);
    expect(cache.size).toBe(2);
  });

  it('stays within its bound under many entries with long keys and tiny answers', () => {
    const maxChars = 200_000;
    const cache = new AnswerCache({ ttlMs: 60_000, maxChars });
    // 12,000 addresses with long junk queries, each answered with a tiny body.
    const keys = Array.from({ length: 12_000 }, (_, i) => `- - 2026-03-15T10:00 /api/committee-plans?junk=${String(i).padStart(5, '0')}${'x'.repeat(1_900)}`);
    for (const key of keys) cache.set(key, '{}', 'application/json', cache.generation);
    // What is still kept, measured from the outside: each kept key and its body.
    const kept = keys.filter((key) => cache.get(key) !== undefined);
    const keptChars = kept.reduce((sum, key) => sum + key.length + 2, 0);
    expect(kept.length).toBeGreaterThan(0);
    expect(keptChars).toBeLessThanOrEqual(maxChars);
    // The newest are the ones kept.
    expect(kept).toEqual(keys.slice(keys.length - kept.length));
  });

  it('does not keep an answer whose key is longer than maxKeyChars', () => {
    const cache = new AnswerCache({ ttlMs: 60_000, maxKeyChars: 100 });
    const short = `/api/x?${'q'.repeat(93)}`;
    const long = `${short}q`;
    expect(short.length).toBe(100);
    expect(cache.set(short, '{}', 'application/json', cache.generation)).toBe(true);
    expect(cache.set(long, '{}', 'application/json', cache.generation)).toBe(false);
    expect(cache.get(long)).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('does not keep a read that began before a forgetting, and forgets everything at once', () => {
    const cache = new AnswerCache({ ttlMs: 60_000 });
    const before = cache.generation;
    cache.set('a', '1', 'application/json', before);
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.set('b', '2', 'application/json', before)).toBe(false);
    expect(cache.set('b', '2', 'application/json', cache.generation)).toBe(true);
  });
});
