/**
 * The data of one server installation, for tests that crash it: a DATA_DIR (receipt files, and the
 * PGlite database under DATA_DIR/pglite) plus, on PostgreSQL, a database of its own. A prepared
 * store is copied for each crash, so the scenario is built once.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres, type Queryable } from '../../db/database.ts';
import { runOnServer, withDatabase } from '../database-url.ts';

export type DataStore = {
  /** The settings that point a server at this store. */
  env: Record<string, string>;
  /**
   * Runs fn over a direct connection. PGlite allows one process per data directory: no server may
   * run on the store meanwhile.
   */
  inspect<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** A new store holding a copy of this one, taken while no server runs on it. */
  copy(): Promise<DataStore>;
  drop(): Promise<void>;
};

export type StoreSource =
  | { driver: 'pglite'; templateFile: string }
  | { driver: 'postgres'; serverUrl: string; templateDatabase: string };

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'umrah-crash-'));

function pgliteStore(dataDir: string): DataStore {
  const databaseDir = path.join(dataDir, 'pglite');
  return {
    env: { DATA_DIR: dataDir },
    inspect: async (fn) => {
      const db = await openPglite(databaseDir);
      try {
        return await fn(db);
      } finally {
        await db.close();
      }
    },
    copy: async () => {
      const copyDir = tempDir();
      // The files as they are on disk, as a restarted server finds them (a crashed one included).
      fs.cpSync(dataDir, copyDir, { recursive: true });
      return pgliteStore(copyDir);
    },
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

function postgresStore(serverUrl: string, database: string, dataDir: string): DataStore {
  const url = withDatabase(serverUrl, database);
  const onServer = (sql: string) => runOnServer(serverUrl, sql);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    inspect: async (fn) => {
      const db = openPostgres(url, { poolSize: 1 });
      try {
        return await fn(db);
      } finally {
        await db.close();
      }
    },
    copy: async () => {
      const copyName = newDatabaseName();
      await onServer(`CREATE DATABASE ${copyName} TEMPLATE ${database}`);
      const copyDir = tempDir();
      fs.cpSync(dataDir, copyDir, { recursive: true });
      return postgresStore(serverUrl, copyName, copyDir);
    },
    drop: async () => {
      await onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const newDatabaseName = () => `umrah_crash_${randomUUID().replace(/-/g, '')}`;

/** A fresh, migrated, empty store (from the test run's template: no migration to wait for). */
export async function createStore(source: StoreSource): Promise<DataStore> {
  const dataDir = tempDir();
  if (source.driver === 'pglite') {
    const db = await openPglite(path.join(dataDir, 'pglite'), new Blob([fs.readFileSync(source.templateFile)]));
    await db.close();
    return pgliteStore(dataDir);
  }
  const template = postgresStore(source.serverUrl, source.templateDatabase, dataDir);
  const store = await template.copy();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return store;
}
