/**
 * Runs once per test run: builds a migrated template database, so each test file gets a fresh copy
 * in about a second instead of migrating its own. PGlite: a data-dir dump in a temporary file.
 * PostgreSQL (TEST_DATABASE_URL): a template database, copied with CREATE DATABASE … TEMPLATE.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { withDatabase } from './database-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateFile: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB_DRIVER === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL must be set for the PostgreSQL test run');
    const template = `umrah_test_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const db = openPostgres(withDatabase(url, template), { poolSize: 1 });
    await migrate(db);
    await db.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplateFile', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template}`);
      await admin.end();
    };
  }
  const db = await openPglite(undefined);
  await migrate(db);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'umrah-test-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await (await db.dump()).arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplateFile', file);
  project.provide('postgresTemplate', '');
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
