/**
 * Plain numbered SQL migrations (server/db/migrations/NNN-name.sql), applied in order at start, or
 * by `npm run migrate` when servers start with MIGRATE_AT_START=false (server/cli/migrate.ts).
 * A PostgreSQL advisory lock makes it safe when several servers start at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './database.ts';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK_ID = 727_001;

export function listMigrations(): { name: string; sql: string }[] {
  return fs
    .readdirSync(migrationsDir)
    .filter((file) => /^\d{3}-[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ name: file, sql: fs.readFileSync(path.join(migrationsDir, file), 'utf8') }));
}

export async function migrate(db: Database): Promise<string[]> {
  return db.transaction(async (tx) => {
    // A migration may rewrite a large table: the statement timeout that bounds requests must not end it
    // halfway (the whole transaction would roll back, on every start). LOCAL: only this transaction.
    await tx.query('SET LOCAL statement_timeout = 0');
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ name: string }>('SELECT name FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.name));
    const newlyApplied: string[] = [];
    for (const migration of listMigrations()) {
      if (applied.has(migration.name)) continue;
      // Each file may hold several statements; both drivers accept a multi-statement text without parameters.
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
      newlyApplied.push(migration.name);
    }
    return newlyApplied;
  });
}

export type MigrationStatus = {
  /** This release's migrations that the database has not applied yet. */
  pending: string[];
  /** Migrations the database has applied that this release does not have: a newer release applied them. */
  unknown: string[];
};

/** What migrate() would apply, and what the database has that this release does not know; changes nothing. */
export async function migrationStatus(db: Queryable): Promise<MigrationStatus> {
  const { rows: table } = await db.query<{ found: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS found");
  const { rows } = table[0].found ? await db.query<{ name: string }>('SELECT name FROM schema_migrations') : { rows: [] };
  const applied = new Set(rows.map((row) => row.name));
  const known = listMigrations().map((migration) => migration.name);
  return {
    pending: known.filter((name) => !applied.has(name)),
    unknown: [...applied].filter((name) => !known.includes(name)).sort(),
  };
}
