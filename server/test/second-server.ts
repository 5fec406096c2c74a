/**
 * Another server on a test context's PostgreSQL database, as a second instance of the product would
 * be: its own pool, its own listening connections, the statements it sends counted (those that match
 * `counted`, or all). For the tests of what each server keeps in memory (decisions 017 and 038).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { buildApp, type AppOptions } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openPostgres, type Database } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { withDatabase } from './database-url.ts';
import { client, TEST_APP_URL, type TestContext } from './test-app.ts';

const instances: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const instance of instances.splice(0)) await instance.close();
});

export async function startSecondServer(
  ctx: TestContext,
  options: { counted?: RegExp; appOptions: (db: Database) => Promise<Partial<AppOptions>> },
) {
  const databaseName = (await ctx.db.query<{ name: string }>('SELECT current_database() AS name')).rows[0].name;
  const pool = openPostgres(withDatabase(process.env.TEST_DATABASE_URL!, databaseName), { poolSize: 5 });
  let statements = 0;
  const db: Database = {
    ...pool,
    query: ((sql: string, params?: unknown[]) => {
      if (!options.counted || options.counted.test(sql)) statements++;
      return pool.query(sql, params);
    }) as Database['query'],
  };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'umrah-test-data-'));
  const app = await buildApp({
    config: loadConfig({ APP_URL: TEST_APP_URL, LOG_LEVEL: 'silent', DATA_DIR: dataDir, MAX_EVENT_LOOP_DELAY_MS: '0' }),
    db,
    logger: createLogger('silent'),
    ...(await options.appOptions(db)),
  });
  await app.ready();
  const instance = {
    api: client({ app }),
    statements: () => statements,
    close: async () => {
      await app.close();
      await pool.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  instances.push(instance);
  return instance;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits up to `ms` for a condition; whether it held. */
export async function eventually(condition: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) return false;
    await sleep(10);
  }
  return true;
}

/** The backends of the connections opened under this application name. */
export async function connectionPids(ctx: TestContext, applicationName: string): Promise<number[]> {
  return (await ctx.db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [applicationName])).rows.map((r) => r.pid);
}
