import { authMessages } from '../../contract/accounts.ts';
import { tooManyRequests } from './errors.ts';

/**
 * A fixed-window counter kept in memory, for limits keyed by something other than the client
 * address (an email under attack from many addresses). Windows expire, so a real owner is slowed,
 * never locked out for good. Per-address limits use @fastify/rate-limit.
 */
export class Throttle {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt for key; refuses it with the one 429 answer once the key has used up its window. */
  admit(key: string): void {
    if (!this.take(key)) throw tooManyRequests(authMessages.tooManyRequests);
  }

  /** Counts one attempt for key; false when the key has used up its window. */
  take(key: string): boolean {
    const now = this.now();
    if (this.hits.size > 10_000) this.sweep(now);
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return true;
    }
    entry.count++;
    return entry.count <= this.max;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}
