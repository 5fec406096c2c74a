/**
 * The app built on an empty embedded database in memory (migrated, as the app keeps its signing secrets
 * there), with no server listening: for reading what it registers and serves, such as the API document
 * (scripts/lint-api.ts) and its routes' answers (route-answers-table.ts). Closed, and its folder
 * removed, when `use` is done.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openPglite } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { createLogger } from '../logger.ts';

export async function withAppAtRest<T>(use: (app: FastifyInstance) => Promise<T>, options: Pick<AppOptions, 'onRoute'> = {}): Promise<T> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'umrah-app-at-rest-'));
  const db = await openPglite(undefined);
  try {
    await migrate(db);
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: workDir, LOG_LEVEL: 'error', MAX_EVENT_LOOP_DELAY_MS: '0', STATEMENT_WORKERS: '1' }),
      db,
      logger: createLogger('error'),
      sessionLookup: false,
      ...options,
    });
    try {
      await app.ready();
      return await use(app);
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
