/**
 * Counts attempts per key in fixed windows: the store behind every limit on attempts (Throttle, and the
 * per-address limits of @fastify/rate-limit). On PostgreSQL the counts are one table that every server
 * shares (migration 029), so a limit reached on one server holds on all of them and cannot be reset by
 * trying another. The embedded database serves one process only, so its counts stay in memory.
 */
import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database, Queryable } from '../db/database.ts';

/** An attempt counted: how many the key has made in its window (this one included) and when the window ends. */
export type AttemptCount = { count: number; resetInMs: number };

export interface AttemptCounter {
  /** Counts one attempt for key in a window of windowMs that its first attempt opened. */
  hit(key: string, windowMs: number): Promise<AttemptCount>;
}

/** One process's counts: enough where there is one process (the embedded database). */
export class MemoryAttemptCounter implements AttemptCounter {
  readonly #hits = new Map<string, { count: number; resetAt: number }>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async hit(key: string, windowMs: number): Promise<AttemptCount> {
    const now = this.#now();
    if (this.#hits.size > 10_000) this.#sweep(now);
    let entry = this.#hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs };
      this.#hits.set(key, entry);
    }
    entry.count++;
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  #sweep(now: number): void {
    for (const [key, entry] of this.#hits) if (entry.resetAt <= now) this.#hits.delete(key);
  }
}

/**
 * Counts in PostgreSQL with one statement per attempt: the row is created, counted, or its ended window
 * restarted, atomically, so parallel attempts on several servers are each counted once.
 */
export class SharedAttemptCounter implements AttemptCounter {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  async hit(key: string, windowMs: number): Promise<AttemptCount> {
    const { rows } = await this.#db.write<{ hits: number; reset_in_ms: number }>(
      `INSERT INTO attempt_counts AS c (key_hash, hits, window_ends)
       VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
       ON CONFLICT (key_hash) DO UPDATE SET
         hits = CASE WHEN c.window_ends <= now() THEN 1 ELSE c.hits + 1 END,
         window_ends = CASE WHEN c.window_ends <= now() THEN excluded.window_ends ELSE c.window_ends END
       RETURNING hits, (extract(epoch FROM window_ends - now()) * 1000)::float8 AS reset_in_ms`,
      [createHash('sha256').update(key).digest(), windowMs],
    );
    return { count: rows[0].hits, resetInMs: Math.max(0, Math.round(rows[0].reset_in_ms)) };
  }
}

/** The counter for this database: shared on PostgreSQL, in memory on the embedded one. */
export function attemptCounterFor(db: Database): AttemptCounter {
  return db.kind === 'postgres' ? new SharedAttemptCounter(db) : new MemoryAttemptCounter();
}

/** Forgets windows that have ended (run hourly): an ended window is restarted anyway, this only keeps the table small. */
export async function deleteEndedAttemptWindows(db: Queryable): Promise<number> {
  const { rowCount } = await db.write('DELETE FROM attempt_counts WHERE window_ends <= now()');
  return rowCount;
}

/**
 * @fastify/rate-limit's store over a counter, so its per-address limits are shared like the rest. Each
 * route counts apart (as the plugin's own store does), under its method and path.
 */
export function rateLimitStoreOf(counter: AttemptCounter): FastifyRateLimitStoreCtor {
  class AttemptCounterStore implements FastifyRateLimitStore {
    readonly #scope: string;

    constructor(scope = 'address') {
      this.#scope = scope;
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      counter.hit(`${this.#scope}:${key}`, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: Error) => callback(error),
      );
    }

    // The plugin passes the route's merged limit settings, with the route itself as routeInfo.
    child(settings: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { method, url } = (settings as unknown as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new AttemptCounterStore(`address:${[method].flat().join(',')} ${url ?? ''}`);
    }
  }
  return AttemptCounterStore as unknown as FastifyRateLimitStoreCtor;
}
