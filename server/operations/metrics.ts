/**
 * What a server measures of itself, for Prometheus (GET /metrics, text format; docs/deploy.md names
 * every series): requests by route and status with their durations, the database pool and query
 * durations, the mail outbox's backlog, each background job's runs, the caches' hits and misses, and
 * Node's own figures (event-loop lag, memory, handles). One registry per app, so that several apps in
 * one process (the test suite) never mix their counts.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, Queryable, Row } from '../db/database.ts';
import { unauthorized } from '../http/errors.ts';

/** Request and query durations in seconds: from a kept answer (a millisecond) to a statement cut by its time limit. */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

type Lookups = { hits: number; misses: number };

export class Metrics {
  readonly registry = new Registry();
  readonly #requests: Histogram<'method' | 'route' | 'status'>;
  readonly #queries: Histogram<'outcome'>;
  readonly #jobRuns: Counter<'job' | 'outcome'>;
  readonly #jobLastRun: Gauge<'job' | 'outcome'>;
  readonly #caches = new Map<string, () => Lookups>();

  /** `processMetrics`: Node's own figures too (a server's; tests leave them out, one set per process being enough). */
  constructor(options: { processMetrics?: boolean } = {}) {
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
    this.#requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Requests answered, by method, route (the route pattern; "unmatched" for none) and status, and how long each took',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers: [this.registry],
    });
    this.#queries = new Histogram({
      name: 'db_query_duration_seconds',
      help: 'Database statements sent by this server and how long each took (outcome: ok or error)',
      labelNames: ['outcome'],
      buckets: DURATION_BUCKETS,
      registers: [this.registry],
    });
    this.#jobRuns = new Counter({ name: 'job_runs_total', help: 'Runs of each background job, by outcome (ok or failed)', labelNames: ['job', 'outcome'], registers: [this.registry] });
    this.#jobLastRun = new Gauge({
      name: 'job_last_run_timestamp_seconds',
      help: 'When each background job last finished, by outcome (ok or failed), in seconds since 1970',
      labelNames: ['job', 'outcome'],
      registers: [this.registry],
    });
    const caches = this.#caches;
    new Counter({
      name: 'cache_lookups_total',
      help: 'Lookups in each cache this server keeps, by result (hit or miss)',
      labelNames: ['cache', 'result'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [cache, lookups] of caches) {
          const { hits, misses } = lookups();
          this.inc({ cache, result: 'hit' }, hits);
          this.inc({ cache, result: 'miss' }, misses);
        }
      },
    });
  }

  /** Times every answer (an onResponse hook). */
  watchRequests(app: FastifyInstance): void {
    const requests = this.#requests;
    app.addHook('onResponse', (request, reply, done) => {
      requests.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
      done();
    });
  }

  /** The pool's connections and the requests waiting for one, read at each scrape. */
  watchPool(db: Database): void {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Connections of the database pool, by state (open: all of them; idle: free now; waiting: requests waiting for one)',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const { open, idle, waiting } = db.connections();
        this.set({ state: 'open' }, open);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }

  /** The mail outbox's backlog, read from the database at each scrape (left out when it cannot be read). */
  watchOutbox(backlog: () => Promise<{ waiting: number; oldestSeconds: number }>): void {
    const read = () => backlog().catch(() => undefined);
    let pending: ReturnType<typeof read> | undefined;
    // Both gauges are filled from one read per scrape.
    const once = () => (pending ??= read().finally(() => setImmediate(() => (pending = undefined))));
    new Gauge({
      name: 'mail_outbox_waiting',
      help: 'Emails waiting in the outbox to be sent',
      registers: [this.registry],
      async collect() {
        const now = await once();
        if (now) this.set(now.waiting);
      },
    });
    new Gauge({
      name: 'mail_outbox_oldest_age_seconds',
      help: 'How long the oldest email waiting in the outbox has waited',
      registers: [this.registry],
      async collect() {
        const now = await once();
        if (now) this.set(now.oldestSeconds);
      },
    });
  }

  /** A cache's hits and misses, read at each scrape. */
  watchCache(name: string, lookups: () => Lookups): void {
    this.#caches.set(name, lookups);
  }

  /** One run of a background job. */
  jobRan(job: string, outcome: 'ok' | 'failed'): void {
    this.#jobRuns.inc({ job, outcome });
    this.#jobLastRun.set({ job, outcome }, Date.now() / 1000);
  }

  /** The same database, every statement timed (inside transactions too). */
  timed(db: Database): Database {
    const queries = this.#queries;
    const time = async <T>(work: () => Promise<T>): Promise<T> => {
      const end = queries.startTimer();
      try {
        const value = await work();
        end({ outcome: 'ok' });
        return value;
      } catch (error) {
        end({ outcome: 'error' });
        throw error;
      }
    };
    const timedQueryable = (q: Queryable): Queryable => ({
      query: <T extends Row = Row>(sql: string, params?: unknown[]) => time(() => q.query<T>(sql, params)),
      write: <T extends Row = Row>(sql: string, params?: unknown[]) => time(() => q.write<T>(sql, params)),
      exec: (sql: string) => time(() => q.exec(sql)),
    });
    return { ...db, kind: db.kind, ...timedQueryable(db), transaction: (fn) => db.transaction((tx) => fn(timedQueryable(tx))) };
  }

  /** The text Prometheus reads. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

const METRICS_TOKEN_NEEDED = 'The metrics token is needed.';
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics on the app's own port, only for a bearer of METRICS_TOKEN (compared in constant time);
 * without a token configured the route does not exist, and the figures are served only on the
 * separate local port (serveMetricsLocally), if any.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  if (!token) return;
  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true }, config: { overloadGuard: false } }, async (request, reply) => {
    const given = request.headers.authorization;
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) throw unauthorized(METRICS_TOKEN_NEEDED);
    const { contentType, body } = await metrics.text();
    return reply.type(contentType).header('cache-control', 'no-store').send(body);
  });
}

/** GET /metrics on a port of its own, reachable only from this machine (METRICS_PORT): no token asked. */
export async function serveMetricsLocally(metrics: Metrics, port: number): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Only GET /metrics is here.\n');
      return;
    }
    metrics.text().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The metrics could not be read.\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}
