/**
 * Sessions read once and kept for a minute, so that a signed-in person's requests do not each query
 * the database, without ever answering from a session that has ended or a user that has changed
 * (decision 017):
 * - Every change that matters announces the user on the channel `session_changes`, from triggers
 *   (migration 014), when its transaction commits: every server forgets that user's sessions.
 * - Changes this process committed are heard before the cache is used: the first request after one of
 *   them waits for a marker sent on the channel after it (sync()), so the request that follows a
 *   block, a logout or a demotion is refused on this server deterministically.
 * - A read that began before a change was heard is not kept (the generation counter).
 * - While nothing is heard (the listening connection is lost) every request reads the database, and
 *   the cache starts empty when listening starts again.
 * - An entry is kept at most ttlMs, and never past its session's expiry.
 */
import { ChangeNotices } from '../db/change-notices.ts';
import type { Database, ListenOptions } from '../db/database.ts';
import type { SessionUser, SessionUserLookup } from '../http/auth.ts';
import type { Logger } from '../logger.ts';
import { hashToken } from './secrets.ts';
import { findSessionByHash } from './sessions.ts';

/** The channel of migration 014: a user id, or '*' for every user. */
export const SESSION_CHANGES_CHANNEL = 'session_changes';

export type SessionCacheOptions = {
  /** How long a session is kept after it was read; 60 s by default. */
  ttlMs?: number;
  /** The most sessions kept; the least recently used goes first. 10,000 by default. */
  maxEntries?: number;
  /** A monotonic clock in milliseconds (tests set their own). */
  now?: () => number;
};

type Entry = { user: SessionUser; until: number };

/** Token hash → signed-in user, bounded in time and size, forgotten per user. */
export class SessionCache {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  /** In order of last use: the first entry is the least recently used. */
  readonly #entries = new Map<string, Entry>();
  readonly #hashesOfUser = new Map<string, Set<string>>();
  #generation = 0;

  constructor(options: SessionCacheOptions = {}) {
    this.#ttlMs = options.ttlMs ?? 60_000;
    this.#maxEntries = Math.max(1, options.maxEntries ?? 10_000);
    this.#now = options.now ?? (() => performance.now());
  }

  /** Changes with every forgetting: take it before reading the database, give it back to set(). */
  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** A copy of the user, so that nothing a request does reaches the next one. */
  get(tokenHash: string): SessionUser | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= this.#now()) {
      this.#delete(tokenHash, entry);
      return undefined;
    }
    this.#entries.delete(tokenHash);
    this.#entries.set(tokenHash, entry);
    return { ...entry.user };
  }

  /**
   * Keeps a session read from the database, unless something was forgotten since `generation` was
   * taken (the read may predate that change). Answers whether it was kept.
   */
  set(tokenHash: string, user: SessionUser, secondsLeft: number, generation: number): boolean {
    if (generation !== this.#generation || !(secondsLeft > 0)) return false;
    const previous = this.#entries.get(tokenHash);
    if (previous) this.#delete(tokenHash, previous);
    while (this.#entries.size >= this.#maxEntries) {
      const [oldestHash, oldest] = this.#entries.entries().next().value as [string, Entry];
      this.#delete(oldestHash, oldest);
    }
    this.#entries.set(tokenHash, { user: { ...user }, until: this.#now() + Math.min(this.#ttlMs, secondsLeft * 1000) });
    let hashes = this.#hashesOfUser.get(user.id);
    if (!hashes) this.#hashesOfUser.set(user.id, (hashes = new Set()));
    hashes.add(tokenHash);
    return true;
  }

  forgetUser(userId: string): void {
    this.#generation++;
    for (const tokenHash of this.#hashesOfUser.get(userId) ?? []) this.#entries.delete(tokenHash);
    this.#hashesOfUser.delete(userId);
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#hashesOfUser.clear();
  }

  #delete(tokenHash: string, entry: Entry) {
    this.#entries.delete(tokenHash);
    const hashes = this.#hashesOfUser.get(entry.user.id);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.#hashesOfUser.delete(entry.user.id);
  }
}

export type SessionLookupOptions = SessionCacheOptions & {
  logger?: Logger;
  /** How the listening connection is kept (reconnect delay, heartbeat, application name). */
  listen?: ListenOptions;
};

/** The signed-in user behind a token: from the cache while changes are heard, from the database otherwise. */
export class SessionLookup implements SessionUserLookup {
  readonly #db: Database;
  readonly #cache: SessionCache;
  #notices: ChangeNotices | undefined;

  private constructor(db: Database, options: SessionLookupOptions) {
    this.#db = db;
    this.#cache = new SessionCache(options);
  }

  /** Starts listening; requests are answered (from the database) even while that fails. */
  static async start(db: Database, options: SessionLookupOptions = {}): Promise<SessionLookup> {
    const lookup = new SessionLookup(db, options);
    const cache = lookup.#cache;
    lookup.#notices = await ChangeNotices.start(
      db,
      SESSION_CHANGES_CHANNEL,
      { onNotify: (payload) => (payload === '*' ? cache.clear() : cache.forgetUser(payload)), onReset: () => cache.clear() },
      { logger: options.logger, listen: { applicationName: 'umrah-session-notices', ...options.listen }, what: 'sessions' },
    );
    return lookup;
  }

  /** Whether session changes are heard now, and so whether the cache is used. */
  get listening(): boolean {
    return this.#notices?.listening ?? false;
  }

  /** Lookups since start answered from the cache, and those read from the database (the metrics). */
  readonly lookups = { hits: 0, misses: 0 };

  async findUser(token: string): Promise<SessionUser | undefined> {
    const tokenHash = hashToken(token);
    // This process's committed changes are heard first (their notifications may still be on the way):
    // before an answer from the cache, and before a read whose result would be kept, so that a late
    // notification of an older change does not forget it at once.
    const caching = (await this.#notices?.hearOwnChanges()) ?? false;
    if (caching) {
      const cached = this.#cache.get(tokenHash);
      if (cached) {
        this.lookups.hits++;
        return cached;
      }
    }
    this.lookups.misses++;
    const generation = this.#cache.generation;
    const found = await findSessionByHash(this.#db, tokenHash);
    if (!found) return undefined;
    if (caching && this.listening) this.#cache.set(tokenHash, found.user, found.secondsLeft, generation);
    return found.user;
  }

  async close(): Promise<void> {
    await this.#notices?.close();
  }
}
