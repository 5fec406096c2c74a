/**
 * The benchmark's server process, forked by bench.ts: the product (buildApp) on one port and a bare
 * Fastify "hello" on another, in this one process, so that both run on the same event loop and core and
 * the hello is a fair ceiling to compare with. Every query the product sends is counted; the parent asks
 * for the count over the IPC channel, before and after one request, to get queries per request. It also
 * counts the product's reads in flight (GET under /api/), so that the parent can tell when the reads of one
 * measurement have all been answered while writes go on.
 *
 * Environment: BENCH_DATABASE_URL (the benchmark database, already migrated and filled); BENCH_METRICS_TOKEN
 * (turns on GET /metrics, where the parent reads the caches' hits and misses).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '../server/config.ts';
import { openPostgres, type Database, type Queryable, type Row } from '../server/db/database.ts';
import { createLogger } from '../server/logger.ts';
import { startServer } from '../server/start.ts';

export type ServeMessage =
  | { type: 'ready'; appUrl: string; helloUrl: string; getRoutes: string[] }
  | { type: 'queries'; count: number; running: number }
  | { type: 'reads'; inFlight: number };

/** Queries sent since start, and queries sent but not answered yet. */
let queries = 0;
let running = 0;

async function track<T>(work: () => Promise<T>): Promise<T> {
  queries++;
  running++;
  try {
    return await work();
  } finally {
    running--;
  }
}

/** The same database, with every query and exec counted, inside transactions too (BEGIN/COMMIT are not). */
function countingQueries(db: Database): Database {
  const counted = (q: Queryable): Queryable => ({
    query<T extends Row = Row>(sql: string, params?: unknown[]) {
      return track(() => q.query<T>(sql, params));
    },
    write<T extends Row = Row>(sql: string, params?: unknown[]) {
      return track(() => q.write<T>(sql, params));
    },
    exec(sql: string) {
      return track(() => q.exec(sql));
    },
  });
  return { ...db, ...counted(db), transaction: (fn) => db.transaction((tx) => fn(counted(tx))), close: () => db.close() };
}

async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl || !process.send) throw new Error('serve.ts is started by bench.ts (needs BENCH_DATABASE_URL and an IPC channel)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'umrah-bench-'));
  // The pool as the product runs it (DATABASE_POOL_SIZE, default 10), unless the run names another size.
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE ?? process.env.DATABASE_POOL_SIZE,
    METRICS_TOKEN: process.env.BENCH_METRICS_TOKEN,
  });
  const db = countingQueries(openPostgres(databaseUrl, { poolSize: config.databasePoolSize }));
  // The server as `npm start` runs it (server/start.ts), but without the hourly jobs: their first run, at
  // start, would overlap the first endpoints measured.
  const server = await startServer({ config, db, logger: createLogger('silent'), jobs: false });
  const app = server.app;
  // Counted on the socket's own events: a request whose client went away still ends ('close').
  let readsInFlight = 0;
  app.server.on('request', (request, response) => {
    if (request.method !== 'GET' || !request.url?.startsWith('/api/')) return;
    readsInFlight++;
    response.once('close', () => readsInFlight--);
  });
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));

  const appAddress = server.url;
  const helloAddress = await hello.listen({ host: '127.0.0.1', port: 0 });
  // Every GET route the product has, from its OpenAPI document, so the runner can name the ones it skips.
  const paths = (app.swagger() as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  const getRoutes = Object.entries(paths)
    .filter(([, operations]) => 'get' in operations)
    .map(([route]) => route);

  const stop = async () => {
    await Promise.allSettled([server.stop('stop'), hello.close()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('message', (message) => {
    if (message === 'queries') process.send!({ type: 'queries', count: queries, running } satisfies ServeMessage);
    if (message === 'reads') process.send!({ type: 'reads', inFlight: readsInFlight } satisfies ServeMessage);
    if (message === 'stop') void stop();
  });
  // The parent went away: do not linger.
  process.on('disconnect', () => void stop());
  process.send({ type: 'ready', appUrl: appAddress, helloUrl: helloAddress, getRoutes } satisfies ServeMessage);
}

main().catch((error) => {
  console.error('bench server failed to start:', error);
  process.exit(1);
});
