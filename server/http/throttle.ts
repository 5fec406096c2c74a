import { authMessages } from '../../contract/accounts.ts';
import type { AttemptCounter } from './attempt-counter.ts';
import { tooManyRequests } from './errors.ts';

/**
 * A limit on attempts keyed by something other than the client address (an email under attack from
 * many addresses, a signed-in user). Windows expire, so a real owner is slowed, never locked out for
 * good. Counted by the shared AttemptCounter, so the limit holds across servers. Per-address limits
 * use @fastify/rate-limit over the same counter.
 */
export class Throttle {
  readonly #counter: AttemptCounter;
  readonly #name: string;
  readonly #max: number;
  readonly #windowMs: number;

  /** name keeps this limit's keys apart from every other limit's. */
  constructor(counter: AttemptCounter, name: string, max: number, windowMs: number) {
    this.#counter = counter;
    this.#name = name;
    this.#max = max;
    this.#windowMs = windowMs;
  }

  /** Counts one attempt for key; refuses it with the one 429 answer once the key has used up its window. */
  async admit(key: string): Promise<void> {
    if (!(await this.take(key))) throw tooManyRequests(authMessages.tooManyRequests);
  }

  /** Counts one attempt for key; false when the key has used up its window. */
  async take(key: string): Promise<boolean> {
    const { count } = await this.#counter.hit(`${this.#name}:${key}`, this.#windowMs);
    return count <= this.#max;
  }
}
