/**
 * The embedded database (PGlite) belongs to one process: a second process on the same DATA_DIR (the
 * admin command while the server runs) stops at once with a clear message instead of changing a copy
 * nobody reads. A lock left by a process that has ended is taken over.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirectoryInUseError, lockFileOf, openPglite } from './database.ts';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const settingsOfTheTest = ['DATA_DIR', 'DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'LOG_LEVEL', 'TRUST_PROXY', 'NODE_OPTIONS'];
const directories: string[] = [];

afterAll(() => {
  for (const dir of directories) fs.rmSync(dir, { recursive: true, force: true });
});

function newDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'umrah-lock-'));
  directories.push(dir);
  return dir;
}

/** `npm run admin` on dataDir, as a real second process. */
function runAdminCommand(dataDir: string, email: string): Promise<{ code: number | null; output: string }> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !settingsOfTheTest.includes(name)));
  const child = spawn(process.execPath, ['server/cli/admin.ts', '--email', email, '--password', 'a-long-secret-42'], {
    cwd: repositoryRoot,
    env: { ...inherited, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

describe('the embedded database lock', () => {
  it('stops a second process on the same data directory, which changes nothing; after release it works', async () => {
    const dataDir = newDataDir();
    const databaseDir = path.join(dataDir, 'pglite');
    const held = await openPglite(databaseDir);
    await held.exec('CREATE TABLE marker (id int)');
    expect(fs.readFileSync(lockFileOf(databaseDir), 'utf8').trim()).toBe(String(process.pid));

    const refused = await runAdminCommand(dataDir, 'second@example.com');
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain(
      `The data directory ${dataDir} is in use by another process (pid ${process.pid}). Stop it first, or set DATABASE_URL to share a PostgreSQL server.`,
    );
    expect(refused.output).not.toMatch(/administrator/);
    // The holder's database is untouched (no migration ran on it behind its back).
    expect((await held.query("SELECT to_regclass('users') AS users")).rows[0]).toEqual({ users: null });

    // In this process too, a second open is refused while the first is open.
    await expect(openPglite(databaseDir)).rejects.toThrow(DataDirectoryInUseError);

    await held.close();
    expect(fs.existsSync(lockFileOf(databaseDir))).toBe(false);

    const after = await runAdminCommand(dataDir, 'second@example.com');
    expect(after.output).toContain('Created administrator second@example.com.');
    expect(after.code).toBe(0);
    expect(fs.existsSync(lockFileOf(databaseDir))).toBe(false);

    const reopened = await openPglite(databaseDir);
    try {
      expect((await reopened.query<{ email: string }>('SELECT email FROM users')).rows).toEqual([{ email: 'second@example.com' }]);
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it('takes over a lock left by a process that has ended', async () => {
    const databaseDir = path.join(newDataDir(), 'pglite');
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(ended.stdout);
    expect(deadPid).toBeGreaterThan(0);
    fs.writeFileSync(lockFileOf(databaseDir), `${deadPid}\n`);

    const db = await openPglite(databaseDir);
    try {
      expect(fs.readFileSync(lockFileOf(databaseDir), 'utf8').trim()).toBe(String(process.pid));
      expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
    expect(fs.existsSync(lockFileOf(databaseDir))).toBe(false);
  }, 60_000);

  it('takes over a lock naming this process when this process does not hold it (a restart that got the same pid)', async () => {
    const databaseDir = path.join(newDataDir(), 'pglite');
    fs.writeFileSync(lockFileOf(databaseDir), `${process.pid}\n`);
    const db = await openPglite(databaseDir);
    await db.close();
    expect(fs.existsSync(lockFileOf(databaseDir))).toBe(false);
  }, 60_000);

  it('leaves the in-memory database alone: no directory, no lock', async () => {
    const first = await openPglite(undefined);
    const second = await openPglite(undefined);
    expect((await first.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect((await second.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await first.close();
    await second.close();
  }, 60_000);
});
