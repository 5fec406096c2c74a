/**
 * Answers of reads kept for a short while, so that a person who opens the same page again, or a list
 * several people look at, is answered without the database, and never from data that has changed
 * (decision 038):
 * - Kept: a GET under /api/ answered 200 with JSON, per signed-in user (or visitor), role, minute of
 *   the app's clock (every figure is read at a business day, RULES §6a, and nothing finer than a minute)
 *   and address with its query. A route that must answer fresh says `config: { answerCache: false }`
 *   (freshAnswer): the health check, the session's own reads, anything that writes.
 * - Forgotten, all at once, when any data changes: triggers (migration 043) announce every write on
 *   the channel `data_changes` when it commits, and every server hears it (db/change-notices.ts). The
 *   server that made a change hears it before its next read is answered.
 * - Not kept: an answer read while a change was heard, or while this process committed one (the read
 *   may predate it, or be the change itself: a GET that writes is never kept).
 * - While changes are not heard, nothing is kept or answered from memory.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ChangeNotices } from '../db/change-notices.ts';
import type { Database, ListenOptions } from '../db/database.ts';
import type { Logger } from '../logger.ts';

/** The channel of migration 043. */
export const DATA_CHANGES_CHANNEL = 'data_changes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this read is never kept (http/answer-cache.ts). */
    answerCache?: boolean;
  }
  interface FastifyRequest {
    answerToKeep?: { key: string; generation: number; changes: number };
  }
}

/** Route options of a read that must answer fresh every time. */
export const freshAnswer = { config: { answerCache: false } } as const;

export type AnswerCacheOptions = {
  /** How long an answer is kept; 0 keeps nothing. */
  ttlMs: number;
  /** The most answers kept; the least recently used goes first. 20,000 by default. */
  maxEntries?: number;
  /** The most characters kept, keys and answers together; 64 million by default. */
  maxChars?: number;
  /** The longest key kept (its address with the query is most of it); 2,048 by default. */
  maxKeyChars?: number;
  /** A monotonic clock in milliseconds (tests set their own). */
  now?: () => number;
};

type Entry = { body: string; contentType: string; until: number };

/**
 * Key → answer, bounded in time, count and size, forgotten all at once. The size counts each entry's key
 * as well as its body: the key holds the address and its query, which a visitor writes, so a flood of
 * long junk queries with tiny answers would otherwise grow memory without limit while the count of
 * "characters kept" stayed small. A key longer than maxKeyChars is not kept at all (no real screen asks
 * for such an address), so one entry's key is never more than a small share of the whole bound.
 */
export class AnswerCache {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #maxChars: number;
  readonly #maxKeyChars: number;
  readonly #now: () => number;
  /** In order of last use: the first entry is the least recently used. */
  readonly #entries = new Map<string, Entry>();
  #chars = 0;
  #generation = 0;

  constructor(options: AnswerCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = Math.max(1, options.maxEntries ?? 20_000);
    this.#maxChars = Math.max(1, options.maxChars ?? 64_000_000);
    this.#maxKeyChars = Math.max(1, options.maxKeyChars ?? 2_048);
    this.#now = options.now ?? (() => performance.now());
  }

  /** Changes with every forgetting: take it before the read, give it back to set(). */
  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The characters kept now: every entry's key and body. */
  get chars(): number {
    return this.#chars;
  }

  /** Lookups since start that found an answer, and those that did not (the metrics). */
  readonly lookups = { hits: 0, misses: 0 };

  get(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (!entry) {
      this.lookups.misses++;
      return undefined;
    }
    this.#entries.delete(key);
    if (entry.until <= this.#now()) {
      this.#chars -= charsOf(key, entry);
      this.lookups.misses++;
      return undefined;
    }
    this.#entries.set(key, entry);
    this.lookups.hits++;
    return entry;
  }

  /** Keeps an answer, unless something was forgotten since `generation` was taken. Answers whether it was kept. */
  set(key: string, body: string, contentType: string, generation: number): boolean {
    const chars = key.length + body.length;
    if (generation !== this.#generation || this.#ttlMs <= 0 || key.length > this.#maxKeyChars || chars > this.#maxChars) return false;
    this.#remove(key);
    while (this.#entries.size >= this.#maxEntries || this.#chars + chars > this.#maxChars) {
      this.#remove(this.#entries.keys().next().value as string);
    }
    this.#entries.set(key, { body, contentType, until: this.#now() + this.#ttlMs });
    this.#chars += chars;
    return true;
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#chars = 0;
  }

  #remove(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#chars -= charsOf(key, entry);
  }
}

const charsOf = (key: string, entry: Entry) => key.length + entry.body.length;

export type KeptAnswersOptions = AnswerCacheOptions & {
  logger?: Logger;
  listen?: ListenOptions;
};

/** The cache and the notices that empty it; closed with the app. */
export class KeptAnswers {
  readonly cache: AnswerCache;
  readonly #db: Database;
  #notices: ChangeNotices | undefined;

  private constructor(db: Database, options: KeptAnswersOptions) {
    this.#db = db;
    this.cache = new AnswerCache(options);
  }

  static async start(db: Database, options: KeptAnswersOptions): Promise<KeptAnswers> {
    const kept = new KeptAnswers(db, options);
    const cache = kept.cache;
    kept.#notices = await ChangeNotices.start(
      db,
      DATA_CHANGES_CHANNEL,
      { onNotify: () => cache.clear(), onReset: () => cache.clear() },
      { logger: options.logger, listen: { applicationName: 'umrah-data-notices', ...options.listen }, what: 'answers' },
    );
    return kept;
  }

  get listening(): boolean {
    return this.#notices?.listening ?? false;
  }

  /** Whether kept answers may be used now: changes are heard, this process's own included. */
  async usable(): Promise<boolean> {
    return (await this.#notices?.hearOwnChanges()) ?? false;
  }

  /** How many changes this process has committed: an answer read while it moved is not kept. */
  changesCommitted(): number {
    return this.#db.changesCommitted();
  }

  async close(): Promise<void> {
    await this.#notices?.close();
  }
}

function isJson(contentType: unknown): contentType is string {
  return typeof contentType === 'string' && contentType.startsWith('application/json');
}

/**
 * The hooks: a kept answer is sent right after the route's own checks of the session and the role
 * (its onRequest hooks), before anything else runs for the request: it was answered 200 for the same
 * person, minute and address, so its query and parameters passed then. A fresh answer is kept as it is
 * sent. `minute` is the app's clock to the minute: part of every key.
 */
export function registerAnswerCache(app: FastifyInstance, kept: KeptAnswers, minute: () => string) {
  const answerKept = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || !(await kept.usable())) return;
    const user = request.user;
    const key = `${user?.id ?? '-'} ${user?.role ?? '-'} ${minute()} ${request.url}`;
    const entry = kept.cache.get(key);
    if (entry) return reply.code(200).type(entry.contentType).send(entry.body);
    request.answerToKeep = { key, generation: kept.cache.generation, changes: kept.changesCommitted() };
  };

  // Added to each read's own onRequest hooks, after the route's (routes are registered after this).
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('GET') || !route.url.startsWith('/api/') || route.config?.answerCache === false) return;
    const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [...own, answerKept] as typeof route.onRequest;
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const toKeep = request.answerToKeep;
    if (toKeep) {
      request.answerToKeep = undefined;
      const contentType = reply.getHeader('content-type');
      if (reply.statusCode === 200 && typeof payload === 'string' && isJson(contentType) && kept.listening && kept.changesCommitted() === toKeep.changes) {
        kept.cache.set(toKeep.key, payload, contentType, toKeep.generation);
      }
    }
    done(null, payload);
  });
}
