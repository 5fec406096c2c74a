/**
 * MIGRATE_AT_START=false on both databases: a server checks the migrations instead of applying them,
 * and refuses a database that lacks some; a database that a newer release migrated is said in the log.
 * (The command and a real server process: server/cli/migrate.pglite.test.ts.)
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { listMigrations, migrationStatus } from './db/migrate.ts';
import { loggerOptions } from './logger.ts';
import { PendingMigrationsError, prepareDatabase } from './runtime.ts';
import { createTestDatabase } from './test/test-app.ts';

const migrationNames = listMigrations().map((migration) => migration.name);

async function withTestDatabase(fn: (db: Database) => Promise<void>) {
  const { db, drop } = await createTestDatabase();
  try {
    await fn(db);
  } finally {
    await drop();
  }
}

function capturedLogger() {
  const lines: { level: number; msg: string; unknownMigrations?: string[] }[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino(loggerOptions('info'), sink), lines };
}

const refusalOf = (db: Database, env: Record<string, string>) =>
  prepareDatabase(db, loadConfig(env), capturedLogger().logger).then(
    () => undefined,
    (error: unknown) => error,
  );

describe('MIGRATE_AT_START', () => {
  it('is true unless set to false, and anything but true or false is refused', () => {
    expect(loadConfig({}).migrateAtStart).toBe(true);
    expect(loadConfig({ MIGRATE_AT_START: '' }).migrateAtStart).toBe(true);
    expect(loadConfig({ MIGRATE_AT_START: 'true' }).migrateAtStart).toBe(true);
    expect(loadConfig({ MIGRATE_AT_START: 'false' }).migrateAtStart).toBe(false);
    for (const value of ['no', 'TRUE', '0', 'yes']) {
      expect(() => loadConfig({ MIGRATE_AT_START: value }), value).toThrow(/MIGRATE_AT_START: must be true or false/);
    }
  });

  it('false: a database lacking migrations is refused with how many and `npm run migrate`, and left unmigrated', async () => {
    await withTestDatabase(async (db) => {
      const [secondLast, last] = migrationNames.slice(-2);
      await db.query('DELETE FROM schema_migrations WHERE name = $1', [last]);
      const one = await refusalOf(db, { MIGRATE_AT_START: 'false' });
      expect(one).toBeInstanceOf(PendingMigrationsError);
      expect((one as Error).message).toBe(
        `The database lacks 1 migration of this release (${last}), and with MIGRATE_AT_START=false the server does not apply them: run \`npm run migrate\` first.`,
      );

      await db.query('DELETE FROM schema_migrations WHERE name = $1', [secondLast]);
      const two = await refusalOf(db, { MIGRATE_AT_START: 'false' });
      expect((two as Error).message).toBe(
        `The database lacks 2 migrations of this release (from ${secondLast}), and with MIGRATE_AT_START=false the server does not apply them: run \`npm run migrate\` first.`,
      );
      expect(await migrationStatus(db)).toEqual({ pending: [secondLast, last], unknown: [] });
    });
  });

  it('false: a migrated database starts, and nothing is applied', async () => {
    await withTestDatabase(async (db) => {
      const { logger, lines } = capturedLogger();
      await prepareDatabase(db, loadConfig({ MIGRATE_AT_START: 'false' }), logger);
      expect(lines.find((line) => line.msg === 'database ready')).toMatchObject({ migrationsApplied: [] });
    });
  });

  it('either way, a database a newer release migrated is said in the log, and the server starts', async () => {
    await withTestDatabase(async (db) => {
      await db.query("INSERT INTO schema_migrations (name) VALUES ('999-from-a-newer-release.sql')");
      for (const setting of ['true', 'false']) {
        const { logger, lines } = capturedLogger();
        await prepareDatabase(db, loadConfig({ MIGRATE_AT_START: setting }), logger);
        expect(lines.filter((line) => line.level === 40), setting).toEqual([
          expect.objectContaining({
            unknownMigrations: ['999-from-a-newer-release.sql'],
            msg: 'the database has migrations this release does not know: a newer release applied them; upgrade this server',
          }),
        ]);
      }
    });
  });
});
