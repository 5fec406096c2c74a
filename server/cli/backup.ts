/**
 * Backs up the embedded database and its receipt files into one file:
 *   npm run backup -- [--out FILE]
 * by default DATA_DIR/backups/umrah-<UTC time>.tar.gz (format: backup-file.ts). The database is held
 * open, so locked, for the whole backup: no server can change it, or add a receipt, meanwhile.
 * With DATABASE_URL the database is PostgreSQL's, backed up with pg_dump (docs/deploy.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DataDirectoryInUseError, openPglite } from '../db/database.ts';
import { pgliteDirectory } from '../runtime.ts';
import { POSTGRES_BACKUPS, timestampForName, writeBackup } from './backup-file.ts';
import { fail, loadCommandConfig, oneLine, readArguments } from './command.ts';

const USAGE = 'Usage: npm run backup -- [--out FILE]';

const { values } = readArguments(USAGE, { options: { out: { type: 'string' }, help: { type: 'boolean' } } });
const config = loadCommandConfig();
if (config.databaseUrl) fail(POSTGRES_BACKUPS);
const databaseDir = pgliteDirectory(config);
const receiptsDir = path.join(config.dataDir, 'receipts');
// openPglite would create an empty database where there is none: a backup of nothing is a mistake.
if (!fs.existsSync(databaseDir) || fs.readdirSync(databaseDir).length === 0) fail(`There is no database in ${databaseDir} to back up (DATA_DIR is ${config.dataDir}).`);
const defaultFolder = path.join(config.dataDir, 'backups');
const target = values.out ? path.resolve(values.out) : path.join(defaultFolder, `umrah-${timestampForName()}.tar.gz`);
if (fs.existsSync(target)) fail(`${target} exists already: a backup never replaces a file; choose another with --out.`);
if (!values.out) fs.mkdirSync(defaultFolder, { recursive: true, mode: 0o700 });
else if (!fs.existsSync(path.dirname(target))) fail(`The folder ${path.dirname(target)} does not exist.`);

const db = await openPglite(databaseDir).catch((error: unknown) =>
  // The server (or another command) runs on the embedded database: nothing was written.
  fail(error instanceof DataDirectoryInUseError ? error.message : `The database could not be opened: ${oneLine(error)}`),
);
let manifest;
try {
  const { rows: table } = await db.query<{ found: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS found");
  const migrations = table[0].found ? (await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map((row) => row.name) : [];
  const database = Buffer.from(await (await db.dump()).arrayBuffer());
  manifest = await writeBackup(target, { database, migrations, receiptsDir });
} catch (error) {
  await db.close();
  fail(`The backup failed, and no backup file was written: ${oneLine(error)}`);
}
await db.close();
const megabytes = (fs.statSync(target).size / 1_000_000).toFixed(1);
console.log(
  `Backup written to ${target} (${megabytes} MB): the database (${manifest.database.migrations.length} migrations applied) and ${manifest.receipts.count} receipt file${manifest.receipts.count === 1 ? '' : 's'}.`,
);
if (config.receiptStore.kind === 's3') {
  console.log(`Receipts kept in the bucket ${config.receiptStore.bucket} are not in this file: the bucket's own versioning or replication keeps them (docs/deploy.md).`);
}
