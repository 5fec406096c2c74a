/**
 * Restores a file of `npm run backup` into DATA_DIR (the embedded database and its receipt files):
 *   npm run restore -- FILE [--replace]
 * Into a data directory without a database or receipts, directly. Over existing ones only with
 * --replace, which first moves them aside into DATA_DIR/replaced-<UTC time>, never deleting them.
 * The whole file is checked before anything is touched, then restored into a folder beside the data
 * and moved into place; a restore that fails leaves the data directory as it was.
 * With DATABASE_URL the database is PostgreSQL's, restored with pg_restore (docs/deploy.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DataDirectoryInUseError, lockDataDirectory, openPglite } from '../db/database.ts';
import { listMigrations } from '../db/migrate.ts';
import { pgliteDirectory } from '../runtime.ts';
import { BackupFileError, POSTGRES_BACKUPS, readBackup, timestampForName, type BackupManifest } from './backup-file.ts';
import { fail, loadCommandConfig, oneLine, readArguments } from './command.ts';

const USAGE = 'Usage: npm run restore -- FILE [--replace]';

const { values, positionals } = readArguments(USAGE, { options: { replace: { type: 'boolean' }, help: { type: 'boolean' } }, allowPositionals: true });
if (positionals.length !== 1) fail(`${positionals.length === 0 ? 'Name the backup file to restore.' : 'Name one backup file.'}\n${USAGE}`);
const config = loadCommandConfig();
if (config.databaseUrl) fail(POSTGRES_BACKUPS);
const file = path.resolve(positionals[0]);
const dataDir = config.dataDir;
const databaseDir = pgliteDirectory(config);
const receiptsDir = path.join(dataDir, 'receipts');

const entriesOf = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

/** The lock a server takes (the data directory must exist for it); a running server or command stops the restore here. */
function lock(): () => void {
  try {
    return lockDataDirectory(databaseDir);
  } catch (error) {
    if (error instanceof DataDirectoryInUseError) fail(error.message);
    throw error;
  }
}

/** What the data directory holds that a restore would replace: refused unless --replace. */
function refuseExistingDataUnlessReplacing(release: () => void) {
  const database = entriesOf(databaseDir).length > 0;
  const receipts = entriesOf(receiptsDir).length;
  if (!database && receipts === 0) return false;
  if (values.replace) return true;
  release();
  const what = [database ? 'a database' : '', receipts > 0 ? `${receipts} receipt file${receipts === 1 ? '' : 's'}` : ''].filter(Boolean).join(' and ');
  fail(`${dataDir} already holds ${what}; nothing was changed. Add --replace to move them aside (never deleted) and restore over them.`);
}

// A data directory that exists is locked before the (possibly long) check of the file, so that a
// running server or a refusal is said at once; one that does not is created only once the file is known good.
let release = fs.existsSync(dataDir) ? lock() : undefined;
if (release) refuseExistingDataUnlessReplacing(release);

let checked: { manifest: BackupManifest; database: Buffer };
try {
  checked = await readBackup(file, { keepDatabase: true });
} catch (error) {
  release?.();
  fail(error instanceof BackupFileError ? `${error.message} Nothing was changed.` : `The backup could not be read, and nothing was changed: ${oneLine(error)}`);
}
const { manifest, database } = checked;

const madeDataDir = !release;
if (!release) {
  fs.mkdirSync(dataDir, { recursive: true });
  release = lock();
}
const replacing = refuseExistingDataUnlessReplacing(release);

const stamp = timestampForName();
/** A folder name under DATA_DIR that is not taken: the stamp, and a number after it should it be. */
function freeName(prefix: string): string {
  for (let n = 1; ; n++) {
    const candidate = path.join(dataDir, `${prefix}-${stamp}${n > 1 ? `-${n}` : ''}`);
    if (!fs.existsSync(candidate)) return candidate;
  }
}

const staging = freeName('restoring');
try {
  fs.mkdirSync(staging);
  const stagedReceipts = path.join(staging, 'receipts');
  fs.mkdirSync(stagedReceipts, { mode: 0o700 });
  // The file is read once more for its receipts (the check above held none of them in memory), and checked again.
  await readBackup(file, {
    keepDatabase: false,
    onReceipt: async (key, data, storedAt) => {
      const target = path.join(stagedReceipts, key);
      await fs.promises.writeFile(target, data, { flag: 'wx', mode: 0o600, flush: true });
      // The time it was stored: the orphan sweep reads it (receipts/orphan-sweep.ts).
      await fs.promises.utimes(target, storedAt, storedAt);
    },
  });
  // Loaded as the server opens it: a dump that PGlite cannot open fails here, not at the next start.
  const restored = await openPglite(path.join(staging, 'pglite'), new Blob([new Uint8Array(database)]));
  try {
    await restored.query('SELECT count(*) FROM schema_migrations');
  } finally {
    await restored.close();
  }
} catch (error) {
  fs.rmSync(staging, { recursive: true, force: true });
  release();
  // The data directory this restore made goes too, if nothing else came into it meanwhile.
  if (madeDataDir) {
    try {
      fs.rmdirSync(dataDir);
    } catch {
      // Not empty: left as it is.
    }
  }
  fail(error instanceof BackupFileError ? `${error.message} Nothing was changed.` : `The restore failed, and nothing was changed: ${oneLine(error)}`);
}

let aside: string | undefined;
try {
  if (replacing) {
    aside = freeName('replaced');
    fs.mkdirSync(aside);
    if (fs.existsSync(databaseDir)) fs.renameSync(databaseDir, path.join(aside, 'pglite'));
    if (fs.existsSync(receiptsDir)) fs.renameSync(receiptsDir, path.join(aside, 'receipts'));
  }
  fs.renameSync(path.join(staging, 'pglite'), databaseDir);
  fs.renameSync(path.join(staging, 'receipts'), receiptsDir);
} catch (error) {
  // Renames in one folder hardly fail; should one, nothing is deleted and the operator is told where each part is.
  release();
  fail(`The restore stopped while moving folders into place (${oneLine(error)}): the restored data is in ${staging}${aside ? `, the data that was there in ${aside}` : ''}.`);
}
fs.rmSync(staging, { recursive: true, force: true });
release();

const count = manifest.receipts.count;
console.log(`Restored ${file} (taken ${manifest.createdAt}) into ${dataDir}: the database and ${count} receipt file${count === 1 ? '' : 's'}.`);
if (aside) console.log(`The database and receipts that were there are in ${aside}.`);
const missing = listMigrations().filter((migration) => !manifest.database.migrations.includes(migration.name)).length;
if (missing > 0) {
  const when = config.migrateAtStart ? 'the server applies them as it starts' : 'run npm run migrate before starting the server (MIGRATE_AT_START is false)';
  console.log(`The backup lacks ${missing} migration${missing === 1 ? '' : 's'} of this release: ${when}.`);
}
