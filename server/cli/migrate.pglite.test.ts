/**
 * `npm run migrate`, MIGRATE_AT_START=false and `npm run check-figures`, as an operator uses them: the real command and the
 * real server as processes on a fresh data directory. Embedded database only (the file's name keeps it
 * out of the PostgreSQL run, vitest.config.ts): the same code runs on PostgreSQL through DATABASE_URL,
 * and server/migrate-at-start.test.ts shows the start-up check on both databases.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/database.ts';
import { listMigrations, migrationStatus } from '../db/migrate.ts';
import { killRemainingServers, startServer } from '../test/processes/server-process.ts';
import { removeTemporaryFolders, runCommand, temporaryFolder } from '../test/processes/command-process.ts';

const migrationNames = listMigrations().map((migration) => migration.name);

afterAll(() => {
  killRemainingServers();
  removeTemporaryFolders();
});

async function statusOf(dataDir: string) {
  const db = await openPglite(path.join(dataDir, 'pglite'));
  try {
    return await migrationStatus(db);
  } finally {
    await db.close();
  }
}

// Migrating a fresh database and starting servers take seconds each, more on a busy machine.
const SLOW = { timeout: 120_000 };

describe('npm run migrate', () => {
  it('applies every migration to a fresh data directory and names them; a second run finds it up to date', SLOW, async () => {
    const dataDir = path.join(temporaryFolder('migrate'), 'data');
    const first = await runCommand('migrate', [], { DATA_DIR: dataDir });
    expect(first).toEqual({ code: 0, stdout: `${migrationNames.length} migrations applied: ${migrationNames.join(', ')}.\n`, stderr: '' });
    expect(await statusOf(dataDir)).toEqual({ pending: [], unknown: [] });

    const second = await runCommand('migrate', [], { DATA_DIR: dataDir });
    expect(second).toEqual({ code: 0, stdout: 'The database is up to date.\n', stderr: '' });
  });
});

describe('MIGRATE_AT_START=false', () => {
  it('refuses to start a server on a database with pending migrations, in one line, and starts one once npm run migrate applied them', SLOW, async () => {
    const dataDir = temporaryFolder('migrate-at-start');
    // startServer fails when the process ends before it answers, with everything the process wrote.
    const refused = await startServer({ DATA_DIR: dataDir, MIGRATE_AT_START: 'false' }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(refused).toBe(
      `the server ended during start:\nFailed to start: The database lacks ${migrationNames.length} migrations of this release (from ${migrationNames[0]}), and with MIGRATE_AT_START=false the server does not apply them: run \`npm run migrate\` first.\n`,
    );
    // It did not migrate on its way out either.
    expect((await statusOf(dataDir)).pending).toEqual(migrationNames);

    expect((await runCommand('migrate', [], { DATA_DIR: dataDir })).code).toBe(0);
    const server = await startServer({ DATA_DIR: dataDir, MIGRATE_AT_START: 'false' });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    await server.stop();
  });
});

describe('npm run check-figures', () => {
  it('says every kept figure is right on a consistent database, and names each that differs, exiting 1', SLOW, async () => {
    const dataDir = path.join(temporaryFolder('check-figures'), 'data');
    expect((await runCommand('migrate', [], { DATA_DIR: dataDir })).code).toBe(0);
    expect(await runCommand('check-figures', [], { DATA_DIR: dataDir })).toEqual({ code: 0, stdout: 'Every kept figure equals its recomputation from the rows.\n', stderr: '' });

    // A kept figure put wrong behind the product's back (as a restore that skipped the triggers could).
    const db = await openPglite(path.join(dataDir, 'pglite'));
    try {
      await db.query('UPDATE plan_request_counts SET pending = pending + 3');
    } finally {
      await db.close();
    }
    expect(await runCommand('check-figures', [], { DATA_DIR: dataDir })).toEqual({
      code: 1,
      stdout: '1 kept figure differs from the rows:\n  plan request counts differ from the plan requests: plan_request_counts\n',
      stderr: '',
    });
  });
});
