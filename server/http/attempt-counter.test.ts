/** The counter behind every limit on attempts (http/attempt-counter.ts); across servers: attempt-counter.race.test.ts. */
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.ts';
import { attemptCounterFor, MemoryAttemptCounter, SharedAttemptCounter } from './attempt-counter.ts';

describe('the memory counter (the embedded database)', () => {
  it('counts each key in its own window, and starts a new window once the last has ended', async () => {
    let now = 1_000_000;
    const counter = new MemoryAttemptCounter(() => now);
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push((await counter.hit('a', 1000)).count);
    expect(counts).toEqual([1, 2, 3]);
    expect(await counter.hit('b', 1000)).toEqual({ count: 1, resetInMs: 1000 });
    now += 400;
    expect(await counter.hit('a', 1000)).toEqual({ count: 4, resetInMs: 600 });
    now += 600;
    expect(await counter.hit('a', 1000)).toEqual({ count: 1, resetInMs: 1000 });
  });

  it('is the one the embedded database uses; PostgreSQL uses the shared one', async () => {
    const { db, drop } = await createTestDatabase();
    try {
      expect(attemptCounterFor(db)).toBeInstanceOf(process.env.TEST_DB_DRIVER === 'postgres' ? SharedAttemptCounter : MemoryAttemptCounter);
    } finally {
      await drop();
    }
  });
});
