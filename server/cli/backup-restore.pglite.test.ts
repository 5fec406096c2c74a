/**
 * `npm run backup` and `npm run restore` as an operator runs them: real processes on data directories
 * of the test's own. The data is made by the real server through its API (members, a plan, a group,
 * plan requests and an instalment with receipt files); after a backup and a restore into a new data
 * directory, every table (as information_schema lists them) and every receipt file is compared.
 * Embedded database only: the file's name keeps it out of the PostgreSQL run (vitest.config.ts); with
 * DATABASE_URL the commands only point to pg_dump, which is shown here too.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { lockDataDirectory, openPglite } from '../db/database.ts';
import { createStore, type DataStore } from '../test/processes/data-stores.ts';
import { committeeWithGroup, expectStatus } from '../test/processes/http.ts';
import { killRemainingServers, startServer, type ServerProcess } from '../test/processes/server-process.ts';
import { startSmtpCatcher } from '../test/smtp-catcher.ts';
import { multipartBody, sampleFiles, TEST_APP_URL, tokenFromEmail, uniqueEmail } from '../test/test-app.ts';
import { removeTemporaryFolders, runCommand, temporaryFolder } from '../test/processes/command-process.ts';

const ADMIN = { email: 'backup.admin@example.com', password: 'admin-pass-123' };
const MONTHLY = 1000;

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
const stores: DataStore[] = [];
/** The data directory the server wrote to. */
let original: DataStore;
/** The backup of it, written by the round trip. */
let backupFile: string;

async function newStore(): Promise<DataStore> {
  const store = await createStore({ driver: 'pglite', templateFile: inject('pgliteTemplateFile') });
  stores.push(store);
  return store;
}

const dataDirOf = (store: DataStore) => store.env.DATA_DIR;

async function waitForVerificationToken(email: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = smtp.received.find((m) => m.to.includes(email) && m.text.includes('/verify-email?token='));
    if (mail) return tokenFromEmail(mail.text, '/verify-email');
    if (Date.now() > deadline) throw new Error(`no verification email reached ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function signUp(server: ServerProcess, referralCode?: string) {
  const email = uniqueEmail('backup');
  const password = 'secret-pass-1';
  await expectStatus(201, server, 'POST', '/api/auth/register', { json: { name: 'Backup Member', email, password, referralCode } });
  await expectStatus(200, server, 'GET', `/api/auth/verify-email?token=${await waitForVerificationToken(email)}`);
  const login = await expectStatus(200, server, 'POST', '/api/auth/login', { json: { email, password } });
  return { token: login.token as string, referralCode: login.user.referralCode as string };
}

/** Members, a plan and its group, two approved plan requests, one waiting, and an instalment: a receipt file for each. */
async function makeData(server: ServerProcess) {
  const { asAdmin, bankAccountId, planId, groupId } = await committeeWithGroup(server, ADMIN, 'Backup', MONTHLY);
  const subscribe = async (token: string, receipt: { name: string; type: string; data: Buffer }) =>
    (await expectStatus(201, server, 'POST', '/api/payments/subscribe', { token, form: multipartBody({ planId, amount: String(MONTHLY), bankAccountId }, receipt) })).payment.id as string;

  const referrer = await signUp(server);
  const referred = await signUp(server, referrer.referralCode);
  const applicant = await signUp(server, referrer.referralCode);
  for (const [member, receipt] of [
    [referrer, { name: 'receipt.png', type: 'image/png', data: sampleFiles.png }],
    [referred, { name: 'receipt.jpg', type: 'image/jpeg', data: sampleFiles.jpg }],
  ] as const) {
    await expectStatus(200, server, 'PUT', `/api/plan-payments/${await subscribe(member.token, receipt)}/approve`, { ...asAdmin, json: { groupId } });
  }
  await subscribe(applicant.token, { name: 'receipt.pdf', type: 'application/pdf', data: sampleFiles.pdf });
  const instalment = multipartBody(
    { groupId, amount: String(MONTHLY), month: '2', year: '2026', paymentMethod: 'bank_transfer', bankAccountId },
    { name: 'receipt.png', type: 'image/png', data: sampleFiles.png },
  );
  await expectStatus(201, server, 'POST', '/api/payments', { token: referred.token, form: instalment });
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  original = await newStore();
  const server = await startServer({ ...original.env, APP_URL: TEST_APP_URL, SMTP_URL: smtp.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  await makeData(server);
  await server.stop();
}, 120_000);

afterAll(async () => {
  killRemainingServers();
  await smtp?.close();
  for (const store of stores) await store.drop();
  removeTemporaryFolders();
});

/** Every row of every table of the database (as information_schema lists them), and every sequence's state. */
async function everyRow(dataDir: string): Promise<Record<string, string[]>> {
  const db = await openPglite(path.join(dataDir, 'pglite'));
  try {
    const rows: Record<string, string[]> = {};
    const { rows: tables } = await db.query<{ name: string }>(
      `SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables
       WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
    );
    for (const { name } of tables) {
      // Compared as sorted text: a table's rows have no order of their own.
      rows[name] = (await db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${name} t`)).rows.map((r) => r.row).sort();
    }
    const { rows: sequences } = await db.query<{ name: string }>(
      `SELECT quote_ident(sequence_schema) || '.' || quote_ident(sequence_name) AS name FROM information_schema.sequences ORDER BY 1`,
    );
    for (const { name } of sequences) {
      rows[`sequence ${name}`] = (await db.query<{ row: string }>(`SELECT row_to_json(s)::text AS row FROM (SELECT last_value, is_called FROM ${name}) s`)).rows.map((r) => r.row);
    }
    return rows;
  } finally {
    await db.close();
  }
}

/** Every file under a folder with its SHA-256, and every folder: what "nothing changed" is compared by. */
function snapshot(dir: string): Record<string, string> {
  const entries: Record<string, string> = {};
  if (!fs.existsSync(dir)) return entries;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    entries[path.relative(dir, full)] = entry.isDirectory() ? 'folder' : createHash('sha256').update(fs.readFileSync(full)).digest('hex');
  }
  return entries;
}

const receiptsOf = (dataDir: string) => snapshot(path.join(dataDir, 'receipts'));

/** A data directory holding data of its own: a database and one receipt file. */
async function storeWithData(): Promise<{ dataDir: string; before: Record<string, string> }> {
  const store = await newStore();
  const receipts = path.join(dataDirOf(store), 'receipts');
  fs.mkdirSync(receipts);
  fs.writeFileSync(path.join(receipts, '00000000-0000-4000-8000-000000000001.pdf'), sampleFiles.pdf);
  return { dataDir: dataDirOf(store), before: snapshot(dataDirOf(store)) };
}

/** The backup with a byte changed in the middle, and cut in half. */
function damagedCopiesOf(file: string): { changed: string; cut: string } {
  const bytes = fs.readFileSync(file);
  const folder = temporaryFolder('damaged');
  const cut = path.join(folder, 'cut.tar.gz');
  fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
  bytes[Math.floor(bytes.length / 2)] ^= 0xff;
  const changed = path.join(folder, 'changed.tar.gz');
  fs.writeFileSync(changed, bytes);
  return { changed, cut };
}

// Each command is a process that opens the embedded database: seconds each, more on a busy machine.
const SLOW = { timeout: 120_000 };

describe('npm run backup and npm run restore', () => {
  it('round-trip every row of every table and every receipt file into a new data directory', SLOW, async () => {
    backupFile = path.join(temporaryFolder('backup'), 'umrah.tar.gz');
    const backup = await runCommand('backup', ['--out', backupFile], original.env);
    const receiptFiles = Object.keys(receiptsOf(dataDirOf(original)));
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(new RegExp(`^Backup written to ${backupFile} \\([0-9.]+ MB\\): the database \\(\\d+ migrations applied\\) and ${receiptFiles.length} receipt files\\.\\n$`));
    expect(backup.code).toBe(0);
    expect(fs.readdirSync(path.dirname(backupFile))).toEqual(['umrah.tar.gz']);

    const restoredDir = path.join(temporaryFolder('restored'), 'data');
    const restore = await runCommand('restore', [backupFile], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toMatch(new RegExp(`^Restored ${backupFile} \\(taken [^)]+\\) into ${restoredDir}: the database and ${receiptFiles.length} receipt files\\.\\n$`));
    expect(restore.code).toBe(0);

    const before = await everyRow(dataDirOf(original));
    const after = await everyRow(restoredDir);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    // The comparison is of real data: the tables the API wrote to hold rows.
    for (const table of ['public.users', 'public.committee_groups', 'public.group_members', 'public.payments', 'public.receipts', 'public.commissions', 'public.audit_log', 'public.email_outbox']) {
      expect(before[table]?.length, table).toBeGreaterThan(0);
    }

    // Every receipt file, byte for byte, and each one a receipt row names.
    expect(receiptsOf(restoredDir)).toEqual(receiptsOf(dataDirOf(original)));
    const namedKeys = before['public.receipts'].map((row) => JSON.parse(row).storage_key as string).sort();
    expect(namedKeys).toHaveLength(4);
    expect(receiptFiles.sort()).toEqual(namedKeys);
  });

  it('refuses to restore over existing data without --replace, and changes nothing', SLOW, async () => {
    const { dataDir, before } = await storeWithData();
    const refused = await runCommand('restore', [backupFile], { DATA_DIR: dataDir });
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr: `${dataDir} already holds a database and 1 receipt file; nothing was changed. Add --replace to move them aside (never deleted) and restore over them.\n`,
    });
    expect(snapshot(dataDir)).toEqual(before);
  });

  it('with --replace, moves the existing database and receipts aside, unchanged, and says where', SLOW, async () => {
    const { dataDir, before } = await storeWithData();
    const replaced = await runCommand('restore', [backupFile, '--replace'], { DATA_DIR: dataDir });
    expect(replaced.stderr).toBe('');
    expect(replaced.code).toBe(0);
    const aside = /^The database and receipts that were there are in (.+)\.$/m.exec(replaced.stdout)?.[1];
    expect(aside).toMatch(new RegExp(`^${dataDir}/replaced-\\d{8}T\\d{6}Z$`));
    // Moved as they were, byte for byte.
    expect(snapshot(aside!)).toEqual(before);
    expect(receiptsOf(dataDir)).toEqual(receiptsOf(dataDirOf(original)));
    expect((await everyRow(dataDir))['public.users']).toEqual((await everyRow(dataDirOf(original)))['public.users']);
  });

  it('refuses a damaged file or one that is not a backup, and changes nothing', SLOW, async () => {
    const { dataDir, before } = await storeWithData();
    const { changed, cut } = damagedCopiesOf(backupFile);
    const refusedChanged = await runCommand('restore', [changed, '--replace'], { DATA_DIR: dataDir });
    expect(refusedChanged.code).toBe(1);
    // Which check sees the changed byte first depends on the compressed bytes: gzip's decoder or the database's checksum.
    expect(refusedChanged.stderr).toMatch(new RegExp(`^${changed} is damaged(, or not a backup)?: .+\\. Nothing was changed\\.\\n$`));
    expect(await runCommand('restore', [cut, '--replace'], { DATA_DIR: dataDir })).toEqual({
      code: 1,
      stdout: '',
      stderr: `${cut} is damaged, or not a backup: it is cut short (an incomplete copy?). Nothing was changed.\n`,
    });
    expect(snapshot(dataDir)).toEqual(before);

    // Into a data directory that does not exist yet: none is made.
    const missingDir = path.join(temporaryFolder('not-restored'), 'data');
    const text = path.join(temporaryFolder('text'), 'notes.txt');
    fs.writeFileSync(text, 'not a backup\n');
    const notABackup = await runCommand('restore', [text], { DATA_DIR: missingDir });
    expect(notABackup.code).toBe(1);
    expect(notABackup.stderr).toMatch(new RegExp(`^${text} is damaged, or not a backup: .+ Nothing was changed\\.\\n$`));
    expect(fs.existsSync(missingDir)).toBe(false);
  });

  it('both refuse, with the lock message, while another process holds the data directory, and change nothing', SLOW, async () => {
    const { dataDir, before } = await storeWithData();
    // This test's process holds the lock, as a running server does.
    const release = lockDataDirectory(path.join(dataDir, 'pglite'));
    try {
      const inUse = `The data directory ${dataDir} is in use by another process (pid ${process.pid}). Stop it first, or set DATABASE_URL to share a PostgreSQL server.\n`;
      const out = path.join(temporaryFolder('locked-backup'), 'umrah.tar.gz');
      expect(await runCommand('backup', ['--out', out], { DATA_DIR: dataDir })).toEqual({ code: 1, stdout: '', stderr: inUse });
      expect(fs.readdirSync(path.dirname(out))).toEqual([]);
      expect(await runCommand('restore', [backupFile, '--replace'], { DATA_DIR: dataDir })).toEqual({ code: 1, stdout: '', stderr: inUse });
    } finally {
      release();
    }
    expect(snapshot(dataDir)).toEqual(before);
  });

  it('with DATABASE_URL set, both point to pg_dump and pg_restore instead', SLOW, async () => {
    const env = { DATA_DIR: temporaryFolder('postgres'), DATABASE_URL: 'postgres://umrah@db.invalid:5432/umrah' };
    const pointed = {
      code: 1,
      stdout: '',
      stderr:
        'DATABASE_URL is set: PostgreSQL is backed up with pg_dump and restored with pg_restore or psql (docs/deploy.md, "Backups"); these commands are for the embedded database under DATA_DIR.\n',
    };
    expect(await runCommand('backup', [], env)).toEqual(pointed);
    expect(await runCommand('restore', [backupFile], env)).toEqual(pointed);
    expect(fs.readdirSync(env.DATA_DIR)).toEqual([]);
  });
});
